/**
 * Every country by its ISO 3166-1 alpha-2 code, with its English name. The codes are the
 * standard's 249 officially assigned ones; the names come from the platform's own
 * Intl.DisplayNames (Node and every browser carry it), so no catalogue of names ships with the
 * code. Where the shop ships to is the shipping zones' (app/domain/shipping/), not this list's.
 * Browser-safe.
 */
export const ISO_COUNTRY_CODES: readonly string[] = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

const CODES = new Set(ISO_COUNTRY_CODES);

/** Whether a value is an ISO 3166-1 alpha-2 code, exactly (upper case). */
export function isCountryCode(value: unknown): value is string {
  return typeof value === "string" && CODES.has(value);
}

/** Where the platform's name is longer than a shopper would write it. */
const NAME_OVERRIDES: Record<string, string> = {
  HK: "Hong Kong",
  MO: "Macao",
  MM: "Myanmar",
  PS: "Palestine",
  VA: "Vatican City",
};

let displayNames: Intl.DisplayNames | null = null;

/** A country's English name ("PL" → "Poland"); the code itself for anything that is not one. */
export function countryName(code: string | null | undefined): string {
  if (!code) return "";
  if (!isCountryCode(code)) return code;
  if (NAME_OVERRIDES[code]) return NAME_OVERRIDES[code];
  displayNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  return displayNames.of(code) ?? code;
}

export interface CountryOption {
  code: string;
  name: string;
}

/** The countries of these codes with their names, sorted by name (unknown codes left out). */
export function countryOptions(codes: Iterable<string>): CountryOption[] {
  return [...new Set(codes)]
    .filter(isCountryCode)
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}

let byName: Map<string, string> | null = null;

/** A country typed by the owner: its code ("de") or its English name ("Germany"), any case; null when it is neither. */
export function countryCodeFor(text: string): string | null {
  const typed = text.trim();
  if (isCountryCode(typed.toUpperCase()) && typed.length === 2) return typed.toUpperCase();
  byName ??= new Map(
    ISO_COUNTRY_CODES.flatMap((code) => [[countryName(code).toLowerCase(), code] as const, [(displayNames?.of(code) ?? code).toLowerCase(), code] as const]),
  );
  return byName.get(typed.toLowerCase()) ?? null;
}
