import { type CodeTerms } from "~/domain/discounts/rules";
import {
  itemDiscountCents,
  lineShares,
  type OrderDiscounts,
  paidForUnits,
  type ReturnLine,
  returnRefund,
  shareOut,
  shippingPaidCents,
  unitPaidCents,
} from "~/domain/orders/line-shares";
import { computeOrderTotals } from "~/domain/orders/totals";

// The discounts on the items shared over an order's lines (app/domain/orders/line-shares.ts):
// exact cents, the largest remainder, units of a line, a free-shipping code kept off the lines,
// and what a return of ticked units may refund.

type Item = { unitPriceCents: number; quantity: number };

/** An order's stored discounts as computeOrderTotals makes them, so the tests share what checkout would store. */
function placed(items: Item[], opts: { code?: CodeTerms; loyaltyCents?: number; shippingCents?: number } = {}): OrderDiscounts {
  const t = computeOrderTotals({
    items,
    shipping: { name: "Standard Shipping", priceCents: opts.shippingCents ?? 800 },
    code: opts.code ?? null,
    loyaltyDiscount: opts.loyaltyCents ? { cents: opts.loyaltyCents, pointsUsed: 50 } : null,
  });
  return {
    subtotalCents: t.subtotalCents,
    shippingCents: t.shippingCents,
    discountCents: t.discountCents,
    loyaltyDiscountCents: t.loyaltyDiscountCents,
    codeOnShipping: opts.code?.type === "shipping",
  };
}

