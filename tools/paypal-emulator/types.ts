// The shapes the emulator keeps and answers with (PayPal's JSON), and its public options.
import type { EmulatorState } from "./state";

export interface Money {
  currency_code: string;
  value: string;
}

export interface Link {
  href: string;
  rel: string;
  method: string;
}

export interface Payer {
  payer_id: string;
  email_address: string;
  name: { given_name: string; surname: string };
  address: { country_code: string };
}

export interface Capture {
  id: string;
  status: "COMPLETED" | "PENDING" | "DECLINED" | "PARTIALLY_REFUNDED" | "REFUNDED";
  status_details?: { reason: string };
  amount: Money;
  final_capture: boolean;
  seller_protection: { status: string; dispute_categories?: string[] };
  seller_receivable_breakdown?: { gross_amount: Money; paypal_fee: Money; net_amount: Money };
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  update_time: string;
}

export interface PurchaseUnit {
  reference_id: string;
  amount: Money & { breakdown?: Record<string, Money> };
  payee: { email_address: string; merchant_id: string };
  description?: string;
  custom_id?: string;
  invoice_id?: string;
  soft_descriptor?: string;
  items?: unknown[];
  shipping?: unknown;
  payments?: { captures: Capture[] };
}

export type OrderStatus = "CREATED" | "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";

/** One order as the emulator keeps it; `represent()` turns it into PayPal's JSON. */
export interface EmulatorOrder {
  id: string;
  intent: "CAPTURE" | "AUTHORIZE";
  status: OrderStatus;
  purchase_units: PurchaseUnit[];
  /** True when the order was created with `payment_source.paypal` (PayPal's newer flow). */
  usesPaymentSource: boolean;
  payer?: Payer;
  return_url?: string;
  cancel_url?: string;
  brand_name?: string;
  user_action?: string;
  create_time: string;
  update_time: string;
}

export interface Refund {
  id: string;
  status: "COMPLETED" | "PENDING" | "FAILED" | "CANCELLED";
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  note_to_payer?: string;
  seller_payable_breakdown: { gross_amount: Money; paypal_fee: Money; net_amount: Money; total_refunded_amount: Money };
  create_time: string;
  update_time: string;
  /** Not part of PayPal's answer: the capture it refunds. */
  captureId: string;
}

/** A customer dispute (Disputes v1), as PayPal shows it. */
export interface Dispute {
  dispute_id: string;
  create_time: string;
  update_time: string;
  disputed_transactions: { seller_transaction_id: string; buyer_transaction_id: string }[];
  reason: string;
  status: "OPEN" | "WAITING_FOR_BUYER_RESPONSE" | "WAITING_FOR_SELLER_RESPONSE" | "UNDER_REVIEW" | "RESOLVED" | "OTHER";
  dispute_amount: Money;
  dispute_life_cycle_stage: "INQUIRY" | "CHARGEBACK" | "PRE_ARBITRATION" | "ARBITRATION";
  dispute_channel: "INTERNAL" | "EXTERNAL";
}

export interface SentWebhook {
  id: string;
  event_type: string;
  resource_id: string;
  /** The receiver's HTTP status, 0 when it could not be reached, null while in flight. */
  status: number | null;
}

export interface StoredResponse {
  status: number;
  body: string;
}

export interface PaypalEmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  clientId: string;
  clientSecret: string;
  /** Origin the buyer's browser uses for the approval page; default: the emulator's own URL. */
  publicUrl?: string;
  /** Access token lifetime; default 32400 seconds like PayPal. */
  tokenLifetimeSeconds?: number;
  /** Where webhooks are POSTed (PAYPAL_WEBHOOK_URL); none are sent without it. */
  webhookUrl?: string;
  /** The id of that webhook, which verify-webhook-signature checks; default EMULATOR_WEBHOOK_ID. */
  webhookId?: string;
  /** The event types the webhook subscribes to (as in PayPal's dashboard); default all the emulator sends. */
  webhookEvents?: string[];
  /**
   * A JSON file that keeps the emulator's orders, captures and refunds across restarts: read at
   * start, rewritten atomically after every request that may change them. Unset: memory only.
   */
  stateFile?: string;
}

/** The emulator's own merchant (payee) id, in PayPal's 13-character form. */
export const EMULATOR_MERCHANT_ID = "EMULATR2MRCHT";
/** The id of the emulator's webhook when none is given (PAYPAL_WEBHOOK_ID in emulator mode). */
export const EMULATOR_WEBHOOK_ID = "8EMULATR2WEBHK4SHP0PAYPAL";

export interface PaypalEmulator {
  /** Base URL of the API (what PAYPAL_API_BASE should be). */
  url: string;
  close(): Promise<void>;
  state: EmulatorState;
  /** Same as POST /__emulator/reset. */
  reset(): void;
  /** Waits until every webhook sent so far has its answer (tests). */
  settled(): Promise<void>;
}
