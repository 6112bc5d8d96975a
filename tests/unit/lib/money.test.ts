import { centsToDecimal, decimalToCents, formatMoney } from "~/lib/money";

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
