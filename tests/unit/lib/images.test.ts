import { PLACEHOLDER_IMAGE, RESPONSIVE_WIDTHS, srcSetFor, thumbUrl, variantFileName, variantSlots, variantUrl } from "~/lib/images";

describe("thumbUrl", () => {
  it("points product uploads at thumbs/thumb-<name> and leaves other URLs alone", () => {
    expect(thumbUrl("/uploads/products/rose-1.jpg")).toBe("/uploads/products/thumbs/thumb-rose-1.jpg");
    expect(thumbUrl("https://cdn.example.com/img.png")).toBe("https://cdn.example.com/img.png");
    expect(thumbUrl(null)).toBe(PLACEHOLDER_IMAGE);
    expect(thumbUrl("")).toBe(PLACEHOLDER_IMAGE);
  });
});

describe("variantSlots", () => {
  it("uses every standard width below the original", () => {
    expect(RESPONSIVE_WIDTHS).toEqual([320, 640, 960]);
    expect(variantSlots(2400)).toEqual([
      { slot: 320, width: 320 },
      { slot: 640, width: 640 },
      { slot: 960, width: 960 },
    ]);
  });

  it("never upscales: the slot past the original holds the original width, once", () => {
    expect(variantSlots(800)).toEqual([
      { slot: 320, width: 320 },
      { slot: 640, width: 640 },
      { slot: 960, width: 800 },
    ]);
    expect(variantSlots(640)).toEqual([
      { slot: 320, width: 320 },
      { slot: 640, width: 640 },
    ]);
    expect(variantSlots(200)).toEqual([{ slot: 320, width: 200 }]);
  });
});

describe("variant URLs and srcset", () => {
  it("names WebP variants by slot under products/w/", () => {
    expect(variantFileName("rose-1.jpg", 640)).toBe("rose-1-640.webp");
    expect(variantFileName("a.b.png", 320)).toBe("a.b-320.webp");
    expect(variantUrl("/uploads/products/rose-1.jpg", 640)).toBe("/uploads/products/w/rose-1-640.webp");
    expect(variantUrl("/placeholder.svg", 640)).toBeNull();
    expect(variantUrl("https://cdn.example.com/products/x.jpg", 640)).toBeNull();
  });

  it("builds a srcset with real widths, or nothing when the image has no variants", () => {
    expect(srcSetFor("/uploads/products/rose-1.jpg", 800)).toBe(
      "/uploads/products/w/rose-1-320.webp 320w, /uploads/products/w/rose-1-640.webp 640w, /uploads/products/w/rose-1-960.webp 800w",
    );
    expect(srcSetFor("/uploads/products/small.png", 300)).toBe("/uploads/products/w/small-320.webp 300w");
    expect(srcSetFor("/uploads/products/rose-1.jpg", null)).toBeUndefined();
    expect(srcSetFor("/uploads/products/rose-1.jpg", 0)).toBeUndefined();
    expect(srcSetFor(null, 800)).toBeUndefined();
    expect(srcSetFor("/placeholder.svg", 800)).toBeUndefined();
  });
});
