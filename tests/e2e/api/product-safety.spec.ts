import { expect, test } from "../fixtures";
import { expectError, productBySlug } from "../helpers/api";
import { SLUGS } from "../helpers/browser";
import { uniqueEmail } from "../helpers/session";

// Every product JSON carries `sku` (never empty), `materials` and `safetyNotice` (the product's
// own or the store's default); the admin product API takes the three, optional.

const DEFAULT_NOTICE = "For adult collectors aged 14+. Not a toy.";
const SKU = /^[A-Za-z0-9._-]{1,40}$/;
type Product = { id: number; slug: string; sku: string; materials: string; safetyNotice: string };
const tag = () => Math.random().toString(36).slice(2, 8);

function expectSafetyFields(products: Product[]) {
  expect(products.length).toBeGreaterThan(0);
  for (const p of products) {
    expect(p.sku, p.slug).toMatch(SKU);
    expect(typeof p.materials, p.slug).toBe("string");
    expect(p.safetyNotice.length, p.slug).toBeGreaterThan(0);
  }
}

test("the catalogue's JSON carries sku, materials and safetyNotice", async ({ request }) => {
  const list = await (await request.get("/api/products?limit=100")).json();
  expectSafetyFields(list.products);
  expect(new Set(list.products.map((p: Product) => p.sku)).size).toBe(list.products.length);
  expectSafetyFields(await (await request.get("/api/products/latest-collection")).json());
  const search = await (await request.get("/api/products?search=dress")).json();
  expectSafetyFields(search.products);

  const dress = await productBySlug(request, SLUGS.withColors);
  expect(dress.sku).toBe(`LSA-${String(dress.id).padStart(5, "0")}`);
  expect(dress.materials).toContain("cotton lawn");
  expect(dress.safetyNotice).toBe(DEFAULT_NOTICE);
  // The seeded trunk has a notice of its own.
  const trunk = await productBySlug(request, SLUGS.large);
  expect(trunk.safetyNotice).not.toBe(DEFAULT_NOTICE);
  expect(trunk.safetyNotice).toContain("Not a toy");
});

test("the admin API: the contract's payload still works; sku, materials and safetyNotice are optional, unique and kept", async ({ loginAsAdmin }) => {
  const admin = await loginAsAdmin({ email: uniqueEmail("safety-admin") });
  const ids: number[] = [];
  try {
    const t = tag();
    // The payload without the new fields: a generated SKU and the default notice.
    let res = await admin.request.post("/api/admin/products", { data: { title: `Plain Api Smock ${t}`, description: "d", price: "12.00", stock: 2 } });
    expect(res.status()).toBe(201);
    const plain = await res.json();
    ids.push(plain.id);
    expect(plain).toMatchObject({ sku: `LSA-${String(plain.id).padStart(5, "0")}`, materials: "", safetyNotice: DEFAULT_NOTICE });

    res = await admin.request.post("/api/admin/products", {
      data: { title: `Own Api Smock ${t}`, description: "d", price: "12.00", stock: 2, sku: `OAS-${t}`, materials: "Silk", safetyNotice: "Pins inside." },
    });
    expect(res.status()).toBe(201);
    const own = await res.json();
    ids.push(own.id);
    expect(own).toMatchObject({ sku: `OAS-${t}`, materials: "Silk", safetyNotice: "Pins inside." });

    // A used SKU: 409; a malformed one: 400.
    expect(
      await expectError(await admin.request.post("/api/admin/products", { data: { title: `Dup ${t}`, description: "d", price: "1", sku: `OAS-${t}` } }), 409),
    ).toBe("SKU is already used by another product");
    await expectError(await admin.request.put(`/api/admin/products/${plain.id}`, { data: { title: plain.title, price: "12.00", sku: `OAS-${t}` } }), 409);
    await expectError(await admin.request.post("/api/admin/products", { data: { title: `Bad ${t}`, description: "d", price: "1", sku: "no spaces" } }), 400);

    // A PUT without them keeps them; with them, it changes them.
    res = await admin.request.put(`/api/admin/products/${own.id}`, { data: { title: own.title, description: "d", price: "13.00", stock: 2 } });
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ price: "13.00", sku: `OAS-${t}`, materials: "Silk", safetyNotice: "Pins inside." });
    res = await admin.request.put(`/api/admin/products/${own.id}`, {
      data: { title: own.title, price: "13.00", sku: `OAS2-${t}`, materials: "Silk taffeta", safetyNotice: "" },
    });
    expect(await res.json()).toMatchObject({ sku: `OAS2-${t}`, materials: "Silk taffeta", safetyNotice: DEFAULT_NOTICE });

    // The shop's JSON and the admin list agree.
    const shop = await productBySlug(admin.request, own.slug);
    expect(shop).toMatchObject({ sku: `OAS2-${t}`, materials: "Silk taffeta", safetyNotice: DEFAULT_NOTICE });
    const list = await (await admin.request.get("/api/admin/products")).json();
    expect(list.products.find((p: Product) => p.id === own.id)).toMatchObject({ sku: `OAS2-${t}`, materials: "Silk taffeta" });

    // The product page shows them, and its JSON-LD carries the SKU.
    const html = await (await admin.request.get(`/product/${own.slug}`)).text();
    expect(html).toContain(`OAS2-${t}`);
    expect(html).toContain("Silk taffeta");
    expect(html).toContain(DEFAULT_NOTICE);
    expect(html).toMatch(new RegExp(`"sku":"OAS2-${t}"`));
  } finally {
    for (const id of ids) await admin.request.delete(`/api/admin/products/${id}`);
    await admin.request.dispose();
  }
});
