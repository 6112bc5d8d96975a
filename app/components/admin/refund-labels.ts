/** How the order page names a refund's PayPal status and its kind. */
export const REFUND_STATUS_LABELS: Record<string, string> = {
  REQUESTED: "Waiting for PayPal",
  COMPLETED: "Refunded",
  PENDING: "Pending at PayPal",
  REFUSED: "Refused by PayPal",
  FAILED: "Failed at PayPal",
  CANCELLED: "Cancelled at PayPal",
};

export const REFUND_KIND_LABELS: Record<string, string> = {
  cancel: "Cancellation",
  return: "Return",
  automatic: "Automatic",
  external: "Made at PayPal",
};
