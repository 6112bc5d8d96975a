/**
 * The European Union's 27 member states (ISO 3166-1 alpha-2), as of 2026. Inside the EU a
 * parcel crosses no customs border: no duties notice, no CN22/CN23. Browser-safe.
 */
export const EU_MEMBER_STATES = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
] as const;

export type EuMemberState = (typeof EU_MEMBER_STATES)[number];

const EU = new Set<string>(EU_MEMBER_STATES);

/** Whether a country code (upper case) is an EU member state. */
export function isEuCountry(code: string | null | undefined): boolean {
  return typeof code === "string" && EU.has(code);
}
