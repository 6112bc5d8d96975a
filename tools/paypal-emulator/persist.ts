// The emulator's memory in a file (PAYPAL_EMULATOR_STATE_FILE), so the demo's PayPal account
// outlives a restart: orders, captures, refunds, disputes, reversals, issued tokens and the
// PayPal-Request-Id replay store. Test controls (failures, holds, delays) and the list of sent
// webhooks stay in memory: they belong to the run that set them. Without a file nothing is
// written, as the tests use it.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { EmulatorState } from "./state";
import type { Capture, Dispute, EmulatorOrder, Refund, StoredResponse } from "./types";

/** What the file holds; version 1. */
export interface StateSnapshot {
  version: 1;
  orders: EmulatorOrder[];
  refunds: Refund[];
  disputes: Dispute[];
  reversals: Refund[];
  tokens: Array<[string, number]>;
  idempotency: Array<[string, StoredResponse]>;
}

export function snapshotOf(state: EmulatorState): StateSnapshot {
  const now = Date.now();
  return {
    version: 1,
    orders: [...state.orders.values()],
    refunds: [...state.refunds.values()],
    disputes: [...state.disputes.values()],
    reversals: [...state.reversals.values()],
    tokens: [...state.tokens].filter(([, expiry]) => expiry > now),
    idempotency: [...state.idempotency],
  };
}

/** Replaces what `state` remembers with the snapshot's (the capture index is rebuilt from the orders). */
export function restoreSnapshot(state: EmulatorState, snapshot: StateSnapshot): void {
  state.orders = new Map(snapshot.orders.map((o) => [o.id, o]));
  state.captures = new Map();
  for (const order of snapshot.orders) {
    for (const unit of order.purchase_units) for (const c of unit.payments?.captures ?? []) state.captures.set(c.id, order.id);
  }
  state.refunds = new Map(snapshot.refunds.map((r) => [r.id, r]));
  state.disputes = new Map(snapshot.disputes.map((d) => [d.dispute_id, d]));
  state.reversals = new Map(snapshot.reversals.map((r) => [r.id, r]));
  state.tokens = new Map(snapshot.tokens);
  state.idempotency = new Map(snapshot.idempotency);
}

function emptySnapshot(): StateSnapshot {
  return { version: 1, orders: [], refunds: [], disputes: [], reversals: [], tokens: [], idempotency: [] };
}

/** The file's snapshot; an empty one when there is no file yet. A file that is not the emulator's throws. */
export function readSnapshot(file: string): StateSnapshot {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptySnapshot();
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<StateSnapshot> | null;
  if (!parsed || parsed.version !== 1 || !Array.isArray(parsed.orders)) throw new Error(`${file} is not a PayPal emulator state file (version 1)`);
  return { ...emptySnapshot(), ...parsed } as StateSnapshot;
}

/** Writes the snapshot whole or not at all: a temporary file beside it, then a rename over it. */
export function writeSnapshot(file: string, snapshot: StateSnapshot): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(snapshot));
  renameSync(temp, file);
}

/** One payment made before the emulator knew of it (the demo's year), as PayPal would keep it. */
export interface PaymentRecord {
  orderId: string;
  captureId: string;
  /** Cents captured. */
  amountCents: number;
  currency: string;
  /** The shop's order number: the purchase unit's reference and custom id. */
  reference: string;
  payee: { email_address: string; merchant_id: string };
  payer: { payer_id: string; email_address: string; given_name: string; surname: string; country_code: string };
  createdAt: Date;
  capturedAt: Date;
  refunds: Array<{ id: string; amountCents: number; status: Refund["status"]; createdAt: Date }>;
}

const stamp = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");
const money = (currency: string, cents: number) => ({ currency_code: currency, value: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}` });

/** The PayPal order, its capture and its refunds, shaped as the emulator's own capture and refund make them. */
export function paymentResources(p: PaymentRecord): { order: EmulatorOrder; refunds: Refund[] } {
  const counted = p.refunds.filter((r) => r.status === "COMPLETED" || r.status === "PENDING");
  const refunded = counted.reduce((sum, r) => sum + r.amountCents, 0);
  const fee = Math.min(p.amountCents, Math.round(p.amountCents * 0.0349) + 49);
  const lastChange = p.refunds.reduce((latest, r) => (r.createdAt > latest ? r.createdAt : latest), p.capturedAt);
  const capture: Capture = {
    id: p.captureId,
    status: refunded <= 0 ? "COMPLETED" : refunded >= p.amountCents ? "REFUNDED" : "PARTIALLY_REFUNDED",
    amount: money(p.currency, p.amountCents),
    final_capture: true,
    seller_protection: { status: "ELIGIBLE", dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"] },
    seller_receivable_breakdown: {
      gross_amount: money(p.currency, p.amountCents),
      paypal_fee: money(p.currency, fee),
      net_amount: money(p.currency, p.amountCents - fee),
    },
    custom_id: p.reference,
    create_time: stamp(p.capturedAt),
    update_time: stamp(lastChange),
  };
  const order: EmulatorOrder = {
    id: p.orderId,
    intent: "CAPTURE",
    status: "COMPLETED",
    purchase_units: [
      {
        reference_id: p.reference,
        amount: money(p.currency, p.amountCents),
        payee: { ...p.payee },
        description: `Order #${p.reference}`,
        custom_id: p.reference,
        payments: { captures: [capture] },
      },
    ],
    usesPaymentSource: false,
    payer: {
      payer_id: p.payer.payer_id,
      email_address: p.payer.email_address,
      name: { given_name: p.payer.given_name, surname: p.payer.surname },
      address: { country_code: p.payer.country_code },
    },
    create_time: stamp(p.createdAt),
    update_time: stamp(lastChange),
  };
  let total = 0;
  const refunds = [...p.refunds]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((r): Refund => {
      if (r.status === "COMPLETED" || r.status === "PENDING") total += r.amountCents;
      return {
        id: r.id,
        status: r.status,
        amount: money(p.currency, r.amountCents),
        custom_id: p.reference,
        seller_payable_breakdown: {
          gross_amount: money(p.currency, r.amountCents),
          paypal_fee: money(p.currency, 0),
          net_amount: money(p.currency, r.amountCents),
          total_refunded_amount: money(p.currency, total),
        },
        create_time: stamp(r.createdAt),
        update_time: stamp(r.createdAt),
        captureId: p.captureId,
      };
    });
  return { order, refunds };
}

/**
 * Adds payments to the state file (made when missing) that it does not know yet: a PayPal order
 * or capture id it already has is left as it is, so what was refunded since stays refunded.
 * Run while the emulator using the file is stopped (it rewrites the file from its memory).
 * Answers how many were added.
 */
export function registerPayments(file: string, payments: PaymentRecord[]): number {
  const snapshot = readSnapshot(file);
  const orderIds = new Set(snapshot.orders.map((o) => o.id));
  const captureIds = new Set(snapshot.orders.flatMap((o) => o.purchase_units.flatMap((u) => (u.payments?.captures ?? []).map((c) => c.id))));
  const refundIds = new Set(snapshot.refunds.map((r) => r.id));
  let added = 0;
  for (const p of payments) {
    if (orderIds.has(p.orderId) || captureIds.has(p.captureId)) continue;
    const { order, refunds } = paymentResources(p);
    snapshot.orders.push(order);
    orderIds.add(order.id);
    captureIds.add(p.captureId);
    for (const r of refunds) if (!refundIds.has(r.id)) snapshot.refunds.push(r);
    added++;
  }
  if (added > 0) writeSnapshot(file, snapshot);
  return added;
}
