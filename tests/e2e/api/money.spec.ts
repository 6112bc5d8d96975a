import { randomBytes, randomUUID } from "node:crypto";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures";
import sharp from "sharp";
import { makeProduct, uniqueSlug } from "../../helpers/kit";
import { expectError } from "../helpers/api";
import { e2eDb, withDb } from "../helpers/db";
import { E2E_BASE_URL, uniqueEmail } from "../helpers/session";

// Money over HTTP as a new API client would call it, against the PayPal emulator (which sends its
// webhooks to the shop, as PayPal does).

const PAYPAL_URL = `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT ?? 3180}`;
type Ctx = { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } };

async function testProduct(stock: number, priceCents = 1500): Promise<{ id: number }> {
  const slug = uniqueSlug("money-api");
  const { id } = await makeProduct(e2eDb(), { title: `Money Test ${slug}`, slug, description: "Made for a money test.", priceCents, stock, image: false });
  return { id };
}

function orderRow(id: number) {
  return withDb(
    (db) =>
      db.prepare("SELECT status, paypal_order_id AS paypalOrderId, paypal_capture_id AS captureId FROM orders WHERE id = ?").get(id) as {
        status: string;
        paypalOrderId: string | null;
        captureId: string | null;
      },
  );
}

function stockOf(productId: number): number {
  return withDb((db) => (db.prepare("SELECT stock FROM products WHERE id = ?").get(productId) as { stock: number }).stock);
}

/** A guest (own context, own session) with an unpaid order of the product, made through the public API. */
async function guestOrder(playwright: Ctx, productId: number) {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  expect((await request.post("/api/cart", { data: { productId, quantity: 1 } })).status()).toBe(201);
  const res = await request.post("/api/orders", {
    data: {
      email: uniqueEmail("money-api"),
      status: "unpaid",
      shippingAddress: { firstName: "Ada", lastName: "Lovelace", addressLine1: "1 Loom Street", city: "London", postalCode: "N1 9GU", country: "GB" },
      useLoyaltyPoints: false,
      customerMessage: null,
      agreeToTerms: true,
    },
  });
  expect(res.status()).toBe(201);
  return { request, order: (await res.json()) as { id: number; confirmationToken: string; total: string } };
}

/** Pays a guest's order the way an API client does: paypal/order with {amount, currency, intent}, approval, capture. */
async function paidGuestOrder(playwright: Ctx, productId: number) {
  const guest = await guestOrder(playwright, productId);
  const created = await guest.request.post("/api/paypal/order", { data: { amount: guest.order.total, currency: "USD", intent: "CAPTURE" } });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  expect((await fetch(`${PAYPAL_URL}/__emulator/approve/${id}`, { method: "POST" })).status).toBe(200);
  const captured = await guest.request.post(`/api/paypal/order/${id}/capture`);
  expect(captured.status()).toBe(200);
  const body = (await captured.json()) as { captureId: string };
  return { ...guest, paypalOrderId: id, captureId: body.captureId };
}

