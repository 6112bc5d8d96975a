import { isEuCountry } from "~/domain/common/eu";

/*
 * The customs declaration's rules (docs/shipping.md, docs/decisions/customs-data.md).
 * Browser-safe and pure: the packing slip's data is built from these.
 */

export type CustomsForm = "CN22" | "CN23";

/** A parcel leaving the EU crosses a customs border: it needs a declaration. Poland and the other member states do not. */
export function needsCustomsDeclaration(country: string): boolean {
  return !isEuCountry(country);
}

/** CN22 up to the limit (the value itself included), CN23 above it. */
export function customsFormFor(totalValueCents: number, limitCents: number): CustomsForm {
  return totalValueCents <= limitCents ? "CN22" : "CN23";
}
