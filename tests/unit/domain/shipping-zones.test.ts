import { parseWithZod } from "@conform-to/zod";
import { countryCodeFor, countryName, countryOptions, isCountryCode, ISO_COUNTRY_CODES } from "~/domain/common/countries";
import { EU_MEMBER_STATES } from "~/domain/common/eu";
import { freeShippingNudge, shippingRateFor, type ZoneRates } from "~/domain/orders/totals";
import { ShippingZoneFormSchema, ShippingZonesPutSchema } from "~/domain/shipping/schemas";
import { SHIPPING_TEXT, SHIPPING_ZONE_TEXT as Z } from "~/domain/shipping/texts";
import { formConstraints } from "~/web/form-constraints.server";

// The zone rule in the one place totals are added up, the zones' two schemas (the Settings card's
// form and PUT /api/admin/shipping-zones), and the country list they check against.

const FREE_FROM_100: ZoneRates = { standardCents: 800, largeCents: 1800, freeFromCents: 10_000 };
const line = (unitPriceCents: number, isLarge = false, quantity = 1) => ({ unitPriceCents, quantity, isLarge });

describe("shippingRateFor: a zone's rate", () => {
  it("is the standard price below the threshold, the large price when any item is large", () => {
    expect(shippingRateFor([line(2400), line(999, false, 2)], FREE_FROM_100)).toMatchObject({ name: "Standard Shipping", priceCents: 800 });
    expect(shippingRateFor([line(2400), line(999, true)], FREE_FROM_100)).toMatchObject({ name: "Large Item Shipping", priceCents: 1800 });
  });

  it("is free from the threshold on (the items subtotal, quantities counted), large items too", () => {
    expect(shippingRateFor([line(5000, false, 2)], FREE_FROM_100)).toEqual({
      name: "Free Shipping",
      priceCents: 0,
      description: "Free on orders from $100.00",
    });
    expect(shippingRateFor([line(9999, true), line(1)], FREE_FROM_100)).toMatchObject({ name: "Free Shipping", priceCents: 0 });
    expect(shippingRateFor([line(9999, true)], FREE_FROM_100)).toMatchObject({ name: "Large Item Shipping", priceCents: 1800 });
  });

  it("is never free without a threshold, and nothing for no items", () => {
    const noThreshold = { ...FREE_FROM_100, freeFromCents: null };
    expect(shippingRateFor([line(5_000_000)], noThreshold)).toMatchObject({ name: "Standard Shipping", priceCents: 800 });
    expect(shippingRateFor([], FREE_FROM_100)).toMatchObject({ priceCents: 0 });
  });
});

describe("freeShippingNudge: 'Free shipping from $X. Add $Y more'", () => {
  it("says how much is missing below the threshold, in the contract's words", () => {
    const nudge = freeShippingNudge(6250, FREE_FROM_100);
    expect(nudge).toEqual({ fromCents: 10_000, missingCents: 3750 });
    expect(SHIPPING_TEXT.nudge(nudge!)).toBe("Free shipping from $100.00. Add $37.50 more");
  });

  it("says nothing at or over the threshold, without one, for an empty cart or an unshipped country", () => {
    expect(freeShippingNudge(10_000, FREE_FROM_100)).toBeNull();
    expect(freeShippingNudge(6250, { ...FREE_FROM_100, freeFromCents: null })).toBeNull();
    expect(freeShippingNudge(0, FREE_FROM_100)).toBeNull();
    expect(freeShippingNudge(6250, null)).toBeNull();
  });
});

describe("countries", () => {
  it("are the 249 ISO 3166-1 alpha-2 codes, the EU's among them, and nothing else", () => {
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    expect(new Set(ISO_COUNTRY_CODES).size).toBe(249);
    for (const code of EU_MEMBER_STATES) expect(isCountryCode(code), code).toBe(true);
    for (const code of ["EU", "UK", "XK", "ZZ", "us", "USA", "", null, 1]) expect(isCountryCode(code), String(code)).toBe(false);
  });

  it("have English names from the platform, the spec's short ones kept", () => {
    expect(countryName("PL")).toBe("Poland");
    expect(countryName("HK")).toBe("Hong Kong");
    expect(countryName("KR")).toBe("South Korea");
    expect(countryName("XX")).toBe("XX");
    expect(countryOptions(["US", "PL", "DE", "XX", "PL"]).map((c) => c.name)).toEqual(["Germany", "Poland", "United States"]);
  });

  it("the owner may type a code in any case or an English name", () => {
    expect(countryCodeFor(" de ")).toBe("DE");
    expect(countryCodeFor("united kingdom")).toBe("GB");
    expect(countryCodeFor("Hong Kong SAR China")).toBe("HK");
    for (const typed of ["Narnia", "EU", "D", "Deutschland"]) expect(countryCodeFor(typed), typed).toBeNull();
  });
});

