import { checkBreakdown } from "../../../tools/paypal-emulator/validate";
import { centsToDecimal } from "~/lib/money";
import { computeOrderTotals, decimalTotals, type OrderTotals, shippingRateFor, storedOrderTotals, totalsFigures, type ZoneRates } from "~/domain/orders/totals";

/** A zone at the spec's prices without a free-shipping threshold, as the seeded zones are. */
const ZONE: ZoneRates = { standardCents: 800, largeCents: 1800, freeFromCents: null };
const standard = { priceCents: ZONE.standardCents };
const large = { priceCents: ZONE.largeCents };

/** PayPal's rule for amount.breakdown: value = item_total + tax_total + shipping + handling + insurance - shipping_discount - discount. */
function paypalAmount(totals: OrderTotals): number {
  const b = totals.paypal;
  return b.item_total + b.shipping - b.discount;
}

function totalsFor(items: { unitPriceCents: number; quantity: number; isLarge?: boolean }[], loyaltyDiscount?: { cents: number; pointsUsed: number }) {
  const lines = items.map((i) => ({ ...i, isLarge: i.isLarge ?? false }));
  return computeOrderTotals({ items: lines, shipping: shippingRateFor(lines, ZONE), loyaltyDiscount });
}

describe("computeOrderTotals", () => {
  it("adds the items, the shipping rate and takes off the loyalty discount", () => {
    const t = totalsFor(
      [
        { unitPriceCents: 2400, quantity: 2 },
        { unitPriceCents: 999, quantity: 1 },
      ],
      { cents: 500, pointsUsed: 50 },
    );
    expect(totalsFigures(t)).toEqual({
      subtotalCents: 5799,
      shippingCents: standard.priceCents,
      shippingName: "Standard Shipping",
      loyaltyDiscountCents: 500,
      loyaltyPointsUsed: 50,
      discountCode: null,
      discountCents: 0,
      totalCents: 5799 + 800 - 500,
    });
    expect(t.lines).toEqual([
      { kind: "shipping", name: "Standard Shipping", cents: 800, paypal: "shipping", points: 0 },
      { kind: "loyalty-discount", name: "", cents: 500, paypal: "discount", points: 50 },
    ]);
    expect(t.paypal).toEqual({ item_total: 5799, shipping: 800, discount: 500 });
  });

  it("has no discount line without a discount, and none for a discount of 0", () => {
    for (const discount of [undefined, { cents: 0, pointsUsed: 50 }]) {
      const t = totalsFor([{ unitPriceCents: 3000, quantity: 1 }], discount);
      expect(t.lines.map((l) => l.kind)).toEqual(["shipping"]);
      expect(t.loyaltyDiscountCents).toBe(0);
      expect(t.loyaltyPointsUsed).toBe(0);
      expect(t.totalCents).toBe(3800);
    }
  });

  it("never takes a discount larger than the items subtotal: shipping is still paid", () => {
    const t = totalsFor([{ unitPriceCents: 300, quantity: 1 }], { cents: 500, pointsUsed: 50 });
    expect(t.loyaltyDiscountCents).toBe(300);
    expect(t.loyaltyPointsUsed).toBe(50);
    expect(t.totalCents).toBe(800);
    expect(t.paypal).toEqual({ item_total: 300, shipping: 800, discount: 300 });
  });

  it("ignores a negative discount", () => {
    const t = totalsFor([{ unitPriceCents: 3000, quantity: 1 }], { cents: -500, pointsUsed: 50 });
    expect(t.loyaltyDiscountCents).toBe(0);
    expect(t.totalCents).toBe(3800);
  });

  it("charges large-item shipping once when any item is large", () => {
    const t = totalsFor([
      { unitPriceCents: 1000, quantity: 3 },
      { unitPriceCents: 8900, quantity: 1, isLarge: true },
    ]);
    expect(t.shippingName).toBe("Large Item Shipping");
    expect(t.shippingCents).toBe(large.priceCents);
    expect(t.totalCents).toBe(3000 + 8900 + large.priceCents);
  });

  it("in a zone without a free-shipping threshold a large order pays the rate; a rate of 0 ships free", () => {
    expect(totalsFor([{ unitPriceCents: 50_000, quantity: 4 }]).shippingCents).toBe(standard.priceCents);
    const free = computeOrderTotals({ items: [{ unitPriceCents: 2000, quantity: 1 }], shipping: { name: "Standard Shipping", priceCents: 0 } });
    expect(free.shippingCents).toBe(0);
    expect(free.totalCents).toBe(2000);
    expect(free.paypal).toEqual({ item_total: 2000, shipping: 0, discount: 0 });
  });

  it("gives zero items a zero subtotal, no shipping and a zero total, even with a discount asked for", () => {
    const t = totalsFor([], { cents: 500, pointsUsed: 50 });
    expect(totalsFigures(t)).toEqual({
      subtotalCents: 0,
      shippingCents: 0,
      shippingName: "Standard Shipping",
      loyaltyDiscountCents: 0,
      loyaltyPointsUsed: 0,
      discountCode: null,
      discountCents: 0,
      totalCents: 0,
    });
  });

  it("gives a PayPal breakdown that adds up to the total, with no negative part", () => {
    const cases = [
      totalsFor([{ unitPriceCents: 2400, quantity: 2 }], { cents: 500, pointsUsed: 50 }),
      totalsFor([{ unitPriceCents: 199, quantity: 1, isLarge: true }], { cents: 500, pointsUsed: 50 }),
      totalsFor([{ unitPriceCents: 1, quantity: 1 }]),
      totalsFor([{ unitPriceCents: 12_345, quantity: 7 }], { cents: 1, pointsUsed: 10 }),
      totalsFor([]),
    ];
    for (const t of cases) {
      expect(paypalAmount(t)).toBe(t.totalCents);
      expect(t.paypal.item_total).toBe(t.subtotalCents);
      for (const value of Object.values(t.paypal)) expect(value).toBeGreaterThanOrEqual(0);
      // PayPal's own 422 rules, as its emulator checks them (AMOUNT_MISMATCH and the rest).
      const money = (cents: number) => ({ currency_code: "USD", value: centsToDecimal(cents) });
      const breakdown = Object.fromEntries(Object.entries(t.paypal).map(([bucket, cents]) => [bucket, money(cents)]));
      expect(checkBreakdown({}, { ...money(t.totalCents), breakdown } as never, "/purchase_units/0")).toEqual([]);
      expect(checkBreakdown({}, { ...money(t.totalCents + 1), breakdown } as never, "/purchase_units/0")).not.toEqual([]);
    }
  });
});

