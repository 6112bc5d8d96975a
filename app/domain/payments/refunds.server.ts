import { type Actor, logActivity, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { DomainError } from "~/domain/common/errors";
import { enqueueOrderRefundedMail, enqueueOwnerPaymentAlert } from "~/domain/mail/order-mail.server";
import { addOrderEvent, applyReturn, cancelOrder, type RestockLine } from "~/domain/orders/transitions.server";
import { getPaypalClient, type PaypalClient, PaypalError, type PaypalRefund } from "~/lib/paypal-client.server";
import { issueCreditNote } from "~/domain/records/credit-notes.server";
import { centsToDecimal, decimalToCents, formatMoney } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

/*
 * Refunds through PayPal (Payments v2). The order of things matters:
 * 1. a `refunds` row (REQUESTED) is written with the PayPal-Request-Id it will use;
 * 2. PayPal is asked (POST /v2/payments/captures/{id}/refund with that request id);
 * 3. one transaction records PayPal's answer on the row AND makes the status change the refund
 *    was for (recordRefund: cancel, return, or nothing for an automatic refund).
 * If PayPal refuses, the row becomes REFUSED with PayPal's reason and the order is unchanged. If
 * PayPal cannot be reached, or step 3 fails, the row stays REQUESTED: the next try (the admin
 * again, or the reconciliation job) sends the same request id, PayPal answers with the same
 * refund instead of a second one, and step 3 runs then. No refund PayPal made is ever lost.
 */

/** PayPal did not answer: it may or may not have refunded, and a retry sends the same request id. */
export const REFUND_UNANSWERED_TEXT =
  "PayPal did not answer, so the shop cannot tell yet whether the refund went through. Nothing was changed here: please try again in a moment. The same refund is asked for again, never a second one.";

export type RefundKind = "cancel" | "return" | "automatic" | "external";

export interface RefundRow {
  id: number;
  orderId: number;
  captureId: string;
  requestId: string;
  paypalRefundId: string | null;
  amountCents: number;
  status: string;
  kind: string;
  note: string | null;
  failureReason: string | null;
  restock: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Refund statuses whose money counts as given back (or on its way). */
const COUNTED = ["REQUESTED", "COMPLETED", "PENDING"];

function selectRefunds(db: DB) {
  return db
    .selectFrom("refunds")
    .select([
      "id",
      "order_id as orderId",
      "capture_id as captureId",
      "request_id as requestId",
      "paypal_refund_id as paypalRefundId",
      "amount_cents as amountCents",
      "status",
      "kind",
      "note",
      "failure_reason as failureReason",
      "restock",
      "created_at as createdAt",
      "updated_at as updatedAt",
    ]);
}

export function listRefunds(db: DB, orderId: number): Promise<RefundRow[]> {
  return selectRefunds(db).where("order_id", "=", orderId).orderBy("id").execute();
}

/**
 * The order's refund asked of PayPal and not answered yet (PayPal unreachable or too slow, or the
 * shop's write failed), if any: asking again must send this one, never a second refund.
 */
export async function openRefundOf(db: DB, orderId: number): Promise<RefundRow | undefined> {
  return (await selectRefunds(db)
    .where("order_id", "=", orderId)
    .where("status", "=", "REQUESTED")
    .where("kind", "!=", "automatic")
    .orderBy("id")
    .executeTakeFirst()) as RefundRow | undefined;
}

/** Cents of the order's total given back (or asked for and not refused). */
export async function refundedCents(db: DB, orderId: number, exceptId?: number): Promise<number> {
  let q = db
    .selectFrom("refunds")
    .select(sql<number>`coalesce(sum(amount_cents), 0)`.as("n"))
    .where("order_id", "=", orderId)
    .where("kind", "!=", "automatic")
    .where("status", "in", COUNTED);
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export class RefundError extends DomainError {
  constructor(
    message: string,
    readonly reason: "refused" | "unavailable" | "recording" | "busy",
  ) {
    super(message, 409);
    this.name = "RefundError";
  }
}

export interface RefundRequest {
  orderId: number;
  captureId: string;
  /** Cents to refund (an automatic refund is always the whole capture). */
  amountCents: number;
  kind: RefundKind;
  note?: string | null;
  restock?: RestockLine[];
}

function paypalOf(paypal: PaypalClient | null | undefined): PaypalClient {
  const client = paypal === undefined ? getPaypalClient() : paypal;
  if (!client) throw new RefundError("PayPal is not configured, so no refund can be made.", "unavailable");
  return client;
}

/**
 * Step 1: the REQUESTED row, in a transaction that holds the write lock. A REQUESTED row of the
 * same order, kind and amount is reused (its request id makes the retry safe); one of another
 * kind or amount means another refund is in flight (409). What is still refundable is checked
 * here, under the lock, so refunds checked in parallel never add up to more than the order's
 * total: 400 on the amount field (409 for a cancellation, whose amount was worked out for it).
 */
async function openRefund(db: DB, req: RefundRequest, actor: Actor): Promise<RefundRow> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("orders")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("id", "=", req.orderId)
      .execute();
    const open = await selectRefunds(trx).where("order_id", "=", req.orderId).where("status", "=", "REQUESTED").orderBy("id").execute();
    const same = open.find((r) => r.kind === req.kind && r.amountCents === req.amountCents && r.captureId === req.captureId);
    if (same) return same;
    if (open.length > 0) throw new RefundError("Another refund of this order is being made. Please reload the page in a moment.", "busy");
    if (req.kind !== "automatic") {
      const order = await trx.selectFrom("orders").select("total_cents as total").where("id", "=", req.orderId).executeTakeFirstOrThrow();
      const left = Math.max(0, order.total - (await refundedCents(trx, req.orderId)));
      if (req.amountCents > left) {
        if (req.kind === "cancel") throw new DomainError("This order was changed meanwhile. Please reload the page.", 409);
        throw new DomainError(`The refund cannot be more than the ${formatMoney(left)} not yet refunded`, 400, "amount");
      }
    }
    const requestId = `refund-${req.orderId}-${randomBytes(9).toString("hex")}`;
    const inserted = await trx
      .insertInto("refunds")
      .values({
        order_id: req.orderId,
        capture_id: req.captureId,
        request_id: requestId,
        amount_cents: req.amountCents,
        status: "REQUESTED",
        kind: req.kind,
        note: req.note ?? null,
        restock: req.restock && req.restock.length > 0 ? JSON.stringify(req.restock) : null,
        requested_by: actor.id === null ? null : JSON.stringify(actor),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return (await selectRefunds(trx).where("id", "=", inserted.id).executeTakeFirstOrThrow()) as RefundRow;
  });
}

/** PayPal has no such capture: paid in another PayPal account or environment (sandbox, live, an emulator's memory). */
export const REFUND_UNKNOWN_PAYMENT_TEXT =
  "PayPal does not know this payment (it may have been made in another PayPal account or environment). Refund it in PayPal yourself; nothing was changed here.";

/** PayPal's reason for a refusal, as the admin reads it: its description, without codes or debug ids (those go to the log). */
function refusalReason(error: PaypalError): string {
  if (error.status === 404 || error.issue === "INVALID_RESOURCE_ID" || error.paypalName === "RESOURCE_NOT_FOUND") return REFUND_UNKNOWN_PAYMENT_TEXT;
  const m = /failed: \d+ (?:[A-Z_/]+)?:? ?(.*?)(?: \(debug id [^)]*\))?$/.exec(error.message);
  const text = m ? m[1]?.trim() || "PayPal gave no reason." : error.message.replace(/ \(debug id [^)]*\)$/, "");
  return `PayPal refused the refund: ${text}`;
}

