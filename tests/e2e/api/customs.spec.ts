import { expect, test } from "../fixtures";
import { makeOrder, makeProduct } from "../../helpers/kit";
import { productBySlug } from "../helpers/api";
import { SLUGS } from "../helpers/browser";
import { e2eDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// Customs data over HTTP (docs/shipping.md): the product JSON's four fields, the admin API that
// keeps, changes and refuses them, and who may open a packing slip.

test("the seeded catalogue carries weights and the Settings' customs defaults", async ({ request }) => {
  const dress = await productBySlug(request, SLUGS.withColors);
  expect(dress.weightGrams).toBeGreaterThan(0);
  expect(dress).toMatchObject({ hsCode: "950300", originCountry: "PL", customsDescription: "Handmade doll clothing" });
  expect((await productBySlug(request, SLUGS.large)).weightGrams).toBeGreaterThan(dress.weightGrams);
});

test("the admin API keeps what a PUT leaves out, changes what it sends, refuses bad values with 400", async ({ loginAsAdmin }) => {
  const admin = await loginAsAdmin({ email: uniqueEmail("customs-api") });
  const t = Math.random().toString(36).slice(2, 8);
  const created = await admin.request.post("/api/admin/products", {
    data: { title: `Customs Api Cape ${t}`, description: "d", price: "30.00", stock: 1, weightGrams: 140, originCountry: "gb" },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  try {
    expect(await created.json()).toMatchObject({ weightGrams: 140, originCountry: "GB", hsCode: "950300" });
    const kept = await admin.request.put(`/api/admin/products/${id}`, { data: { title: `Customs Api Cape ${t}`, price: "31.00" } });
    expect(await kept.json()).toMatchObject({ price: "31.00", weightGrams: 140, originCountry: "GB" });
    const changed = await admin.request.put(`/api/admin/products/${id}`, { data: { title: `Customs Api Cape ${t}`, price: "31.00", hsCode: "95030029" } });
    expect(await changed.json()).toMatchObject({ hsCode: "95030029", weightGrams: 140 });
    const refused = await admin.request.put(`/api/admin/products/${id}`, { data: { title: `Customs Api Cape ${t}`, price: "31.00", weightGrams: 20_001 } });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toHaveProperty("weightGrams");
    expect(await (await admin.request.get(`/api/admin/products/${id}`)).json()).toMatchObject({ weightGrams: 140 });
  } finally {
    await admin.request.delete(`/api/admin/products/${id}`);
  }
});

test("a packing slip is the owner's: 401 for a guest, 403 for a customer", async ({ request, loginAsCustomer, loginAsAdmin }) => {
  const product = await makeProduct(e2eDb(), { weightGrams: 50, image: false });
  // The customer's own words go on the owner's page: as text, never as markup.
  const message = '<img src=x onerror="alert(1)"> for Ada';
  const order = await makeOrder(e2eDb(), { lines: [{ productId: product.id }], shipTo: "US", customerMessage: message });
  const asPage = { headers: { Accept: "text/html" } };
  const guest = await request.get(`/admin/orders/${order.id}/packing-slip`, asPage);
  expect(guest.status()).toBe(401);
  expect(await guest.text()).not.toContain("Customs declaration");
  const customer = await loginAsCustomer();
  expect((await customer.request.get(`/admin/orders/${order.id}/packing-slip`, asPage)).status()).toBe(403);
  expect((await customer.request.get(`/admin/orders/packing-slips?ids=${order.id}`, asPage)).status()).toBe(403);
  const admin = await loginAsAdmin();
  const page = await admin.request.get(`/admin/orders/${order.id}/packing-slip`, asPage);
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain("Customs declaration");
  expect(html).toContain("&lt;img src=x");
  expect(html).not.toContain("<img src=x");
});
