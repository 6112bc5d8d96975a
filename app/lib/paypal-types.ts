/*
 * The parts of PayPal's REST resources (Orders v2, Payments v2, Disputes v1, webhooks) the
 * shop sends and reads. Types only: the client is paypal-client.server.ts, which re-exports them.
 */

export interface PaypalMoney {
  currency_code: string;
  value: string;
}

export interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PaypalCapture {
  id: string;
  status: string;
  amount?: PaypalMoney;
  custom_id?: string;
  status_details?: { reason?: string };
  supplementary_data?: { related_ids?: { order_id?: string } };
  links?: PaypalLink[];
}

/** A customer dispute (Disputes v1): an inquiry, a claim or a chargeback about one or more captures. */
export interface PaypalDispute {
  dispute_id: string;
  status?: string;
  reason?: string;
  dispute_amount?: PaypalMoney;
  dispute_channel?: string;
  dispute_life_cycle_stage?: string;
  update_time?: string;
  disputed_transactions?: { seller_transaction_id?: string; buyer_transaction_id?: string }[];
}

/** A Payments v2 refund. */
export interface PaypalRefund {
  id: string;
  status: string;
  amount?: PaypalMoney;
  status_details?: { reason?: string };
  custom_id?: string;
  note_to_payer?: string;
  create_time?: string;
  links?: PaypalLink[];
}

export interface RefundCaptureInput {
  captureId: string;
  /** Omitted: the whole capture (what is left of it). */
  amountCents?: number;
  /** Sent as PayPal-Request-Id: a repeat answers with the same refund instead of refunding twice. */
  requestId: string;
  /** The shop order id, kept by PayPal on the refund. */
  customId?: string;
  noteToPayer?: string;
}

/** The headers PayPal signs a webhook with, as POST /v1/notifications/verify-webhook-signature wants them. */
export interface WebhookSignatureInput {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
  webhookId: string;
  event: unknown;
}

export interface PaypalPurchaseUnit {
  reference_id?: string;
  payee?: { merchant_id?: string; email_address?: string };
  custom_id?: string;
  amount?: PaypalMoney;
  payments?: { captures?: PaypalCapture[] };
}

/** The parts of a PayPal Orders v2 order the shop reads. */
export interface PaypalOrder {
  id: string;
  status: string;
  intent?: string;
  purchase_units?: PaypalPurchaseUnit[];
  links?: PaypalLink[];
}

export interface CreatePaypalOrderInput {
  orderId: number;
  totalCents: number;
  returnUrl: string;
  cancelUrl: string;
  /** Sent as `PayPal-Request-Id`: PayPal answers a repeat with the first result instead of a second order. */
  requestId: string;
  /** The shop's name on PayPal's approval page. */
  brandName?: string;
  /** `amount.breakdown` in cents (item_total + shipping - discount = totalCents); the loyalty and code discounts together in `discount`. */
  breakdown?: { itemTotalCents: number; shippingCents: number; discountCents: number };
}
