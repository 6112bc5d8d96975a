import { randomBytes } from "node:crypto";
import { type OrderStatus } from "../../../app/lib/db-schema/order-status";
import { type DB } from "../../../app/lib/sqlite.server";

export interface OrderLineSpec {
  /** The product, by id or by slug (a seeded product's, say). */
  productId?: number;
  slug?: string;
  quantity?: number;
  colorId?: number | null;
  variationCode?: string | null;
  /** The price paid; the product's current price when left out. */
  unitPriceCents?: number;
  /** A made-to-order piece, with the lead time it was bought with. */
  madeToOrder?: boolean;
  leadTimeDays?: number | null;
}

export interface OrderSpec {
  /** The signed-in owner; leave out for a guest order. */
  userId?: number | null;
  /** A guest session's cart key. */
  sessionKey?: string | null;
  email?: string;
  status?: OrderStatus;
  trackingNumber?: string | null;
  customerMessage?: string | null;
  shippingCents?: number;
  /** The order holds its items' stock (stock_taken on each line). */
  stockReserved?: boolean;
  lines?: OrderLineSpec[];
  /** The subtotal when it is not the lines' sum (an order written without lines, say). */
  subtotalCents?: number;
  /** When it was paid; now for a status past payment when left out. */
  paidAt?: string | null;
  /** When it was shipped; now for 'shipped' when left out. */
  shippedAt?: string | null;
  deliveredAt?: string | null;
  /** An unpaid order's made-to-order hold: when it runs out (made_to_order_holds), and the address that placed it. */
  madeToOrderHold?: { heldUntil: string; clientIp?: string | null };
  /** The buyer ticked 'This is a gift'. */
  isGift?: boolean;
  /** The ship-to country (ISO code); Canada when left out. */
  shipTo?: string;
  /** A loyalty discount taken off the total. */
  loyaltyDiscountCents?: number;
  /** The checkout's language (its e-mails are written in it); English when left out. */
  locale?: "en" | "pl";
}

export interface MadeOrder {
  id: number;
  token: string;
  totalCents: number;
  items: { productId: number; title: string; quantity: number; unitPriceCents: number }[];
}

/** An ISO time `days` days before now, for an order that is older than a test can wait for. */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString();
}

const UNPAID: readonly string[] = ["unpaid", "unpaidcancelled"];

/**
 * Writes an order and its items the way checkout and payment would have left them (snapshots of
 * the products' current title and price, a Toronto address, standard shipping), without a PayPal
 * round trip. Only the order's state is written: no stock is taken and no points move.
 */
export async function makeOrder(db: DB, spec: OrderSpec = {}): Promise<MadeOrder> {
  return db.transaction().execute(async (trx) => {
    const items = [];
    for (const line of spec.lines ?? []) {
      let q = trx.selectFrom("products").select(["id", "title", "price_cents as price"]);
      q = line.productId === undefined ? q.where("slug", "=", line.slug ?? "") : q.where("id", "=", line.productId);
      const p = await q.executeTakeFirst();
      if (!p) throw new Error(`makeOrder: no product ${line.productId ?? line.slug}`);
      items.push({
        productId: p.id,
        title: p.title,
        quantity: line.quantity ?? 1,
        unitPriceCents: line.unitPriceCents ?? p.price,
        colorId: line.colorId ?? null,
        variationCode: line.variationCode ?? null,
        madeToOrder: line.madeToOrder ?? false,
        leadTimeDays: line.leadTimeDays ?? null,
      });
    }
    const subtotal = spec.subtotalCents ?? items.reduce((a, i) => a + i.unitPriceCents * i.quantity, 0);
    const shipping = spec.shippingCents ?? 800;
    const status = spec.status ?? "paid";
    const token = randomBytes(24).toString("base64url");
    const now = new Date().toISOString();
    const order = await trx
      .insertInto("orders")
      .values({
        user_id: spec.userId ?? null,
        session_key: spec.sessionKey ?? null,
        email: spec.email ?? "buyer@example.com",
        status,
        subtotal_cents: subtotal,
        shipping_cents: shipping,
        shipping_name: "Standard Shipping",
        total_cents: subtotal + shipping - (spec.loyaltyDiscountCents ?? 0),
        loyalty_discount_cents: spec.loyaltyDiscountCents ?? 0,
        is_gift: spec.isGift ? 1 : 0,
        tracking_number: spec.trackingNumber ?? null,
        customer_message: spec.customerMessage ?? null,
        confirmation_token: token,
        shipping_first_name: "Clara",
        shipping_last_name: "Bloom",
        shipping_address_line1: "12 Lace Lane",
        shipping_address_line2: null,
        shipping_city: "Toronto",
        shipping_state: "ON",
        shipping_postal_code: "M5V 2T6",
        shipping_country: spec.shipTo ?? "CA",
        stock_reserved: spec.stockReserved ? 1 : 0,
        paid_at: spec.paidAt !== undefined ? spec.paidAt : spec.status && !UNPAID.includes(spec.status) ? now : null,
        shipped_at: spec.shippedAt !== undefined ? spec.shippedAt : status === "shipped" ? now : null,
        delivered_at: spec.deliveredAt ?? null,
        ...(spec.locale ? { locale: spec.locale } : {}),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const i of items) {
      await trx
        .insertInto("order_items")
        .values({
          order_id: order.id,
          product_id: i.productId,
          title: i.title,
          unit_price_cents: i.unitPriceCents,
          quantity: i.quantity,
          color_id: i.colorId,
          variation_code: i.variationCode,
          stock_taken: spec.stockReserved ? i.quantity : 0,
          made_to_order: i.madeToOrder ? 1 : 0,
          lead_time_days: i.leadTimeDays,
        })
        .execute();
    }
    if (spec.madeToOrderHold) {
      await trx
        .insertInto("made_to_order_holds")
        .values({ order_id: order.id, held_until: spec.madeToOrderHold.heldUntil, client_ip: spec.madeToOrderHold.clientIp ?? null })
        .execute();
    }
    return {
      id: order.id,
      token,
      totalCents: subtotal + shipping - (spec.loyaltyDiscountCents ?? 0),
      items: items.map(({ productId, title, quantity, unitPriceCents }) => ({ productId, title, quantity, unitPriceCents })),
    };
  });
}

/**
 * The order's made-to-order hold ran out `minutesAgo` minutes ago, as if its buyer had waited past
 * MADE_TO_ORDER_HOLD_MINUTES (a test cannot wait that long).
 */
export async function endMadeToOrderHold(db: DB, orderId: number, minutesAgo = 1): Promise<void> {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const updated = await db.updateTable("made_to_order_holds").set({ held_until: at, ended_at: at }).where("order_id", "=", orderId).executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw new Error(`endMadeToOrderHold: order ${orderId} holds no made-to-order places`);
}
