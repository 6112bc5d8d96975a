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

// Checkout.

// Payment and orders.

// Sign-in and account.
