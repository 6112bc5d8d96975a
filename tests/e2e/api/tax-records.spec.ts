import { shopDay } from "../../../app/domain/common/shop-time";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures";
import { makeProduct, uniqueSlug } from "../../helpers/kit";
import { e2eDb, withDb } from "../helpers/db";
import { E2E_BASE_URL, uniqueEmail } from "../helpers/session";

// The accountant's record over HTTP (docs/contract.md, 'Records for the accountant'): an order paid
// through the PayPal emulator carries `tax` and `pln` in the admin order JSON.

const PAYPAL_URL = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT ?? 3180}`;
type Ctx = { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } };

async function paidGuestOrder(playwright: Ctx, productId: number) {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  expect((await request.post("/api/cart", { data: { productId, quantity: 1 } })).status()).toBe(201);
  const placed = await request.post("/api/orders", {
    data: {
      email: uniqueEmail("tax-api"),
      status: "unpaid",
      shippingAddress: { firstName: "Tia", lastName: "Tax", addressLine1: "1 Ledger Lane", city: "Berlin", postalCode: "10115", country: "DE" },
      useLoyaltyPoints: false,
      customerMessage: null,
      agreeToTerms: true,
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { id: number; total: string };
  const created = await request.post("/api/paypal/order", { data: { amount: order.total, currency: "USD", intent: "CAPTURE" } });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  expect((await fetch(`${PAYPAL_URL}/__emulator/approve/${id}`, { method: "POST" })).status).toBe(200);
  expect((await request.post(`/api/paypal/order/${id}/capture`)).status()).toBe(200);
  await request.dispose();
  return order;
}

test("a paid order's admin JSON carries its tax and złoty record; a guest gets 401", async ({ playwright, loginAsAdmin }) => {
  // A rate dated yesterday in Warsaw: the last business day before a payment made today.
  const yesterday = shopDay(new Date(Date.now() - 86_400_000));
  await e2eDb()
    .insertInto("exchange_rates")
    .values({ currency: "USD", effective_date: yesterday, table_no: "250/A/NBP/2026", mid: 3.6543 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const slug = uniqueSlug("tax-api");
  const product = await makeProduct(e2eDb(), {
    title: `Tax Record ${slug}`,
    slug,
    description: "For the tax record.",
    priceCents: 2400,
    stock: 3,
    image: false,
  });
  const order = await paidGuestOrder(playwright, product.id);
  const admin = await loginAsAdmin({ email: uniqueEmail("tax-api-admin") });
  const res = await admin.request.get(`/api/admin/orders/${order.id}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { tax: Record<string, unknown> | null; pln: Record<string, unknown> | null; total: string };
  expect(body.tax).not.toBeNull();
  expect(["exempt", "vat", "vat-oss"]).toContain(body.tax!.regime);
  expect(typeof body.tax!.ratePercent).toBe("number");
  expect(body.tax!.amount).toMatch(/^\d+\.\d{2}$/);
  const stored = withDb(
    (db) =>
      db
        .prepare(
          "SELECT mid, table_no AS tableNo, effective_date AS date FROM exchange_rates WHERE currency = 'USD' AND effective_date < ? ORDER BY effective_date DESC LIMIT 1",
        )
        .get(shopDay(new Date())) as { mid: number; tableNo: string; date: string },
  );
  expect(body.pln).toMatchObject({ rate: stored.mid, table: stored.tableNo, date: stored.date });
  const grosze = withDb((db) => (db.prepare("SELECT pln_total_grosze AS g FROM orders WHERE id = ?").get(order.id) as { g: number }).g);
  expect(body.pln!.total).toBe((grosze / 100).toFixed(2));

  // A guest cannot read it.
  expect((await playwright.request.newContext({ baseURL: E2E_BASE_URL }).then((r) => r.get(`/api/admin/orders/${order.id}`))).status()).toBe(401);
});
