import { z } from "zod";
import { countryCodeFor, isCountryCode } from "~/domain/common/countries";
import { typedAmount } from "~/domain/common/schemas";
import { SHIPPING_ZONE_TEXT as T } from "~/domain/shipping/texts";
import { ZONE_LIMITS } from "~/domain/shipping/zones";

/*
 * A shipping zone, one rule for the Settings card's form and PUT /api/admin/shipping-zones. The
 * form takes the owner's decimal comma ("8,50") and her countries as one text of codes or names;
 * the API takes "8.00" (or a number) and a list of codes. Prices are cents once parsed.
 */

/** A price: "8", "8.50" (the form also "8,50"); negative or anything else is refused. */
function price(comma: boolean) {
  const text = comma ? T.price : T.priceApi;
  return z
    .union([z.string(), z.number()], { errorMap: () => ({ message: text }) })
    .transform((v) => (typeof v === "number" ? String(v) : v))
    .pipe(typedAmount({ requiredText: text, formatText: text, comma, maxWholeDigits: ZONE_LIMITS.priceWholeDigits }));
}

/** Free shipping from this items subtotal; empty or null: never. */
function threshold(comma: boolean) {
  return z.preprocess((v) => (v === "" ? undefined : v), price(comma).nullable().optional()).transform((v) => v ?? null);
}

/** The form's countries: "DE, FR" or "Germany; France" or one per line, codes in any case or English names. */
const TypedCountries = z.string({ required_error: T.countriesRequired, invalid_type_error: T.countriesRequired }).transform((text, ctx) => {
  const typed = text
    .split(/[,;\n]+/)
    .flatMap((part) => {
      const words = part.trim().split(/\s+/);
      // "DE FR IT": codes separated by spaces only.
      return words.length > 1 && words.every((w) => /^[a-z]{2}$/i.test(w)) ? words : [part.trim()];
    })
    .filter(Boolean);
  const unknown = typed.filter((t) => countryCodeFor(t) === null);
  if (unknown.length > 0) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: T.unknownCountries(unknown.slice(0, 5)) });
    return z.NEVER;
  }
  return typed.map((t) => countryCodeFor(t)!);
});

/** The API's countries: exact ISO 3166-1 alpha-2 codes. */
const CountryCodes = z.array(
  z.string({ invalid_type_error: T.unknownCode("?") }).superRefine((code, ctx) => {
    if (!isCountryCode(code)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: T.unknownCode(String(code).slice(0, 10)) });
  }),
  { invalid_type_error: T.countriesRequired, required_error: T.countriesRequired },
);

/** shipped: the API's boolean, or the form's radio ("yes" or "no"); absent means shipped. */
const Shipped = z
  .union([z.boolean(), z.enum(["yes", "no"])], { errorMap: () => ({ message: T.shippedInvalid }) })
  .optional()
  .transform((v) => v === undefined || v === true || v === "yes");

function zoneObject(comma: boolean) {
  return z.object({
    id: z.coerce.number().int().positive().optional(),
    name: z
      .string({ required_error: T.nameRequired, invalid_type_error: T.nameRequired })
      .trim()
      .min(1, T.nameRequired)
      .max(ZONE_LIMITS.name, T.nameTooLong(ZONE_LIMITS.name)),
    countries: (comma ? TypedCountries : CountryCodes)
      .transform((codes) => [...new Set(codes)])
      .refine((codes) => codes.length > 0, T.countriesRequired)
      .refine((codes) => codes.length <= ZONE_LIMITS.countries, T.tooManyCountries(ZONE_LIMITS.countries)),
    standardPrice: price(comma),
    largePrice: price(comma),
    freeShippingFrom: threshold(comma),
    shipped: Shipped,
    message: z
      .string({ invalid_type_error: T.messageRequired })
      .trim()
      .max(ZONE_LIMITS.message, T.messageTooLong(ZONE_LIMITS.message))
      .nullish()
      .transform((v) => (v ? v : null)),
  });
}

/** A zone that is not shipped to says why. */
function withMessage<S extends ReturnType<typeof zoneObject>>(schema: S) {
  return schema.superRefine((zone, ctx) => {
    if (!zone.shipped && !zone.message) ctx.addIssue({ code: z.ZodIssueCode.custom, message: T.messageRequired, path: ["message"] });
  });
}

/** The Settings card's form for one zone (`id` when it edits one). */
export const ShippingZoneFormSchema = withMessage(zoneObject(true));
export type ShippingZoneInput = z.infer<typeof ShippingZoneFormSchema>;

/** The card's delete form. */
export const ShippingZoneIdSchema = z.object({ id: z.coerce.number().int().positive() });

/** PUT /api/admin/shipping-zones `{zones}`: every zone at once, none sharing a country or a name. */
export const ShippingZonesPutSchema = z
  .object({
    zones: z.array(withMessage(zoneObject(false)), { required_error: "zones is required" }).max(ZONE_LIMITS.zones, T.tooManyZones(ZONE_LIMITS.zones)),
  })
  .superRefine(({ zones }, ctx) => {
    const seen = new Map<string, number>();
    const names = new Set<string>();
    zones.forEach((zone, index) => {
      for (const code of zone.countries) {
        if (seen.has(code) && seen.get(code) !== index) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: T.overlapInRequest(code), path: ["zones", index, "countries"] });
        }
        seen.set(code, index);
      }
      const name = zone.name.toLowerCase();
      if (names.has(name)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: T.nameTaken, path: ["zones", index, "name"] });
      names.add(name);
    });
  });
export type ShippingZonesInput = z.infer<typeof ShippingZonesPutSchema>;
