import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { HOUR_MS, takeRateSlot } from "~/domain/auth/rate-limit.server";
import { DomainError } from "~/domain/common/errors";
import { requestMailLocale } from "~/domain/mail/mail-locale.server";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { type BackInStockInput, MAIL_TEXT } from "~/domain/mail/schemas";
import { getEnv } from "~/lib/env.server";
import { type DB } from "~/lib/sqlite.server";

/**
 * 'Email me when it's back': one open request per address and item (a product, or one of its
 * colours or variations). A request waits until its address confirms it through a mailed link
 * (double opt-in: nobody can sign up someone else). When a stock edit makes the item available,
 * notifyBackInStock (in the same transaction as the edit) queues one e-mail per confirmed
 * address and closes the requests.
 */

/**
 * New requests per client address and hour, and confirmation mails per e-mail address and day:
 * an address cannot be made to receive more than a few, and one client cannot spray many.
 */
export const BACK_IN_STOCK_LIMITS = { perAddress: 20, perEmail: 3 } as const;

/** An unconfirmed request (and its link) lasts this long; the purge job deletes it after. */
export const BACK_IN_STOCK_CONFIRM_MS = 7 * 24 * HOUR_MS;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function confirmMailKey(requestId: number): string {
  return `back-in-stock-confirm:${requestId}`;
}

function normalise(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Records a request and mails its address a confirmation link. Throws DomainError 400 for an
 * unknown product or option, or an item that is in stock; 429 past BACK_IN_STOCK_LIMITS
 * (nothing stored). Asking again for an item already asked for is not an error, and sends nothing.
 */
export async function requestBackInStock(db: DB, input: BackInStockInput, clientIp: string): Promise<{ created: boolean; slug: string }> {
  const product = await db
    .selectFrom("products")
    .select(["id", "slug", "title", "total_stock as totalStock", "has_color_variations as hasColors", "has_variations as hasVariations"])
    .where("id", "=", input.productId)
    .executeTakeFirst();
  if (!product) throw new DomainError(MAIL_TEXT.backInStockUnknown, 400, "productId");
  const colorId = input.colorId ?? null;
  const variationCode = input.variationCode ?? null;
  let stock: number;
  let optionLabel: string | null = null;
  if (colorId !== null) {
    const row = await db
      .selectFrom("product_colors as pc")
      .innerJoin("colors as c", "c.id", "pc.color_id")
      .select(["pc.stock", "c.name"])
      .where("pc.product_id", "=", product.id)
      .where("pc.color_id", "=", colorId)
      .executeTakeFirst();
    if (!row || product.hasColors !== 1) throw new DomainError(MAIL_TEXT.backInStockUnknownOption, 400, "colorId");
    stock = row.stock;
    optionLabel = row.name;
  } else if (variationCode !== null) {
    const row = await db
      .selectFrom("product_variations")
      .select(["stock", "variation_name as name"])
      .where("product_id", "=", product.id)
      .where("variation_code", "=", variationCode)
      .executeTakeFirst();
    if (!row || product.hasVariations !== 1) throw new DomainError(MAIL_TEXT.backInStockUnknownOption, 400, "variationCode");
    stock = row.stock;
    optionLabel = row.name;
  } else {
    stock = product.totalStock;
  }
  if (stock > 0) throw new DomainError(MAIL_TEXT.backInStockInStock, 400);
  const email = normalise(input.email);
  const item = { email, product_id: product.id, color_id: colorId ?? 0, variation_code: variationCode ?? "" };
  const open = await db
    .selectFrom("back_in_stock_requests")
    .select("id")
    .where("email", "=", item.email)
    .where("product_id", "=", item.product_id)
    .where("color_id", "=", item.color_id)
    .where("variation_code", "=", item.variation_code)
    .where("closed_at", "is", null)
    .executeTakeFirst();
  if (open) return { created: false, slug: product.slug };
  await takeRateSlot(
    db,
    [
      { bucket: "back-in-stock", key: clientIp, max: BACK_IN_STOCK_LIMITS.perAddress, windowMs: HOUR_MS },
      { bucket: "back-in-stock-email", key: email, max: BACK_IN_STOCK_LIMITS.perEmail, windowMs: 24 * HOUR_MS },
    ],
    MAIL_TEXT.backInStockLimited,
  );
  const token = randomBytes(32).toString("base64url");
  // The page's language: the confirmation now, and the notice whenever the item returns.
  const locale = requestMailLocale();
  const created = await db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto("back_in_stock_requests")
      .orIgnore()
      .values({ ...item, confirm_token_hash: hashToken(token), locale })
      .returning("id")
      .executeTakeFirst();
    if (!result) return false;
    // Only the shop's own words: the product's title and option, and the link.
    await enqueueMail(trx, {
      eventKey: confirmMailKey(result.id),
      to: email,
      kind: "back-in-stock-confirm",
      data: { productTitle: product.title, optionLabel, token },
      // Anyone may type an address: the request is nobody's until its address confirms it.
      userId: null,
      locale,
    });
    return true;
  });
  return { created, slug: product.slug };
}

/** The open, unconfirmed request a confirmation link belongs to, or null (unknown, used or expired). */
export async function getBackInStockConfirmation(db: DB, token: string | null | undefined, now = new Date()) {
  if (!token || token.length > 200) return null;
  return (
    (await db
      .selectFrom("back_in_stock_requests as r")
      .innerJoin("products as p", "p.id", "r.product_id")
      .select(["r.id", "r.email", "p.title as productTitle", "p.slug"])
      .where("r.confirm_token_hash", "=", hashToken(token))
      .where("r.confirmed_at", "is", null)
      .where("r.closed_at", "is", null)
      .where("r.created_at", ">", new Date(now.getTime() - BACK_IN_STOCK_CONFIRM_MS).toISOString())
      .executeTakeFirst()) ?? null
  );
}

/**
 * Makes a request active (its address clicked the link). The request becomes the account's whose
 * confirmed address it is, if any: whoever confirmed it holds that mailbox. An account that never
 * confirmed the address (anyone may register any address) gets nothing. Throws DomainError 400 for
 * a link that is not valid, used or expired.
 */
export async function confirmBackInStock(
  db: DB,
  token: string | null | undefined,
  now = new Date(),
): Promise<{ email: string; productTitle: string; slug: string }> {
  const request = await getBackInStockConfirmation(db, token, now);
  if (!request) throw new DomainError(MAIL_TEXT.backInStockConfirmInvalid, 400);
  const account = await db.selectFrom("users").select("id").where("email", "=", request.email).where("email_verified_at", "is not", null).executeTakeFirst();
  const confirmed = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("back_in_stock_requests")
      .set({ confirmed_at: now.toISOString(), confirm_token_hash: null, user_id: account?.id ?? null })
      .where("id", "=", request.id)
      .where("confirmed_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    // Its confirmation mail goes with it: the account's export lists it, its deletion removes it.
    if (account) await trx.updateTable("outbox").set({ user_id: account.id }).where("event_key", "=", confirmMailKey(request.id)).execute();
    return true;
  });
  if (!confirmed) throw new DomainError(MAIL_TEXT.backInStockConfirmInvalid, 400);
  return { email: request.email, productTitle: request.productTitle, slug: request.slug };
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
      "r.user_id as userId",
      "r.locale",
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
    .where("r.confirmed_at", "is not", null)
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
      userId: r.userId,
      locale: r.locale,
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