/**
 * Asks PayPal for a refund and records it with its status change (see the file comment).
 * Throws RefundError: 'refused' (PayPal said no: its reason in the message, the order unchanged),
 * 'unavailable' (PayPal not reached: nothing changed, try again), 'recording' (PayPal refunded,
 * the shop will record it on the next try), 'busy'.
 */
export async function makeRefund(db: DB, req: RefundRequest, paypal?: PaypalClient | null, actor: Actor = SYSTEM_ACTOR): Promise<RefundRow> {
  const client = paypalOf(paypal);
  const row = await openRefund(db, req, actor);
  return sendRefund(db, row, client);
}

/** Steps 2 and 3 for a REQUESTED row (also the reconciliation job's retry). */
export async function sendRefund(db: DB, row: RefundRow, client: PaypalClient): Promise<RefundRow> {
  let answer: PaypalRefund;
  try {
    answer = await client.refundCapture({
      captureId: row.captureId,
      // An automatic refund gives back the whole capture, whatever its currency.
      amountCents: row.kind === "automatic" ? undefined : row.amountCents,
      requestId: row.requestId,
      customId: String(row.orderId),
      noteToPayer:
        row.kind === "cancel" ? `Refund for cancelled order #${row.orderId}` : row.kind === "return" ? `Refund for returned order #${row.orderId}` : undefined,
    });
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    if (error.isUnavailable) {
      console.warn(`Refund ${row.requestId} of order #${row.orderId}: ${error.message}`);
      throw new RefundError(REFUND_UNANSWERED_TEXT, "unavailable");
    }
    const reason = refusalReason(error);
    console.warn(`Refund ${row.requestId} of order #${row.orderId} refused: ${error.message}`);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("refunds")
        .set({ status: "REFUSED", failure_reason: reason.slice(0, 500), updated_at: new Date().toISOString() })
        .where("id", "=", row.id)
        .where("status", "=", "REQUESTED")
        .execute();
      await addOrderEvent(trx, row.orderId, "refund-refused", `A refund of ${formatMoney(row.amountCents)} was not made. ${reason}`, row.amountCents);
    });
    throw new RefundError(reason, "refused");
  }
  let recorded: RefundRow;
  try {
    // PayPal may answer FAILED or CANCELLED: then nothing moved, and recordRefund left the order as it was.
    recorded = await db.transaction().execute((trx) => recordRefund(trx, row.id, answer));
  } catch (error) {
    if (error instanceof DomainError) throw error;
    console.error(`Refund ${answer.id} (request ${row.requestId}) of order #${row.orderId} was made at PayPal but could not be recorded yet`, error);
    throw new RefundError(
      "PayPal made the refund, but the shop could not record it yet. It will be recorded automatically; please check the order again shortly.",
      "recording",
    );
  }
  if (recorded.status === "FAILED" || recorded.status === "CANCELLED") {
    throw new RefundError(`PayPal did not complete the refund (status ${recorded.status}), so the order was not changed.`, "refused");
  }
  return recorded;
}

