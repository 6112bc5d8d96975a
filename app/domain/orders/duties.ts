import { isEuCountry } from "~/domain/common/eu";

/**
 * The import duties notice: a parcel leaving the EU crosses a customs border, and the buyer may
 * owe duties and taxes there that the shop's total does not hold. Browser-safe: checkout's
 * behaviour asks the same rule when the country changes.
 */
export const DUTIES_TEXT = {
  notice: "Import duties and taxes may be charged by the destination country on delivery. They are not included in this total.",
} as const;

/** Whether the notice applies: a chosen country outside the EU. No country chosen yet: no. */
export function chargesImportDuties(country: string | null | undefined): boolean {
  return typeof country === "string" && country !== "" && !isEuCountry(country);
}
