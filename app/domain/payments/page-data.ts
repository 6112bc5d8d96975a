/**
 * What the payment page receives, and the payment texts. Browser-safe: no server imports.
 * The texts and the toasts the payment behaviours show too live in the browser contract.
 */
import { type TotalsFigures } from "~/domain/orders/totals";
import { PAYMENT_SHARED_TEXT } from "~/lib/behavior-contract";

export type PaypalPageMode = "emulator" | "sandbox" | "live";

export { confirmationUrl, PAYMENT_TOAST_TEXT, stockToast } from "~/lib/behavior-contract";
export type { ToastMessage as ToastSpec } from "~/lib/behavior-contract";

export const PAYMENT_TEXT = {
  ...PAYMENT_SHARED_TEXT,
  title: "Complete Payment",
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
  /** The line's photo (the product image itself) and its width; none shows the placeholder. */
  imageUrl: string | null;
  imageWidth: number | null;
}

/** The unpaid order with its stored totals (storedOrderTotals). */
export interface PaymentPageOrder extends TotalsFigures {
  id: number;
  /** The shipping address's country (ISO 3166-1 alpha-2): outside the EU the page names import duties. */
  country: string;
  items: PaymentPageItem[];
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
      /** The client id is public: PayPal's buttons (sandbox and live) need it in the page. */
      paypal: { configured: boolean; mode: PaypalPageMode | null; clientId: string | null };
      /** PayPal completed a payment the shop could not record yet. */
      recordingFailed: boolean;
      /** PayPal holds the capture for review (PENDING): no Pay button, the stock stays held. */
      pending: { title: string; description: string } | null;
    };

/** The page's own URL for an order, keeping the token the visitor came with. */
export function paymentPageUrl(orderId: number, token?: string | null): string {
  return `/order/${orderId}/payment${token ? `?token=${encodeURIComponent(token)}` : ""}`;
}