describe("storedOrderTotals", () => {
  const stored = {
    subtotalCents: 4800,
    shippingCents: 800,
    shippingName: "Standard Shipping",
    loyaltyDiscountCents: 500,
    loyaltyPointsUsed: 50,
    discountCode: null,
    discountCents: 0,
    totalCents: 5100,
  };

  it("reads a stored order into the same lines, as stored", () => {
    const t = storedOrderTotals(stored);
    expect(totalsFigures(t)).toEqual(stored);
    expect(t.lines.map((l) => [l.kind, l.cents])).toEqual([
      ["shipping", 800],
      ["loyalty-discount", 500],
    ]);
    expect(paypalAmount(t)).toBe(t.totalCents);
  });

  it("keeps the stored total (the rates and rules of then), never adding it up again", () => {
    const t = storedOrderTotals({ ...stored, totalCents: 9999 });
    expect(t.totalCents).toBe(9999);
  });

  it("matches what computeOrderTotals gave the order when it was placed", () => {
    const placed = totalsFor([{ unitPriceCents: 2400, quantity: 2 }], { cents: 500, pointsUsed: 50 });
    expect(storedOrderTotals(totalsFigures(placed))).toEqual(placed);
    const plain = totalsFor([{ unitPriceCents: 8900, quantity: 1, isLarge: true }]);
    expect(storedOrderTotals(totalsFigures(plain))).toEqual(plain);
  });

  it("writes the figures as the API and the e-mails do", () => {
    expect(decimalTotals(storedOrderTotals(stored))).toEqual({
      subtotal: "48.00",
      shippingCost: "8.00",
      shippingName: "Standard Shipping",
      loyaltyDiscount: "5.00",
      loyaltyPointsUsed: 50,
      discount: null,
      total: "51.00",
    });
  });
});
