import { getZodConstraint } from "@conform-to/zod";
import { CHECKOUT_PASSWORD_MIN } from "~/domain/orders/checkout-text";
import { CheckoutSchema } from "~/domain/orders/schemas";

const CONSTRAINT = getZodConstraint(CheckoutSchema);

/**
 * A text field's native constraints, computed from CheckoutSchema (required, minLength,
 * maxLength, pattern): the browser checks them before any script, and the server's own answer
 * has the messages. Checkboxes take none of them (Conform reads the checkbox union as required).
 */
export function checkoutConstraint(name: string): { required?: boolean; minLength?: number; maxLength?: number; pattern?: string } {
  const { required, minLength, maxLength, pattern } = CONSTRAINT[name] ?? {};
  return { required: required || undefined, minLength, maxLength, pattern };
}

/** The passwords' length rule holds only when an account is made (a refinement), so their minLength is the rule's own constant. */
export const PASSWORD_CONSTRAINT = { ...checkoutConstraint("password"), minLength: CHECKOUT_PASSWORD_MIN };
