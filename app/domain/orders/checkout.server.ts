import { randomBytes } from "node:crypto";
import { type CartItemView, type CartOwner, getCart, rememberCartCountry } from "~/domain/cart/cart.server";
import { holdMadeToOrderPlaces } from "~/domain/catalogue/made-to-order-holds.server";
import { findStockIssues } from "~/domain/catalogue/stock.server";
import { DomainError } from "~/domain/common/errors";
import { findUsableCode, heldBy, holdCode, type UsableCode } from "~/domain/discounts/redeem.server";
import { type CodeTerms } from "~/domain/discounts/rules";
import { getLoyaltyConfig } from "~/domain/loyalty/loyalty.server";
import { loyaltyDiscount, pointsEarned } from "~/domain/loyalty/rules";
import { CHECKOUT_TEXT } from "~/domain/orders/checkout-texts";
import { planOrderLines, takeOrderPoints } from "~/domain/orders/holds.server";
import { transitionOrder } from "~/domain/orders/lifecycle.server";
import { type CheckoutInput, type ClientFigures } from "~/domain/orders/schemas";
import { computeOrderTotals, type FreeShippingNudge, freeShippingNudge, type OrderTotals, type ShippingRate, shippingRateFor } from "~/domain/orders/totals";
import { SHIPPING_TEXT } from "~/domain/shipping/texts";
import { type ShippingZone } from "~/domain/shipping/zones";
import { requireShippedZone, shippedZoneOf } from "~/domain/shipping/zones.server";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { type DB } from "~/lib/sqlite.server";

export interface CheckoutLoyalty {
  /** The customer may tick 'use loyalty points' (points >= pointsRequired and subtotal >= minimumOrderValue). */
  eligible: boolean;
  points: number;
  pointsRequired: number;
  /** Dollars, as configured. */
  discountAmount: number;
  minimumOrderValue: number;
  /** The discount ticking the box gives on this subtotal (computeOrderTotals caps it), whether or not it is applied. */
  offeredCents: number;
  /** Applied discount: 0 unless eligible and ticked. */
  discountCents: number;
  pointsUsed: number;
}

/** The shipping of a checkout: the rate of the country's zone, and how far free shipping is. */
export interface CheckoutShipping extends ShippingRate {
  /** The country it is for; its zone's name, null when no zone ships there (nothing can be ordered there). */
  country: string;
  /** The country is the shopper's (asked for, chosen before, her profile's), not the shop's home standing in. */
  chosen: boolean;
  zone: string | null;
  freeShipping: FreeShippingNudge | null;
}

/** The discount code a checkout was given: applied, or refused with the reason (the field's error). */
export interface CheckoutCode {
  /** As the shopper typed it. */
  typed: string;
  /** The code applied (upper-case), or null when refused. */
  applied: string | null;
  /** What it took off (totals.discountCents); 0 when refused. */
  cents: number;
  /** Why it was refused (DISCOUNT_TEXT), or null. */
  error: string | null;
  /** The applied code's terms, so a page can add its line up again for another loyalty choice; null when refused. */
  terms: CodeTerms | null;
}

export interface CheckoutSummary {
  items: CartItemView[];
  shipping: CheckoutShipping;
  /** Null for guests: only signed-in customers have points. */
  loyalty: CheckoutLoyalty | null;
  /** Null when no code was typed. */
  code: CheckoutCode | null;
  /** Subtotal, shipping, the code and the loyalty discount when applied, and the total (computeOrderTotals). */
  totals: OrderTotals;
}

/**
 * The money of an order as the server decides it: subtotal from database prices, shipping from
 * the zone of the country (free from its threshold, else 'Large Item Shipping' when any item is
 * large, else its standard price), the loyalty discount from the rules.
 */
