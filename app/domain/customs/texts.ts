/**
 * Customs data: the products' weight, HS code, origin and customs description, the Settings'
 * defaults, and the packing slip's words (docs/shipping.md). Browser-safe: limits, texts and
 * small rules only.
 */

export const WEIGHT_MIN_GRAMS = 1;
export const WEIGHT_MAX_GRAMS = 20_000;
/** A Harmonized System code: the 6-digit subheading, or a country's longer tariff number (up to 10 digits). */
export const HS_CODE_PATTERN = /^\d{6,10}$/;
/** Two letters, either case (the schema upper-cases them); the browser's pattern check is case-sensitive. */
export const COUNTRY_CODE_PATTERN = /^[A-Za-z]{2}$/;
export const CUSTOMS_DESCRIPTION_MAX = 60;
/** The most orders one print of packing slips takes. */
export const PACKING_SLIPS_MAX = 100;

export const CUSTOMS_TEXT = {
  weight: `Weight must be a whole number of grams from ${WEIGHT_MIN_GRAMS} to ${WEIGHT_MAX_GRAMS}`,
  hsCode: "HS code must be 6 to 10 digits, without dots or spaces (e.g. 950300)",
  originCountry: "Country of origin must be a two-letter country code, e.g. PL",
  descriptionRequired: "Customs description is required",
  descriptionTooLong: `Customs description must be ${CUSTOMS_DESCRIPTION_MAX} characters or less`,
  cn22LimitRequired: "Enter the CN22 limit in USD, e.g. 400.00",
  cn22LimitMin: "The CN22 limit must be at least 1.00",
  saved: "Customs defaults saved",
} as const;

/** The store's customs defaults (settings key 'customs'). */
export interface CustomsSettings {
  /** The HS code of a product without its own. */
  hsCode: string;
  /** ISO 3166-1 alpha-2 country of origin of a product without its own. */
  originCountry: string;
  /** The customs description of a product without its own. */
  customsDescription: string;
  /** Up to this declared value a parcel goes with a CN22, above it with a CN23. */
  cn22LimitCents: number;
}

/**
 * Doll clothing's HS subheading is 9503.00 (dolls' parts and accessories, with the dolls
 * themselves): docs/decisions/customs-data.md. $400.00 is about 300 SDR, the UPU's CN22 limit.
 */
export const DEFAULT_CUSTOMS_SETTINGS: CustomsSettings = {
  hsCode: "950300",
  originCountry: "PL",
  customsDescription: "Handmade doll clothing",
  cn22LimitCents: 400_00,
};

/** Region codes that name no country (the EU, the euro area, the UN, outlying Oceania, unknown). */
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "QO", "ZZ"]);

let regionNames: Intl.DisplayNames | null = null;
function regions(): Intl.DisplayNames {
  regionNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  return regionNames;
}

/** A country's English name from its ISO code ('PL' → 'Poland'); the code itself when unknown. */
export function countryNameOf(code: string): string {
  const upper = code.toUpperCase();
  if (!COUNTRY_CODE_PATTERN.test(upper) || NOT_COUNTRIES.has(upper)) return upper;
  try {
    return regions().of(upper) ?? upper;
  } catch {
    return upper;
  }
}

/** Whether two letters are an ISO 3166-1 alpha-2 country code the platform knows. */
export function isKnownCountryCode(code: string): boolean {
  const upper = code.toUpperCase();
  return COUNTRY_CODE_PATTERN.test(upper) && !NOT_COUNTRIES.has(upper) && countryNameOf(upper) !== upper;
}

/** The packing slip page's words. */
export const PACKING_SLIP_TEXT = {
  title: "Packing slip",
  titlePlural: "Packing slips",
  from: "From",
  shipTo: "Ship to",
  to: "To",
  order: "Order",
  placed: "Placed",
  gift: "Gift order: prices are left out of this slip.",
  giftBadge: "Gift",
  message: "Message from the customer",
  sku: "SKU",
  item: "Item",
  colour: "Colour",
  variation: "Variation",
  quantity: "Qty",
  price: "Price",
  subtotal: "Subtotal",
  shipping: "Shipping",
  discount: "Discount",
  total: "Total",
  customsTitle: "Customs declaration",
  customsAttach: "Attach to the outside of the parcel.",
  customsCategory: "Category of item: sale of goods",
  customsDescription: "Description of contents",
  customsQuantity: "Qty",
  customsWeight: "Net weight (g)",
  customsValue: "Value (USD)",
  customsHsCode: "HS tariff number",
  customsOrigin: "Country of origin",
  customsTotal: "Total",
  weightMissing: "not recorded",
  weightsMissing: (n: number) =>
    `${n === 1 ? "One line has" : `${n} lines have`} no weight recorded: the total weight counts only the others. Add the weight in the product editor and print again.`,
  productGone: "This product has since been deleted: its SKU and weight are unknown.",
  noCustoms: "Inside the EU: no customs declaration needed.",
  limitNote: (limit: string) => `CN22 up to ${limit} in value, CN23 above it (Settings).`,
  print: "Print",
  printHint: "Print with your browser (Ctrl+P or ⌘P). The page prints without the shop's header and footer.",
  paperSize: "Paper size",
  back: "Back to the order",
  backToOrders: "Back to Orders",
  noneChosen: "Choose at least one order to print its packing slip.",
  notFound: "Order not found",
  badId: (id: string) => `'${id.slice(0, 20)}' is not an order number.`,
  someNotFound: (ids: number[]) => `Not found: ${ids.map((id) => `#${id}`).join(", ")}.`,
  tooMany: `Print at most ${PACKING_SLIPS_MAX} packing slips at once.`,
} as const;

/** The paper sizes the slip is laid out for. */
export const PACKING_SLIP_SIZES = ["a4", "a6"] as const;
export type PackingSlipSize = (typeof PACKING_SLIP_SIZES)[number];
export const PACKING_SLIP_SIZE_LABELS: Record<PackingSlipSize, string> = { a4: "A4", a6: "A6 label" };