/**
 * Step 3, in the caller's transaction: records PayPal's refund on its row and makes the change
 * the refund was for (kind cancel: cancelOrder; return: applyReturn; automatic: only the
 * history). Idempotent: a row that is no longer REQUESTED is left as it is.
 */
export async function recordRefund(trx: DB, refundRowId: number, answer: PaypalRefund): Promise<RefundRow> {
  const status = ["COMPLETED", "PENDING", "FAILED", "CANCELLED"].includes(answer.status) ? answer.status : "PENDING";
  const refundableBefore = await refundableOf(trx, refundRowId);
  const updated = await trx
    .updateTable("refunds")
    .set({ status, paypal_refund_id: answer.id, updated_at: new Date().toISOString() })
    .where("id", "=", refundRowId)
    .where("status", "=", "REQUESTED")
    .executeTakeFirst();
  const row = (await selectRefunds(trx).where("id", "=", refundRowId).executeTakeFirstOrThrow()) as RefundRow;
  if (updated.numUpdatedRows === 0n) return row;
  // Logged where it is recorded, whoever records it (the admin's request, the retry job, a
  // webhook), under the admin who asked for it.
  const by = await trx.selectFrom("refunds").select("requested_by as requestedBy").where("id", "=", refundRowId).executeTakeFirst();
  const actor = by?.requestedBy ? (JSON.parse(by.requestedBy) as Actor) : SYSTEM_ACTOR;
  if (status !== "FAILED" && status !== "CANCELLED") {
    await logActivity(trx, {
      actor,
      kind: row.kind === "cancel" ? "order.cancel" : row.kind === "return" ? "order.return" : "order.refund",
      subjectType: "order",
      subjectId: row.orderId,
      summary: `Order #${row.orderId}: ${row.kind} refund of ${formatMoney(row.amountCents)} (PayPal ${answer.status})`,
      changes: { refund: [null, `${answer.id} ${formatMoney(row.amountCents)} ${answer.status}`] },
    });
  }
  const money = formatMoney(row.amountCents);
  if (status === "FAILED" || status === "CANCELLED") {
    await addOrderEvent(trx, row.orderId, "refund-refused", `PayPal refund ${answer.id} of ${money} ${status.toLowerCase()}.`, row.amountCents);
    return row;
  }
  const pending = status === "PENDING" ? " (pending at PayPal)" : "";
  // A cancellation's own mail says the full amount is refunded; other refunds get theirs.
  if (row.kind !== "cancel") await enqueueOrderRefundedMail(trx, row.orderId, row.id, centsToDecimal(row.amountCents));
  if (row.kind === "automatic") {
    if (status === "COMPLETED") await issueCreditNote(trx, row.id);
    await addOrderEvent(
      trx,
      row.orderId,
      "automatic-refund",
      `Refunded automatically${pending}: ${money}, PayPal refund ${answer.id}. ${row.note ?? ""}`.trim(),
      row.amountCents,
    );
    return row;
  }
  await addOrderEvent(
    trx,
    row.orderId,
    status === "PENDING" ? "refund-pending" : "refund",
    `Refunded ${money} through PayPal${pending} (refund ${answer.id}).`,
    row.amountCents,
  );
  if (row.kind === "cancel") {
    const cancelled = await cancelOrder(trx, row.orderId, undefined, actor);
    if (!cancelled) await addOrderEvent(trx, row.orderId, "note", "The order had changed meanwhile, so its status was left as it is.");
  } else if (row.kind === "return") {
    const restock = row.restock ? (JSON.parse(row.restock) as RestockLine[]) : [];
    const returned = await applyReturn(trx, row.orderId, {
      restock,
      refundCents: row.amountCents,
      refundableBeforeCents: refundableBefore,
      note: row.note,
      actor,
    });
    if (!returned) await addOrderEvent(trx, row.orderId, "note", "The order had changed meanwhile, so its status was left as it is.");
  }
  // After the return, so the note's lines read the units it brought back (a pending refund gets its note when completed).
  if (status === "COMPLETED") await issueCreditNote(trx, row.id);
  return row;
}