test.describe("the spec's three calls", () => {
  test("POST /api/paypal/order {amount, currency, intent} binds to the caller's unpaid order of that total", async ({ playwright }) => {
    const product = await testProduct(5);
    const guest = await guestOrder(playwright, product.id);
    const stranger = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    try {
      const res = await guest.request.post("/api/paypal/order", { data: { amount: guest.order.total, currency: "USD", intent: "CAPTURE" } });
      expect(res.status()).toBe(200);
      const body = (await res.json()) as { id: string; links: { rel: string; href: string }[] };
      expect(body.id).toMatch(/^[A-Z0-9]{17}$/);
      expect(body.links.some((l) => l.rel === "approve" || l.rel === "payer-action")).toBe(true);
      const atPaypal = await (await fetch(`${PAYPAL_URL}/__emulator/orders`)).json();
      const made = (atPaypal.orders as { id: string; purchase_units: { reference_id: string }[] }[]).find((o) => o.id === body.id)!;
      expect(made.purchase_units[0]!.reference_id).toBe(String(guest.order.id));
      // Nobody else's order, no other amount, no other currency.
      await expectError(await stranger.post("/api/paypal/order", { data: { amount: guest.order.total, currency: "USD", intent: "CAPTURE" } }), 409);
      await expectError(await guest.request.post("/api/paypal/order", { data: { amount: "1.00", currency: "USD", intent: "CAPTURE" } }), 409);
      await expectError(await guest.request.post("/api/paypal/order", { data: { amount: guest.order.total, currency: "EUR", intent: "CAPTURE" } }), 400);
      await expectError(await guest.request.post("/api/paypal/order", { data: { currency: "USD", intent: "CAPTURE" } }), 400);
    } finally {
      await guest.request.dispose();
      await stranger.dispose();
    }
  });

  test("POST and PUT /api/admin/products accept images finalized by POST /api/upload/finalize first", async ({ request, loginAsAdmin }) => {
    const admin = await loginAsAdmin({ email: uniqueEmail("money-products-admin") });
    const png = (color: string) =>
      sharp({ create: { width: 60, height: 75, channels: 3, background: color } })
        .png()
        .toBuffer();
    const upload = async (color: string) => {
      const res = await admin.request.post("/api/upload/temp", { multipart: { image: { name: "a.png", mimeType: "image/png", buffer: await png(color) } } });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const finalize = async (ids: string[]) => {
      const res = await admin.request.post("/api/upload/finalize", { data: { images: ids.map((id, i) => ({ id, isPrimary: i === 0 })) } });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { images: { id: string; imageUrl: string; isPrimary: boolean }[] }).images;
    };
    const images = await finalize([await upload("#aa3366"), await upload("#3366aa")]);
    const title = `Finalized First ${randomBytes(3).toString("hex")}`;
    const res = await admin.request.post("/api/admin/products", {
      data: {
        title,
        description: "Made in the spec's order.",
        price: "19.50",
        stock: 2,
        categories: [],
        images: images.map((i) => ({ id: i.id, isPrimary: i.isPrimary })),
      },
    });
    expect(res.status()).toBe(201);
    const product = (await res.json()) as { id: number; images: { id: number; imageUrl: string; isPrimary: boolean }[] };
    expect(product.images.map((i) => i.imageUrl).sort()).toEqual(images.map((i) => i.imageUrl).sort());
    expect((await request.get(product.images[0]!.imageUrl)).status()).toBe(200);

    // The same finalized image cannot go to a second product.
    await expectError(
      await admin.request.post("/api/admin/products", {
        data: { title: `${title} copy`, description: "x", price: "1.00", stock: 1, images: [{ id: images[0]!.id, isPrimary: true }] },
      }),
      400,
    );
    // PUT with a newly finalized image and the stored ones to keep.
    const [third] = await finalize([await upload("#66aa33")]);
    const put = await admin.request.put(`/api/admin/products/${product.id}`, {
      data: {
        title,
        description: "Made in the spec's order.",
        price: "19.50",
        stock: 2,
        categories: [],
        images: [{ id: third!.id, isPrimary: true }],
        existingImages: product.images.map((i) => ({ id: i.id, isPrimary: false })),
      },
    });
    expect(put.status()).toBe(200);
    const updated = (await put.json()) as { images: { imageUrl: string; isPrimary: boolean }[] };
    expect(updated.images).toHaveLength(3);
    expect(updated.images.find((i) => i.isPrimary)!.imageUrl).toBe(third!.imageUrl);

    // A finalized image given by the finalize answer's imageUrl alone works too; a URL outside
    // the products path, or one that is not a finalized image, is refused.
    const [fourth] = await finalize([await upload("#3a3a8a")]);
    const byUrl = await admin.request.post("/api/admin/products", {
      data: { title: `${title} by url`, description: "x", price: "2.00", stock: 1, categories: [], images: [{ imageUrl: fourth!.imageUrl, isPrimary: true }] },
    });
    expect(byUrl.status()).toBe(201);
    expect(((await byUrl.json()) as { images: { imageUrl: string }[] }).images.map((i) => i.imageUrl)).toEqual([fourth!.imageUrl]);
    for (const imageUrl of ["/etc/passwd", "/uploads/products/../../shop.db", `/uploads/products/${randomUUID()}.jpg`]) {
      await expectError(
        await admin.request.post("/api/admin/products", {
          data: { title: `${title} bad`, description: "x", price: "2.00", stock: 1, images: [{ imageUrl, isPrimary: true }] },
        }),
        400,
      );
    }
  });

  test("PATCH /api/orders/{id}/cancel: an admin's call cancels a paid order with a PayPal refund; a customer's is a request", async ({
    playwright,
    loginAsAdmin,
  }) => {
    const product = await testProduct(5);
    const paid = await paidGuestOrder(playwright, product.id);
    const other = await paidGuestOrder(playwright, product.id);
    const admin = await loginAsAdmin({ email: uniqueEmail("money-cancel-admin") });
    try {
      expect(stockOf(product.id)).toBe(3);
      const res = await admin.request.patch(`/api/orders/${paid.order.id}/cancel`);
      expect(res.status()).toBe(200);
      expect((await res.json()).status).toBe("cancelled");
      expect(stockOf(product.id)).toBe(4);
      const refunds = withDb((db) =>
        db.prepare("SELECT status, amount_cents AS cents, paypal_refund_id AS pid FROM refunds WHERE order_id = ?").all(paid.order.id),
      ) as {
        status: string;
        cents: number;
        pid: string;
      }[];
      expect(refunds).toEqual([{ status: "COMPLETED", cents: Math.round(Number(paid.order.total) * 100), pid: expect.stringMatching(/^[A-Z0-9]{17}$/) }]);

      const customer = await other.request.patch(`/api/orders/${other.order.id}/cancel`);
      expect(customer.status()).toBe(200);
      expect((await customer.json()).status).toBe("cancel_request");
      expect(stockOf(product.id)).toBe(4);
    } finally {
      await paid.request.dispose();
      await other.request.dispose();
    }
  });
});

