import { type FieldConstraint } from "~/lib/field-constraint";
import { canTransition } from "~/domain/orders/lifecycle";
import { type TotalsFigures } from "~/domain/orders/totals";
import { type ReviewFormConstraints } from "~/domain/reviews/texts";

/**
 * What the confirmation and customer order details pages receive, and their texts.
 * Browser-safe: no server imports.
 */

export const ORDER_INTENTS = { cancel: "cancel", requestCancellation: "request-cancellation" } as const;
/** The details page's invoice request form. */
export const INVOICE_INTENT = "invoice";
export type OrderIntent = (typeof ORDER_INTENTS)[keyof typeof ORDER_INTENTS];

export const ORDER_TEXT = {
  accessDenied: "Access Denied",
  accessDeniedText: "Please use the valid confirmation link from your order to view this page.",
  tokenRequired: "Confirmation token is required",
  notFound: "Order Not Found",
  notFoundText: "The order you're looking for doesn't exist or you don't have permission to view it.",
  confirmed: "Order Confirmed!",
  confirmedText: "Thank you for your order. We have received your payment and will start preparing your parcel.",
  paymentPending: "Payment Pending",
  paymentPendingText: "This order has not been paid yet. Complete the payment to confirm it.",
  unpaidCancelled: "Order Cancelled",
  unpaidCancelledText: "This order was cancelled before it was paid. Nothing was charged.",
  cancelQuestion: "Are you sure you want to cancel this order?",
  requestQuestion: "Are you sure you want to request cancellation of this order? We will review your request within 1-2 business days.",
} as const;

export const ORDER_TOAST_TEXT = {
  cancelled: { title: "Order cancelled", description: "Your order has been cancelled.", type: "success" },
  requested: {
    title: "Cancellation requested",
    description: "We will review your request within 1-2 business days.",
    type: "success",
  },
  failed: { title: "Error", description: "Failed to cancel order. Please try again.", type: "error" },
} as const;

/** The parcel-tracking site the tracking number links to. */
export function trackingUrl(trackingNumber: string): string {
  return `https://parcelsapp.com/en/tracking/${encodeURIComponent(trackingNumber)}`;
}

export interface OrderPageItem {
  id: number;
  title: string;
  slug: string | null;
  quantity: number;
  unitCents: number;
  lineCents: number;
  colorName: string | null;
  variationName: string | null;
  /** The line's photo (the product image itself) and its width; none shows the placeholder. */
  imageUrl: string | null;
  imageWidth: number | null;
  returnedQuantity: number;
  /** Made to order: the lead time in days of when the order was placed; null for a ready piece. */
  madeToOrderDays: number | null;
  /** Exempt from withdrawal (made to the buyer's own measurements or choices). */
  isPersonalised: boolean;
}

/** A shipping address as the order pages (customer and admin) show it. */
export interface OrderPageAddress {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string | null;
  postalCode: string;
  country: string;
  countryName: string;
}

/** The figures an order summary shows: the order's stored totals (storedOrderTotals). */
export type OrderPageTotals = TotalsFigures;

export interface OrderPageOrder extends TotalsFigures {
  id: number;
  email: string;
  status: string;
  statusLabel: string;
  createdAt: string;
  trackingNumber: string | null;
  customerMessage: string | null;
  shippingAddress: OrderPageAddress;
  items: OrderPageItem[];
  links: { confirmation: string; details: string; payment: string };
  /** Why the shop declined a cancellation request, when it did. */
  declineReason: string | null;
  /** Money given back through PayPal. */
  refunds: OrderPageRefund[];
  /** The customer's withdrawal from the contract, once received. */
  withdrawal: { receivedAt: string; handledAt: string | null } | null;
  /** Whether the withdrawal function is open for this order now (the 'Withdraw from contract' link). */
  canWithdraw: boolean;
  /** YYYY-MM-DD when the order holds made-to-order pieces; else null. */
  expectedShipDate: string | null;
}

export interface OrderPageRefund {
  id: number;
  amountCents: number;
  /** COMPLETED or PENDING (PayPal's). */
  status: string;
  createdAt: string;
}

/** `shippingTime`: Settings' dispatch time ('1–3 business days'), for What's Next?. */
export type ConfirmationPageData = { state: "denied" } | { state: "not-found" } | { state: "ok"; order: OrderPageOrder; shippingTime: string };

export type DetailsPageData =
  | { state: "not-found" }
  | {
      state: "ok";
      order: OrderPageOrder;
      /** Where this page lives (its forms post here and the actions come back here). */
      self: string;
      /** The no-JavaScript confirmation step, when asked for and still possible. */
      confirm: OrderIntent | null;
      can: { cancel: boolean; requestCancellation: boolean };
      /** The signed-in buyer's pieces of a shipped or delivered order, to review. */
      reviewable?: { productId: number; slug: string; title: string; reviewed: boolean }[];
      /** The review form's native constraints, from its schema. */
      reviewConstraints: ReviewFormConstraints;
      /** The order's invoice once issued; else whether the buyer may still ask for one, the form's prefill and native constraints. */
      invoice?: {
        issued: { number: string; url: string } | null;
        open: boolean;
        prefill: { buyerName: string; address: string };
        constraints: Record<"buyerName" | "address" | "taxId", FieldConstraint>;
        /** A refused request: the fields as sent and their errors. */
        result?: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null | undefined> | null } | null;
      };
    };

/** Which customer action the order's status allows, read from the lifecycle's table. */
export function allowedActions(status: string): { cancel: boolean; requestCancellation: boolean } {
  return { cancel: canTransition(status, "cancelUnpaid"), requestCancellation: canTransition(status, "requestCancellation") };
}

/** What the details page's action answers a refused invoice request with (shown on its form). */
export type DetailsActionData = { invoice?: { result?: NonNullable<Extract<DetailsPageData, { state: "ok" }>["invoice"]>["result"] } } | null | undefined;
