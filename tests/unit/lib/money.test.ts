import { centsToDecimal, decimalToCents, formatDecimalMoney, formatMoney, parseTypedAmount, TYPED_AMOUNT_TEXT } from "~/lib/money";

describe("money", () => {
  it("formats cents as a two-decimal API string", () => {
    expect(centsToDecimal(2400)).toBe("24.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(-150)).toBe("-1.50");
  });
  it("formats dollars for pages", () => {
    expect(formatMoney(2400)).toBe("$24.00");
    expect(formatMoney(-500)).toBe("-$5.00");
  });
  it("groups thousands like Intl's en-US dollars, without floating point", () => {
    expect(formatMoney(724600)).toBe("$7,246.00");
    expect(formatMoney(100000)).toBe("$1,000.00");
    expect(formatMoney(99999)).toBe("$999.99");
    expect(formatMoney(123456789012)).toBe("$1,234,567,890.12");
    expect(formatMoney(-1234567)).toBe("-$12,345.67");
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    for (const cents of [0, 1, 99, 100000, 724600, 100000000, 987654321, -250000]) expect(formatMoney(cents)).toBe(intl.format(cents / 100));
  });
  it("formats the API's and the mails' decimal strings for a person, leaving what is not one", () => {
    expect(formatDecimalMoney("7246.00")).toBe("$7,246.00");
    expect(formatDecimalMoney("24.5")).toBe("$24.50");
    expect(formatDecimalMoney("-1500.00")).toBe("-$1,500.00");
    expect(formatDecimalMoney("n/a")).toBe("$n/a");
  });
  it("parses decimal strings without floating point drift", () => {
    expect(decimalToCents("24")).toBe(2400);
    expect(decimalToCents("24.5")).toBe(2450);
    expect(decimalToCents("0.29")).toBe(29);
    expect(decimalToCents(" 19.99 ")).toBe(1999);
    expect(decimalToCents(1.1)).toBe(110);
  });
  it("refuses what is not money", () => {
    for (const bad of ["", "abc", "1.234", "-1", "1e3", "1,50", ".5"]) expect(decimalToCents(bad)).toBeNull();
  });
});

describe("parseTypedAmount: what the owner types", () => {
  it.each([
    ["12,50", 1250],
    ["12.50", 1250],
    ["12", 1200],
    ["12,5", 1250],
    ["12.5", 1250],
    [" 0,05 ", 5],
    ["0", 0],
  ])("takes %j as %i cents", (text, cents) => {
    expect(parseTypedAmount(text)).toEqual({ cents });
  });
  it.each(["1.234,50", "1,234.50", "12,500", "12.505", "1 234,50", "", "   ", "-12.50", "+12", "12,", ",50", ".5", "1e3", "12.5.0", "abc", "$12"])(
    "refuses %j",
    (text) => {
      expect(parseTypedAmount(text)).toEqual({ error: TYPED_AMOUNT_TEXT });
    },
  );
  it("refuses a comma where only a point is allowed, and too many whole digits", () => {
    expect(parseTypedAmount("12,50", { comma: false })).toEqual({ error: TYPED_AMOUNT_TEXT });
    expect(parseTypedAmount("12.50", { comma: false })).toEqual({ cents: 1250 });
    expect(parseTypedAmount("123456", { maxWholeDigits: 5 })).toEqual({ error: TYPED_AMOUNT_TEXT });
  });
});
