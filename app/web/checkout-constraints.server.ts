import { getZodConstraint } from "@conform-to/zod";
import { CHECKOUT_PASSWORD_MIN } from "~/domain/orders/checkout-text";
import { CheckoutSchema } from "~/domain/orders/schemas";

/** A text field's native constraints, as the page's inputs carry them. */
export interface FieldConstraint {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

const CONSTRAINT = getZodConstraint(CheckoutSchema);

/**
 * A text field's native constraints, computed from CheckoutSchema (required, minLength,
 * maxLength, pattern): the browser checks them before any script, and the server's own answer
 * has the messages. Checkboxes take none of them (Conform reads the checkbox union as required).
 * Computed here, on the server, and sent with the page's data, so that zod stays out of every
 * browser bundle.
 */
export function checkoutConstraint(name: string): FieldConstraint {
  const { required, minLength, maxLength, pattern } = CONSTRAINT[name] ?? {};
  return { required: required || undefined, minLength, maxLength, pattern };
}

/** The passwords' length rule holds only when an account is made (a refinement), so their minLength is the rule's own constant. */
export const PASSWORD_CONSTRAINT: FieldConstraint = { ...checkoutConstraint("password"), minLength: CHECKOUT_PASSWORD_MIN };

const TEXT_FIELDS = ["email", "firstName", "lastName", "addressLine1", "addressLine2", "city", "state", "postalCode", "customerMessage"] as const;

/** Every text field's constraints, for the page's data. */
export function checkoutConstraints(): Record<string, FieldConstraint> {
  const all: Record<string, FieldConstraint> = Object.fromEntries(TEXT_FIELDS.map((name) => [name, checkoutConstraint(name)]));
  all.password = PASSWORD_CONSTRAINT;
  all.confirmPassword = PASSWORD_CONSTRAINT;
  return all;
}
