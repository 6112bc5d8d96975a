import { randomBytes } from "node:crypto";
import { type DB } from "../../app/lib/sqlite.server";

// Shared by the payment tests (tests/integration/payments*.test.ts): orders as checkout stores
// them, and a small client for the PayPal emulator's own API and test controls.

export interface OrderLineSpec {
  productId: number;
  quantity?: number;
  unitPriceCents?: number;
  title?: string;
  colorId?: number | null;
  variationCode?: string | null;
}

export interface OrderSpec {
  lines: OrderLineSpec[];
  userId?: number | null;
  sessionKey?: string | null;
  shippingCents?: number;
  loyaltyDiscountCents?: number;
  loyaltyPointsUsed?: number;
  status?: string;
}

/** Inserts an unpaid order with its items (the figures checkout would store); returns id, token and total. */
export async function makeOrder(db: DB, spec: OrderSpec) {
  const lines = spec.lines.map((l, i) => ({ quantity: 1, unitPriceCents: 2400, title: `Item ${i + 1}`, colorId: null, variationCode: null, ...l }));
  const subtotal = lines.reduce((a, l) => a + l.unitPriceCents * l.quantity, 0);
  const shipping = spec.shippingCents ?? 500;
  const discount = spec.loyaltyDiscountCents ?? 0;
  const total = subtotal + shipping - discount;
  const token = randomBytes(24).toString("base64url");
  const order = await db
    .insertInto("orders")
    .values({
      user_id: spec.userId ?? null,
      session_key: spec.sessionKey ?? null,
      email: "buyer@example.com",
      status: spec.status ?? "unpaid",
      subtotal_cents: subtotal,
      shipping_cents: shipping,
      shipping_name: "Standard Shipping",
      loyalty_discount_cents: discount,
      loyalty_points_used: spec.loyaltyPointsUsed ?? 0,
      total_cents: total,
      confirmation_token: token,
      shipping_first_name: "Ada",
      shipping_last_name: "Lovelace",
      shipping_address_line1: "1 Lace Lane",
      shipping_city: "Kraków",
      shipping_postal_code: "30-001",
      shipping_country: "US",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const l of lines) {
    await db
      .insertInto("order_items")
      .values({
        order_id: order.id,
        product_id: l.productId,
        title: l.title,
        unit_price_cents: l.unitPriceCents,
        quantity: l.quantity,
        color_id: l.colorId,
        variation_code: l.variationCode,
      })
      .execute();
  }
  return { id: order.id, token, totalCents: total };
}

export async function orderRow(db: DB, id: number) {
  return db
    .selectFrom("orders")
    .select([
      "status",
      "paypal_order_id as paypalOrderId",
      "paypal_capture_id as paypalCaptureId",
      "stock_reserved as stockReserved",
      "paid_at as paidAt",
      "points_awarded as pointsAwarded",
    ])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

export async function productStock(db: DB, id: number): Promise<{ stock: number; total: number }> {
  const row = await db.selectFrom("products").select(["stock", "total_stock as total"]).where("id", "=", id).executeTakeFirstOrThrow();
  return row;
}

export async function pointsOf(db: DB, userId: number): Promise<number> {
  return (await db.selectFrom("users").select("loyalty_points").where("id", "=", userId).executeTakeFirstOrThrow()).loyalty_points;
}

export type Json = Record<string, any>;

/** Talks to a running emulator directly, as PayPal's own API and its test controls. */
export function emulatorClient(base: string, clientId: string, clientSecret: string) {
  let token: string | undefined;
  async function accessToken(): Promise<string> {
    if (token) return token;
    const res = await fetch(`${base}/v1/oauth2/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    token = ((await res.json()) as Json).access_token as string;
    return token;
  }
  async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${await accessToken()}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
  }
  return {
    api,
    /** A PayPal order made outside the shop (for tampering tests). */
    async createOrder(referenceId: string, value: string, currency = "USD", payee?: { email_address?: string; merchant_id?: string }): Promise<Json> {
      const res = await api("POST", "/v2/checkout/orders", {
        intent: "CAPTURE",
        purchase_units: [{ reference_id: referenceId, custom_id: referenceId, amount: { currency_code: currency, value }, ...(payee ? { payee } : {}) }],
        application_context: { return_url: "http://localhost:3000/return", cancel_url: "http://localhost:3000/cancel" },
      });
      if (res.status !== 201) throw new Error(`emulator create: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    getOrder: (id: string) => api("GET", `/v2/checkout/orders/${id}`),
    capture: (id: string) => api("POST", `/v2/checkout/orders/${id}/capture`, {}),
    async approve(id: string): Promise<void> {
      const res = await fetch(`${base}/__emulator/approve/${id}`, { method: "POST" });
      if (res.status !== 200) throw new Error(`emulator approve ${id}: ${res.status}`);
    },
    /** Approves through the buyer's page, like a browser: answers where PayPal sends the buyer. */
    async decide(id: string, decision: "approve" | "cancel"): Promise<string> {
      const res = await fetch(`${base}/checkoutnow`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: id, decision }).toString(),
        redirect: "manual",
      });
      if (res.status !== 302) throw new Error(`emulator decision: ${res.status}`);
      return res.headers.get("location")!;
    },
    async failNextCapture(body: Json = {}): Promise<void> {
      await fetch(`${base}/__emulator/fail-next-capture`, { method: "POST", body: JSON.stringify(body) });
    },
    async completeNextCaptureWith(status: "PENDING" | "DECLINED", orderId?: string): Promise<void> {
      await fetch(`${base}/__emulator/complete-capture-with`, { method: "POST", body: JSON.stringify({ status, orderId }) });
    },
  };
}
