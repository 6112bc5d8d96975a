import { CHECKOUT_PASSWORD_MIN } from "~/domain/orders/checkout-texts";
import { CheckoutSchema } from "~/domain/orders/schemas";
import { type FieldConstraint } from "~/lib/field-constraint";
import { formConstraints } from "~/web/form-constraints.server";

const CONSTRAINTS = formConstraints(CheckoutSchema);

/**
 * A text field's native constraints, computed from CheckoutSchema (required, minLength,
 * maxLength, pattern): the browser checks them before any script, and the server's own answer
 * has the messages. Checkboxes take none of them (Conform reads the checkbox union as required).
 */
export function checkoutConstraint(name: keyof typeof CONSTRAINTS): FieldConstraint {
  return CONSTRAINTS[name];
}

/** The passwords' length rule holds only when an account is made (a refinement), so their minLength is the rule's own constant. */
export const PASSWORD_CONSTRAINT: FieldConstraint = { ...checkoutConstraint("password"), minLength: CHECKOUT_PASSWORD_MIN };

const TEXT_FIELDS = [
  "email",
  "firstName",
  "lastName",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "postalCode",
  "customerMessage",
  "discountCode",
] as const;

/** Every text field's constraints, for the page's data. */
export function checkoutConstraints(): Record<string, FieldConstraint> {
  const all: Record<string, FieldConstraint> = Object.fromEntries(TEXT_FIELDS.map((name) => [name, checkoutConstraint(name)]));
  all.password = PASSWORD_CONSTRAINT;
  all.confirmPassword = PASSWORD_CONSTRAINT;
  return all;
}
