// Everything the emulator remembers, in one object that every handler is given: no module-level state,
// so two emulators in one process (tests) never share an order.
import { detail, PaypalError } from "./errors";
import type { Capture, Dispute, EmulatorOrder, Refund, SentWebhook, StoredResponse } from "./types";

export interface EmulatorState {
  orders: Map<string, EmulatorOrder>;
  /** capture id → order id */
  captures: Map<string, string>;
  /** access token → expiry (epoch milliseconds) */
  tokens: Map<string, number>;
  /** `PayPal-Request-Id` replay store: "<operation> <request id>" → the first answer */
  idempotency: Map<string, StoredResponse>;
  /** Set by POST /__emulator/fail-next-capture; consumed by the next capture. */
  failNextCapture: { status: number; issue: string } | null;
  /** Set by POST /__emulator/complete-capture-with; consumed by the next successful capture. */
  nextCaptureStatus: "PENDING" | "DECLINED" | null;
  /** The same two, for one PayPal order only (`orderId` in the control's body), so parallel tests do not meet each other's. */
  failCaptureOf: Map<string, { status: number; issue: string }>;
  captureStatusOf: Map<string, "PENDING" | "DECLINED">;
  refunds: Map<string, Refund>;
  /** Set by POST /__emulator/fail-next-refund; with captureId for that capture only. */
  failNextRefund: { status: number; issue: string } | null;
  failRefundOf: Map<string, { status: number; issue: string }>;
  webhooks: SentWebhook[];
  disputes: Map<string, Dispute>;
  /** Reversals (PAYMENT.CAPTURE.REVERSED's resource, refund-shaped): id → the reversal. */
  reversals: Map<string, Refund>;
  /** PayPal order id → the capture requests waiting for POST /__emulator/release-capture. */
  heldCaptures: Map<string, (() => void)[]>;
  /**
   * Set by POST /__emulator/delay-next-capture and delay-next-refund: "capture <order id>",
   * "refund <capture id>" (or "capture *", "refund *" for the next one) → milliseconds. The
   * operation is done at once; its answer waits that long (a lost or late answer).
   */
  lateAnswers: Map<string, number>;
}

/** What the emulator was started with, with its defaults filled in. */
export interface EmulatorConfig {
  clientId: string;
  clientSecret: string;
  /** Access token lifetime in seconds. */
  tokenLifetime: number;
  /** Origin the buyer's browser uses for the approval page; unset: the emulator's own URL. */
  publicUrl?: string;
  webhookUrl?: string;
  webhookId: string;
  webhookEvents?: string[];
}

/** One running emulator: its state, its configuration, its signing key and its webhooks in flight. */
export interface EmulatorContext {
  state: EmulatorState;
  config: EmulatorConfig;
  /** The emulator's signing key: only its own verify endpoint knows it, like PayPal's private key. */
  signingKey: Buffer;
  inFlight: Set<Promise<void>>;
  /** The emulator's own base URL, known once it listens. */
  ownUrl: string;
  /** Writes the state to its file (PAYPAL_EMULATOR_STATE_FILE) after a request that may change it; unset: memory only. */
  persist?: () => void;
}

export function createState(): EmulatorState {
  return {
    orders: new Map(),
    captures: new Map(),
    tokens: new Map(),
    idempotency: new Map(),
    failNextCapture: null,
    nextCaptureStatus: null,
    failCaptureOf: new Map(),
    captureStatusOf: new Map(),
    refunds: new Map(),
    failNextRefund: null,
    failRefundOf: new Map(),
    webhooks: [],
    disputes: new Map(),
    reversals: new Map(),
    heldCaptures: new Map(),
    lateAnswers: new Map(),
  };
}

// Issued tokens survive a reset, so a shop that cached one keeps working.
export function resetState(state: EmulatorState): void {
  state.orders.clear();
  state.captures.clear();
  state.idempotency.clear();
  state.failNextCapture = null;
  state.nextCaptureStatus = null;
  state.failCaptureOf.clear();
  state.captureStatusOf.clear();
  state.refunds.clear();
  state.failNextRefund = null;
  state.failRefundOf.clear();
  state.webhooks.length = 0;
  state.disputes.clear();
  state.reversals.clear();
  for (const waiting of state.heldCaptures.values()) for (const run of waiting) run();
  state.heldCaptures.clear();
  state.lateAnswers.clear();
}

export const publicBase = (emu: EmulatorContext) => (emu.config.publicUrl ?? emu.ownUrl).replace(/\/+$/, "");

export function findCapture(emu: EmulatorContext, captureId: string): { order: EmulatorOrder; capture: Capture } {
  const orderId = emu.state.captures.get(captureId);
  const order = orderId ? emu.state.orders.get(orderId) : undefined;
  const capture = order?.purchase_units.flatMap((u) => u.payments?.captures ?? []).find((c) => c.id === captureId);
  if (!order || !capture) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "capture_id", captureId, "path")]);
  return { order, capture };
}

export function findOrder(emu: EmulatorContext, id: string): EmulatorOrder {
  const order = emu.state.orders.get(id);
  if (!order) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "order_id", id, "path")]);
  return order;
}