async function summarise(
  db: DB,
  items: CartItemView[],
  opts: { points: number | null; country: string; chosen: boolean; zone: ShippingZone | null; useLoyaltyPoints: boolean; code?: UsableCode | null },
): Promise<CheckoutSummary> {
  const lines = items.map((item) => ({ unitPriceCents: item.product.priceCents, quantity: item.quantity, isLarge: item.product.isLarge }));
  const { zone } = opts;
  const rate = zone ? shippingRateFor(lines, zone) : { name: "", priceCents: 0, description: SHIPPING_TEXT.chooseCountry };
  const code = opts.code ?? null;
  const plain = computeOrderTotals({ items: lines, shipping: rate, code });
  const shipping: CheckoutShipping = {
    ...rate,
    country: opts.country,
    chosen: opts.chosen,
    zone: zone?.name ?? null,
    freeShipping: freeShippingNudge(plain.subtotalCents, zone),
  };
  const codeSeen = (totals: OrderTotals): CheckoutCode | null =>
    code
      ? { typed: code.code, applied: code.code, cents: totals.discountCents, error: null, terms: { code: code.code, type: code.type, value: code.value } }
      : null;
  if (opts.points === null) return { items, shipping, loyalty: null, code: codeSeen(plain), totals: plain };
  const config = await getLoyaltyConfig(db);
  const ex = config.discountExchange;
  const discount = loyaltyDiscount(config, opts.points, plain.subtotalCents, opts.useLoyaltyPoints);
  const offered = computeOrderTotals({
    items: lines,
    shipping,
    loyaltyDiscount: { cents: Math.round(ex.discountAmount * 100), pointsUsed: ex.pointsRequired },
    code,
  });
  const loyalty: CheckoutLoyalty = {
    eligible: discount.eligible,
    points: opts.points,
    pointsRequired: ex.pointsRequired,
    discountAmount: ex.discountAmount,
    minimumOrderValue: ex.minimumOrderValue,
    offeredCents: offered.loyaltyDiscountCents,
    discountCents: discount.discountCents,
    pointsUsed: discount.pointsUsed,
  };
  const totals = computeOrderTotals({ items: lines, shipping, loyaltyDiscount: { cents: discount.discountCents, pointsUsed: discount.pointsUsed }, code });
  return { items, shipping, loyalty, code: codeSeen(totals), totals };
}

/**
 * The checkout page's figures for the owner's cart (see summarise), shipped to `country` when a
 * zone ships there, else to the cart's country (getCart). `user` null for guests. A typed
 * `discountCode` is applied when it may be used (the e-mail, when given, for the once-per-e-mail
 * rule); a refused one is reported in `code.error` and changes no figure.
 */
export async function getCheckoutSummary(
  db: DB,
  opts: {
    owner: CartOwner | null;
    user: { loyaltyPoints: number } | null;
    country?: string | null;
    useLoyaltyPoints?: boolean;
    locale?: Locale;
    discountCode?: string | null;
    email?: string | null;
  },
): Promise<CheckoutSummary> {
  const cart = await getCart(db, opts.owner, opts.locale);
  const chosen = await shippedZoneOf(db, opts.country);
  const country = chosen ? opts.country! : cart.totals.shippingCountry;
  const typed = opts.discountCode?.trim() ?? "";
  let code: UsableCode | null = null;
  let refusal: string | null = null;
  if (typed !== "" && cart.items.length > 0) {
    try {
      code = await findUsableCode(db, typed, { subtotalCents: cart.totals.subtotalCents, email: opts.email });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refusal = error.message;
    }
  }
  const summary = await summarise(db, cart.items, {
    points: opts.user ? opts.user.loyaltyPoints : null,
    country,
    chosen: chosen !== null || cart.country === country,
    zone: chosen ?? (await shippedZoneOf(db, country)),
    useLoyaltyPoints: opts.useLoyaltyPoints ?? false,
    code,
  });
  return refusal === null ? summary : { ...summary, code: { typed, applied: null, cents: 0, error: refusal, terms: null } };
}

export interface PlaceOrderContext {
  /** Whose cart the order is made from. */
  owner: CartOwner;
  /** The signed-in customer (owns the order), or null for a guest. */
  userId: number | null;
  /** A guest's session key (the cart key): it owns a guest's order. */
  sessionKey: string | null;
  /** The client's address key: made-to-order places held by unpaid orders are limited per address too. */
  clientIp?: string | null;
  /** The language of the checkout that places it (default English): the order's e-mails are written in it. */
  locale?: Locale;
}

export interface PlacedOrder {
  id: number;
  confirmationToken: string;
  totalCents: number;
  /** The discount code applied and what it took off (the API answers them as `discount`). */
  discountCode: string | null;
  discountCents: number;
}

/** At least 128 bits: 24 random bytes are 32 base64url characters. */
export function newConfirmationToken(): string {
  return randomBytes(24).toString("base64url");
}

function sameLines(figures: ClientFigures["items"] & object, items: CartItemView[]): boolean {
  if (figures.length !== items.length) return false;
  const unused = [...items];
  for (const line of figures) {
    const index = unused.findIndex(
      (item) =>
        item.productId === line.productId &&
        item.colorId === line.colorId &&
        (line.variationCode === null || (item.variation?.variationCode ?? null) === line.variationCode) &&
        item.quantity === line.quantity &&
        // The payload's price may be the unit price or the line total; either must be the server's.
        (line.priceCents === null || line.priceCents === item.product.priceCents || line.priceCents === item.product.priceCents * item.quantity),
    );
    if (index === -1) return false;
    unused.splice(index, 1);
  }
  return true;
}

