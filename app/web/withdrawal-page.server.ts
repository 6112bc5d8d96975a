import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import { getOptionalUser } from "~/web/session.server";
import { DomainError } from "~/domain/common/errors";
import { WITHDRAWAL_INTENTS, withdrawalEligibility, type WithdrawalOrderSummary } from "~/domain/withdrawals/rules";
import { ORDER_NUMBER_PATTERN, WithdrawalSchema } from "~/domain/withdrawals/schemas";
import { checkWithdrawal, readReceipt, readSent, receiptPath, sentPath, submitWithdrawal, takeWithdrawalTry } from "~/domain/withdrawals/withdrawals.server";
import { db as sharedDb } from "~/lib/db.server";
import { getClientIp, readFormData } from "~/web/http.server";
import { type DB } from "~/lib/sqlite.server";
import { digitsConstraint, formConstraints } from "~/web/form-constraints.server";

/*
 * The request side of /withdrawal (two steps, plain forms) and /withdrawal/received (the
 * acknowledgement). The page and POST /api/withdrawals call the same domain functions.
 */

const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };

const STEP_ONE = formConstraints(WithdrawalSchema);
/** Step one's native constraints: the order number is digits, with a '#' or '№' before them as the e-mails write it. */
const STEP_ONE_CONSTRAINTS = {
  ...STEP_ONE,
  orderId: { ...digitsConstraint(STEP_ONE.orderId), maxLength: 20, pattern: ORDER_NUMBER_PATTERN },
};

/**
 * Loader of /withdrawal: `?orderId=` (from an order e-mail or the order page) fills in the order
 * number; for its signed-in owner the e-mail and name too, and whether the period is over.
 */
export async function loadWithdrawalPage(request: Request, db: DB = sharedDb) {
  const param = new URL(request.url).searchParams.get("orderId");
  const orderId = param && /^\d{1,12}$/.test(param) ? Number(param) : null;
  let prefill: { orderId: string; email: string; name: string } = { orderId: orderId ? String(orderId) : "", email: "", name: "" };
  let over = false;
  const user = orderId ? await getOptionalUser(request) : null;
  if (user && orderId) {
    const own = await db
      .selectFrom("orders")
      .select([
        "email",
        "status",
        "shipped_at as shippedAt",
        "delivered_at as deliveredAt",
        "shipping_first_name as firstName",
        "shipping_last_name as lastName",
      ])
      .where("id", "=", orderId)
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    if (own) {
      prefill = { orderId: String(orderId), email: own.email, name: `${own.firstName} ${own.lastName}`.trim() };
      over = withdrawalEligibility(own).state === "over";
    }
  }
  return json({ prefill, over, constraints: STEP_ONE_CONSTRAINTS }, { headers: PRIVATE });
}

export type WithdrawalActionData =
  | { step: "one"; result: SubmissionResult<string[]> }
  | {
      step: "two";
      /** The order, for its signed-in owner only; null for everyone else (the receipt e-mail carries it). */
      summary: WithdrawalOrderSummary | null;
      values: { orderId: number; email: string; name: string; statement: string };
    };

/**
 * Action of /withdrawal. intent 'check' (step one): checks the order and e-mail, then answers
 * step two, with the order's summary only for its signed-in owner. intent 'confirm' (step two's
 * 'Confirm withdrawal'): checks everything again, records the withdrawal and redirects to the
 * acknowledgement: with the order for its owner, without it for everyone else. A withdrawal
 * already received goes straight to that acknowledgement. Errors come back as Conform form errors
 * with the domain's status (400, 404, 409, 429).
 */
export async function withdrawalPageAction(request: Request, db: DB = sharedDb): Promise<Response> {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: WithdrawalSchema });
  if (submission.status !== "success") {
    return json<WithdrawalActionData>({ step: "one", result: submission.reply() }, { status: 400, headers: PRIVATE });
  }
  const input = submission.value;
  const confirming = formData.get("intent") === WITHDRAWAL_INTENTS.confirm;
  try {
    const user = await getOptionalUser(request);
    const { owner } = await takeWithdrawalTry(db, input, { clientIp: getClientIp(request), userId: user?.id ?? null });
    const acknowledgement = owner ? receiptPath : sentPath;
    if (confirming) {
      const receipt = await submitWithdrawal(db, input, { clientIp: getClientIp(request) });
      return redirect(acknowledgement(receipt.orderId, receipt.receivedAt), { headers: PRIVATE });
    }
    const checked = await checkWithdrawal(db, input);
    if (checked.existing) return redirect(acknowledgement(checked.existing.orderId, checked.existing.receivedAt), { headers: PRIVATE });
    return json<WithdrawalActionData>(
      {
        step: "two",
        summary: owner ? checked.summary : null,
        values: { orderId: input.orderId, email: input.email, name: input.name, statement: input.statement ?? "" },
      },
      { headers: PRIVATE },
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json<WithdrawalActionData>({ step: "one", result: submission.reply({ formErrors: [error.message] }) }, { status: error.status, headers: PRIVATE });
  }
}

/**
 * Loader of /withdrawal/received: the acknowledgement with the order for a genuine `receipt` link,
 * without it for a genuine `sent` link, 404 otherwise.
 */
export async function loadReceiptPage(request: Request, db: DB = sharedDb) {
  const params = new URL(request.url).searchParams;
  const found = await readReceipt(db, params.get("orderId"), params.get("receipt"));
  if (!found) {
    const sent = await readSent(db, params.get("orderId"), params.get("sent"));
    if (sent) return json({ state: "sent" as const, ...sent }, { headers: PRIVATE });
    return json({ state: "invalid" as const }, { status: 404, headers: PRIVATE });
  }
  const { withdrawal, summary } = found;
  return json(
    {
      state: "ok" as const,
      receivedAt: withdrawal.receivedAt,
      handledAt: withdrawal.handledAt,
      name: withdrawal.name,
      statement: withdrawal.statement,
      summary,
    },
    { headers: PRIVATE },
  );
}
