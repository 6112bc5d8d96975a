/*
 * What each line of an order was paid: the discounts on the items (a percent or amount code, then
 * the loyalty discount: totals.ts) shared over the lines in proportion to their totals, in whole
 * cents. The one copy of that rule for returns and refunds, withdrawals, the points a refund takes
 * back and the customs values. A free-shipping code's discount belongs to the shipping, not to the
 * lines. Browser-safe: the return form adds up the ticked lines with it too.
 */

/**
 * `amountCents` shared over `weights` in proportion, in whole cents that add up to it exactly:
 * each weight gets the floor of its exact share and the cents left over go to the largest
 * remainders (the earlier weight on a tie). The amount is capped at the weights' sum, so no share
 * exceeds its weight. Integer arithmetic throughout, so ties are ties.
 */
export function shareOut(amountCents: number, weights: readonly number[]): number[] {
  const whole = weights.map((w) => Math.max(0, Math.trunc(w)));
  const total = whole.reduce((sum, w) => sum + w, 0);
  const amount = Math.min(Math.max(0, Math.trunc(amountCents)), total);
  if (total === 0 || amount === 0) return whole.map(() => 0);
  const T = BigInt(total);
  const exact = whole.map((w) => BigInt(w) * BigInt(amount));
  const shares = exact.map((e) => Number(e / T));
  let left = amount - shares.reduce((sum, s) => sum + s, 0);
  const byRemainder = exact.map((e, i) => ({ i, rest: e % T })).sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** What the buyer paid for each line: the line's cents less its share of `discountCents` (never below zero). */
export function paidPerLine(lineCents: readonly number[], discountCents: number): number[] {
  const shares = shareOut(discountCents, lineCents);
  return lineCents.map((cents, i) => cents - shares[i]!);
}

/** An order's stored discounts, as the sharing reads them (the `orders` columns, camelCase). */
export interface OrderDiscounts {
  subtotalCents: number;
  shippingCents: number;
  /** The code's cents; 0 without a code. */
  discountCents: number;
  loyaltyDiscountCents: number;
  /** The code was a free-shipping one: its cents came off the shipping. */
  codeOnShipping: boolean;
}

/** The discounts that came off the items: the code unless it took the shipping, and the loyalty discount; never more than the items. */
export function itemDiscountCents(order: OrderDiscounts): number {
  const code = order.codeOnShipping ? 0 : order.discountCents;
  return Math.min(order.subtotalCents, Math.max(0, code) + Math.max(0, order.loyaltyDiscountCents));
}

/** What the buyer paid for shipping: the shipping price less a free-shipping code's cents. */
export function shippingPaidCents(order: OrderDiscounts): number {
  return Math.max(0, order.shippingCents - (order.codeOnShipping ? Math.max(0, order.discountCents) : 0));
}

export interface LineShare {
  quantity: number;
  /** Unit price × quantity. */
  lineCents: number;
  /** The line's share of the discounts on the items. */
  discountCents: number;
  /** What the buyer paid for the line: lineCents − discountCents. */
  paidCents: number;
}

/** Each line's share of the order's item discounts and what was paid for it; the paid amounts add up to the items less those discounts. */
export function lineShares(lines: readonly { unitPriceCents: number; quantity: number }[], order: OrderDiscounts): LineShare[] {
  const totals = lines.map((l) => l.unitPriceCents * l.quantity);
  const shares = shareOut(itemDiscountCents(order), totals);
  return lines.map((l, i) => ({ quantity: l.quantity, lineCents: totals[i]!, discountCents: shares[i]!, paidCents: totals[i]! - shares[i]! }));
}

/** What one unit of a line was paid, but the last: the floor of the line's paid amount over its quantity. */
export function unitPaidCents(line: Pick<LineShare, "paidCents" | "quantity">): number {
  return line.quantity > 0 ? Math.floor(line.paidCents / line.quantity) : 0;
}

/**
 * What `units` units of a line were paid, `before` of its units having been counted already
 * (returned earlier). Every unit is worth unitPaidCents, and the line's last unit takes the
 * rounding, so the units of a line, however they come back, add up to its paid amount.
 */
export function paidForUnits(line: Pick<LineShare, "paidCents" | "quantity">, units: number, before = 0): number {
  const n = Math.max(0, Math.min(Math.trunc(units), line.quantity - before));
  if (n === 0) return 0;
  const unit = unitPaidCents(line);
  return before + n === line.quantity ? line.paidCents - unit * (line.quantity - n) : unit * n;
}

// ---- returns -------------------------------------------------------------------------------

/** An order line as the return form and processReturn see it. */
export interface ReturnLine extends LineShare {
  orderItemId: number;
  /** Units already returned (order_items.returned_quantity). */
  returnedQuantity: number;
  /** A personalised piece: exempt from a withdrawal (its price is not suggested back then). */
  exempt: boolean;
}

/** A ticked line of the return form: how many of its units come back. */
export interface ReturnTick {
  orderItemId: number;
  quantity: number;
}

export interface RefundRoom {
  /** An open withdrawal: the shipping paid is refunded too, exempt pieces are not suggested back. */
  withdrawn: boolean;
  shippingPaidCents: number;
  /** What is left of the order to refund. */
  leftCents: number;
}

export interface ReturnRefund {
  /** The amount the form offers. */
  suggestedCents: number;
  /** The most this return may refund. */
  maxCents: number;
  /** Whether the cap comes from the ticked lines (else it is what is left of the order). */
  byLines: boolean;
  /** The shipping paid counted in the cap from the ticked lines (after a withdrawal, or with the last units back). */
  maxShippingCents: number;
}

/**
 * What a return of the ticked units may refund. Nothing ticked: the items' paid amounts (less
 * exempt pieces after a withdrawal, plus the shipping paid then) are offered, and anything up to
 * what is left of the order may be refunded. Units ticked: their paid amounts are offered, and
 * no more than that may be refunded, plus the shipping paid after a withdrawal or when the return
 * brings the order's last units back. Never more than is left.
 */
export function returnRefund(lines: readonly ReturnLine[], ticks: readonly ReturnTick[], room: RefundRoom): ReturnRefund {
  const shipping = room.withdrawn ? room.shippingPaidCents : 0;
  const counted = (line: ReturnLine) => !(room.withdrawn && line.exempt);
  const ticked = lines.flatMap((line) => {
    const units = ticks.filter((t) => t.orderItemId === line.orderItemId).reduce((n, t) => n + Math.max(0, Math.trunc(t.quantity)), 0);
    return units > 0 ? [{ line, units, paid: paidForUnits(line, units, line.returnedQuantity) }] : [];
  });
  if (ticked.length === 0) {
    const items = lines.filter(counted).reduce((sum, l) => sum + l.paidCents, 0);
    return { suggestedCents: Math.min(room.leftCents, items + shipping), maxCents: room.leftCents, byLines: false, maxShippingCents: 0 };
  }
  const paid = ticked.reduce((sum, t) => sum + t.paid, 0);
  const suggested = ticked.filter((t) => counted(t.line)).reduce((sum, t) => sum + t.paid, 0);
  const last = lines.every((l) => l.returnedQuantity + (ticked.find((t) => t.line === l)?.units ?? 0) >= l.quantity);
  const withShipping = room.withdrawn || last ? room.shippingPaidCents : 0;
  return {
    suggestedCents: Math.min(room.leftCents, suggested + shipping),
    maxCents: Math.min(room.leftCents, paid + withShipping),
    byLines: true,
    maxShippingCents: withShipping,
  };
}