function figuresDiffer(client: ClientFigures, server: CheckoutSummary): boolean {
  const { totals } = server;
  return (
    (client.subtotalCents !== undefined && client.subtotalCents !== totals.subtotalCents) ||
    (client.shippingCents !== undefined && client.shippingCents !== totals.shippingCents) ||
    (client.shippingName !== undefined && client.shippingName !== totals.shippingName) ||
    (client.loyaltyDiscountCents !== undefined && client.loyaltyDiscountCents !== totals.loyaltyDiscountCents) ||
    (client.discountCents !== undefined && client.discountCents !== totals.discountCents) ||
    (client.totalCents !== undefined && client.totalCents !== totals.totalCents) ||
    (client.items !== undefined && !sameLines(client.items, server.items))
  );
}

/** The figures an order stores (storedOrderTotals reads them back for its pages and e-mails). */
function totalsColumns(totals: OrderTotals) {
  return {
    subtotal_cents: totals.subtotalCents,
    shipping_cents: totals.shippingCents,
    shipping_name: totals.shippingName,
    loyalty_discount_cents: totals.loyaltyDiscountCents,
    loyalty_points_used: totals.loyaltyPointsUsed,
    discount_code: totals.discountCode,
    discount_cents: totals.discountCents,
    total_cents: totals.totalCents,
  };
}

function stockMessage(issues: string[]): string {
  // The contract's wording for stock conflicts: the message contains 'items available in stock'.
  const text = issues.join("; ");
  return text.includes("items available in stock") ? text : `${text} (0 items available in stock)`;
}

/**
 * The owner's newest unpaid order (no payment in flight) made from exactly these cart lines at
 * these prices and for this total, or null. Checkout offers to pay it instead of a new one.
 */
export async function findUnpaidOrderForCart(
  db: DB,
  ctx: Pick<PlaceOrderContext, "userId" | "sessionKey">,
  items: CartItemView[],
  totalCents?: number,
): Promise<{ id: number; confirmationToken: string; totalCents: number } | null> {
  if (items.length === 0 || (ctx.userId === null && !ctx.sessionKey)) return null;
  let q = db
    .selectFrom("orders")
    .select(["id", "confirmation_token as confirmationToken", "total_cents as totalCents"])
    .where("status", "=", "unpaid")
    .where("stock_reserved", "=", 0);
  q = ctx.userId !== null ? q.where("user_id", "=", ctx.userId) : q.where("user_id", "is", null).where("session_key", "=", ctx.sessionKey!);
  if (totalCents !== undefined) q = q.where("total_cents", "=", totalCents);
  const candidates = await q.orderBy("id", "desc").limit(5).execute();
  const key = (l: { productId: number | null; colorId: number | null; variationCode: string | null; quantity: number; priceCents: number }) =>
    `${l.productId}|${l.colorId ?? ""}|${l.variationCode ?? ""}|${l.quantity}|${l.priceCents}`;
  const wanted = items
    .map((i) =>
      key({
        productId: i.productId,
        colorId: i.colorId,
        variationCode: i.variation?.variationCode ?? null,
        quantity: i.quantity,
        priceCents: i.product.priceCents,
      }),
    )
    .sort()
    .join(",");
  for (const c of candidates) {
    const lines = await db
      .selectFrom("order_items")
      .select(["product_id as productId", "color_id as colorId", "variation_code as variationCode", "quantity", "unit_price_cents as priceCents"])
      .where("order_id", "=", c.id)
      .execute();
    if (lines.map(key).sort().join(",") === wanted) return c;
  }
  return null;
}

/**
 * Creates an `unpaid` order from the owner's cart in one transaction, with the server's own
 * figures (database prices, the shipping of the country's zone, kept with the zone's name, the
 * loyalty rules; a discount the rules do not allow is silently not applied), a snapshot of each
 * line and a random confirmation token.
 * Takes the discount's loyalty points in the same transaction (docs/decisions/points-at-placement.md);
 * takes no stock and leaves the cart alone: payment does both. Each line is ready (stock covers
 * it) or made to order (docs/made-to-order.md), and the order gets its expected ship date.
 *
 * Throws DomainError 400 'Your cart is empty'; 400 'We do not ship to this country' (on
 * `country`) when no zone ships there; 409 (with 'items available in stock') when a line is no
 * longer in stock; 409 'Prices or your cart have changed...' when `client` figures or lines
 * differ from the server's; 409 when the balance no longer covers the discount's points; 429
 * when the session or client address would hold more made-to-order places unpaid than
 * MADE_TO_ORDER_HOLD_LIMIT (holdMadeToOrderPlaces). Nothing is stored in those cases.
 */
