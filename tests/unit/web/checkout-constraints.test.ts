import { checkoutConstraint, PASSWORD_CONSTRAINT } from "~/web/checkout-constraints.server";
import { CHECKOUT_MAX, CHECKOUT_PASSWORD_MAX, CHECKOUT_PASSWORD_MIN, CUSTOMER_MESSAGE_MAX } from "~/domain/orders/checkout-texts";

// The checkout's inputs carry CheckoutSchema's own limits as native constraints.

describe("checkout constraints from CheckoutSchema", () => {
  it("required text fields are required and limited to the schema's lengths", () => {
    for (const name of ["firstName", "lastName", "addressLine1", "city", "postalCode"] as const) {
      expect(checkoutConstraint(name)).toMatchObject({ required: true, maxLength: CHECKOUT_MAX[name] });
    }
    expect(checkoutConstraint("email")).toMatchObject({ required: true, maxLength: CHECKOUT_MAX.email });
  });

  it("optional fields are limited but not required", () => {
    for (const name of ["addressLine2", "state"] as const) {
      expect(checkoutConstraint(name)).toEqual({ required: undefined, minLength: undefined, maxLength: CHECKOUT_MAX[name], pattern: undefined });
    }
    expect(checkoutConstraint("customerMessage")).toMatchObject({ required: undefined, maxLength: CUSTOMER_MESSAGE_MAX });
  });

  it("the e-mail gets no pattern the browser would read differently (the schema's rule is case-insensitive)", () => {
    expect(checkoutConstraint("email").pattern).toBeUndefined();
  });

  it("passwords: optional, the rule's minimum and the schema's maximum", () => {
    expect(PASSWORD_CONSTRAINT).toEqual({ required: undefined, minLength: CHECKOUT_PASSWORD_MIN, maxLength: CHECKOUT_PASSWORD_MAX, pattern: undefined });
  });
});
