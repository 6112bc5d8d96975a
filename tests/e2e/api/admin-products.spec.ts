import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures";
import sharp from "sharp";
import { expectError } from "../helpers/api";
import { uniqueEmail } from "../helpers/session";

// Admin product calls: list, read, create, update, toggle latest collection, delete, with the
// upload calls for images. Guest 401, customer 403.

const tag = () => Math.random().toString(36).slice(2, 8);

async function pngBuffer(color: string): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 80, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function uploadTemp(request: APIRequestContext, color: string): Promise<{ id: string; url: string }> {
  const res = await request.post("/api/upload/temp", {
    multipart: { image: { name: `${color.slice(1)}.png`, mimeType: "image/png", buffer: await pngBuffer(color) } },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

async function childCategory(request: APIRequestContext): Promise<{ id: number; parentId: number }> {
  const categories = (await (await request.get("/api/categories")).json()) as { id: number; parentId: number | null }[];
  const child = categories.find((c) => c.parentId !== null);
  expect(child).toBeTruthy();
  return child as { id: number; parentId: number };
}

test("guests get 401 and customers 403 on every admin product call", async ({ request, loginAsCustomer }) => {
  const calls = [
    (r: APIRequestContext) => r.get("/api/admin/products"),
    (r: APIRequestContext) => r.get("/api/admin/products/1"),
    (r: APIRequestContext) => r.post("/api/admin/products", { data: { title: "x" } }),
    (r: APIRequestContext) => r.put("/api/admin/products/1", { data: { title: "x" } }),
    (r: APIRequestContext) => r.patch("/api/admin/products/1", { data: { isLatestCollection: true } }),
    (r: APIRequestContext) => r.delete("/api/admin/products/1"),
  ];
  for (const call of calls) await expectError(await call(request), 401);
  const customer = await loginAsCustomer({ email: uniqueEmail("products-customer") });
  for (const call of calls) await expectError(await call(customer.request), 403);
});

test("create with colours, categories and two uploaded images; read; update; toggle; delete", async ({ request, loginAsAdmin }) => {
  const admin = await loginAsAdmin({ email: uniqueEmail("products-admin") });
  const t = tag();
  const category = await childCategory(request);
  const colors = (await (await request.get("/api/colors")).json()) as { id: number }[];
  const first = await uploadTemp(admin.request, "#cc6699");
  const second = await uploadTemp(admin.request, "#336699");
  const res = await admin.request.post("/api/admin/products", {
    data: {
      title: `Api Velvet Dress ${t}`,
      description: "A velvet dress made through the API.",
      price: "31.90",
      stock: 0,
      isLatestCollection: false,
      categories: [category.id],
      colorVariations: [
        { colorId: colors[0]!.id, stock: 2 },
        { colorId: colors[1]!.id, stock: 3 },
      ],
      images: [
        { id: first.id, isPrimary: false },
        { id: second.id, isPrimary: true },
      ],
    },
  });
  expect(res.status()).toBe(201);
  const created = await res.json();
  expect(created).toMatchObject({
    title: `Api Velvet Dress ${t}`,
    slug: `api-velvet-dress-${t}`,
    price: "31.90",
    totalStock: 5,
    hasColorVariations: true,
    hasVariations: false,
  });
  expect(created.categories).toEqual([category.parentId, category.id].sort((a, b) => a - b));
  expect(created.images.map((i: { isPrimary: boolean }) => i.isPrimary)).toEqual([true, false]);
  // The finalized image and its thumbnail are served.
  const primary = created.images[0] as { imageUrl: string; thumbUrl: string };
  expect((await request.get(primary.imageUrl)).status()).toBe(200);
  expect((await request.get(primary.thumbUrl)).status()).toBe(200);

  // The shop shows it.
  const shop = await request.get(`/api/products/slug/${created.slug}`);
  expect(shop.status()).toBe(200);
  expect((await shop.json()).stock).toBe(5);

  expect((await admin.request.get(`/api/admin/products/${created.id}`)).status()).toBe(200);
  const list = await (await admin.request.get("/api/admin/products?limit=1000")).json();
  expect(list.products.find((p: { id: number }) => p.id === created.id)).toMatchObject({ stock: 5, isActive: true, isLatestCollection: false });

  // Update: a new price, one colour, the first stored image removed.
  const put = await admin.request.put(`/api/admin/products/${created.id}`, {
    data: {
      title: created.title,
      slug: created.slug,
      price: "29",
      categories: [category.id],
      colorVariations: [{ colorId: colors[0]!.id, stock: 7 }],
      existingImages: [{ id: created.images[1].id, isPrimary: true }],
    },
  });
  expect(put.status()).toBe(200);
  const updated = await put.json();
  expect(updated).toMatchObject({ price: "29.00", totalStock: 7 });
  expect(updated.images).toHaveLength(1);
  expect((await request.get(primary.imageUrl)).status()).toBe(404);

  const patch = await admin.request.patch(`/api/admin/products/${created.id}`, { data: { isLatestCollection: true } });
  expect(await patch.json()).toMatchObject({ id: created.id, isLatestCollection: true });
  const latest = (await (await request.get("/api/products/latest-collection")).json()) as { id: number }[] | { products: { id: number }[] };
  const latestIds = (Array.isArray(latest) ? latest : latest.products).map((p) => p.id);
  expect(latestIds).toContain(created.id);

  const del = await admin.request.delete(`/api/admin/products/${created.id}`);
  expect(del.status()).toBe(200);
  await expectError(await admin.request.get(`/api/admin/products/${created.id}`), 404);
  await expectError(await admin.request.delete(`/api/admin/products/${created.id}`), 404);
  expect((await request.get(`/api/products/slug/${created.slug}`)).status()).toBe(404);
});

test("bad input answers 400 with errors: negative stock, both variation kinds, a used slug, unknown uploads", async ({ loginAsAdmin }) => {
  const admin = await loginAsAdmin({ email: uniqueEmail("products-admin") });
  const t = tag();
  const base = { title: `Api Bad ${t}`, description: "d", price: "10" };
  let res = await admin.request.post("/api/admin/products", { data: { ...base, stock: -1 } });
  await expectError(res, 400);
  expect((await res.json()).errors.stock).toEqual(["Stock must be 0 or greater"]);
  res = await admin.request.post("/api/admin/products", {
    data: { ...base, colorVariations: [{ colorId: 1, stock: 1 }], productVariations: [{ variationName: "A", stock: 1 }] },
  });
  await expectError(res, 400);
  expect((await res.json()).errors.productVariations).toHaveLength(1);
  res = await admin.request.post("/api/admin/products", { data: { ...base, productVariations: [{ variationName: "Small", stock: -3 }] } });
  expect((await res.json()).errors["productVariations.0.stock"]).toEqual(["Stock must be 0 or greater"]);
  const ok = await admin.request.post("/api/admin/products", { data: base });
  expect(ok.status()).toBe(201);
  const { id, slug } = await ok.json();
  res = await admin.request.post("/api/admin/products", { data: { ...base, slug } });
  await expectError(res, 400);
  expect((await res.json()).errors.slug).toEqual(["Slug is already used by another product"]);
  await expectError(await admin.request.post("/api/admin/products", { data: { ...base, title: `Api Img ${t}`, images: [{ id: "nope" }] } }), 400);
  await expectError(await admin.request.post("/api/admin/products", { data: "{broken", headers: { "Content-Type": "application/json" } }), 400);
  await expectError(await admin.request.put("/api/admin/products/99999999", { data: base }), 404);
  await expectError(await admin.request.patch(`/api/admin/products/${id}`, { data: { isLatestCollection: "yes" } }), 400);
  await expectError(await admin.request.get("/api/admin/products?limit=abc"), 400);
  expect((await (await admin.request.get("/api/admin/products?limit=2")).json()).products.length).toBeLessThanOrEqual(2);
  expect((await admin.request.delete(`/api/admin/products/${id}`)).status()).toBe(200);
});
