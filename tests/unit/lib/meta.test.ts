import { productSafetyJsonLd } from "~/domain/legal/product-safety";
import {
  absoluteUrl,
  adminPageMeta,
  buildMeta,
  canonicalUrl,
  errorPageMeta,
  FALLBACK_STORE_NAME,
  formatTitle,
  pageMeta,
  productJsonLd,
  productPageSeo,
  seoContext,
  toDescription,
} from "~/lib/meta";

const ROOT = { id: "root", data: { storeName: "Tiny Threads", storeDescription: "Clothes for small friends.", origin: "https://shop.example" } };

function args(pathname: string, search = "", root: { id: string; data?: unknown } = ROOT) {
  return { matches: [root, { id: "routes/x", data: null }], location: { pathname, search } };
}

type Tag = Record<string, unknown>;
const find = (tags: Tag[], key: string, value: string) => tags.find((t) => t[key] === value);
const content = (tags: Tag[], key: string, value: string) => find(tags, key, value)?.content;
const titleOf = (tags: Tag[]) => tags.find((t) => "title" in t)?.title;
const canonicalOf = (tags: Tag[]) => tags.find((t) => t.tagName === "link" && t.rel === "canonical")?.href;

const PRODUCT = {
  title: "Rose <Tea> Dress",
  slug: "rose-tea-dress",
  description: "A floral tea dress.\n\nHand-sewn for 1:4 dolls.",
  price: "24.00",
  stock: 3,
  images: [
    { imageUrl: "/uploads/products/a.jpg", isPrimary: false },
    { imageUrl: "/uploads/products/b.jpg", isPrimary: true },
  ],
  category: { name: "Dresses" },
};

describe("titles", () => {
  it("puts the saved store name after the page's own title", () => {
    expect(titleOf(pageMeta(args("/cart"), { title: "Your Cart" }))).toBe("Your Cart · Tiny Threads");
  });

  it("uses the store name alone for an empty page title, and a tagline after it on the home page", () => {
    expect(titleOf(pageMeta(args("/"), { title: "" }))).toBe("Tiny Threads");
    expect(titleOf(pageMeta(args("/"), { title: "", tagline: "Handmade clothes" }))).toBe("Tiny Threads · Handmade clothes");
  });

  it("falls back to the default store name without root data or with a blank name", () => {
    expect(titleOf(pageMeta(args("/about", "", { id: "root", data: undefined }), { title: "About" }))).toBe(`About · ${FALLBACK_STORE_NAME}`);
    expect(formatTitle("About", "   ")).toBe(`About · ${FALLBACK_STORE_NAME}`);
  });

  it("marks admin pages and names them '{page} · Admin · {store}'", () => {
    const tags = adminPageMeta(args("/admin/products/add"), "Add Product");
    expect(titleOf(tags)).toBe("Add Product · Admin · Tiny Threads");
    expect(content(tags, "name", "robots")).toBe("noindex");
  });
});

describe("description", () => {
  it("defaults to the store description and prefers the page's own", () => {
    expect(content(pageMeta(args("/about"), { title: "About" }), "name", "description")).toBe("Clothes for small friends.");
    expect(content(pageMeta(args("/about"), { title: "About", description: "Ours." }), "name", "description")).toBe("Ours.");
  });

  it("is one line of at most 160 characters, cut at a word", () => {
    const long = `${"word ".repeat(60)}end`;
    const d = toDescription(long);
    expect(d.length).toBeLessThanOrEqual(160);
    expect(d.endsWith("word…")).toBe(true);
    expect(toDescription("a\n\n b")).toBe("a b");
  });

  it("is left out when neither the page nor the store has one", () => {
    const tags = pageMeta(args("/", "", { id: "root", data: { storeName: "X", storeDescription: "", origin: "https://x.example" } }), { title: "" });
    expect(find(tags, "name", "description")).toBeUndefined();
  });
});

