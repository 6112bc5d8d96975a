import { DISCOUNT_LIMITS } from "~/domain/discounts/rules";
import { formatMoney } from "~/lib/money";

/*
 * The owner's words about discount codes: the Discounts tab's labels and hints, and the refusals
 * the tab and /api/admin/discounts share (English: the admin is English only). Browser-safe.
 */

export const DISCOUNT_INTENTS = { create: "discount-create", update: "discount-update" } as const;

export const DISCOUNT_TYPE_LABELS = { percent: "Percent off", amount: "Amount off", shipping: "Free shipping" } as const;

export const DISCOUNT_ADMIN_TEXT = {
  title: "Discount codes",
  intro: "Codes shoppers type at checkout. One code per order; it combines with loyalty points (the code first, then the points).",
  publicHelp:
    "Public: the reduction is shown to everyone on product pages (pieces that reach the minimum), with the lowest price of the 30 days before it, as the law requires. Leave it off for codes you hand out.",
  newTitle: "New discount code",
  editTitle: (code: string) => `Edit discount code ${code}`,
  empty: "No discount codes yet.",
  codeHint: "4 to 20 letters A–Z and digits 0–9; typed lower-case or with spaces, it is kept upper-case without them.",
  codeFixed: "A code cannot be renamed: to change it, make a new code and switch this one off.",
  valueHint: "Percent off: a whole number from 1 to 100. Amount off: dollars, such as 5,50. Free shipping: leave empty.",
  datesHint: "Shop time (Warsaw). Empty: from now, and with no end.",
  maxUsesHint: "Empty: no limit. Orders that expire unpaid or are cancelled give their use back.",
  codeRequired: "Enter the code",
  codeFormat: `A code has ${DISCOUNT_LIMITS.codeMin} to ${DISCOUNT_LIMITS.codeMax} letters A–Z and digits 0–9, such as SPRING15`,
  codeTaken: (code: string) => `The code ${code} already exists: choose another code, or edit that one`,
  codeUnchangeable: "A code cannot be renamed: make a new code instead (and switch this one off)",
  typeInvalid: "Choose percent, amount or free shipping",
  valueRequired: "Enter how much the code takes off",
  percentRange: `Enter a whole percent from 1 to ${DISCOUNT_LIMITS.percentMax}`,
  amountFormat: "Enter an amount such as 5.50",
  amountApi: "Must be an amount such as 5.00",
  amountRange: `Enter an amount above 0 and at most ${formatMoney(DISCOUNT_LIMITS.amountMaxCents)}`,
  valueForNewType: "Give the value for the new type as well",
  minSubtotalFormat: "Enter a minimum such as 30 or 30.00, or leave it empty",
  minSubtotalApi: "Must be an amount such as 30.00, or null",
  dateFormat: "Enter a date and time",
  dateApi: "Must be an ISO 8601 date and time with its offset, such as 2026-12-01T00:00:00Z, or null",
  endsBeforeStart: "The end must be after the start",
  maxUsesFormat: `Enter a whole number from 1 to ${DISCOUNT_LIMITS.maxUses}, or leave it empty`,
  maxUsesBelowUses: (uses: number) => `${uses} orders already use this code: the limit cannot be below ${uses}`,
  booleanInvalid: "Must be true or false",
  unknownDiscount: "This discount code does not exist",
  added: "Discount code added",
  saved: "Discount code saved",
  notSaved: "Discount code not saved",
  fixFields: "Please correct the fields below.",
} as const;
