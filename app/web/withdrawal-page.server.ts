import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import { getOptionalUser } from "~/web/session.server";
import { DomainError } from "~/domain/common/errors";
import { WITHDRAWAL_INTENTS, withdrawalEligibility, type WithdrawalOrderSummary } from "~/domain/withdrawals/rules";
import { WithdrawalSchema } from "~/domain/withdrawals/schemas";
import { assertWithdrawalAllowed, checkWithdrawal, readReceipt, receiptPath, submitWithdrawal } from "~/domain/withdrawals/withdrawals.server";
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
/** Step one's native constraints: the order number is typed as digits. */
const STEP_ONE_CONSTRAINTS = { ...STEP_ONE, orderId: digitsConstraint(STEP_ONE.orderId) };

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
      summary: WithdrawalOrderSummary;
      values: { orderId: number; email: string; name: string; statement: string };
    };

/**
 * Action of /withdrawal. intent 'check' (step one): checks the order and e-mail, then answers
 * step two with the order's summary. intent 'confirm' (step two's 'Confirm withdrawal'): checks
 * everything again, records the withdrawal and redirects to the acknowledgement. A withdrawal
 * already received goes straight to its receipt. Errors come back as Conform form errors with the
 * domain's status (400, 404, 409, 429).
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
    await assertWithdrawalAllowed(db, getClientIp(request));
    if (confirming) {
      const receipt = await submitWithdrawal(db, input, { clientIp: getClientIp(request) });
      return redirect(receiptPath(receipt.orderId, receipt.receivedAt), { headers: PRIVATE });
    }
    const checked = await checkWithdrawal(db, input);
    if (checked.existing) return redirect(receiptPath(checked.existing.orderId, checked.existing.receivedAt), { headers: PRIVATE });
    return json<WithdrawalActionData>(
      {
        step: "two",
        summary: checked.summary,
        values: { orderId: input.orderId, email: input.email, name: input.name, statement: input.statement ?? "" },
      },
      { headers: PRIVATE },
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json<WithdrawalActionData>({ step: "one", result: submission.reply({ formErrors: [error.message] }) }, { status: error.status, headers: PRIVATE });
  }
}

/** Loader of /withdrawal/received: the acknowledgement, only with a genuine receipt link (404 otherwise). */
export async function loadReceiptPage(request: Request, db: DB = sharedDb) {
  const params = new URL(request.url).searchParams;
  const found = await readReceipt(db, params.get("orderId"), params.get("receipt"));
  if (!found) return json({ state: "invalid" as const }, { status: 404, headers: PRIVATE });
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