describe("canonical URL", () => {
  it("is absolute and drops tracking, paging and other parameters", () => {
    expect(canonicalOf(pageMeta(args("/shop/dresses", "?page=3&utm_source=x&gclid=1"), { title: "Dresses" }))).toBe("https://shop.example/shop/dresses");
    expect(canonicalOf(pageMeta(args("/product/a", "?image=2"), { title: "A" }))).toBe("https://shop.example/product/a");
  });

  it("keeps only the listed parameters", () => {
    expect(canonicalUrl("https://shop.example", "/shop", "?page=2&search=tea+cup&utm_medium=mail", ["search"])).toBe(
      "https://shop.example/shop?search=tea+cup",
    );
    expect(canonicalUrl("https://shop.example", "/shop", "?search=", ["search"])).toBe("https://shop.example/shop");
  });

  it("removes a trailing slash except on the home page", () => {
    expect(canonicalUrl("https://shop.example", "/about/")).toBe("https://shop.example/about");
    expect(canonicalUrl("https://shop.example", "/")).toBe("https://shop.example/");
  });

  it("is absent on error pages and when the origin is unknown", () => {
    const notFound = errorPageMeta(args("/product/nope"), "Product Not Found");
    expect(canonicalOf(notFound)).toBeUndefined();
    expect(content(notFound, "name", "robots")).toBe("noindex");
    expect(titleOf(notFound)).toBe("Product Not Found · Tiny Threads");
    expect(canonicalOf(pageMeta(args("/", "", { id: "root", data: { storeName: "X" } }), { title: "" }))).toBeUndefined();
  });

  it("absoluteUrl leaves absolute URLs alone", () => {
    expect(absoluteUrl("https://a.example", "https://cdn.example/x.jpg")).toBe("https://cdn.example/x.jpg");
    expect(absoluteUrl("https://a.example", "x.jpg")).toBe("https://a.example/x.jpg");
  });
});

describe("product page", () => {
  const ctx = seoContext([ROOT]);
  const tags = buildMeta(ctx, { pathname: "/product/rose-tea-dress", search: "?image=1&utm_campaign=z" }, productPageSeo(PRODUCT, ctx));

  it("has Open Graph tags with an absolute image (the primary one) and the canonical og:url", () => {
    expect(content(tags, "property", "og:type")).toBe("product");
    expect(content(tags, "property", "og:title")).toBe("Rose <Tea> Dress");
    expect(content(tags, "property", "og:description")).toBe("A floral tea dress. Hand-sewn for 1:4 dolls.");
    expect(content(tags, "property", "og:image")).toBe("https://shop.example/uploads/products/b.jpg");
    expect(content(tags, "property", "og:url")).toBe("https://shop.example/product/rose-tea-dress");
    expect(content(tags, "property", "og:site_name")).toBe("Tiny Threads");
    expect(canonicalOf(tags)).toBe("https://shop.example/product/rose-tea-dress");
  });

  it("has a schema.org Product with a USD offer", () => {
    const ld = (tags as Tag[]).find((t) => "script:ld+json" in t)?.["script:ld+json"] as Record<string, unknown>;
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Rose <Tea> Dress",
      sku: "rose-tea-dress",
      url: "https://shop.example/product/rose-tea-dress",
      image: ["https://shop.example/uploads/products/b.jpg", "https://shop.example/uploads/products/a.jpg"],
      offers: { "@type": "Offer", price: "24.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
  });

  it("carries the SKU, the material when given and the maker as manufacturer from the product page; the slug stands in without them", () => {
    const maker = { name: "Anna Nowak", address: "ul. Igielna 3, 31-000 Kraków, Poland" };
    const ld = productJsonLd(PRODUCT, ctx, productSafetyJsonLd({ sku: "RTD-1", materials: " Cotton lawn " }, maker));
    expect(ld).toMatchObject({
      sku: "RTD-1",
      material: "Cotton lawn",
      brand: { "@type": "Brand", name: "Tiny Threads" },
      manufacturer: { "@type": "Organization", name: "Anna Nowak", address: "ul. Igielna 3, 31-000 Kraków, Poland" },
    });
    expect(productSafetyJsonLd({ sku: "RTD-1", materials: "" }, maker).material).toBeUndefined();
    const bare = productJsonLd(PRODUCT, ctx);
    expect(bare.material).toBeUndefined();
    expect(bare.manufacturer).toBeUndefined();
    expect(bare.sku).toBe("rose-tea-dress");
  });

  it("says OutOfStock for a sold-out product and leaves out images it does not have", () => {
    const ld = productJsonLd({ ...PRODUCT, stock: 0, images: [] }, ctx) as { offers: { availability: string }; image?: unknown };
    expect(ld.offers.availability).toBe("https://schema.org/OutOfStock");
    expect(ld.image).toBeUndefined();
    const noImage = buildMeta(ctx, { pathname: "/product/x", search: "" }, productPageSeo({ ...PRODUCT, images: [] }, ctx));
    expect(find(noImage, "property", "og:image")).toBeUndefined();
  });
});
