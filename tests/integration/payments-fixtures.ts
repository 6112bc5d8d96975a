import { randomBytes } from "node:crypto";
import { type DB } from "../../app/lib/sqlite.server";
import { type OrderStatus } from "~/domain/orders/status";

// Shared by the payment tests (tests/integration/payments*.test.ts): orders as checkout stores
// them. The PayPal emulator's client and hooks are in tests/helpers/paypal-emulator.ts.

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
  status?: OrderStatus;
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