test("PayPal refuses the refund: the order is unchanged and the answer carries PayPal's reason", async ({ playwright, loginAsAdmin }) => {
  const product = await testProduct(5);
  const paid = await paidGuestOrder(playwright, product.id);
  const admin = await loginAsAdmin({ email: uniqueEmail("money-refuse-admin") });
  try {
    const control = await fetch(`${PAYPAL_URL}/__emulator/fail-next-refund`, {
      method: "POST",
      body: JSON.stringify({ captureId: paid.captureId, issue: "REFUND_NOT_ALLOWED" }),
    });
    expect(control.status).toBe(200);
    const message = await expectError(await admin.request.patch(`/api/admin/orders/${paid.order.id}/cancel`), 409);
    expect(message).toContain("PayPal refused the refund: Capture cannot be refunded.");
    expect(orderRow(paid.order.id).status).toBe("paid");
    expect(stockOf(product.id)).toBe(4);
  } finally {
    await paid.request.dispose();
  }
});

test.describe("POST /api/paypal/webhook", () => {
  async function signedEvent(eventType: string, resourceId: string) {
    const res = await fetch(`${PAYPAL_URL}/__emulator/webhook-event`, {
      method: "POST",
      body: JSON.stringify({ event_type: eventType, resource_id: resourceId }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { body: string; headers: Record<string, string> };
  }

  test("valid: a payment the browser never reported is recorded from PayPal's webhook; replayed: no change; forged: 400", async ({ playwright, request }) => {
    const product = await testProduct(5);
    const guest = await guestOrder(playwright, product.id);
    try {
      const created = await guest.request.post("/api/paypal/order", { data: { amount: guest.order.total, currency: "USD", intent: "CAPTURE" } });
      const { id } = (await created.json()) as { id: string };
      // The buyer approved and PayPal captured; the buyer's browser never came back.
      const capture = await fetch(`${PAYPAL_URL}/__emulator/capture/${id}`, { method: "POST" });
      expect(capture.status).toBe(201);
      const captureId = ((await capture.json()) as { purchase_units: { payments: { captures: { id: string }[] } }[] }).purchase_units[0]!.payments.captures[0]!
        .id;
      // The emulator's own webhook delivery settles it.
      await expect.poll(() => orderRow(guest.order.id).status, { timeout: 10_000 }).toBe("paid");
      expect(orderRow(guest.order.id).captureId).toBe(captureId);
      expect(stockOf(product.id)).toBe(4);

      const event = await signedEvent("PAYMENT.CAPTURE.COMPLETED", captureId);
      const first = await request.post("/api/paypal/webhook", { headers: event.headers, data: event.body });
      expect(first.status()).toBe(200);
      const replay = await request.post("/api/paypal/webhook", { headers: event.headers, data: event.body });
      expect(replay.status()).toBe(200);
      expect((await replay.json()).message).toBe("Already handled");
      expect(stockOf(product.id)).toBe(4);

      const forged = event.body.replace(captureId, "AAAAAAAAAAAAAAAAA");
      await expectError(await request.post("/api/paypal/webhook", { headers: event.headers, data: forged }), 400);
      await expectError(await request.post("/api/paypal/webhook", { headers: { "Content-Type": "application/json" }, data: event.body }), 400);
      await expectError(await request.post("/api/paypal/webhook", { headers: event.headers, data: "{not json" }), 400);
      await expectError(await request.post("/api/paypal/webhook", { headers: { ...event.headers, Origin: "http://evil.example" }, data: event.body }), 403);
    } finally {
      await guest.request.dispose();
    }
  });

  test("a forged CHECKOUT.ORDER.APPROVED does not capture anything", async ({ playwright, request }) => {
    const product = await testProduct(5);
    const guest = await guestOrder(playwright, product.id);
    try {
      const created = await guest.request.post("/api/paypal/order", { data: { orderId: guest.order.id, currency: "USD", intent: "CAPTURE" } });
      const { id } = (await created.json()) as { id: string };
      // Not approved at PayPal; an attacker signs nothing PayPal would accept.
      const fake = JSON.stringify({ id: "WH-FAKE-1", event_type: "CHECKOUT.ORDER.APPROVED", resource: { id, status: "APPROVED" } });
      const headers = {
        "Content-Type": "application/json",
        "PAYPAL-AUTH-ALGO": "HMACSHA256",
        "PAYPAL-CERT-URL": `${PAYPAL_URL}/v1/notifications/certs/CERT-EMULATOR`,
        "PAYPAL-TRANSMISSION-ID": "8b7c2c40-0000-4000-8000-000000000000",
        "PAYPAL-TRANSMISSION-SIG": "f".repeat(64),
        "PAYPAL-TRANSMISSION-TIME": new Date().toISOString(),
      };
      await expectError(await request.post("/api/paypal/webhook", { headers, data: fake }), 400);
      expect(orderRow(guest.order.id).status).toBe("unpaid");
    } finally {
      await guest.request.dispose();
    }
  });
});