export async function placeOrder(db: DB, ctx: PlaceOrderContext, input: CheckoutInput, client?: ClientFigures): Promise<PlacedOrder> {
  return db.transaction().execute(async (trx) => {
    const cart = await getCart(trx, ctx.owner);
    if (cart.items.length === 0) throw new DomainError(CHECKOUT_TEXT.emptyCart, 400);
    // 400 'We do not ship to this country' before anything is written.
    const zone = await requireShippedZone(trx, input.country);
    await rememberCartCountry(trx, ctx.owner, input.country);
    // An unpaid order of these same lines holds its discount's points and its made-to-order
    // places: they count as the customer's here, since placing the cart again replaces or reuses that order.
    const earlier = await findUnpaidOrderForCart(trx, ctx, cart.items);
    await assertInStock(trx, cart.items, earlier?.id);
    const earlierPoints = earlier ? await pointsTakenBy(trx, earlier.id) : 0;
    const points = ctx.userId === null ? null : (await loyaltyBalance(trx, ctx.userId)) + earlierPoints;
    // 400 on discountCode, naming why, before anything is written.
    const code = input.discountCode
      ? await findUsableCode(trx, input.discountCode, { subtotalCents: cart.totals.subtotalCents, email: input.email, exceptOrderId: earlier?.id })
      : null;
    const summary = await summarise(trx, cart.items, { points, country: input.country, chosen: true, zone, useLoyaltyPoints: input.useLoyaltyPoints, code });
    if (client && figuresDiffer(client, summary)) throw new DomainError(CHECKOUT_TEXT.figuresChanged, 409);

    // Back at checkout with the same cart: the unpaid order already made from it is used again
    // (with the address just given) instead of a second one piling up.
    const same = await findUnpaidOrderForCart(trx, ctx, cart.items, summary.totals.totalCents);
    if (same && (await heldBy(trx, same.id)) === (code?.id ?? null)) return placeAgain(trx, ctx, same, input, summary.totals, zone.name, code);
    if (earlier) await replaceEarlier(trx, earlier.id, earlierPoints);
    if (same && same.id !== earlier?.id) await replaceEarlier(trx, same.id, await pointsTakenBy(trx, same.id));
    return insertOrder(trx, ctx, input, cart.items, summary.totals, zone.name, code);
  });
}

/** 409 (with 'items available in stock') when a cart line is no longer in stock; `earlierId`'s own holds count as free. */
async function assertInStock(trx: DB, items: CartItemView[], earlierId: number | undefined): Promise<void> {
  const issues = await findStockIssues(
    trx,
    items.map((item) => ({
      productId: item.productId,
      colorId: item.colorId,
      variationCode: item.variation?.variationCode ?? null,
      quantity: item.quantity,
      title: item.product.title,
    })),
    earlierId,
  );
  if (issues.length > 0) throw new DomainError(stockMessage(issues), 409, undefined, "insufficient-stock");
}

async function pointsTakenBy(trx: DB, orderId: number): Promise<number> {
  return (await trx.selectFrom("orders").select("points_taken as taken").where("id", "=", orderId).executeTakeFirstOrThrow()).taken;
}

/** The customer's loyalty balance; 404 when the account is gone. */
async function loyaltyBalance(trx: DB, userId: number): Promise<number> {
  const user = await trx.selectFrom("users").select("loyalty_points as points").where("id", "=", userId).executeTakeFirst();
  if (!user) throw new DomainError("Account not found", 404);
  return user.points;
}

/** Who the order is for and where it goes, as the checkout form gave them. */
function contactColumns(input: CheckoutInput) {
  return {
    email: input.email.trim().toLowerCase(),
    customer_message: input.customerMessage,
    is_gift: input.isGift ? 1 : 0,
    shipping_first_name: input.firstName,
    shipping_last_name: input.lastName,
    shipping_address_line1: input.addressLine1,
    shipping_address_line2: input.addressLine2,
    shipping_city: input.city,
    shipping_state: input.state,
    shipping_postal_code: input.postalCode,
    shipping_country: input.country,
  };
}

/**
 * The unpaid order of this same cart and total, placed again: the new address, the points and the
 * made-to-order places taken again, the places' hold kept as it was (never extended).
 */
