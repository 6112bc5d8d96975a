import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures";
import { expectError } from "../helpers/api";
import { makeStockProduct, productStock } from "../helpers/orders";
import { withDb } from "../helpers/db";
import { E2E_BASE_URL, uniqueEmail } from "../helpers/session";

// Money over HTTP against the PayPal emulator that start-server.ts runs (it sends its webhooks
// to the shop): the cancel URL during a capture, a capture landing without stock, partial
// refunds in parallel, and reversals and disputes holding an order.

const PAYPAL_URL = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT ?? 3180}`;
type Ctx = { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } };

function orderRow(id: number) {
  return withDb(
    (db) =>
      db.prepare("SELECT status, stock_reserved AS reserved, paypal_capture_id AS captureId, total_cents AS totalCents FROM orders WHERE id = ?").get(id) as {
        status: string;
        reserved: number;
        captureId: string | null;
        totalCents: number;
      },
  );
}

function ownerAlerts(orderId: number): number {
  return withDb(
    (db) =>
      (
        db.prepare("SELECT count(*) AS n FROM outbox WHERE kind = 'owner-payment-alert' AND event_key LIKE ?").get(`owner-payment-alert:${orderId}:%`) as {
          n: number;
        }
      ).n,
  );
}

function eventTypes(orderId: number): string[] {
  return withDb((db) => (db.prepare("SELECT type FROM order_events WHERE order_id = ? ORDER BY id").all(orderId) as { type: string }[]).map((r) => r.type));
}

async function control(path: string, body?: unknown) {
  const res = await fetch(`${PAYPAL_URL}/__emulator/${path}`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.status, path).toBeLessThan(300);
  return res.json();
}

async function guestOrder(playwright: Ctx, productId: number) {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  expect((await request.post("/api/cart", { data: { productId, quantity: 1 } })).status()).toBe(201);
  const res = await request.post("/api/orders", {
    data: {
      email: uniqueEmail("holds-api"),
      status: "unpaid",
      shippingAddress: { firstName: "Ada", lastName: "Lovelace", addressLine1: "1 Loom Street", city: "London", postalCode: "N1 9GU", country: "GB" },
      useLoyaltyPoints: false,
      customerMessage: null,
      agreeToTerms: true,
    },
  });
  expect(res.status()).toBe(201);
  const order = (await res.json()) as { id: number; confirmationToken: string; total: string };
  const created = await request.post("/api/paypal/order", { data: { amount: order.total, currency: "USD", intent: "CAPTURE" } });
  expect(created.status()).toBe(200);
  const { id: paypalOrderId } = (await created.json()) as { id: string };
  return { request, order, paypalOrderId };
}

async function paidOrder(playwright: Ctx, productId: number) {
  const guest = await guestOrder(playwright, productId);
  await control(`approve/${guest.paypalOrderId}`);
  const captured = await guest.request.post(`/api/paypal/order/${guest.paypalOrderId}/capture`);
  expect(captured.status()).toBe(200);
  return guest;
}

test("the cancel URL while the capture is in flight keeps the stock held, and the payment then lands", async ({ playwright }) => {
  const product = await makeStockProduct(3);
  const guest = await guestOrder(playwright, product.id);
  try {
    await control(`approve/${guest.paypalOrderId}`);
    await control("hold-capture", { orderId: guest.paypalOrderId });
    const capturing = guest.request.post(`/api/paypal/order/${guest.paypalOrderId}/capture`);
    await expect
      .poll(
        async () => ((await (await fetch(`${PAYPAL_URL}/__emulator/held-captures`)).json()) as { held: Record<string, number> }).held[guest.paypalOrderId],
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(productStock(product.id)).toBe(2);

    // PayPal's cancel URL, followed while the capture is still at PayPal.
    const cancel = await guest.request.get(`/order/${guest.order.id}/paypal-cancel?token=${guest.paypalOrderId}`, { maxRedirects: 0 });
    expect(cancel.status()).toBe(302);
    expect(orderRow(guest.order.id).reserved).toBe(1);
    expect(productStock(product.id)).toBe(2);

    await control("release-capture", { orderId: guest.paypalOrderId });
    expect((await capturing).status()).toBe(200);
    expect(orderRow(guest.order.id).status).toBe("paid");
    expect(productStock(product.id)).toBe(2);
  } finally {
    await guest.request.dispose();
  }
});

test("a capture landing after the last unit sold is refunded, the order cancelled, the owner alerted; never paid", async ({ playwright }) => {
  const product = await makeStockProduct(1);
  const late = await guestOrder(playwright, product.id);
  const first = await paidOrder(playwright, product.id);
  try {
    expect(productStock(product.id)).toBe(0);
    // The late buyer's PayPal order is captured at PayPal without the shop; PayPal's webhook tells the shop.
    await control(`capture/${late.paypalOrderId}`);
    await expect.poll(() => orderRow(late.order.id).status, { timeout: 10_000 }).toBe("cancelled");
    expect(productStock(product.id)).toBe(0);
    await expect.poll(() => eventTypes(late.order.id), { timeout: 10_000 }).toContain("automatic-refund");
    expect(eventTypes(late.order.id)).toContain("stock-short");
    expect(ownerAlerts(late.order.id)).toBe(1);
    const refunds = withDb((db) => db.prepare("SELECT kind, status FROM refunds WHERE order_id = ?").all(late.order.id));
    expect(refunds).toEqual([{ kind: "automatic", status: "COMPLETED" }]);
  } finally {
    await late.request.dispose();
    await first.request.dispose();
  }
});

test("parallel partial refunds never add up to more than was captured", async ({ playwright, loginAsAdmin }) => {
  const product = await makeStockProduct(5, 5000);
  const paid = await paidOrder(playwright, product.id);
  const admin = await loginAsAdmin({ email: uniqueEmail("holds-refund-admin") });
  try {
    expect((await admin.request.patch(`/api/orders/${paid.order.id}/ship`, { data: { trackingNumber: "TRACK-1" } })).status()).toBe(200);
    const total = orderRow(paid.order.id).totalCents;
    const each = Math.ceil(total * 0.6);
    const amount = (each / 100).toFixed(2);
    // Six admins' tabs refunding 60% each at the same moment, each a slightly different amount.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        admin.request.post(`/admin/orders/${paid.order.id}`, {
          form: { intent: "order-return", orderId: String(paid.order.id), amount: (Number(amount) + i / 100).toFixed(2) },
          maxRedirects: 0,
        }),
      ),
    );
    for (const a of answers) expect(a.status()).toBe(302);
    const rows = withDb((db) => db.prepare("SELECT status, amount_cents AS cents FROM refunds WHERE order_id = ?").all(paid.order.id)) as {
      status: string;
      cents: number;
    }[];
    const given = rows.filter((r) => ["COMPLETED", "PENDING", "REQUESTED"].includes(r.status)).reduce((sum, r) => sum + r.cents, 0);
    expect(given).toBeGreaterThan(0);
    expect(given).toBeLessThanOrEqual(total);
    // The shop never asked PayPal for more than was left: PayPal refused nothing.
    expect(rows.filter((r) => r.status === "REFUSED")).toEqual([]);
    // One more, beyond what is left, is refused by the shop on the amount.
    const over = await admin.request.post(`/admin/orders/${paid.order.id}`, {
      form: { intent: "order-return", orderId: String(paid.order.id), amount: (total / 100).toFixed(2) },
      maxRedirects: 0,
    });
    expect(over.status()).toBe(302);
    expect(withDb((db) => db.prepare("SELECT count(*) AS n FROM refunds WHERE order_id = ? AND status = 'REFUSED'").get(paid.order.id))).toEqual({ n: 0 });
  } finally {
    await paid.request.dispose();
  }
});

test.describe("reversals and disputes", () => {
  test("PAYMENT.CAPTURE.REVERSED holds the order as 'Payment reversed': shipping is refused until the owner marks it resolved", async ({
    playwright,
    loginAsAdmin,
  }) => {
    const product = await makeStockProduct(5);
    const paid = await paidOrder(playwright, product.id);
    const admin = await loginAsAdmin({ email: uniqueEmail("holds-reverse-admin") });
    try {
      const captureId = orderRow(paid.order.id).captureId!;
      await control(`reverse/${captureId}`);
      await expect.poll(() => orderRow(paid.order.id).status, { timeout: 10_000 }).toBe("payment_reversed");
      expect(eventTypes(paid.order.id)).toContain("payment-reversed");
      expect(ownerAlerts(paid.order.id)).toBe(1);

      const asAdmin = await admin.request.get(`/api/admin/orders/${paid.order.id}`);
      expect(((await asAdmin.json()) as { status: string }).status).toBe("payment_reversed");
      const asCustomer = await paid.request.get(`/api/orders/${paid.order.id}/confirmation?token=${paid.order.confirmationToken}`);
      expect(((await asCustomer.json()) as { status: string }).status).toBe("payment_reversed");
      const filtered = await admin.request.get(`/api/admin/orders?status=payment_reversed`);
      expect(JSON.stringify(await filtered.json())).toContain(`"id":${paid.order.id}`);

      const refused = await expectError(await admin.request.patch(`/api/orders/${paid.order.id}/ship`, { data: { trackingNumber: "TRACK-2" } }), 409);
      expect(refused).toContain("reversed or disputed at PayPal");
      const form = await admin.request.post(`/admin/orders/${paid.order.id}`, {
        form: { intent: "order-ship", orderId: String(paid.order.id), trackingNumber: "TRACK-2" },
        maxRedirects: 0,
      });
      expect(form.status()).toBe(302);
      expect(orderRow(paid.order.id).status).toBe("payment_reversed");
      const page = await admin.request.get(`/admin/orders/${paid.order.id}`);
      expect(await page.text()).toContain("Payment reversed");

      // The customer cannot resolve it; the owner can.
      await expectError(await paid.request.patch(`/api/admin/orders/${paid.order.id}/resolve`), 401);
      const resolved = await admin.request.patch(`/api/admin/orders/${paid.order.id}/resolve`);
      expect(resolved.status()).toBe(200);
      expect(((await resolved.json()) as { status: string }).status).toBe("paid");
      expect((await admin.request.patch(`/api/orders/${paid.order.id}/ship`, { data: { trackingNumber: "TRACK-3" } })).status()).toBe(200);
    } finally {
      await paid.request.dispose();
    }
  });

  test("CUSTOMER.DISPUTE.CREATED holds the order too; a replayed event adds nothing; the owner may cancel it", async ({
    playwright,
    request,
    loginAsAdmin,
  }) => {
    const product = await makeStockProduct(5);
    const paid = await paidOrder(playwright, product.id);
    const admin = await loginAsAdmin({ email: uniqueEmail("holds-dispute-admin") });
    try {
      const captureId = orderRow(paid.order.id).captureId!;
      const dispute = (await control(`dispute/${captureId}`, { reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED" })) as { dispute_id: string };
      await expect.poll(() => orderRow(paid.order.id).status, { timeout: 10_000 }).toBe("payment_reversed");
      const signed = (await control("webhook-event", { event_type: "CUSTOMER.DISPUTE.CREATED", resource_id: dispute.dispute_id })) as {
        body: string;
        headers: Record<string, string>;
      };
      expect((await request.post("/api/paypal/webhook", { headers: signed.headers, data: signed.body })).status()).toBe(200);
      expect(eventTypes(paid.order.id).filter((t) => t === "payment-reversed")).toHaveLength(1);
      expect(ownerAlerts(paid.order.id)).toBe(1);
      expect(productStock(product.id)).toBe(4);

      const cancelled = await admin.request.patch(`/api/admin/orders/${paid.order.id}/cancel`);
      expect(cancelled.status()).toBe(200);
      expect(((await cancelled.json()) as { status: string }).status).toBe("cancelled");
      expect(productStock(product.id)).toBe(5);
      // A dispute is PayPal's to settle: the shop made no refund of its own.
      expect(withDb((db) => db.prepare("SELECT count(*) AS n FROM refunds WHERE order_id = ?").get(paid.order.id))).toEqual({ n: 0 });
    } finally {
      await paid.request.dispose();
    }
  });
});