/** What of the order's total was still refundable before this refund row. */
async function refundableOf(db: DB, refundRowId: number): Promise<number> {
  const row = await db.selectFrom("refunds").select("order_id as orderId").where("id", "=", refundRowId).executeTakeFirst();
  if (!row) return 0;
  const order = await db.selectFrom("orders").select("total_cents as total").where("id", "=", row.orderId).executeTakeFirstOrThrow();
  return order.total - (await refundedCents(db, row.orderId, refundRowId));
}

/**
 * A refund made at PayPal that the shop did not ask for (PAYMENT.CAPTURE.REFUNDED for an unknown
 * refund, re-read from PayPal): recorded for the order so the owner sees it. Idempotent by PayPal's id.
 */
export async function recordExternalRefund(db: DB, orderId: number, captureId: string, refund: PaypalRefund): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const known = await trx.selectFrom("refunds").select("id").where("paypal_refund_id", "=", refund.id).executeTakeFirst();
    if (known) return false;
    const cents = refund.amount?.currency_code === "USD" ? (decimalToCents(refund.amount.value) ?? 0) : 0;
    const inserted = await trx
      .insertInto("refunds")
      .values({
        order_id: orderId,
        capture_id: captureId,
        request_id: `external-${refund.id}`,
        paypal_refund_id: refund.id,
        amount_cents: cents,
        status: ["COMPLETED", "PENDING", "FAILED", "CANCELLED"].includes(refund.status) ? refund.status : "PENDING",
        kind: "external",
        note: "Made at PayPal, not through the shop",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await addOrderEvent(trx, orderId, "refund", `PayPal reports a refund of ${formatMoney(cents)} made outside the shop (refund ${refund.id}).`, cents);
    await issueCreditNote(trx, inserted.id);
    return true;
  });
}

/**
 * Refunds a capture the shop must not keep (wrong amount or currency, an order already cancelled
 * or paid another way), in full, and writes why in the order's history. Never throws: a refund
 * that cannot be made now stays REQUESTED (the reconciliation job retries) or is logged.
 */
