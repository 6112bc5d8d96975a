import { toCardProduct } from "~/domain/catalogue/cards";
import { slugify } from "~/domain/catalogue/slug";
import { toFtsQuery, normalizeSearch } from "~/domain/catalogue/search";
import { ADD_BUTTON_LABEL, addButtonState, deriveTotalStock, stockLabel, stockState } from "~/domain/catalogue/stock";
import { thumbUrl } from "~/lib/images";

describe("slugify", () => {
  it("follows the spec's rule", () => {
    expect(slugify("Rose Garden Tea Dress")).toBe("rose-garden-tea-dress");
    expect(slugify("  Coat -- (1:6) & Hat!  ")).toBe("coat-16-hat");
    expect(slugify("Crème Brûlée Blouse")).toBe("creme-brulee-blouse");
    expect(slugify("---")).toBe("");
    expect(slugify("a_b")).toBe("a-b");
  });
});

describe("stock", () => {
  it("labels sold out, low (below 5) and in stock", () => {
    expect(stockLabel(0)).toBe("Sold out");
    expect(stockLabel(1)).toBe("Only 1 left in stock");
    expect(stockLabel(4)).toBe("Only 4 left in stock");
    expect(stockLabel(5)).toBe("In stock");
    expect(stockState(-2)).toBe("sold-out");
  });
  it("derives total stock from colours, else variations, else the product", () => {
    expect(deriveTotalStock({ stock: 9, hasColorVariations: true, hasVariations: false, colorStocks: [2, 3, 0], variationStocks: [] })).toBe(5);
    expect(deriveTotalStock({ stock: 9, hasColorVariations: false, hasVariations: true, colorStocks: [], variationStocks: [1, 1] })).toBe(2);
    expect(deriveTotalStock({ stock: 9, hasColorVariations: false, hasVariations: false, colorStocks: [4], variationStocks: [4] })).toBe(9);
  });
  it("gives the Add to Cart button its four labels", () => {
    const base = { stock: 3, hasColors: false, hasVariations: false, colorChosen: false, variationChosen: false };
    expect(ADD_BUTTON_LABEL[addButtonState({ ...base, stock: 0 })]).toBe("Out of Stock");
    expect(ADD_BUTTON_LABEL[addButtonState({ ...base, hasColors: true })]).toBe("Select Color");
    expect(ADD_BUTTON_LABEL[addButtonState({ ...base, hasVariations: true })]).toBe("Select Variation");
    expect(ADD_BUTTON_LABEL[addButtonState({ ...base, hasColors: true, colorChosen: true })]).toBe("Add to Cart");
  });
});

describe("search query", () => {
  it("keeps only words, quoted and prefix-matched", () => {
    expect(toFtsQuery("Tea dress")).toBe('"tea"* "dress"*');
    expect(toFtsQuery('"quoted" OR 1=1; DROP TABLE products --')).toBe('"quoted"* "or"* "1" "drop"* "table"* "products"*');
  });
  it("matches one-letter words whole, not as prefixes", () => {
    expect(toFtsQuery("a hat")).toBe(`"a" "hat"*`);
  });
  it("returns null when nothing searchable is left", () => {
    for (const q of ["", "   ", "%", "*", '"', "''", "%%%***"]) expect(toFtsQuery(q)).toBeNull();
  });
  it("bounds long input", () => {
    const q = toFtsQuery("x".repeat(1000) + " " + "word ".repeat(50))!;
    expect(q.length).toBeLessThan(200);
  });
  it("trims the shown text", () => {
    expect(normalizeSearch("  hat  ")).toBe("hat");
    expect(normalizeSearch(null)).toBe("");
  });
});

describe("thumbnails", () => {
  it("switch products images to the thumbs path with the thumb- prefix", () => {
    expect(thumbUrl("/uploads/products/a-1.jpg")).toBe("/uploads/products/thumbs/thumb-a-1.jpg");
    expect(thumbUrl(null)).toBe("/placeholder.svg");
    expect(thumbUrl("/other/x.jpg")).toBe("/other/x.jpg");
  });
});

describe("product cards", () => {
  const image = (id: number, isPrimary: boolean) => ({
    id,
    imageUrl: `/uploads/products/p-${id}.jpg`,
    thumbUrl: `/uploads/products/thumbs/thumb-p-${id}.jpg`,
    altText: `Photo ${id}`,
    isPrimary,
    colorId: null,
    width: 800,
    height: 1000,
  });
  const product = {
    id: 7,
    title: "Rose Tea Dress",
    slug: "rose-tea-dress",
    sku: "LSA-00007",
    materials: "100% cotton lawn",
    safetyNotice: "For adult collectors aged 14+. Not a toy.",
    price: "24.00",
    priceCents: 2400,
    regularPrice: null,
    lowestPrice30Days: null,
    reduction: null,
    stock: 3,
    isLarge: false,
    isLatestCollection: true,
    hasColorVariations: true,
    hasVariations: false,
    madeToOrder: false,
    leadTimeDays: 0,
    isPersonalised: false,
    madeToOrderAvailable: false,
    category: { id: 2, name: "Dresses", slug: "dresses" },
    categories: [
      { id: 1, name: "1:4 Scale Dolls", slug: "1-4-scale" },
      { id: 2, name: "Dresses", slug: "dresses" },
    ],
    images: [image(1, false), image(2, true), image(3, false)],
    reviewCount: 0,
    ratingSum: 0,
  };

  it("carry what a card shows, with the main image only", () => {
    expect(toCardProduct(product)).toEqual({
      id: 7,
      title: "Rose Tea Dress",
      slug: "rose-tea-dress",
      priceCents: 2400,
      stock: 3,
      hasOptions: true,
      category: "Dresses",
      image: { url: "/uploads/products/p-2.jpg", alt: "Photo 2", width: 800 },
    });
    expect(toCardProduct({ ...product, hasColorVariations: false, hasVariations: true }).hasOptions).toBe(true);
    expect(toCardProduct({ ...product, hasColorVariations: false, hasVariations: false }).hasOptions).toBe(false);
  });

  it("carry a reduction in cents only while there is one", () => {
    expect(toCardProduct(product)).not.toHaveProperty("reduction");
    const reduction = { price: "19.20", regularPrice: "24.00", lowestPrice30Days: "22.00", percent: 13, code: "SPRING", since: "2026-03-01T00:00:00.000Z" };
    expect(toCardProduct({ ...product, regularPrice: "24.00", lowestPrice30Days: "22.00", reduction }).reduction).toEqual({
      priceCents: 1920,
      regularPriceCents: 2400,
      lowestCents: 2200,
      percent: 13,
      code: "SPRING",
    });
  });

  it("carry the approved reviews' average and count only when there are some", () => {
    expect(toCardProduct(product)).not.toHaveProperty("rating");
    expect(toCardProduct({ ...product, reviewCount: 12, ratingSum: 58 }).rating).toEqual({ average: 4.8, count: 12 });
  });

  it("fall back to the first image, and to none", () => {
    expect(toCardProduct({ ...product, images: [image(1, false), image(3, false)] }).image!.alt).toBe("Photo 1");
    expect(toCardProduct({ ...product, images: [], category: null })).toMatchObject({ image: null, category: null });
  });
});
