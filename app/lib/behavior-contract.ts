/**
 * What the server's markup (app/components) and the browser's behaviours (app/browser) share:
 * texts, data attributes and timings, one copy each. Both sides import this module; nothing
 * here may pull in server code or React.
 */

// Notifications (app/components/ui/toaster.tsx, browser/behaviors/toasts.ts).
export interface ToastMessage {
  title: string;
  description?: string;
  type: "success" | "error" | "info";
}
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 4000;
export const SWIPE_THRESHOLD_PX = 50;

// Cart (the drawer, /cart, the cards and the product page).
export const REMOVE_CONFIRM = "Are you sure you want to remove this item from your cart?";
export const CLEAR_CONFIRM = "Are you sure you want to clear your entire cart?";
export const CARD_ADD_ATTRIBUTE = "data-card-add";
export const ADD_TO_CART_LABEL = "Add to Cart";
export const ADDING_LABEL = "Adding…";

// Checkout (components/checkout, routes/checkout.tsx, browser/behaviors/checkout.ts).
/** Marks the checkout form, its shipping rate and totals (taken from the server again), the account fields and the message counter. */
export const CHECKOUT_ATTRIBUTES = {
  form: "data-checkout",
  shipping: "data-checkout-shipping",
  totals: "data-checkout-totals",
  account: "data-checkout-account",
  count: "data-checkout-count",
} as const;
/** Posted as `intent` with the checkout form: the action answers the field errors and places nothing. */
export const CHECKOUT_VALIDATE_INTENT = "validate";
export const CHECKOUT_SUBMIT_LABEL = "Create Order & Proceed to Payment";
export const CHECKOUT_SUBMITTING_LABEL = "Creating Order...";

// Payment and orders.

// Sign-in and account.
