import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures";
import { makeProduct, uniqueSlug } from "../../helpers/kit";
import { expectError } from "../helpers/api";
import { e2eDb, withDb } from "../helpers/db";
import { E2E_BASE_URL, uniqueEmail } from "../helpers/session";

// Invoices on request over HTTP (docs/contract.md, 'Records for the accountant'): a guest's order
// paid through the PayPal emulator, then POST /api/orders/{id}/invoice and the invoice page.

const PAYPAL_URL = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT ?? 3180}`;
const NUMBER = /^FV\/\d{4}\/\d{2}\/\d+$/;
const BUYER = { buyerName: "Ina Voice", address: "1 Ledger Lane\n10115 Berlin\nGermany" };
type Ctx = { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } };

/** A guest (its own request context, so its own session) with an order placed and, unless `pay` is false, paid at the emulator. */
async function guestOrder(playwright: Ctx, pay = true) {
  const slug = uniqueSlug("invoice-api");
  const product = await makeProduct(e2eDb(), { title: `Invoice ${slug}`, slug, description: "For an invoice.", priceCents: 2400, stock: 3, image: false });
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  expect((await request.post("/api/cart", { data: { productId: product.id, quantity: 1 } })).status()).toBe(201);
  const placed = await request.post("/api/orders", {
    data: {
      email: uniqueEmail("invoice-api"),
      status: "unpaid",
      shippingAddress: { firstName: "Ina", lastName: "Voice", addressLine1: "1 Ledger Lane", city: "Berlin", postalCode: "10115", country: "DE" },
      useLoyaltyPoints: false,
      customerMessage: null,
      agreeToTerms: true,
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { id: number; total: string; confirmationToken: string };
  if (pay) {
    const created = await request.post("/api/paypal/order", { data: { amount: order.total, currency: "USD", intent: "CAPTURE" } });
    expect(created.status()).toBe(200);
    const { id } = (await created.json()) as { id: string };
    expect((await fetch(`${PAYPAL_URL}/__emulator/approve/${id}`, { method: "POST" })).status).toBe(200);
    expect((await request.post(`/api/paypal/order/${id}/capture`)).status()).toBe(200);
  }
  return { request, order };
}

const invoiceCount = (orderId: number) =>
  withDb((db) => (db.prepare("SELECT COUNT(*) AS n FROM invoices WHERE order_id = ? AND kind = 'invoice'").get(orderId) as { n: number }).n);

test("the buyer's invoice: field errors, 201, the same answer again, 404 for a stranger, and its page", async ({ playwright }) => {
  const { request, order } = await guestOrder(playwright);
  const url = `/api/orders/${order.id}/invoice`;

  // A tax id that is no NIP nor EU VAT id, and a missing name: 400 with the fields, nothing issued.
  const bad = await request.post(url, { data: { buyerName: "", address: BUYER.address, taxId: "1234567890" } });
  await expectError(bad, 400);
  const badBody = (await bad.json()) as { errors?: Record<string, unknown> };
  expect(Object.keys(badBody.errors ?? {})).toEqual(expect.arrayContaining(["taxId", "buyerName"]));
  expect(invoiceCount(order.id)).toBe(0);

  // A stranger (no session, no token) learns nothing.
  const stranger = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  await expectError(await stranger.post(url, { data: BUYER }), 404);
  expect(invoiceCount(order.id)).toBe(0);

  const first = await request.post(url, { data: { ...BUYER, taxId: "PL 123-456-32-18" } });
  expect(first.status()).toBe(201);
  const invoice = (await first.json()) as { id: number; number: string; url: string };
  expect(invoice.number).toMatch(NUMBER);
  expect(invoice.url).toMatch(/^\/invoices\/[A-Za-z0-9_-]{20,64}$/);
  expect(Object.keys(invoice).sort()).toEqual(["id", "number", "url"]);

  // Asked again (even with other details): the same invoice, 200.
  const again = await request.post(url, { data: { buyerName: "Someone Else", address: "Elsewhere" } });
  expect(again.status()).toBe(200);
  expect(await again.json()).toEqual(invoice);
  expect(invoiceCount(order.id)).toBe(1);

  // The page, for anyone with the link.
  const page = await stranger.get(invoice.url);
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain(invoice.number);
  expect(html).toContain("Faktura / Invoice");
  expect(html).toContain("PL1234563218");
  expect(html).toContain(`$${order.total}`);
  expect((await stranger.get("/invoices/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).status()).toBe(404);
  expect((await stranger.get("/invoices/not%20a%20token")).status()).toBe(404);
  await stranger.dispose();
  await request.dispose();
});

test("a guest's order token in the body stands in for the session", async ({ playwright }) => {
  const { request, order } = await guestOrder(playwright);
  await request.dispose();
  const other = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  await expectError(await other.post(`/api/orders/${order.id}/invoice`, { data: { ...BUYER, token: "wrong-token-wrong-token" } }), 404);
  const res = await other.post(`/api/orders/${order.id}/invoice`, { data: { ...BUYER, token: order.confirmationToken } });
  expect(res.status()).toBe(201);
  expect(((await res.json()) as { number: string }).number).toMatch(NUMBER);
  await other.dispose();
});

test("an unpaid order: 409 and no invoice", async ({ playwright }) => {
  const { request, order } = await guestOrder(playwright, false);
  const message = await expectError(await request.post(`/api/orders/${order.id}/invoice`, { data: BUYER }), 409);
  expect(message).toBe("An invoice can only be issued for a paid order.");
  expect(invoiceCount(order.id)).toBe(0);
  await request.dispose();
});

test("the owner's door: a customer gets 403, a visitor 401, the admin 201 then 200", async ({ playwright, loginAsCustomer, loginAsAdmin }) => {
  const { request, order } = await guestOrder(playwright);
  await request.dispose();
  const url = `/api/admin/orders/${order.id}/invoice`;
  const customer = await loginAsCustomer({ email: uniqueEmail("invoice-customer") });
  await expectError(await customer.request.post(url, { data: BUYER }), 403);
  const visitor = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  expect((await visitor.post(url, { data: BUYER })).status()).toBe(401);
  await visitor.dispose();
  expect(invoiceCount(order.id)).toBe(0);

  const admin = await loginAsAdmin({ email: uniqueEmail("invoice-admin") });
  await expectError(await admin.request.post(url, { data: { ...BUYER, taxId: "XX123" } }), 400);
  const issued = await admin.request.post(url, { data: BUYER });
  expect(issued.status()).toBe(201);
  const invoice = (await issued.json()) as { number: string };
  expect(invoice.number).toMatch(NUMBER);
  const again = await admin.request.post(url, { data: BUYER });
  expect(again.status()).toBe(200);
  expect(((await again.json()) as { number: string }).number).toBe(invoice.number);
  await expectError(await admin.request.post(`/api/admin/orders/999999999/invoice`, { data: BUYER }), 404);
});
