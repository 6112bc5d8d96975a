/**
 * What the payment page receives, and the payment texts. Browser-safe: no server imports.
 */

export type PaypalPageMode = "emulator" | "sandbox" | "live";

export const PAYMENT_TEXT = {
  title: "Complete Payment",
  verifying: "Verifying product availability...",
  stockFallback: "Some items are no longer available",
  verifyFailed: "Unable to verify product availability. Please try again.",
  stockTitle: "Stock issue",
  returnToCart: "Return to Cart",
  pay: "Pay with PayPal",
  redirecting: "Redirecting to PayPal...",
  alreadyPaid: "Order Already Paid",
  alreadyPaidText: "This order has already been paid. Thank you!",
  viewDetails: "View Order Details",
  notFound: "Order Not Found",
  notFoundText: "The order you're looking for doesn't exist or you don't have permission to view it.",
  closed: "This order can no longer be paid",
  notConfigured: "Payments are not configured",
  notConfiguredText:
    "Online payment is not set up on this shop yet, so this order cannot be paid right now. Please contact us and we will help you complete it.",
  emulatorNote: "Test mode: PayPal is simulated on this shop. No real money moves.",
  shortAtCapture: "Sorry, part of this order sold out while PayPal was taking the payment. The order is cancelled and the payment refunded in full.",
} as const;

export interface ToastSpec {
  title: string;
  description?: string;
  type: "success" | "error" | "info";
}

export const PAYMENT_TOASTS = {
  failed: { title: "Payment failed", description: "There was an error processing your PayPal payment. Please try again.", type: "error" },
  cancelled: { title: "Payment cancelled", description: "You cancelled the PayPal payment. You can try again when ready.", type: "info" },
  processingError: {
    title: "Payment processing error",
    description: "Payment was successful but there was an error processing your order. Please contact support.",
    type: "error",
  },
  success: { title: "Payment successful", description: "Thank you! Your order is confirmed.", type: "success" },
} as const satisfies Record<string, ToastSpec>;

export function stockToast(message: string): ToastSpec {
  return { title: PAYMENT_TEXT.stockTitle, description: message || PAYMENT_TEXT.stockFallback, type: "error" };
}

/** The answer of POST /api/orders/{orderId}/validate-stock. */
export interface StockCheck {
  hasStockIssues: boolean;
  message: string;
}

export interface PaymentPageItem {
  id: number;
  title: string;
  quantity: number;
  unitCents: number;
  lineCents: number;
  colorName: string | null;
  variationName: string | null;
  imageUrl: string | null;
}

export interface PaymentPageOrder {
  id: number;
  items: PaymentPageItem[];
  subtotalCents: number;
  shippingCents: number;
  shippingName: string;
  loyaltyDiscountCents: number;
  loyaltyPointsUsed: number;
  totalCents: number;
}

export type PaymentPageData =
  | { state: "not-found" }
  | { state: "paid"; orderId: number; confirmationUrl: string }
  | { state: "closed"; orderId: number; statusLabel: string; detailsUrl: string }
  | {
      state: "unpaid";
      order: PaymentPageOrder;
      /** The confirmation token when the page was opened with one (sent back with every call). */
      token: string | null;
      stock: StockCheck;
      paypal: { configured: boolean; mode: PaypalPageMode | null };
      /** PayPal completed a payment the shop could not record yet. */
      recordingFailed: boolean;
      /** PayPal holds the capture for review (PENDING): no Pay button, the stock stays held. */
      pending: { title: string; description: string } | null;
    };

/** The page's own URL for an order, keeping the token the visitor came with. */
export function paymentPageUrl(orderId: number, token?: string | null): string {
  return `/order/${orderId}/payment${token ? `?token=${encodeURIComponent(token)}` : ""}`;
}

export function confirmationUrl(orderId: number, confirmationToken: string): string {
  return `/order/${orderId}/confirmation?token=${encodeURIComponent(confirmationToken)}`;
}
