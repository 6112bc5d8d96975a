import { createHmac, timingSafeEqual } from "node:crypto";
import { adminCancelOrder } from "~/domain/orders/fulfilment.server";
import { HOUR_MS, releaseRateSlot, takeRateSlot } from "~/domain/auth/rate-limit.server";
import { DomainError } from "~/domain/common/errors";
import { getLegalSettings } from "~/domain/common/settings.server";
import { orderMailData } from "~/domain/mail/order-mail.server";
import { enqueueMail, getOwnerAddress } from "~/domain/mail/outbox.server";
import { type WithdrawalMailData } from "~/domain/mail/templates";
import { type Actor } from "~/domain/ops/activity.server";
import { getOrderView, type OrderView } from "~/domain/orders/orders.server";
import { orderStatusLabel } from "~/domain/orders/status";
import { isPaidBeforeShipping } from "~/domain/orders/status";
import { addOrderEvent } from "~/domain/orders/transitions.server";
import { type PaypalClient } from "~/lib/paypal-client.server";
import {
  allPersonalised,
  ownerNextSteps,
  REMINDER_DAYS,
  WITHDRAWAL_WRONG_TRIES_PER_HOUR,
  WITHDRAWAL_TEXT,
  withdrawalEligibility,
  type WithdrawalEligibility,
  type WithdrawalOrderSummary,
} from "~/domain/withdrawals/rules";
import { type WithdrawalInput } from "~/domain/withdrawals/schemas";
import { getEnv } from "~/lib/env.server";
import { type DB } from "~/lib/sqlite.server";

/*
 * The consumer's withdrawal from a contract (the withdrawal function): the page's two steps and
 * POST /api/withdrawals call the same functions here. Nobody needs to sign in: whoever knows the
 * order number and the order's e-mail address may withdraw, but only the order's signed-in owner
 * sees the order on the page; everyone else gets it in the receipt, which only ever goes to the
 * order's own address (docs/decisions/withdrawal-access.md).
 */

export interface WithdrawalRecord {
  orderId: number;
  name: string;
  statement: string | null;
  receivedAt: string;
  handledAt: string | null;
  remindedAt: string | null;
}

function toSummary(view: OrderView, eligibility: WithdrawalEligibility): WithdrawalOrderSummary {
  return {
    id: view.id,
    createdAt: view.createdAt,
    statusLabel: orderStatusLabel(view.status),
    totalCents: view.totalCents,
    shippingCents: view.shippingCents,
    items: view.items.map((i) => ({
      id: i.id,
      title: i.title,
      quantity: i.quantity,
      lineCents: i.unitPriceCents * i.quantity,
      option: [i.colorName, i.variationName].filter(Boolean).join(" · ") || null,
      exempt: i.isPersonalised,
    })),
    shipped: eligibility.state !== "not-withdrawable" && eligibility.shipped,
  };
}

function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The order when the e-mail is its own; otherwise one 404 for both cases, so nobody can probe which orders exist. */
async function requireOwnOrder(db: DB, input: Pick<WithdrawalInput, "orderId" | "email">): Promise<OrderView> {
  const row = await db.selectFrom("orders").select("email").where("id", "=", input.orderId).executeTakeFirst();
  const view = row && sameAddress(row.email, input.email) ? await getOrderView(db, input.orderId) : null;
  if (!view) throw new DomainError(WITHDRAWAL_TEXT.notFound, 404);
  return view;
}

