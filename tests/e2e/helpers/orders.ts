import { randomBytes } from "node:crypto";
import { makeOrder, type MadeOrder, makeProduct, type OrderSpec, uniqueSlug } from "../../helpers/kit";
import { e2eDb, withDb } from "./db";
import { E2E_BASE_URL, type SessionCookie, sessionCookieWith } from "./session";

/**
 * Orders for the e2e tests of the order pages and order API, written into the e2e database by the
 * fixture kit the way checkout and payment would have left them (no PayPal round trip needed).
 */

/** The seeded product an order holds when the test names none. */
const SWEATER = "cream-cable-knit-sweater";

/** Inserts an order and its items (one seeded sweater unless `lines` says otherwise); returns its id and token. */
export function insertOrder(spec: OrderSpec = {}): Promise<MadeOrder> {
  return makeOrder(e2eDb(), { ...spec, lines: spec.lines ?? [{ slug: SWEATER, quantity: 1 }] });
}

export function orderStatus(id: number): { status: string; stockReserved: number } {
  return withDb(
    (db) => db.prepare("SELECT status, stock_reserved AS stockReserved FROM orders WHERE id = ?").get(id) as { status: string; stockReserved: number },
  );
}

/** A product of the e2e database made for one test, so its stock is exact. */
export async function makeStockProduct(stock: number, priceCents = 1500): Promise<{ id: number; slug: string }> {
  const slug = uniqueSlug("order-test");
  const product = await makeProduct(e2eDb(), { title: `Order Test ${slug}`, slug, description: "Made for an order test.", priceCents, stock, image: false });
  return { id: product.id, slug };
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
