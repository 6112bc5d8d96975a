import { createHmac, timingSafeEqual } from "node:crypto";
import { DomainError } from "~/domain/common/errors";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { type BackInStockInput, MAIL_TEXT } from "~/domain/mail/schemas";
import { getEnv } from "~/lib/env.server";
import { type DB } from "~/lib/sqlite.server";

/**
 * 'Email me when it's back': one open request per address and item (a product, or one of its
 * colours or variations). When a stock edit makes the item available, notifyBackInStock (in the
 * same transaction as the edit) queues one e-mail per waiting address and closes the requests.
 */

function normalise(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Records a request. Throws DomainError 400 for an unknown product or option, or an item that
 * is in stock. Asking twice for the same item is not an error (one request stays).
 */
export async function requestBackInStock(db: DB, input: BackInStockInput): Promise<{ created: boolean; slug: string }> {
  const product = await db
    .selectFrom("products")
    .select(["id", "slug", "total_stock as totalStock", "has_color_variations as hasColors", "has_variations as hasVariations"])
    .where("id", "=", input.productId)
    .executeTakeFirst();
  if (!product) throw new DomainError(MAIL_TEXT.backInStockUnknown, 400, "productId");
  const colorId = input.colorId ?? null;
  const variationCode = input.variationCode ?? null;
  let stock: number;
  if (colorId !== null) {
    const row = await db.selectFrom("product_colors").select("stock").where("product_id", "=", product.id).where("color_id", "=", colorId).executeTakeFirst();
    if (!row || product.hasColors !== 1) throw new DomainError(MAIL_TEXT.backInStockUnknownOption, 400, "colorId");
    stock = row.stock;
  } else if (variationCode !== null) {
    const row = await db
      .selectFrom("product_variations")
      .select("stock")
      .where("product_id", "=", product.id)
      .where("variation_code", "=", variationCode)
      .executeTakeFirst();
    if (!row || product.hasVariations !== 1) throw new DomainError(MAIL_TEXT.backInStockUnknownOption, 400, "variationCode");
    stock = row.stock;
  } else {
    stock = product.totalStock;
  }
  if (stock > 0) throw new DomainError(MAIL_TEXT.backInStockInStock, 400);
  const result = await db
    .insertInto("back_in_stock_requests")
    .orIgnore()
    .values({ email: normalise(input.email), product_id: product.id, color_id: colorId ?? 0, variation_code: variationCode ?? "" })
    .executeTakeFirst();
  return { created: Number(result.numInsertedOrUpdatedRows ?? 0) === 1, slug: product.slug };
}

/**
 * In the caller's transaction (a stock edit): every open request of these products whose item
 * now has stock gets its e-mail queued and is closed. Returns how many were notified.
 */
export async function notifyBackInStock(trx: DB, productIds: number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const open = await trx
    .selectFrom("back_in_stock_requests as r")
    .innerJoin("products as p", "p.id", "r.product_id")
    .leftJoin("product_colors as pc", (j) => j.onRef("pc.product_id", "=", "r.product_id").onRef("pc.color_id", "=", "r.color_id"))
    .leftJoin("colors as c", "c.id", "r.color_id")
    .leftJoin("product_variations as pv", (j) => j.onRef("pv.product_id", "=", "r.product_id").onRef("pv.variation_code", "=", "r.variation_code"))
    .select([
      "r.id",
      "r.email",
      "r.color_id as colorId",
      "r.variation_code as variationCode",
      "p.title",
      "p.slug",
      "p.total_stock as totalStock",
      "pc.stock as colorStock",
      "c.name as colorName",
      "pv.stock as variationStock",
      "pv.variation_name as variationName",
    ])
    .where("r.product_id", "in", productIds)
    .where("r.closed_at", "is", null)
    .execute();
  const now = new Date().toISOString();
  let notified = 0;
  for (const r of open) {
    const available = r.colorId > 0 ? (r.colorStock ?? 0) : r.variationCode !== "" ? (r.variationStock ?? 0) : r.totalStock;
    if (available <= 0) continue;
    await enqueueMail(trx, {
      eventKey: `back-in-stock:${r.id}`,
      to: r.email,
      kind: "back-in-stock",
      data: {
        productTitle: r.title,
        slug: r.slug,
        optionLabel: r.colorId > 0 ? r.colorName : r.variationCode !== "" ? r.variationName : null,
        unsubscribeToken: unsubscribeToken(r.email),
      },
    });
    await trx.updateTable("back_in_stock_requests").set({ closed_at: now, closed_reason: "notified" }).where("id", "=", r.id).execute();
    notified++;
  }
  return notified;
}

function signature(email: string): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`back-in-stock-unsubscribe:${email}`).digest("base64url");
}

/** The signed token of an unsubscribe link: the address and its HMAC. */
export function unsubscribeToken(email: string): string {
  const normal = normalise(email);
  return `${Buffer.from(normal).toString("base64url")}.${signature(normal)}`;
}

/** The address a token was made for, or null when it is not genuine. */
export function readUnsubscribeToken(token: string | null | undefined): string | null {
  if (!token || token.length > 800) return null;
  const [encoded, sig] = token.split(".");
  if (!encoded || !sig) return null;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  const expected = Buffer.from(signature(email));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? email : null;
}

/** Closes every open request of the token's address. Throws DomainError 400 for a forged token. */
export async function unsubscribeBackInStock(db: DB, token: string | null | undefined): Promise<{ email: string; closed: number }> {
  const email = readUnsubscribeToken(token);
  if (!email) throw new DomainError(MAIL_TEXT.unsubscribeInvalid, 400);
  const result = await db
    .updateTable("back_in_stock_requests")
    .set({ closed_at: new Date().toISOString(), closed_reason: "unsubscribed" })
    .where("email", "=", email)
    .where("closed_at", "is", null)
    .execute();
  return { email, closed: result.reduce((a, r) => a + Number(r.numUpdatedRows), 0) };
}
