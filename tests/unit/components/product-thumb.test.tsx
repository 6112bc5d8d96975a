import { render } from "@testing-library/react";
import { ProductThumb } from "~/components/product/product-thumb";

describe("product thumbnail", () => {
  it("offers the WebP widths at the shown size, over the JPEG thumbnail", () => {
    const { container } = render(<ProductThumb imageUrl="/uploads/products/rose-1.jpg" imageWidth={800} width={60} height={75} />);
    const source = container.querySelector("picture > source")!;
    expect(source.getAttribute("type")).toBe("image/webp");
    expect(source.getAttribute("srcset")).toBe(
      "/uploads/products/w/rose-1-320.webp 320w, /uploads/products/w/rose-1-640.webp 640w, /uploads/products/w/rose-1-960.webp 800w",
    );
    expect(source.getAttribute("sizes")).toBe("60px");
    const img = container.querySelector("picture > img")!;
    expect(img.getAttribute("src")).toBe("/uploads/products/thumbs/thumb-rose-1.jpg");
    expect(img).toHaveAttribute("width", "60");
    expect(img).toHaveAttribute("height", "75");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute("alt", "");
  });

  it("keeps the JPEG thumbnail alone when the image's width is unknown (no WebP widths were written)", () => {
    const { container } = render(<ProductThumb imageUrl="/uploads/products/rose-1.jpg" imageWidth={null} width={56} height={70} lazy={false} />);
    expect(container.querySelector("picture")).toBeNull();
    const img = container.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/uploads/products/thumbs/thumb-rose-1.jpg");
    expect(img).not.toHaveAttribute("loading");
  });

  it("shows the placeholder for a line without a photo", () => {
    const { container } = render(<ProductThumb imageUrl={null} imageWidth={null} width={64} height={80} />);
    expect(container.querySelector("picture")).toBeNull();
    expect(container.querySelector("img")!.getAttribute("src")).toBe("/placeholder.svg");
  });
});
