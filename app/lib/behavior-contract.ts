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
/** The spec's pause between the payment's success notification and the confirmation page. */
export const PAYMENT_REDIRECT_DELAY_MS = 500;
/** On the payment page's ready area: the stock check (POST /api/orders/{id}/validate-stock) it runs on load. */
export const STOCK_CHECK_ATTRIBUTE = "data-stock-check";
/**
 * PayPal's smart buttons (sandbox and live only): the container carries data-client-id,
 * data-currency, data-order-id, data-token and data-csp-nonce, everything the buttons need.
 */
export const PAYPAL_BUTTONS_ATTRIBUTE = "data-paypal-buttons";
/** On an order action's form: the hidden field that says the shopper already answered the confirm prompt. */
export const CONFIRMED_FIELD_ATTRIBUTE = "data-confirmed-field";
/** On a submit button: the label it shows while its form is on its way. */
export const BUSY_LABEL_ATTRIBUTE = "data-busy-label";
/** On a form: the question a confirm() prompt asks before it is sent. */
export const CONFIRM_ATTRIBUTE = "data-confirm";
/** The attributes as JSX props: `<button {...busyLabel("Sending...")}>`. */
export const busyLabel = (label: string) => ({ [BUSY_LABEL_ATTRIBUTE]: label });
export const confirmFirst = (question: string) => ({ [CONFIRM_ATTRIBUTE]: question });

/** The payment page's texts the browser shows too (the page's others: domain/payments/page-data.ts). */
export const PAYMENT_SHARED_TEXT = {
  verifying: "Verifying product availability...",
  stockFallback: "Some items are no longer available",
  verifyFailed: "Unable to verify product availability. Please try again.",
  stockTitle: "Stock issue",
  returnToCart: "Return to Cart",
  pay: "Pay with PayPal",
  redirecting: "Redirecting to PayPal...",
} as const;

export const PAYMENT_TOASTS = {
  failed: { title: "Payment failed", description: "There was an error processing your PayPal payment. Please try again.", type: "error" },
  cancelled: { title: "Payment cancelled", description: "You cancelled the PayPal payment. You can try again when ready.", type: "info" },
  processingError: {
    title: "Payment processing error",
    description: "Payment was successful but there was an error processing your order. Please contact support.",
    type: "error",
  },
  success: { title: "Payment successful", description: "Thank you! Your order is confirmed.", type: "success" },
} as const satisfies Record<string, ToastMessage>;

export function stockToast(message: string): ToastMessage {
  return { title: PAYMENT_SHARED_TEXT.stockTitle, description: message || PAYMENT_SHARED_TEXT.stockFallback, type: "error" };
}

export function confirmationUrl(orderId: number, confirmationToken: string): string {
  return `/order/${orderId}/confirmation?token=${encodeURIComponent(confirmationToken)}`;
}

// Sign-in and account.