function formData(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
}

const FORM = { name: " North America ", countries: "us, Canada", standardPrice: "8,50", largePrice: "18", freeShippingFrom: "", shipped: "yes", message: "" };

describe("the Settings card's zone form", () => {
  const parse = (fields: Record<string, string>) => {
    const submission = parseWithZod(formData(fields), { schema: ShippingZoneFormSchema });
    return Object.assign(submission, { error: submission.status === "error" ? submission.error : null });
  };

  it("reads codes or names, the decimal comma, an empty threshold as none and the radio as shipped", () => {
    const ok = parse(FORM);
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toEqual({
      name: "North America",
      countries: ["US", "CA"],
      standardPrice: 850,
      largePrice: 1800,
      freeShippingFrom: null,
      shipped: true,
      message: null,
    });
    const spaced = parse({ ...FORM, countries: "DE FR it\nPoland;Germany", freeShippingFrom: "150,00" });
    expect(spaced.status === "success" && spaced.value).toMatchObject({ countries: ["DE", "FR", "IT", "PL"], freeShippingFrom: 15_000 });
  });

  it("refuses unknown countries, negative, non-numeric or ambiguous prices, an empty name, each on its field", () => {
    const bad = parse({ ...FORM, name: " ", countries: "US, Narnia, XX", standardPrice: "-8", largePrice: "1.234,50", freeShippingFrom: "lots" });
    expect(bad.status).toBe("error");
    expect(bad.error).toEqual({
      name: [Z.nameRequired],
      countries: [Z.unknownCountries(["Narnia", "XX"])],
      standardPrice: [Z.price],
      largePrice: [Z.price],
      freeShippingFrom: [Z.price],
    });
    expect(parse({ ...FORM, countries: " " }).error).toEqual({ countries: [Z.countriesRequired] });
  });

  it("gives the browser's own check the same rule: the threshold and the message may stay empty", () => {
    const c = formConstraints(ShippingZoneFormSchema);
    expect([c.name.required, c.countries.required, c.standardPrice.required, c.largePrice.required]).toEqual([true, true, true, true]);
    expect([c.freeShippingFrom.required, c.message.required]).toEqual([undefined, undefined]);
    expect(new RegExp(c.standardPrice.pattern!).test("8,50")).toBe(true);
  });

  it("a zone not shipped to needs its message", () => {
    expect(parse({ ...FORM, shipped: "no" }).error).toEqual({ message: [Z.messageRequired] });
    const ok = parse({ ...FORM, shipped: "no", message: "Not during the holidays" });
    expect(ok.status === "success" && ok.value).toMatchObject({ shipped: false, message: "Not during the holidays" });
  });
});

describe("PUT /api/admin/shipping-zones's payload", () => {
  const zone = { name: "Home", countries: ["PL"], standardPrice: "8.00", largePrice: "18.00", freeShippingFrom: null, shipped: true, message: null };
  const issues = (zones: unknown[]) => {
    const result = ShippingZonesPutSchema.safeParse({ zones });
    return result.success ? null : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("takes the contract's zone, prices as strings or numbers, shipped by default", () => {
    const result = ShippingZonesPutSchema.safeParse({ zones: [{ ...zone, largePrice: 18, shipped: undefined }] });
    expect(result.success && result.data.zones[0]).toEqual({ ...zone, standardPrice: 800, largePrice: 1800 });
  });

  it("refuses a country in two zones, a name twice, unknown codes (any case), negative and comma prices", () => {
    expect(issues([zone, { ...zone, name: "Also home" }])).toEqual({ "zones.1.countries": Z.overlapInRequest("PL") });
    expect(issues([zone, { ...zone, name: "home", countries: ["DE"] }])).toEqual({ "zones.1.name": Z.nameTaken });
    expect(issues([{ ...zone, countries: ["PL", "XX", "de"] }])).toEqual({
      "zones.0.countries.1": Z.unknownCode("XX"),
      "zones.0.countries.2": Z.unknownCode("de"),
    });
    expect(issues([{ ...zone, standardPrice: "-1", largePrice: -18, freeShippingFrom: "8,50" }])).toEqual({
      "zones.0.standardPrice": Z.priceApi,
      "zones.0.largePrice": Z.priceApi,
      "zones.0.freeShippingFrom": Z.priceApi,
    });
    expect(issues([{ ...zone, countries: "PL" }])).not.toBeNull();
    expect(ShippingZonesPutSchema.safeParse({}).success).toBe(false);
  });
});