async function placeAgain(
  trx: DB,
  ctx: PlaceOrderContext,
  same: { id: number; confirmationToken: string },
  input: CheckoutInput,
  totals: OrderTotals,
  zone: string,
  code: UsableCode | null,
): Promise<PlacedOrder> {
  await trx
    .updateTable("orders")
    .set({
      ...contactColumns(input),
      // The same total to another country of the same price: the zone follows the address.
      shipping_zone: zone,
      // Placed again from the other language's checkout: its e-mails follow.
      locale: ctx.locale ?? DEFAULT_LOCALE,
      // Placed again: by the rules of now.
      points_to_earn: pointsEarned(await getLoyaltyConfig(trx), totals.subtotalCents),
      updated_at: new Date().toISOString(),
    })
    .where("id", "=", same.id)
    .where("status", "=", "unpaid")
    .where("stock_reserved", "=", 0)
    .execute();
  await takeOrderPoints(trx, same.id);
  // The same code as before (placeOrder checked): the use stays the order's, for the address just given.
  await holdCode(trx, same.id, code, input.email);
  await planOrderLines(trx, same.id);
  await holdMadeToOrderPlaces(trx, same.id, placerOf(ctx));
  return {
    id: same.id,
    confirmationToken: same.confirmationToken,
    totalCents: totals.totalCents,
    discountCode: totals.discountCode,
    discountCents: totals.discountCents,
  };
}

/** The same cart placed again with other figures: the earlier order gives way, with its points and made-to-order places. */
async function replaceEarlier(trx: DB, earlierId: number, earlierPoints: number): Promise<void> {
  const earlierMadeToOrder = await trx
    .selectFrom("order_items")
    .select("id")
    .where("order_id", "=", earlierId)
    .where("made_to_order", "=", 1)
    .executeTakeFirst();
  const earlierCode = await heldBy(trx, earlierId);
  if (earlierPoints > 0 || earlierMadeToOrder || earlierCode !== null) {
    await transitionOrder(trx, earlierId, "replace", {
      pointsWhy: `order #${earlierId} replaced by a new order of the same cart`,
      message:
        earlierPoints > 0
          ? "Replaced by a new order of the same cart before payment; its loyalty points were given back."
          : earlierMadeToOrder
            ? "Replaced by a new order of the same cart before payment; its made-to-order places were freed."
            : "Replaced by a new order of the same cart before payment; its discount code was given back.",
    });
  }
}

function placerOf(ctx: PlaceOrderContext) {
  return { userId: ctx.userId, sessionKey: ctx.userId === null ? ctx.sessionKey : null, clientIp: ctx.clientIp ?? null };
}

/** A new `unpaid` order with a snapshot of each cart line, its discount's points taken and each line planned. */
async function insertOrder(
  trx: DB,
  ctx: PlaceOrderContext,
  input: CheckoutInput,
  items: CartItemView[],
  totals: OrderTotals,
  zone: string,
  code: UsableCode | null,
): Promise<PlacedOrder> {
  const confirmationToken = newConfirmationToken();
  const order = await trx
    .insertInto("orders")
    .values({
      user_id: ctx.userId,
      session_key: ctx.userId === null ? ctx.sessionKey : null,
      status: "unpaid",
      ...totalsColumns(totals),
      shipping_zone: zone,
      points_to_earn: pointsEarned(await getLoyaltyConfig(trx), totals.subtotalCents),
      confirmation_token: confirmationToken,
      locale: ctx.locale ?? DEFAULT_LOCALE,
      ...contactColumns(input),
      stock_reserved: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("order_items")
    .values(
      items.map((item) => ({
        order_id: order.id,
        product_id: item.productId,
        title: item.product.title,
        unit_price_cents: item.product.priceCents,
        quantity: item.quantity,
        color_id: item.colorId,
        variation_code: item.variation?.variationCode ?? null,
        variation_name: item.variation?.variationName ?? null,
      })),
    )
    .execute();
  await takeOrderPoints(trx, order.id);
  // Counted now: of simultaneous orders on a code's last use exactly one gets it (holdCode).
  await holdCode(trx, order.id, code, input.email);
  // Ready from stock or made to order, decided inside this write transaction so two buyers at
  // the made-to-order cap cannot both get a place; the places are held for a short time only.
  await planOrderLines(trx, order.id);
  await holdMadeToOrderPlaces(trx, order.id, placerOf(ctx));
  return { id: order.id, confirmationToken, totalCents: totals.totalCents, discountCode: totals.discountCode, discountCents: totals.discountCents };
}
