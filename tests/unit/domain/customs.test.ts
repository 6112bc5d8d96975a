import { parseWithZod } from "@conform-to/zod";
import { customsFormFor, needsCustomsDeclaration } from "~/domain/customs/declaration";
import { paidPerLine } from "~/domain/orders/line-shares";
import { CustomsSettingsSchema, HsCodeSchema, OriginCountrySchema, productCustomsFields, WeightGramsSchema } from "~/domain/customs/schemas";
import { countryNameOf, CUSTOMS_TEXT, isKnownCountryCode } from "~/domain/customs/texts";
import { CheckoutSchema, OrderCreateSchema } from "~/domain/orders/schemas";
import { UpdateProductSchema } from "~/domain/catalogue/product-schemas";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe("customs fields", () => {
  it("weight: whole grams from 1 to 20000", () => {
    expect(WeightGramsSchema.parse(1)).toBe(1);
    expect(WeightGramsSchema.parse(20_000)).toBe(20_000);
    for (const bad of [0, 20_001, 12.5, -3, "120", null]) expect(messages(WeightGramsSchema.safeParse(bad))).toEqual([CUSTOMS_TEXT.weight]);
  });

  it("HS code: 6 to 10 digits, nothing else", () => {
    expect(HsCodeSchema.parse(" 950300 ")).toBe("950300");
    expect(HsCodeSchema.parse("9503002900")).toBe("9503002900");
    for (const bad of ["95030", "95030029001", "9503.00", "9503 00", "95O300", ""])
      expect(messages(HsCodeSchema.safeParse(bad))).toEqual([CUSTOMS_TEXT.hsCode]);
  });

  it("origin: a known ISO country code, stored upper case", () => {
    expect(OriginCountrySchema.parse("pl")).toBe("PL");
    expect(OriginCountrySchema.parse("GB")).toBe("GB");
    for (const bad of ["POL", "P", "ZZ", "EU", "XX", "1A"]) expect(messages(OriginCountrySchema.safeParse(bad))).toContain(CUSTOMS_TEXT.originCountry);
    expect(countryNameOf("PL")).toBe("Poland");
    expect(isKnownCountryCode("QQ")).toBe(false);
  });

  it("a product PUT leaves out what it does not send, and null clears", () => {
    const kept = UpdateProductSchema.parse({ title: "Tea Dress", price: "24.00" });
    expect(kept).not.toHaveProperty("weightGrams");
    expect(kept).not.toHaveProperty("hsCode");
    const cleared = UpdateProductSchema.parse({ title: "Tea Dress", price: "24.00", weightGrams: null, hsCode: null });
    expect(cleared).toMatchObject({ weightGrams: null, hsCode: null });
    const refused = UpdateProductSchema.safeParse({ title: "Tea Dress", price: "24.00", weightGrams: 0, customsDescription: "x".repeat(61) });
    expect(messages(refused)).toEqual([CUSTOMS_TEXT.weight, CUSTOMS_TEXT.descriptionTooLong]);
    expect(Object.keys(productCustomsFields)).toEqual(["weightGrams", "hsCode", "originCountry", "customsDescription"]);
  });

  it("Settings: the CN22 limit is typed with a point or a comma; an ambiguous amount is refused", () => {
    const form = (cn22Limit: string) => {
      const data = new FormData();
      for (const [k, v] of Object.entries({ hsCode: "950300", originCountry: "pl", customsDescription: "Handmade doll clothing", cn22Limit })) data.set(k, v);
      return parseWithZod(data, { schema: CustomsSettingsSchema });
    };
    const comma = form("400,50");
    expect(comma.status === "success" && comma.value).toEqual({
      hsCode: "950300",
      originCountry: "PL",
      customsDescription: "Handmade doll clothing",
      cn22Limit: 400_50,
    });
    for (const bad of ["1.234,50", "12,500", "0,50", ""]) expect(form(bad).status).toBe("error");
  });
});

describe("the declaration's rules", () => {
  it("outside the EU only", () => {
    expect(needsCustomsDeclaration("PL")).toBe(false);
    expect(needsCustomsDeclaration("DE")).toBe(false);
    expect(needsCustomsDeclaration("GB")).toBe(true);
    expect(needsCustomsDeclaration("US")).toBe(true);
  });

  it("CN22 up to the limit itself, CN23 a cent above", () => {
    expect(customsFormFor(400_00, 400_00)).toBe("CN22");
    expect(customsFormFor(400_01, 400_00)).toBe("CN23");
  });

  it("the discount is shared in proportion, in whole cents that add up exactly", () => {
    expect(paidPerLine([3000, 1000], 400)).toEqual([2700, 900]);
    // 1000 over three equal lines: 333.33 each, the spare cent to the first.
    expect(paidPerLine([1000, 1000, 1000], 1000)).toEqual([666, 667, 667]);
    const values = paidPerLine([1999, 4550, 1], 1234);
    expect(values.reduce((a, b) => a + b, 0)).toBe(1999 + 4550 + 1 - 1234);
    expect(values.every((v) => v >= 0)).toBe(true);
    expect(paidPerLine([500, 700], 0)).toEqual([500, 700]);
    expect(paidPerLine([500, 700], 5000)).toEqual([0, 0]);
  });
});

describe("checkout's gift box", () => {
  const base = {
    email: "clara@example.com",
    firstName: "Clara",
    lastName: "Bloom",
    addressLine1: "12 Lace Lane",
    city: "Toronto",
    postalCode: "M5V 2T6",
    country: "CA",
    agreeToTerms: "on",
  };
  const formOf = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    return parseWithZod(data, { schema: CheckoutSchema });
  };

  it("the form's ticked box is a gift, an unticked one is not", () => {
    const ticked = formOf({ ...base, isGift: "on" });
    expect(ticked.status === "success" && ticked.value.isGift).toBe(true);
    const plain = formOf(base);
    expect(plain.status === "success" && plain.value.isGift).toBe(false);
  });

  it("the API's payload takes true or false and nothing else", () => {
    const payload = {
      email: "clara@example.com",
      shippingAddress: { firstName: "Clara", lastName: "Bloom", addressLine1: "12 Lace Lane", city: "Toronto", postalCode: "M5V 2T6", country: "CA" },
    };
    const gift = OrderCreateSchema.safeParse({ ...payload, isGift: true });
    expect(gift.success && gift.data.input.isGift).toBe(true);
    const none = OrderCreateSchema.safeParse(payload);
    expect(none.success && none.data.input.isGift).toBe(false);
    const bad = OrderCreateSchema.safeParse({ ...payload, isGift: "yes" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ["isGift"], message: "Must be true or false" });
  });
});