export async function refundUnwantedCapture(
  db: DB,
  orderId: number,
  capture: { id: string; amount?: { currency_code?: string; value?: string } },
  why: string,
  paypal?: PaypalClient | null,
): Promise<void> {
  const usd = capture.amount?.currency_code === "USD";
  const cents = capture.amount?.value ? (decimalToCents(capture.amount.value) ?? 0) : 0;
  const exists = await db.selectFrom("refunds").select("id").where("capture_id", "=", capture.id).where("kind", "=", "automatic").executeTakeFirst();
  if (exists) return;
  try {
    await makeRefund(
      db,
      {
        orderId,
        captureId: capture.id,
        amountCents: usd ? cents : 0,
        kind: "automatic",
        note: usd ? why : `${why} (captured ${capture.amount?.value ?? "?"} ${capture.amount?.currency_code ?? "?"})`,
      },
      paypal,
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const message = `PayPal capture ${capture.id} must be refunded (${why}), but the automatic refund did not go through: ${error.message}`;
    await db.transaction().execute(async (trx) => {
      await addOrderEvent(trx, orderId, "note", message);
      await enqueueOwnerPaymentAlert(trx, orderId, `refund-failed:${capture.id}`, { headline: "A payment must be refunded by hand", detail: message });
    });
  }
}

/** REQUESTED refunds older than `olderThanMs`: the reconciliation job sends them again (same request id). */
export async function retryOpenRefunds(db: DB, paypal: PaypalClient, now: Date, olderThanMs = 60_000): Promise<number> {
  const before = new Date(now.getTime() - olderThanMs).toISOString();
  const open = await selectRefunds(db).where("status", "=", "REQUESTED").where("updated_at", "<", before).orderBy("id").limit(50).execute();
  let settled = 0;
  // Refunds PayPal answered PENDING: asked about again, so they do not stay 'pending' forever.
  const pending = await selectRefunds(db).where("status", "=", "PENDING").where("updated_at", "<", before).orderBy("id").limit(50).execute();
  for (const row of pending) {
    if (!row.paypalRefundId) continue;
    try {
      if (await settlePendingRefund(db, row.id, await paypal.getRefund(row.paypalRefundId), now)) settled++;
    } catch (error) {
      if (!(error instanceof PaypalError)) throw error;
      console.warn(`Pending refund ${row.paypalRefundId} of order #${row.orderId}: ${error.message}`);
    }
  }
  for (const row of open) {
    try {
      await sendRefund(db, row as RefundRow, paypal);
      settled++;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return settled;
}

/**
 * A refund PayPal answered PENDING, now decided by PayPal (read back by the reconciliation job or
 * a PAYMENT.CAPTURE.REFUNDED webhook): its row takes PayPal's status and the order's history
 * says so. The change the refund was for (a cancellation, a return) already happened when it was
 * accepted as pending; a refund PayPal then fails is told to the owner, who has to act. Returns
 * whether anything changed.
 */
export async function settlePendingRefund(db: DB, refundRowId: number, refund: PaypalRefund, now = new Date()): Promise<boolean> {
  if (refund.status === "PENDING" || !["COMPLETED", "FAILED", "CANCELLED"].includes(refund.status)) return false;
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("refunds")
      .set({ status: refund.status, updated_at: now.toISOString() })
      .where("id", "=", refundRowId)
      .where("status", "=", "PENDING")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    const row = (await selectRefunds(trx).where("id", "=", refundRowId).executeTakeFirstOrThrow()) as RefundRow;
    const money = formatMoney(row.amountCents);
    if (refund.status === "COMPLETED") {
      await addOrderEvent(trx, row.orderId, "refund", `PayPal completed the pending refund of ${money} (refund ${refund.id}).`, row.amountCents);
      await issueCreditNote(trx, row.id, now);
    } else {
      await addOrderEvent(
        trx,
        row.orderId,
        "refund-refused",
        `PayPal ${refund.status.toLowerCase()} the pending refund of ${money} (refund ${refund.id}): the money was not returned. Please refund the buyer another way.`,
        row.amountCents,
      );
    }
    return true;
  });
}
