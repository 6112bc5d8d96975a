import { centsToDecimal, decimalToCents, formatMoney, parseTypedAmount, TYPED_AMOUNT_TEXT } from "~/lib/money";

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
