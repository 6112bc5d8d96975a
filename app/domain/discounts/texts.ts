import { shopDay } from "~/domain/common/shop-time";
import { centsToDecimal } from "~/lib/money";

/*
 * The shopper's words about discount codes, in English: the API answers them as they are, and a
 * Polish page translates them by their wording (app/i18n/messages/checkout.ts, domainPl). Each
 * refusal names what is wrong, as the contract asks.
 */
export const DISCOUNT_TEXT = {
  unknown: (code: string) => `The discount code ${code} does not exist.`,
  format: "A discount code has 4 to 20 letters A–Z and digits 0–9.",
  notYetValid: (date: string) => `This discount code is valid from ${date}.`,
  expired: (date: string) => `This discount code expired on ${date}.`,
  usedUp: "This discount code has been used up.",
  usedByEmail: "This discount code has already been used with this e-mail address.",
  belowMinimum: (minimumCents: number, missingCents: number) =>
    `This discount code needs a subtotal of at least $${centsToDecimal(minimumCents)}. Add $${centsToDecimal(missingCents)} more.`,
  /** Shown beside the field before she pays (docs/decisions/codes-and-points.md). */
  combineRule: "One discount code per order. It can be used together with your loyalty points: the code first, then the points.",
  applied: (code: string) => `Discount code ${code} applied.`,
  removed: "Discount code removed.",
} as const;

/** A date of a code's period as the shopper reads it in either language: 2026-12-01, the shop's own day (Warsaw). */
export function codeDate(iso: string): string {
  return shopDay(iso);
}
