import { lineShares, shippingPaidCents } from "~/domain/orders/line-shares";
import { ORDER_TRANSITIONS, ORDER_TRANSITION_NAMES } from "~/domain/orders/lifecycle";
import { TaxSettingsSchema, VatRateSchema } from "~/domain/records/schemas";
import { orderRecordsApi, orderTaxCents, rateInForce, taxChoice, taxFromGross, type VatRate } from "~/domain/records/tax";

// The tax an order is recorded with (docs/decisions/tax-from-gross.md): the regime's rate for the
// destination on the payment's day, taken out of each tax-inclusive line and the shipping.

const RATES: VatRate[] = [
  { country: "PL", rateBp: 2300, effectiveFrom: "2026-01-01" },
  { country: "DE", rateBp: 1900, effectiveFrom: "2026-01-01" },
  { country: "FI", rateBp: 2550, effectiveFrom: "2026-01-01" },
  // A later row takes over on its day.
  { country: "DE", rateBp: 2100, effectiveFrom: "2026-07-01" },
];

describe("taxChoice", () => {
  it("charges nothing while exempt, wherever the parcel goes", () => {
    expect(taxChoice("exempt", "PL", "2026-03-01", RATES)).toBeNull();
    expect(taxChoice("exempt", "DE", "2026-03-01", RATES)).toBeNull();
    expect(taxChoice("exempt", "US", "2026-03-01", RATES)).toBeNull();
  });

  it("vat: the Polish rate on every order, in the EU or outside it", () => {
    expect(taxChoice("vat", "PL", "2026-03-01", RATES)).toEqual({ country: "PL", rateBp: 2300 });
    expect(taxChoice("vat", "DE", "2026-03-01", RATES)).toEqual({ country: "PL", rateBp: 2300 });
    expect(taxChoice("vat", "US", "2026-03-01", RATES)).toEqual({ country: "PL", rateBp: 2300 });
  });

  it("vat-oss: another EU state's rate, the Polish rate at home, 0 for an export", () => {
    expect(taxChoice("vat-oss", "DE", "2026-03-01", RATES)).toEqual({ country: "DE", rateBp: 1900 });
    expect(taxChoice("vat-oss", "fi", "2026-03-01", RATES)).toEqual({ country: "FI", rateBp: 2550 });
    expect(taxChoice("vat-oss", "PL", "2026-03-01", RATES)).toEqual({ country: "PL", rateBp: 2300 });
    expect(taxChoice("vat-oss", "US", "2026-03-01", RATES)).toEqual({ country: "US", rateBp: 0 });
    expect(taxChoice("vat-oss", "NO", "2026-03-01", RATES)).toEqual({ country: "NO", rateBp: 0 });
  });

  it("takes a later rate row from its day on, the earlier one the day before", () => {
    expect(taxChoice("vat-oss", "DE", "2026-06-30", RATES)).toEqual({ country: "DE", rateBp: 1900 });
    expect(taxChoice("vat-oss", "DE", "2026-07-01", RATES)).toEqual({ country: "DE", rateBp: 2100 });
    expect(rateInForce(RATES, "DE", "2027-01-01")).toBe(2100);
    expect(rateInForce(RATES, "DE", "2025-12-31")).toBeNull();
  });
});

describe("taxFromGross and orderTaxCents", () => {
  it("takes the tax out of a tax-inclusive amount, rounded half up to the cent", () => {
    expect(taxFromGross(12300, 2300)).toBe(2300);
    // 1000 × 23 / 123 = 186.99 → 187
    expect(taxFromGross(1000, 2300)).toBe(187);
    // 2400 × 25.5 / 125.5 = 487.65 → 488
    expect(taxFromGross(2400, 2550)).toBe(488);
    // 5 × 23 / 123 = 0.93 → 1; 2 × 23 / 123 = 0.37 → 0
    expect(taxFromGross(5, 2300)).toBe(1);
    expect(taxFromGross(2, 2300)).toBe(0);
    expect(taxFromGross(1000, 0)).toBe(0);
    expect(taxFromGross(0, 2300)).toBe(0);
  });

  it("rounds per line after each line's discount share, shipping as its own line", () => {
    // Two lines $10.00 and $30.00 with $4.00 off the items: they paid $9.00 and $27.00.
    const order = { subtotalCents: 4000, shippingCents: 500, discountCents: 400, loyaltyDiscountCents: 0, codeOnShipping: false };
    const lines = lineShares(
      [
        { unitPriceCents: 1000, quantity: 1 },
        { unitPriceCents: 1000, quantity: 3 },
      ],
      order,
    );
    expect(lines.map((l) => l.paidCents)).toEqual([900, 2700]);
    const paid = lines.map((l) => l.paidCents);
    // 900 → 168.29 → 168; 2700 → 504.88 → 505; the shipping 500 → 93.50 (93.495…) → 93
    expect(orderTaxCents(paid, shippingPaidCents(order), 2300)).toBe(168 + 505 + 93);
    // Per line, not on the sum: three lines of $10.00 together take 62 + 62 + 62, the sum once 187.
    expect(orderTaxCents([333, 333, 334], 0, 2300)).toBe(186);
    expect(taxFromGross(1000, 2300)).toBe(187);
  });

  it("a free-shipping code takes the shipping's tax with it", () => {
    const order = { subtotalCents: 2000, shippingCents: 500, discountCents: 500, loyaltyDiscountCents: 0, codeOnShipping: true };
    expect(shippingPaidCents(order)).toBe(0);
    expect(orderTaxCents([2000], shippingPaidCents(order), 2300)).toBe(374);
  });
});

