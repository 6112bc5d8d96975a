import {
  CHECKOUT_MAX,
  CHECKOUT_PASSWORD_MAX,
  CHECKOUT_PASSWORD_MIN,
  CHECKOUT_TEXT as T,
  CUSTOMER_MESSAGE_MAX,
  EMAIL_PATTERN,
  tooLong,
} from "~/domain/orders/checkout-text";
import { COUNTRY_CODES } from "~/domain/common/countries";

/**
 * The checkout rules for the browser (Conform's on-change validation), without
 * zod: the same texts and limits as CheckoutSchema (domain/orders/schemas.ts), which the server
 * always runs again. tests/unit/domain/checkout-schema.test.ts keeps the two in step.
 * Why no zod here: docs/decisions/no-zod-in-the-browser.md.
 */
export type CheckoutValues = Record<string, unknown>;

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

function ticked(value: unknown): boolean {
  return value === "on" || value === true;
}

const REQUIRED: [keyof typeof CHECKOUT_MAX, string][] = [
  ["firstName", T.firstNameRequired],
  ["lastName", T.lastNameRequired],
  ["addressLine1", T.addressRequired],
  ["city", T.cityRequired],
  ["postalCode", T.postalCodeRequired],
];

/** Field errors (one message each) or null when the values pass. */
export function validateCheckout(values: CheckoutValues): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const email = text(values.email);
  if (email.length > CHECKOUT_MAX.email || !EMAIL_PATTERN.test(email)) errors.email = [T.invalidEmail];
  for (const [name, message] of REQUIRED) {
    const value = text(values[name]);
    if (value === "") errors[name] = [message];
    else if (value.length > CHECKOUT_MAX[name]) errors[name] = [tooLong(CHECKOUT_MAX[name])];
  }
  for (const name of ["addressLine2", "state"] as const) {
    if (text(values[name]).length > CHECKOUT_MAX[name]) errors[name] = [tooLong(CHECKOUT_MAX[name])];
  }
  if (!(COUNTRY_CODES as readonly string[]).includes(String(values.country ?? ""))) errors.country = [T.countryRequired];
  if (text(values.customerMessage).length > CUSTOMER_MESSAGE_MAX) errors.customerMessage = [T.messageTooLong];
  if (!ticked(values.agreeToTerms)) errors.agreeToTerms = [T.termsRequired];
  if (ticked(values.createAccount)) {
    const password = typeof values.password === "string" ? values.password : "";
    const confirm = typeof values.confirmPassword === "string" ? values.confirmPassword : "";
    if (password.length > CHECKOUT_PASSWORD_MAX) errors.password = [`Password must be at most ${CHECKOUT_PASSWORD_MAX} characters`];
    if (password.length < CHECKOUT_PASSWORD_MIN || password !== confirm) errors.confirmPassword = [T.passwordRule];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