export async function getWithdrawal(db: DB, orderId: number): Promise<WithdrawalRecord | null> {
  const row = await db
    .selectFrom("withdrawals")
    .select(["order_id as orderId", "name", "statement", "received_at as receivedAt", "handled_at as handledAt", "reminded_at as remindedAt"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return row ?? null;
}

/** Throws the 409 that says why the order cannot be withdrawn from now (nothing is recorded). */
function assertOpen(view: OrderView, eligibility: WithdrawalEligibility): void {
  if (allPersonalised(view.items)) throw new DomainError(WITHDRAWAL_TEXT.allPersonalised(view.id), 409);
  if (eligibility.state === "over") throw new DomainError(WITHDRAWAL_TEXT.over(view.id, eligibility.deadline), 409);
  if (eligibility.state === "not-withdrawable") throw new DomainError(WITHDRAWAL_TEXT.notWithdrawable(view.id, orderStatusLabel(view.status)), 409);
}

/** The per-order and per-address buckets of a try: only wrong pairs stay counted. */
function tryLimits(input: Pick<WithdrawalInput, "orderId" | "email">) {
  return [
    { bucket: "withdrawal-order", key: String(input.orderId), max: WITHDRAWAL_WRONG_TRIES_PER_HOUR, windowMs: HOUR_MS },
    { bucket: "withdrawal-email", key: input.email.trim().toLowerCase(), max: WITHDRAWAL_WRONG_TRIES_PER_HOUR, windowMs: HOUR_MS },
  ];
}

/**
 * Counts one withdrawal request before it is checked: one slot of the client address's bucket
 * (`WITHDRAWAL_LIMIT_PER_HOUR`), and, unless the signed-in user placed the order, one of the
 * order's and one of the e-mail's; a right pair gives those two back, so only wrong guesses add
 * up. Throws DomainError 429 over any limit. Returns whether the signed-in user owns the order:
 * only she is shown its summary on the page.
 */
export async function takeWithdrawalTry(
  db: DB,
  input: Pick<WithdrawalInput, "orderId" | "email">,
  who: { clientIp: string; userId?: number | null },
  now = new Date(),
): Promise<{ owner: boolean }> {
  await takeRateSlot(
    db,
    [{ bucket: "withdrawal", key: who.clientIp, max: getEnv().WITHDRAWAL_LIMIT_PER_HOUR, windowMs: HOUR_MS }],
    WITHDRAWAL_TEXT.tooMany,
    now,
  );
  const row = await db.selectFrom("orders").select(["email", "user_id as userId"]).where("id", "=", input.orderId).executeTakeFirst();
  if (row && who.userId != null && row.userId === who.userId) return { owner: true };
  const limits = tryLimits(input);
  await takeRateSlot(db, limits, WITHDRAWAL_TEXT.tooManyTries, now);
  if (row && sameAddress(row.email, input.email)) {
    for (const l of limits) await releaseRateSlot(db, l.bucket, l.key);
  }
  return { owner: false };
}

/**
 * Step one: checks the order number and e-mail, and that the order can be withdrawn from now.
 * Returns the order's summary for step two, or the withdrawal already received (then the caller
 * shows its receipt again). Throws DomainError 404 (one message for an unknown order and a wrong
 * e-mail) and 409 (period over, or an order that cannot be withdrawn from). Records nothing.
 */
export async function checkWithdrawal(
  db: DB,
  input: WithdrawalInput,
  now = new Date(),
): Promise<{ summary: WithdrawalOrderSummary; existing: WithdrawalRecord | null }> {
  const view = await requireOwnOrder(db, input);
  const eligibility = withdrawalEligibility(view, now);
  const existing = await getWithdrawal(db, view.id);
  if (!existing) assertOpen(view, eligibility);
  return { summary: toSummary(view, eligibility), existing };
}

/**
 * Confirms the withdrawal, in one transaction: the withdrawals row (received now, with the client
 * address), a line in the order's history, the receipt to the order's own e-mail address and the
 * owner's alert (both in the outbox). A second call answers with the first receipt and queues
 * nothing. Throws DomainError 404 and 409 like checkWithdrawal.
 */
export async function submitWithdrawal(
  db: DB,
  input: WithdrawalInput,
  opts: { clientIp?: string | null; now?: Date } = {},
): Promise<{ orderId: number; receivedAt: string; repeated: boolean }> {
  const now = opts.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const view = await requireOwnOrder(trx, input);
    const existing = await getWithdrawal(trx, view.id);
    if (existing) return { orderId: view.id, receivedAt: existing.receivedAt, repeated: true };
    const eligibility = withdrawalEligibility(view, now);
    assertOpen(view, eligibility);
    const receivedAt = now.toISOString();
    const statement = input.statement?.trim() || null;
    await trx
      .insertInto("withdrawals")
      .values({ order_id: view.id, name: input.name.trim(), statement, received_at: receivedAt, client_ip: opts.clientIp?.slice(0, 64) ?? null })
      .execute();
    await addOrderEvent(trx, view.id, "withdrawal", `Withdrawal from the contract received from ${input.name.trim()}${statement ? `: "${statement}"` : "."}`);
    const data = await withdrawalMailData(trx, view.id, { name: input.name.trim(), statement, receivedAt, shipped: toSummary(view, eligibility).shipped });
    if (data) {
      // data.email is the order's address, whatever the form said.
      // The receipt is in the order's language, whichever page the form was sent from.
      await enqueueMail(trx, {
        eventKey: `withdrawal:${view.id}`,
        to: data.email,
        kind: "withdrawal-received",
        data,
        userId: view.userId,
        locale: view.locale,
      });
      await enqueueMail(trx, { eventKey: `withdrawal-owner:${view.id}`, to: await getOwnerAddress(trx), kind: "owner-withdrawal", data, userId: null });
    }
    return { orderId: view.id, receivedAt, repeated: false };
  });
}

