import { randomBytes } from "node:crypto";
import { E2E_BASE_URL, type SessionCookie, sessionCookieWith, withDb } from "./session";

/**
 * Orders for the e2e tests of the order pages and order API, written straight into the e2e
 * database the way checkout and payment would have left them (no PayPal round trip needed).
 */

export interface OrderLineSpec {
  /** A seeded product's slug. */
  slug: string;
  quantity?: number;
  colorId?: number | null;
  variationCode?: string | null;
}

export interface OrderSpec {
  /** The signed-in owner; leave out for a guest order. */
  userId?: number | null;
  /** A guest session's cart key (see guestSessionCookie). */
  sessionKey?: string | null;
  email?: string;
  status?: string;
  trackingNumber?: string | null;
  customerMessage?: string | null;
  shippingCents?: number;
  stockReserved?: boolean;
  lines?: OrderLineSpec[];
}

export interface InsertedOrder {
  id: number;
  token: string;
  totalCents: number;
  items: { productId: number; title: string; quantity: number; unitPriceCents: number }[];
}

/** Inserts an order and its items (snapshots of the products' current title and price); returns its id and token. */
export function insertOrder(spec: OrderSpec = {}): InsertedOrder {
  const lines = spec.lines ?? [{ slug: "cream-cable-knit-sweater", quantity: 1 }];
  return withDb((db) =>
    db
      .transaction(() => {
        const items = lines.map((l) => {
          const p = db.prepare("SELECT id, title, price_cents AS price FROM products WHERE slug = ?").get(l.slug) as
            { id: number; title: string; price: number } | undefined;
          if (!p) throw new Error(`insertOrder: no product ${l.slug}`);
          return {
            productId: p.id,
            title: p.title,
            quantity: l.quantity ?? 1,
            unitPriceCents: p.price,
            colorId: l.colorId ?? null,
            variationCode: l.variationCode ?? null,
          };
        });
        const subtotal = items.reduce((a, i) => a + i.unitPriceCents * i.quantity, 0);
        const shipping = spec.shippingCents ?? 800;
        const token = randomBytes(24).toString("base64url");
        const order = db
          .prepare(
            `INSERT INTO orders (user_id, session_key, email, status, subtotal_cents, shipping_cents, shipping_name, total_cents,
             tracking_number, customer_message, confirmation_token, shipping_first_name, shipping_last_name,
             shipping_address_line1, shipping_address_line2, shipping_city, shipping_state, shipping_postal_code, shipping_country,
             stock_reserved, paid_at, shipped_at)
           VALUES (?, ?, ?, ?, ?, ?, 'Standard Shipping', ?, ?, ?, ?, 'Clara', 'Bloom', '12 Lace Lane', NULL, 'Toronto', 'ON', 'M5V 2T6', 'CA', ?, ?, ?)`,
          )
          .run(
            spec.userId ?? null,
            spec.sessionKey ?? null,
            spec.email ?? "buyer@example.com",
            spec.status ?? "paid",
            subtotal,
            shipping,
            subtotal + shipping,
            spec.trackingNumber ?? null,
            spec.customerMessage ?? null,
            token,
            spec.stockReserved ? 1 : 0,
            spec.status && spec.status !== "unpaid" && spec.status !== "unpaidcancelled" ? new Date().toISOString() : null,
            spec.status === "shipped" ? new Date().toISOString() : null,
          );
        const id = Number(order.lastInsertRowid);
        const insertItem = db.prepare(
          "INSERT INTO order_items (order_id, product_id, title, unit_price_cents, quantity, color_id, variation_code, stock_taken) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        );
        for (const i of items)
          insertItem.run(id, i.productId, i.title, i.unitPriceCents, i.quantity, i.colorId, i.variationCode, spec.stockReserved ? i.quantity : 0);
        return {
          id,
          token,
          totalCents: subtotal + shipping,
          items: items.map(({ productId, title, quantity, unitPriceCents }) => ({ productId, title, quantity, unitPriceCents })),
        };
      })
      .immediate(),
  );
}

export function orderStatus(id: number): { status: string; stockReserved: number } {
  return withDb(
    (db) => db.prepare("SELECT status, stock_reserved AS stockReserved FROM orders WHERE id = ?").get(id) as { status: string; stockReserved: number },
  );
}

/** A product of the e2e database made for one test, so its stock is exact. */
export function makeStockProduct(stock: number, priceCents = 1500): { id: number; slug: string } {
  const slug = `order-test-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`;
  return withDb((db) => {
    const r = db
      .prepare("INSERT INTO products (title, slug, description, price_cents, stock, total_stock) VALUES (?, ?, 'Made for an order test.', ?, ?, ?)")
      .run(`Order Test ${slug}`, slug, priceCents, stock, stock);
    return { id: Number(r.lastInsertRowid), slug };
  });
}

export function productStock(id: number): number {
  return withDb((db) => (db.prepare("SELECT stock FROM products WHERE id = ?").get(id) as { stock: number }).stock);
}

/** A guest session (no user) holding `cartKey`, as the shop creates one for a guest's cart; returns the cookie. */
export async function guestSessionCookie(
  cartKey = randomBytes(18).toString("base64url"),
  baseURL = E2E_BASE_URL,
): Promise<{ cookie: SessionCookie; cartKey: string }> {
  return { cartKey, cookie: await sessionCookieWith({ cartKey }, baseURL) };
}
