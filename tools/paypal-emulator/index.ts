// A local stand-in for the subset of PayPal's REST API the shop uses, plus the buyer's approval page.
// It answers with PayPal's request and response shapes, so the shop's PayPal client is the same code
// for the emulator, the sandbox and live; only the base URL and the credentials differ.
// Why: docs/decisions/paypal-emulator.md.
//
//   auth.ts            OAuth2 client credentials (POST /v1/oauth2/token) and the bearer check
//   orders.ts          Orders v2: create, show, update, capture (PayPal-Request-Id replay)
//   payments.ts        Payments v2: show a capture, refund it, show a refund
//   disputes.ts        Disputes v1: GET /v1/customer/disputes and /v1/customer/disputes/{id}
//   webhooks.ts        signed CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.* and dispute events, sent to webhookUrl
//   verify-webhook.ts  POST /v1/notifications/verify-webhook-signature
//   checkout-page.ts   the buyer's Approve/Cancel page at /checkoutnow
//   controls.ts        the test controls below
//   state.ts           everything the emulator remembers, passed to every handler
//   persist.ts         that memory in a file (stateFile, PAYPAL_EMULATOR_STATE_FILE), and payments registered into it
//   router.ts, server.ts, http.ts  dispatch, the HTTP server and PayPal-shaped answers
//
// Test controls that PayPal does not have live under /__emulator/ and need no authentication:
// POST fail-next-capture {status?, issue?, orderId?}, POST complete-capture-with {status, orderId?}
// (with orderId they apply to that PayPal order only), POST fail-next-refund {status?, issue?,
// captureId?}, POST approve/{id}, POST capture/{id} (the buyer's side captured without the shop),
// POST webhook-event {event_type, resource_id} (answers a signed event {headers, body} without
// sending it), GET webhooks (what was sent and how the receiver answered), POST reset, GET orders,
// POST hold-capture {orderId} / POST release-capture {orderId} / GET held-captures (the capture of
// that order waits, unanswered, until released: a capture in flight), POST reverse/{captureId}
// (PayPal takes the money back: PAYMENT.CAPTURE.REVERSED, and a chargeback dispute),
// POST dispute/{captureId} {reason?} (the buyer opens a dispute: CUSTOMER.DISPUTE.CREATED) and
// POST delay-next-capture {ms, orderId?} / POST delay-next-refund {ms, captureId?} (the next
// capture or refund is done at once, its answer waits ms: the client times out although PayPal
// did it).

export { startPaypalEmulator } from "./server";
export { webhookSigningString } from "./webhooks";
export { appendQuery } from "./util";
export { type PaymentRecord, readSnapshot, registerPayments, type StateSnapshot } from "./persist";
export type { EmulatorState } from "./state";
export {
  EMULATOR_MERCHANT_ID,
  EMULATOR_WEBHOOK_ID,
  type Capture,
  type Dispute,
  type EmulatorOrder,
  type Link,
  type Money,
  type OrderStatus,
  type Payer,
  type PaypalEmulator,
  type PaypalEmulatorOptions,
  type PurchaseUnit,
  type Refund,
  type SentWebhook,
  type StoredResponse,
} from "./types";