async function withdrawalMailData(
  trx: DB,
  orderId: number,
  w: { name: string; statement: string | null; receivedAt: string; shipped: boolean },
): Promise<WithdrawalMailData | null> {
  const order = await orderMailData(trx, orderId);
  if (!order) return null;
  const legal = await getLegalSettings(trx, getEnv().SHOP_EMAIL);
  const returnAddress = [
    legal.legalName,
    ...legal.address
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
  ];
  return { ...order, ...w, returnAddress, receiptPath: receiptPath(orderId, w.receivedAt) };
}

// ---- the acknowledgement's link ------------------------------------------------------------

/** `receipt` opens the acknowledgement with the order; `sent` only says it was received and where the receipt went. */
type ReceiptLink = "receipt" | "sent";

function receiptSignature(orderId: number, receivedAt: string, link: ReceiptLink = "receipt"): string {
  const purpose = link === "receipt" ? "withdrawal-receipt" : "withdrawal-sent";
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`${purpose}:${orderId}:${receivedAt}`).digest("base64url").slice(0, 32);
}

/**
 * The acknowledgement page's URL with the order. It carries a signature of the withdrawal instead
 * of the e-mail; the page redirects only the order's signed-in owner there, and the receipt
 * e-mail (at the order's address) carries it.
 */
export function receiptPath(orderId: number, receivedAt: string): string {
  return `/withdrawal/received?orderId=${orderId}&receipt=${receiptSignature(orderId, receivedAt)}`;
}

/** The acknowledgement page's URL without the order: where everyone but the signed-in owner lands. */
export function sentPath(orderId: number, receivedAt: string): string {
  return `/withdrawal/received?orderId=${orderId}&sent=${receiptSignature(orderId, receivedAt, "sent")}`;
}

function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** When the withdrawal was received, if the `sent` link is genuine; null otherwise. Shows nothing of the order. */
export async function readSent(db: DB, orderIdParam: string | null, signature: string | null): Promise<{ orderId: number; receivedAt: string } | null> {
  if (!orderIdParam || !/^\d{1,12}$/.test(orderIdParam) || !signature) return null;
  const withdrawal = await getWithdrawal(db, Number(orderIdParam));
  if (!withdrawal || !sameSignature(receiptSignature(withdrawal.orderId, withdrawal.receivedAt, "sent"), signature)) return null;
  return { orderId: withdrawal.orderId, receivedAt: withdrawal.receivedAt };
}

