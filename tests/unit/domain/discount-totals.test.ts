import { computeOrderTotals, decimalTotals, type OrderTotals, shippingRateFor, storedOrderTotals, totalsFigures, type ZoneRates } from "~/domain/orders/totals";
import { type CodeTerms, normaliseCode, priceWithCode, reductionPercent } from "~/domain/discounts/rules";

const ZONE: ZoneRates = { standardCents: 800, largeCents: 1800, freeFromCents: null };
const FREE_ZONE: ZoneRates = { standardCents: 800, largeCents: 1800, freeFromCents: 1000 };

function totals(items: { unitPriceCents: number; quantity: number }[], code: CodeTerms | null, loyalty?: { cents: number; pointsUsed: number }, zone = ZONE) {
  const lines = items.map((i) => ({ ...i, isLarge: false }));
  return computeOrderTotals({ items: lines, shipping: shippingRateFor(lines, zone), code, loyaltyDiscount: loyalty });
}

/** PayPal's rule: value = item_total + shipping - discount. */
const paypalValue = (t: OrderTotals) => t.paypal.item_total + t.paypal.shipping - t.paypal.discount;

const percent = (value: number): CodeTerms => ({ code: "SPRING20", type: "percent", value });
const amount = (cents: number): CodeTerms => ({ code: "FIVEOFF", type: "amount", value: cents });
const shipping: CodeTerms = { code: "SHIPFREE", type: "shipping", value: 0 };

describe("a discount code in the order's totals", () => {
  it("takes a percentage off the items, rounded half up, before the loyalty discount", () => {
    const t = totals([{ unitPriceCents: 2499, quantity: 2 }], percent(15), { cents: 500, pointsUsed: 50 });
    // 15% of 49.98 = 7.497 -> 7.50
    expect(t.discountCents).toBe(750);
    expect(t.discountCode).toBe("SPRING20");
    expect(t.loyaltyDiscountCents).toBe(500);
    expect(t.totalCents).toBe(4998 + 800 - 750 - 500);
    expect(t.lines.map((l) => l.kind)).toEqual(["shipping", "code-discount", "loyalty-discount"]);
    // Both discounts go to PayPal's one discount bucket, and the breakdown adds up to the total.
    expect(t.paypal).toEqual({ item_total: 4998, shipping: 800, discount: 1250 });
    expect(paypalValue(t)).toBe(t.totalCents);
  });

  it("takes a fixed amount, never more than the items", () => {
    expect(totals([{ unitPriceCents: 3000, quantity: 1 }], amount(500)).totalCents).toBe(3000 + 800 - 500);
    const big = totals([{ unitPriceCents: 3000, quantity: 1 }], amount(99_900));
    expect(big.discountCents).toBe(3000);
    expect(big.totalCents).toBe(800);
    expect(paypalValue(big)).toBe(big.totalCents);
  });

  it("leaves no room for the points once a code took the items", () => {
    const t = totals([{ unitPriceCents: 3000, quantity: 1 }], percent(100), { cents: 500, pointsUsed: 50 });
    expect(t.discountCents).toBe(3000);
    expect(t.loyaltyDiscountCents).toBe(0);
    expect(t.totalCents).toBe(800);
  });

  it("a free-shipping code takes the shipping price, not the items", () => {
    const t = totals([{ unitPriceCents: 3000, quantity: 1 }], shipping);
    expect(t.discountCents).toBe(800);
    expect(t.shippingCents).toBe(800);
    expect(t.totalCents).toBe(3000);
    expect(paypalValue(t)).toBe(3000);
  });

  it("a free-shipping code where shipping is already free takes nothing", () => {
    const t = totals([{ unitPriceCents: 3000, quantity: 1 }], shipping, undefined, FREE_ZONE);
    expect(t.shippingCents).toBe(0);
    expect(t.discountCents).toBe(0);
    expect(t.totalCents).toBe(3000);
  });

  it("never makes the order free: PayPal takes no payment of $0.00", () => {
    const all = totals([{ unitPriceCents: 3000, quantity: 1 }], percent(100), undefined, FREE_ZONE);
    expect(all.totalCents).toBe(1);
    expect(all.discountCents).toBe(2999);
    const withPoints = totals([{ unitPriceCents: 1000, quantity: 1 }], percent(50), { cents: 500, pointsUsed: 50 }, FREE_ZONE);
    expect(withPoints.totalCents).toBeGreaterThan(0);
    expect(paypalValue(withPoints)).toBe(withPoints.totalCents);
  });

  it("is read back from the stored figures with the same lines", () => {
    const t = totals([{ unitPriceCents: 2499, quantity: 2 }], percent(15), { cents: 500, pointsUsed: 50 });
    const stored = storedOrderTotals(totalsFigures(t));
    expect(stored.lines).toEqual(t.lines);
    expect(stored.paypal).toEqual(t.paypal);
    expect(decimalTotals(stored).discount).toEqual({ code: "SPRING20", amount: "7.50" });
  });

  it("without a code the order has no discount line and `discount` is null", () => {
    const t = totals([{ unitPriceCents: 2499, quantity: 1 }], null);
    expect(t.lines.some((l) => l.kind === "code-discount")).toBe(false);
    expect(decimalTotals(t).discount).toBeNull();
  });
});

describe("discount code rules", () => {
  it("keeps codes upper-case without spaces or dashes", () => {
    expect(normaliseCode("  spring-2026 ")).toBe("SPRING2026");
    expect(normaliseCode("wel come10")).toBe("WELCOME10");
  });

  it("prices one piece with a public code only when it takes something off the piece", () => {
    expect(priceWithCode(5000, { type: "percent", value: 20, minSubtotalCents: null })).toBe(4000);
    expect(priceWithCode(5000, { type: "amount", value: 700, minSubtotalCents: null })).toBe(4300);
    expect(priceWithCode(500, { type: "amount", value: 700, minSubtotalCents: null })).toBe(0);
    expect(priceWithCode(5000, { type: "shipping", value: 0, minSubtotalCents: null })).toBe(5000);
    // The piece alone does not reach the code's minimum: no reduction on its page.
    expect(priceWithCode(5000, { type: "percent", value: 20, minSubtotalCents: 8000 })).toBe(5000);
    expect(priceWithCode(8000, { type: "percent", value: 20, minSubtotalCents: 8000 })).toBe(6400);
  });

  it("computes the badge from the 30-day lowest price, and none when there is no reduction from it", () => {
    expect(reductionPercent(4000, 5000)).toBe(20);
    expect(reductionPercent(4000, 4000)).toBeNull();
    expect(reductionPercent(4500, 4000)).toBeNull();
    expect(reductionPercent(3333, 10000)).toBe(67);
    expect(reductionPercent(9960, 10000)).toBeNull();
  });
});