describe("orderRecordsApi", () => {
  const none = { taxRegime: null, taxCountry: null, taxRateBp: null, taxCents: null, plnMid: null, plnTable: null, plnDate: null, plnTotalGrosze: null };
  it("answers null for an order without records", () => {
    expect(orderRecordsApi(none)).toEqual({ tax: null, pln: null });
  });
  it("answers the rate in percent, amounts as 2-decimal strings", () => {
    const api = orderRecordsApi({
      ...none,
      taxRegime: "vat-oss",
      taxCountry: "FI",
      taxRateBp: 2550,
      taxCents: 488,
      plnMid: 3.9876,
      plnTable: "12/A/NBP/2026",
      plnDate: "2026-01-19",
      plnTotalGrosze: 95702,
    });
    expect(api).toEqual({
      tax: { regime: "vat-oss", country: "FI", ratePercent: 25.5, amount: "4.88" },
      pln: { rate: 3.9876, table: "12/A/NBP/2026", date: "2026-01-19", total: "957.02" },
    });
  });
});

describe("the Tax card's schemas", () => {
  it("takes a rate with a comma or a point, up to 50 % with 2 decimals, of an EU state, on a calendar day", () => {
    expect(VatRateSchema.parse({ country: "hr", rate: "25,5", effectiveFrom: "2027-01-01" })).toEqual({
      country: "HR",
      rate: 2550,
      effectiveFrom: "2027-01-01",
    });
    expect(VatRateSchema.parse({ country: "PL", rate: "0", effectiveFrom: "2027-01-01" }).rate).toBe(0);
    expect(VatRateSchema.parse({ country: "PL", rate: "50", effectiveFrom: "2027-01-01" }).rate).toBe(5000);
    for (const bad of [
      { country: "PL", rate: "50.01", effectiveFrom: "2027-01-01" },
      { country: "PL", rate: "-1", effectiveFrom: "2027-01-01" },
      { country: "PL", rate: "23.456", effectiveFrom: "2027-01-01" },
      { country: "PL", rate: "abc", effectiveFrom: "2027-01-01" },
      { country: "US", rate: "10", effectiveFrom: "2027-01-01" },
      { country: "XX", rate: "10", effectiveFrom: "2027-01-01" },
      { country: "PL", rate: "10", effectiveFrom: "2027-02-30" },
      { country: "PL", rate: "10", effectiveFrom: "1.1.2027" },
    ]) {
      expect(VatRateSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("takes one of the three regimes and a wording of at most 300 characters", () => {
    expect(TaxSettingsSchema.safeParse({ taxRegime: "vat-oss", exemptionText: "x".repeat(300) }).success).toBe(true);
    expect(TaxSettingsSchema.safeParse({ taxRegime: "vat", exemptionText: "x".repeat(301) }).success).toBe(false);
    expect(TaxSettingsSchema.safeParse({ taxRegime: "oss", exemptionText: "x" }).success).toBe(false);
    expect(TaxSettingsSchema.safeParse({ taxRegime: "vat", exemptionText: "  " }).success).toBe(false);
  });
});

describe("the lifecycle's records effect", () => {
  it("writes the record on 'pay' and nowhere else", () => {
    const writing = ORDER_TRANSITION_NAMES.filter((n) => ORDER_TRANSITIONS[n].records === "write");
    expect(writing).toEqual(["pay"]);
  });
});
