/**
 * Texts and limits of the checkout: the zod schema (schemas.ts) words every rule with them, and
 * the page's markup shows the limits (the message counter, the password hint).
 */
export const CHECKOUT_TEXT = {
  invalidEmail: "Please enter a valid email address",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  addressRequired: "Address is required",
  cityRequired: "City is required",
  postalCodeRequired: "Postal code is required",
  countryRequired: "Country is required",
  messageTooLong: "Message must be 200 characters or less",
  termsRequired: "You must agree to the terms and conditions",
  passwordRule: "Password must be at least 6 characters and passwords must match",
  emptyCart: "Your cart is empty",
  figuresChanged: "Prices or your cart have changed. Please review your order.",
  notUnpaid: "New orders are created as unpaid",
  /** The checkout's gift box (form field and payload field `isGift`). */
  giftLabel: "This is a gift: no prices on the packing slip",
} as const;

export const CUSTOMER_MESSAGE_MAX = 200;
export const CHECKOUT_PASSWORD_MIN = 6;
export const CHECKOUT_PASSWORD_MAX = 200;

/** Longest accepted value per text field (the inputs carry the same maxLength). */
export const CHECKOUT_MAX = {
  email: 254,
  firstName: 100,
  lastName: 100,
  addressLine1: 200,
  addressLine2: 200,
  city: 100,
  state: 100,
  postalCode: 20,
} as const;

export function tooLong(max: number): string {
  return `At most ${max} characters`;
}

type Toast = { title: string; description?: string; type: "success" | "error" | "info" };

/** Notifications of the checkout and of account creation. */
export const CHECKOUT_TOAST_TEXT = {
  orderFailed: { title: "Order creation failed", description: "Please try again.", type: "error" },
  orderError: { title: "Order Error", description: "There was an error processing your order. Please try again.", type: "error" },
  emptyCart: { title: "Your cart is empty", description: "Add something to your cart before checking out.", type: "info" },
} as const satisfies Record<string, Toast>;

export function orderCreatedToast(orderId: number): Toast {
  return { title: "Order created successfully", description: `Order #${orderId} created. Redirecting to payment...`, type: "success" };
}

export function accountCreationFailed(message?: string): Toast {
  return { title: "Account Creation Failed", description: message || "Failed to create account", type: "error" };
}

/** The e-mail shape zod's `.email()` accepts (a dot-separated domain with a TLD). */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;
