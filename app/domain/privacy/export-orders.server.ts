import { type OrderShippingAddress } from "~/domain/orders/orders.server";
import { type DB } from "~/lib/sqlite.server";

/** The orders part of the data export (export.server.ts): an account's own orders, with what hangs on them. */

export interface ExportedOrder {
  id: number;
  status: string;
  email: string;
  placedAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  currency: "USD";
  subtotalCents: number;
  shippingCents: number;
  shippingMethod: string;
  loyaltyDiscountCents: number;
  loyaltyPointsUsed: number;
  /** The discount code the order used, and what it took off. */
  discountCode: string | null;
  discountCents: number;
  pointsAwarded: number;
  totalCents: number;
  trackingNumber: string | null;
  customerMessage: string | null;
  declineReason: string | null;
  shippingAddress: OrderShippingAddress;
  items: {
    title: string;
    quantity: number;
    returnedQuantity: number;
    unitPriceCents: number;
    colorName: string | null;
    variationName: string | null;
  }[];
  refunds: { amountCents: number; status: string; createdAt: string }[];
  withdrawal: { receivedAt: string; handledAt: string | null; name: string; statement: string | null } | null;
  /** What happened to the order, as its pages show it. */
  history: { at: string; event: string }[];
  /** The shop's own record of the order, line by line, as the owner's order page lists it (a line may name PayPal's number of a capture or refund). */
  events: { at: string; type: string; message: string; amountCents: number | null }[];
  /** Each payment the shop started at PayPal for the order: its state and amount, without PayPal's ids. */
  paymentAttempts: { startedAt: string; updatedAt: string; status: string; amountCents: number }[];
  /** Invoices and credit notes issued for the order, with the buyer's details as written on them. */
  invoices: { kind: string; number: string; issuedAt: string; buyerName: string; buyerAddress: string; taxId: string | null; amountCents: number }[];
  /** The order's own page (works without the account: keep it private). */
  detailsPath: string;
}

/** The invoices and credit notes of these orders, oldest first. */
function invoicesOf(db: DB, orderIds: number[]) {
  return db
    .selectFrom("invoices")
    .select([
      "order_id as orderId",
      "kind",
      "number",
      "issued_at as issuedAt",
      "buyer_name as buyerName",
      "buyer_address as buyerAddress",
      "tax_id as taxId",
      "amount_cents as amountCents",
    ])
    .where("order_id", "in", orderIds)
    .orderBy("id")
    .execute();
}

/** The account's own orders (by user id only: a guest order that merely names the address may be someone else's). */
export async function listOrders(db: DB, userId: number): Promise<ExportedOrder[]> {
  const orders = await db
    .selectFrom("orders")
    .select([
      "id",
      "status",
      "email",
      "created_at as placedAt",
      "paid_at as paidAt",
      "shipped_at as shippedAt",
      "delivered_at as deliveredAt",
      "subtotal_cents as subtotalCents",
      "shipping_cents as shippingCents",
      "shipping_name as shippingMethod",
      "loyalty_discount_cents as loyaltyDiscountCents",
      "loyalty_points_used as loyaltyPointsUsed",
      "discount_code as discountCode",
      "discount_cents as discountCents",
      "points_awarded as pointsAwarded",
      "total_cents as totalCents",
      "tracking_number as trackingNumber",
      "customer_message as customerMessage",
      "decline_reason as declineReason",
      "confirmation_token as token",
      "shipping_first_name as firstName",
      "shipping_last_name as lastName",
      "shipping_address_line1 as addressLine1",
      "shipping_address_line2 as addressLine2",
      "shipping_city as city",
      "shipping_state as state",
      "shipping_postal_code as postalCode",
      "shipping_country as country",
    ])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [items, refunds, withdrawals, events, attempts, invoices] = await Promise.all([
    db
      .selectFrom("order_items as oi")
      .leftJoin("colors as c", "c.id", "oi.color_id")
      .select([
        "oi.order_id as orderId",
        "oi.title",
        "oi.quantity",
        "oi.returned_quantity as returnedQuantity",
        "oi.unit_price_cents as unitPriceCents",
        "c.name as colorName",
        "oi.variation_name as variationName",
      ])
      .where("oi.order_id", "in", ids)
      .orderBy("oi.id")
      .execute(),
    db
      .selectFrom("refunds")
      .select(["order_id as orderId", "amount_cents as amountCents", "status", "created_at as createdAt"])
      .where("order_id", "in", ids)
      .where("status", "in", ["COMPLETED", "PENDING"])
      .orderBy("id")
      .execute(),
    db
      .selectFrom("withdrawals")
      .select(["order_id as orderId", "received_at as receivedAt", "handled_at as handledAt", "name", "statement"])
      .where("order_id", "in", ids)
      .execute(),
    db
      .selectFrom("order_events")
      .select(["order_id as orderId", "created_at as at", "type", "message", "amount_cents as amountCents"])
      .where("order_id", "in", ids)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("payment_attempts")
      .select(["order_id as orderId", "created_at as startedAt", "updated_at as updatedAt", "status", "amount_cents as amountCents"])
      .where("order_id", "in", ids)
      .orderBy("id")
      .execute(),
    invoicesOf(db, ids),
  ]);
  return orders.map(({ token, firstName, lastName, addressLine1, addressLine2, city, state, postalCode, country, ...o }) => {
    const orderRefunds = refunds.filter((r) => r.orderId === o.id).map(({ orderId: _, ...r }) => r);
    const w = withdrawals.find((x) => x.orderId === o.id);
    const withdrawal = w ? { receivedAt: w.receivedAt, handledAt: w.handledAt, name: w.name, statement: w.statement } : null;
    const history = [
      { at: o.placedAt, event: "Order placed" },
      ...(o.paidAt ? [{ at: o.paidAt, event: "Payment received" }] : []),
      ...(o.shippedAt ? [{ at: o.shippedAt, event: "Shipped" }] : []),
      ...(o.deliveredAt ? [{ at: o.deliveredAt, event: "Delivered" }] : []),
      ...orderRefunds.map((r) => ({ at: r.createdAt, event: `Refund of ${(r.amountCents / 100).toFixed(2)} USD (${r.status.toLowerCase()})` })),
      ...(withdrawal ? [{ at: withdrawal.receivedAt, event: "Withdrawal received" }] : []),
      ...(withdrawal?.handledAt ? [{ at: withdrawal.handledAt, event: "Withdrawal handled" }] : []),
    ].sort((a, b) => a.at.localeCompare(b.at));
    return {
      ...o,
      currency: "USD" as const,
      shippingAddress: { firstName, lastName, addressLine1, addressLine2, city, state, postalCode, country },
      items: items.filter((i) => i.orderId === o.id).map(({ orderId: _, ...i }) => i),
      refunds: orderRefunds,
      withdrawal,
      history,
      events: events.filter((e) => e.orderId === o.id).map(({ orderId: _, ...e }) => e),
      paymentAttempts: attempts.filter((a) => a.orderId === o.id).map(({ orderId: _, ...a }) => a),
      invoices: invoices.filter((i) => i.orderId === o.id).map(({ orderId: _, ...i }) => i),
      detailsPath: `/order-details/${o.id}/${encodeURIComponent(token)}`,
    };
  });
}
