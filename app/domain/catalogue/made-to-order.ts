/**
 * Made-to-order pieces: the buyer's texts and the ship date arithmetic. Browser-safe (the lean
 * pages, the admin editor and the e-mails share it); the rules that touch the database are in
 * made-to-order.server.ts. See docs/made-to-order.md.
 */

export const LEAD_TIME_MIN_DAYS = 1;
export const LEAD_TIME_MAX_DAYS = 365;

/**
 * How long an unpaid order holds its made-to-order places, counted from its first placement and
 * never extended (docs/decisions/made-to-order-places.md). Paying later checks the cap again.
 */
export const MADE_TO_ORDER_HOLD_MINUTES = 30;

/** Pieces of one capped product that unpaid orders of one session, or one client address, may hold at once. */
export const MADE_TO_ORDER_HOLD_LIMIT = 2;

/**
 * How far back a session's or an address's earlier unpaid orders of a product are remembered: a
 * new order of that product within it is held only until the earliest of theirs ran out.
 */
export const MADE_TO_ORDER_HOLD_MEMORY_HOURS = 24;

/** The Orders tab's form that releases the places unpaid orders hold of a product. */
export const MADE_TO_ORDER_RELEASE_INTENT = "made-to-order-release";

/** What buyers and the owner read about made-to-order places held by unpaid orders. */
export const MADE_TO_ORDER_HOLD_TEXT = {
  /** Placement past the per-session and per-address limit (429). */
  limit: (title: string) =>
    `At most ${MADE_TO_ORDER_HOLD_LIMIT} made-to-order pieces of ${title} can wait for payment from one buyer at a time. Pay for or cancel your earlier unpaid order first, or order fewer.`,
  /** Payment of an order whose hold ran out, when other buyers took the places meanwhile (409). */
  lapsed: (title: string) =>
    `${title} is sold out: your order held its made-to-order place for ${MADE_TO_ORDER_HOLD_MINUTES} minutes, and other buyers have taken the places since (0 items available in stock)`,
  /** The owner's notice (Orders tab) and alert. */
  heldAll: (title: string, cap: number) => (cap === 1 ? `An unpaid order holds the one place of ${title}` : `Unpaid orders hold all ${cap} places of ${title}`),
  heldSome: (title: string, unpaid: number, cap: number) => `Unpaid orders hold ${unpaid} of the ${cap} places of ${title}; paid orders hold the rest`,
  explain: `An unpaid order holds its made-to-order places for ${MADE_TO_ORDER_HOLD_MINUTES} minutes from when it was first placed. Releasing them keeps the orders unpaid: their buyers can still pay while a place is free.`,
  release: "Release their places",
  releaseLabel: (title: string) => `Release the places unpaid orders hold of ${title}`,
} as const;

/** The owner's notifications after a release. */
export const MADE_TO_ORDER_HOLD_TOAST_TEXT = {
  released: (count: number, title: string) => ({
    title: "Places released",
    description: `${count} unpaid ${count === 1 ? "order no longer holds" : "orders no longer hold"} places of ${title}.`,
  }),
  nothing: (title: string) => `No unpaid order holds places of ${title} now.`,
  failed: "The places could not be released",
} as const;

/** Whole weeks a lead time rounds up to: 1–7 days is one week, 8–14 two, … */
export function leadTimeWeeks(leadTimeDays: number): number {
  return Math.max(1, Math.ceil(leadTimeDays / 7));
}

/** 'Made to order: ships within 3 weeks' ('1 week' when it rounds to one). */
export function madeToOrderText(leadTimeDays: number): string {
  const n = leadTimeWeeks(leadTimeDays);
  return n === 1 ? "Made to order: ships within 1 week" : `Made to order: ships within ${n} weeks`;
}

/**
 * The product page's shipping sentence. A piece in stock ships within the dispatch time of
 * Settings (`shippingTime`, '1–3 business days': orders/dispatch-time.ts); one still to be sewn
 * within its own lead time, never the dispatch time.
 */
export function productShippingText(shippingTime: string, madeToOrder: { leadTimeDays: number; anyInStock: boolean } | null): string {
  if (!madeToOrder) return `Handmade in the studio; ships worldwide within ${shippingTime}.`;
  const weeks = leadTimeWeeks(madeToOrder.leadTimeDays);
  const sewn = weeks === 1 ? "1 week" : `${weeks} weeks`;
  return madeToOrder.anyInStock
    ? `Handmade in the studio: a piece in stock ships worldwide within ${shippingTime}, one made to order within ${sewn}.`
    : `Sewn for you in the studio once you order; ships worldwide within ${sewn}.`;
}

/** Beside an order item made to the buyer's measurements or choices. */
export const PERSONALISED_ITEM_TEXT = "Personalised: exempt from withdrawal";

export const PERSONALISED_TEXT = "Made to your own measurements or choices: this piece is exempt from the right of withdrawal.";

/** The sentence of an order that holds made-to-order pieces; `mixed` when ready pieces wait for them. */
export function shipDateSentence(formattedDate: string, mixed: boolean): string {
  return mixed
    ? `Your order ships in one parcel when the made-to-order piece is ready, around ${formattedDate}.`
    : `Your made-to-order piece is expected to ship around ${formattedDate}.`;
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day (YYYY-MM-DD, UTC) of an instant. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * `start` (YYYY-MM-DD) plus `days` business days (Monday to Friday; public holidays are not
 * known to the shop). Counting starts the day after `start`, so an order placed on a Saturday
 * with one day's lead time ships on Monday, and one placed on a Friday ships on Monday too.
 */
export function addBusinessDays(start: string, days: number): string {
  const m = YMD.exec(start);
  if (!m) throw new Error(`Not a date: ${start}`);
  if (!Number.isInteger(days) || days < 0) throw new Error(`Not a number of days: ${days}`);
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return utcDay(date);
}

/** The longest lead time among the lines that are made to order, or null when none is. */
export function longestLeadTime(lines: { madeToOrder: boolean; leadTimeDays: number | null }[]): number | null {
  let longest: number | null = null;
  for (const line of lines) {
    if (!line.madeToOrder) continue;
    const days = Math.max(0, line.leadTimeDays ?? 0);
    if (longest === null || days > longest) longest = days;
  }
  return longest;
}

/** The order's expected ship date: `from` (YYYY-MM-DD) plus the longest made-to-order lead time; null with ready pieces only. */
export function expectedShipDate(from: string, lines: { madeToOrder: boolean; leadTimeDays: number | null }[]): string | null {
  const days = longestLeadTime(lines);
  return days === null ? null : addBusinessDays(from, days);
}

const SHIP_DATE_FORMAT = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** 'December 14, 2026', like the shop's other dates. */
export function formatShipDate(ymd: string): string {
  const m = YMD.exec(ymd);
  if (!m) return ymd;
  return SHIP_DATE_FORMAT.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

/**
 * The product page's stock line: the usual one, or the made-to-order text (`madeToOrder`, null
 * when the product is not made to order or its cap is reached) when the chosen option has none.
 */
export function productStockLine(totalStock: number, chosenStock: number, madeToOrder: string | null): { text: string; className: string } {
  if (madeToOrder && chosenStock <= 0) return { text: madeToOrder, className: "stock-line made-to-order" };
  if (totalStock <= 0) return { text: "Sold out", className: "stock-line soldout" };
  return { text: "", className: `stock-line ${chosenStock <= 0 ? "soldout" : chosenStock < 5 ? "low" : ""}` };
}