const percent = (value: number): CodeTerms => ({ code: "SPRING20", type: "percent", value });
const FREE_SHIPPING: CodeTerms = { code: "SHIPFREE", type: "shipping", value: 0 };
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe("sharing a discount over lines", () => {
  it("gives the spare cents to the largest remainders, the earlier line on a tie, and adds up exactly", () => {
    expect(shareOut(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(shareOut(2, [100, 100, 100])).toEqual([1, 1, 0]);
    // 1000 × 7/10 = 700, × 2/10 = 200, × 1/10 = 100: nothing left over.
    expect(shareOut(1000, [7000, 2000, 1000])).toEqual([700, 200, 100]);
    // 500 over 3 and 1: 375 and 125 exactly; 501: 375.75 and 125.25, the cent to the larger remainder.
    expect(shareOut(501, [3000, 1000])).toEqual([376, 125]);
    expect(shareOut(0, [100, 200])).toEqual([0, 0]);
    expect(shareOut(50, [])).toEqual([]);
    expect(shareOut(50, [0, 0])).toEqual([0, 0]);
  });

  it("never shares out more than the lines themselves", () => {
    expect(shareOut(99_999, [300, 700])).toEqual([300, 700]);
    expect(shareOut(-5, [300, 700])).toEqual([0, 0]);
  });

  it("three lines with awkward cents, a 20% code and the loyalty discount: the paid amounts add up to the items less both", () => {
    const items = [
      { unitPriceCents: 1999, quantity: 1 },
      { unitPriceCents: 333, quantity: 3 },
      { unitPriceCents: 4550, quantity: 2 },
    ];
    const order = placed(items, { code: percent(20), loyaltyCents: 500 });
    const subtotal = 1999 + 999 + 9100;
    expect(order.discountCents).toBe(Math.round(subtotal * 0.2));
    const shares = lineShares(items, order);
    expect(sum(shares.map((s) => s.discountCents))).toBe(order.discountCents + 500);
    expect(sum(shares.map((s) => s.paidCents))).toBe(subtotal - order.discountCents - 500);
    for (const share of shares) {
      expect(share.paidCents).toBe(share.lineCents - share.discountCents);
      // Within a cent of the exact proportion.
      const exact = (share.lineCents * (order.discountCents + 500)) / subtotal;
      expect(Math.abs(share.discountCents - exact)).toBeLessThan(1);
    }
    expect(shares.map((s) => s.lineCents)).toEqual([1999, 999, 9100]);
  });

  it("an order without discounts: each line is paid its full price", () => {
    const items = [
      { unitPriceCents: 2400, quantity: 2 },
      { unitPriceCents: 999, quantity: 1 },
    ];
    const shares = lineShares(items, placed(items));
    expect(shares.map((s) => s.paidCents)).toEqual([4800, 999]);
    expect(shares.map((s) => s.discountCents)).toEqual([0, 0]);
  });

  it("a 100% code takes every line to zero; with free shipping the order keeps its one cent, on one line", () => {
    const items = [
      { unitPriceCents: 1234, quantity: 1 },
      { unitPriceCents: 567, quantity: 2 },
    ];
    const free = placed(items, { code: percent(100) });
    expect(free.discountCents).toBe(1234 + 1134);
    expect(lineShares(items, free).map((s) => s.paidCents)).toEqual([0, 0]);
    expect(shippingPaidCents(free)).toBe(800);
    // PayPal takes no $0.00 payment: without shipping the code stops a cent short.
    const noShipping = placed(items, { code: percent(100), shippingCents: 0 });
    const paid = lineShares(items, noShipping).map((s) => s.paidCents);
    expect(sum(paid)).toBe(1);
    expect(paid.every((p) => p >= 0)).toBe(true);
  });

  it("a free-shipping code is the shipping's: the lines share only the loyalty discount, and no shipping was paid", () => {
    const items = [
      { unitPriceCents: 3000, quantity: 1 },
      { unitPriceCents: 1000, quantity: 1 },
    ];
    const order = placed(items, { code: FREE_SHIPPING, loyaltyCents: 400 });
    expect(order.discountCents).toBe(800);
    expect(itemDiscountCents(order)).toBe(400);
    expect(lineShares(items, order).map((s) => s.paidCents)).toEqual([2700, 900]);
    expect(shippingPaidCents(order)).toBe(0);
    // The same cents as an items code would be shared over the lines instead.
    expect(itemDiscountCents({ ...order, codeOnShipping: false })).toBe(1200);
    expect(shippingPaidCents({ ...order, codeOnShipping: false })).toBe(800);
  });
});

describe("units of a line", () => {
  const line = { paidCents: 1000, quantity: 3 };

  it("each unit is the floor, the last unit takes the rounding", () => {
    expect(unitPaidCents(line)).toBe(333);
    expect([paidForUnits(line, 1, 0), paidForUnits(line, 1, 1), paidForUnits(line, 1, 2)]).toEqual([333, 333, 334]);
    expect(paidForUnits(line, 3)).toBe(1000);
    expect(paidForUnits(line, 2, 1)).toBe(667);
    expect(paidForUnits(line, 2, 0)).toBe(666);
  });

  it("however the units come back, they add up to the line's paid amount, and never more", () => {
    for (const split of [[1, 1, 1], [2, 1], [1, 2], [3]]) {
      let before = 0;
      let total = 0;
      for (const n of split) {
        total += paidForUnits(line, n, before);
        before += n;
      }
      expect(total).toBe(1000);
    }
    expect(paidForUnits(line, 5, 0)).toBe(1000);
    expect(paidForUnits(line, 2, 2)).toBe(334);
    expect(paidForUnits(line, 1, 3)).toBe(0);
    expect(paidForUnits(line, -1, 0)).toBe(0);
    expect(paidForUnits({ paidCents: 0, quantity: 2 }, 2)).toBe(0);
  });
});

describe("what a return may refund", () => {
  // A 20% code on $30 × 1 and $10 × 2 (subtotal $50, code $10), shipping $8: paid $24 and $16.
  const items = [
    { unitPriceCents: 3000, quantity: 1 },
    { unitPriceCents: 1000, quantity: 2 },
  ];
  const order = placed(items, { code: percent(20) });
  const lines: ReturnLine[] = lineShares(items, order).map((s, i) => ({ ...s, orderItemId: i + 1, returnedQuantity: 0, exempt: false }));
  const room = { withdrawn: false, shippingPaidCents: shippingPaidCents(order), leftCents: 5000 - 1000 + 800 };

  it("nothing ticked: the items' paid amounts are offered, and up to what is left may be refunded", () => {
    expect(lines.map((l) => l.paidCents)).toEqual([2400, 1600]);
    expect(returnRefund(lines, [], room)).toEqual({ suggestedCents: 4000, maxCents: 4800, byLines: false, maxShippingCents: 0 });
  });

  it("ticked units: their paid amounts, offered and as the cap", () => {
    expect(returnRefund(lines, [{ orderItemId: 1, quantity: 1 }], room)).toMatchObject({ suggestedCents: 2400, maxCents: 2400, byLines: true });
    expect(returnRefund(lines, [{ orderItemId: 2, quantity: 1 }], room)).toMatchObject({ suggestedCents: 800, maxCents: 800 });
    // A tick for another order's line counts for nothing (processReturn refuses it).
    expect(returnRefund(lines, [{ orderItemId: 99, quantity: 1 }], room)).toMatchObject({ byLines: false, maxCents: 4800 });
  });

  it("the last units back may take the shipping paid too, but it is not offered", () => {
    const all = [
      { orderItemId: 1, quantity: 1 },
      { orderItemId: 2, quantity: 2 },
    ];
    expect(returnRefund(lines, all, room)).toEqual({ suggestedCents: 4000, maxCents: 4800, byLines: true, maxShippingCents: 800 });
    const rest = lines.map((l) => (l.orderItemId === 1 ? { ...l, returnedQuantity: 1 } : l));
    expect(returnRefund(rest, [{ orderItemId: 2, quantity: 2 }], { ...room, leftCents: 2400 })).toMatchObject({ suggestedCents: 1600, maxCents: 2400 });
  });

  it("after a withdrawal: the shipping paid is offered and allowed, a personalised piece is allowed but not offered", () => {
    const withdrawn = { ...room, withdrawn: true };
    const exempt = lines.map((l) => (l.orderItemId === 2 ? { ...l, exempt: true } : l));
    expect(returnRefund(exempt, [], withdrawn)).toMatchObject({ suggestedCents: 2400 + 800, maxCents: 4800 });
    expect(returnRefund(exempt, [{ orderItemId: 1, quantity: 1 }], withdrawn)).toMatchObject({ suggestedCents: 3200, maxCents: 3200 });
    expect(returnRefund(exempt, [{ orderItemId: 2, quantity: 1 }], withdrawn)).toMatchObject({ suggestedCents: 800, maxCents: 1600 });
    // A free-shipping code: no shipping was paid, so none is added.
    expect(returnRefund(lines, [{ orderItemId: 1, quantity: 1 }], { ...withdrawn, shippingPaidCents: 0 })).toMatchObject({
      suggestedCents: 2400,
      maxCents: 2400,
      maxShippingCents: 0,
    });
  });

  it("never more than is left of the order", () => {
    expect(returnRefund(lines, [{ orderItemId: 1, quantity: 1 }], { ...room, leftCents: 1000 })).toMatchObject({ suggestedCents: 1000, maxCents: 1000 });
    expect(returnRefund(lines, [], { ...room, leftCents: 0 })).toMatchObject({ suggestedCents: 0, maxCents: 0 });
  });
});