/** The withdrawal and its order's summary when the receipt link is genuine; null otherwise. */
export async function readReceipt(
  db: DB,
  orderIdParam: string | null,
  signature: string | null,
): Promise<{ withdrawal: WithdrawalRecord; summary: WithdrawalOrderSummary } | null> {
  if (!orderIdParam || !/^\d{1,12}$/.test(orderIdParam) || !signature) return null;
  const withdrawal = await getWithdrawal(db, Number(orderIdParam));
  if (!withdrawal) return null;
  if (!sameSignature(receiptSignature(withdrawal.orderId, withdrawal.receivedAt), signature)) return null;
  const view = await getOrderView(db, withdrawal.orderId);
  if (!view) return null;
  // The summary shows what happened when it was received: shipped or not at that time.
  const shippedThen = view.shippedAt !== null && view.shippedAt <= withdrawal.receivedAt;
  return { withdrawal, summary: { ...toSummary(view, withdrawalEligibility(view)), shipped: shippedThen } };
}

// ---- the owner's side ----------------------------------------------------------------------

/**
 * 'Cancel and refund in full', for a withdrawal from an order not yet shipped: the admin's cancel
 * (the whole payment back through PayPal, stock and points back). cancelOrder marks the withdrawal
 * handled in the same transaction. Throws DomainError 404, 409 (no open withdrawal; already
 * shipped: the return form is the way then; a personalised piece, which the withdrawal does not
 * cover: ship it and refund the rest with the return form) and RefundError (PayPal refused:
 * nothing changed). The owner's own Cancel stays hers to use on any order she cannot fulfil.
 */
export async function cancelAndRefundWithdrawal(db: DB, orderId: number, deps: { paypal?: PaypalClient | null; actor?: Actor } = {}): Promise<void> {
  const withdrawal = await getWithdrawal(db, orderId);
  if (!withdrawal || withdrawal.handledAt) throw new DomainError("This order has no withdrawal waiting to be handled.", 409);
  const order = await getOrderView(db, orderId);
  if (!order) throw new DomainError("Order not found", 404);
  if (!isPaidBeforeShipping(order.status)) {
    throw new DomainError(`This order is ${orderStatusLabel(order.status)}: process the return instead when the items are back.`, 409);
  }
  const exempt = order.items.filter((i) => i.isPersonalised).map((i) => i.title);
  if (exempt.length > 0) throw new DomainError(ownerNextSteps(false, exempt), 409);
  await adminCancelOrder(db, orderId, deps);
}

/**
 * The reminder job: one e-mail to the owner for each withdrawal still unhandled `REMINDER_DAYS`
 * after it came in (reminded_at makes it once). Returns how many were sent.
 */
export async function remindUnhandledWithdrawals(db: DB, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REMINDER_DAYS * 86_400_000).toISOString();
  const due = await db
    .selectFrom("withdrawals")
    .select(["order_id as orderId"])
    .where("handled_at", "is", null)
    .where("reminded_at", "is", null)
    .where("received_at", "<=", before)
    .orderBy("received_at")
    .limit(100)
    .execute();
  let sent = 0;
  for (const { orderId } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("withdrawals")
        .set({ reminded_at: now.toISOString() })
        .where("order_id", "=", orderId)
        .where("handled_at", "is", null)
        .where("reminded_at", "is", null)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      const w = (await getWithdrawal(trx, orderId))!;
      const view = await getOrderView(trx, orderId);
      const shipped = view?.shippedAt != null;
      const data = await withdrawalMailData(trx, orderId, { name: w.name, statement: w.statement, receivedAt: w.receivedAt, shipped });
      if (data)
        await enqueueMail(trx, {
          eventKey: `withdrawal-reminder:${orderId}`,
          to: await getOwnerAddress(trx),
          kind: "owner-withdrawal-reminder",
          data,
          userId: null,
        });
      return true;
    });
    if (done) sent++;
  }
  return sent;
}
