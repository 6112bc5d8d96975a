import { describe, expect, it } from "vitest";
import { productCardHtml } from "~/components/product/card-html";
import { escapeHtml } from "~/lib/html";
import { type CardProduct } from "~/domain/catalogue/cards";
import { i18nFor } from "~/i18n/i18n.server";

const product: CardProduct = {
  id: 7,
  title: "Rose Tea Dress",
  slug: "rose-tea-dress",
  priceCents: 2450,
  stock: 8,
  hasOptions: false,
  category: "Dresses",
  image: { url: "/uploads/products/rose.jpg", alt: "Rose Tea Dress, front", width: 800 },
};

/** Parses the card's markup the way a browser does, inside its <article>. */
function card(p: CardProduct, options = { eager: false, redirectTo: "/shop" }): HTMLElement {
  const article = document.createElement("article");
  article.innerHTML = productCardHtml(p, { ...options, i18n: i18nFor("en") });
  return article;
}

describe("escapeHtml", () => {
  it("escapes the five characters that matter in text and attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#x27;y&#x27;&gt;&amp;&lt;/a&gt;");
  });
  it("leaves other text alone, numbers included, on every call", () => {
    expect(escapeHtml("Tops & Blouses")).toBe("Tops &amp; Blouses");
    expect(escapeHtml("Tops & Blouses")).toBe("Tops &amp; Blouses");
    expect(escapeHtml("Café crème…")).toBe("Café crème…");
    expect(escapeHtml(42)).toBe("42");
  });
});

describe("product card markup", () => {
  it("links image and title to the product and shows category and price", () => {
    const el = card(product);
    const links = [...el.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/product/rose-tea-dress", "/product/rose-tea-dress"]);
    expect(el.querySelector(".card-title")!.textContent).toBe("Rose Tea Dress");
    expect(el.querySelector(".card-category")!.textContent).toBe("Dresses");
    expect(el.querySelector(".price")!.textContent).toBe("$24.50");
  });

  it("has a WebP srcset with sizes, the thumbnail (thumbs/thumb-<name>) with its size, lazy unless eager", () => {
    const el = card(product);
    const source = el.querySelector("picture > source")!;
    expect(source.getAttribute("type")).toBe("image/webp");
    expect(source.getAttribute("srcset")).toBe(
      "/uploads/products/w/rose-320.webp 320w, /uploads/products/w/rose-640.webp 640w, /uploads/products/w/rose-960.webp 800w",
    );
    expect(source.getAttribute("sizes")).toMatch(/50vw/);
    const img = el.querySelector("picture > img")!;
    expect(img.getAttribute("src")).toBe("/uploads/products/thumbs/thumb-rose.jpg");
    expect(img.getAttribute("alt")).toBe("Rose Tea Dress, front");
    expect([img.getAttribute("width"), img.getAttribute("height"), img.getAttribute("loading")]).toEqual(["300", "375", "lazy"]);
    expect(card(product, { eager: true, redirectTo: "/" }).querySelector("img")!.getAttribute("loading")).toBe("eager");
  });

  it("uses the placeholder, without a srcset, when the product has no image", () => {
    const img = card({ ...product, image: null }).querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/placeholder.svg");
    expect(img.getAttribute("alt")).toBe("Rose Tea Dress (no image available)");
    expect(img.closest("picture")).toBeNull();
  });

  it("posts Add to Cart to /cart with the product and the page to return to", () => {
    const form = card(product, { eager: false, redirectTo: "/shop/hats?page=2&search=a b" }).querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/cart");
    expect(form.getAttribute("data-card-add")).toBe("7");
    const data = Object.fromEntries(new FormData(form));
    expect(data).toEqual({ intent: "add", productId: "7", redirectTo: "/shop/hats?page=2&search=a b" });
    const button = form.querySelector("button")!;
    expect(button.getAttribute("type")).toBe("submit");
    expect(button.textContent).toBe("Add to Cart");
    expect(button.getAttribute("aria-label")).toBe("Add to Cart: Rose Tea Dress");
  });

  it("shows Out of Stock disabled and Sold out at stock 0, Only N left below 5", () => {
    const soldOut = card({ ...product, stock: 0 });
    expect(soldOut.querySelector("form")).toBeNull();
    const button = soldOut.querySelector("button")!;
    expect(button.textContent).toBe("Out of Stock");
    expect(button.disabled).toBe(true);
    expect(soldOut.querySelector(".tag-soldout")!.textContent).toBe("Sold out");
    expect(card({ ...product, stock: 3 }).querySelector(".tag-low")!.textContent).toBe("Only 3 left");
    expect(card(product).querySelector(".tag")).toBeNull();
  });

  it("sends products with colours or variations to their page to choose", () => {
    {
      const el = card({ ...product, hasOptions: true });
      expect(el.querySelector("form")).toBeNull();
      const choose = [...el.querySelectorAll("a")].find((a) => a.textContent === "Choose Options")!;
      expect(choose.getAttribute("href")).toBe("/product/rose-tea-dress");
    }
  });

  it("escapes whatever the shop's data holds, so it stays text", () => {
    const hostile: CardProduct = {
      ...product,
      title: `<img src=x onerror="alert(1)">`,
      slug: `x" onmouseover="alert(2)`,
      category: "<b>Hats</b>",
      image: { url: `/uploads/products/t.jpg" onload="alert(3)`, alt: `"><script>alert(4)</script>`, width: 640 },
    };
    const el = card(hostile, { eager: false, redirectTo: `/shop"><script>alert(5)</script>` });
    expect(el.querySelectorAll("script, b")).toHaveLength(0);
    expect(el.querySelectorAll("img")).toHaveLength(1);
    for (const node of el.querySelectorAll("*")) {
      for (const attr of node.getAttributeNames()) expect(attr.startsWith("on"), `${node.tagName} ${attr}`).toBe(false);
    }
    expect(el.querySelector(".card-title")!.textContent).toBe(hostile.title);
    expect(el.querySelector("form button")!.getAttribute("aria-label")).toBe(`Add to Cart: ${hostile.title}`);
    expect(el.querySelector(".card-category")!.textContent).toBe("<b>Hats</b>");
    expect(el.querySelector("a")!.getAttribute("href")).toBe(`/product/${hostile.slug}`);
    expect(el.querySelector("img")!.getAttribute("alt")).toBe(hostile.image!.alt);
    expect(el.querySelector("img")!.getAttribute("src")).toBe(`/uploads/products/thumbs/thumb-t.jpg" onload="alert(3)`);
    expect((el.querySelector('input[name="redirectTo"]') as HTMLInputElement).value).toBe(`/shop"><script>alert(5)</script>`);
  });

  it("shows stars and the count of approved reviews only when there are some, read out as a sentence", () => {
    expect(card(product, { eager: false, redirectTo: "/shop" }).querySelector(".card-rating")).toBeNull();
    const el = card({ ...product, rating: { average: 4.8, count: 12 } }, { eager: false, redirectTo: "/shop" });
    const stars = el.querySelector('.card-rating [role="img"]')!;
    expect(stars.getAttribute("aria-label")).toBe("4.8 out of 5, 12 reviews");
    expect((el.querySelector(".stars-fill") as HTMLElement).style.width).toBe("96%");
    expect(el.querySelector(".card-rating-count")!.textContent).toBe("(12)");
  });
});
