// Disputes v1 as PayPal answers them: the list, one dispute, and opening one (for the test controls).
import { randomInt } from "node:crypto";
import { requireBearer } from "./auth";
import { detail, PaypalError } from "./errors";
import { type Ctx, sendJson } from "./http";
import { disputeJson } from "./represent";
import { type EmulatorContext, findCapture } from "./state";
import type { Dispute } from "./types";
import { randomId, timestamp } from "./util";

/** GET /v1/customer/disputes: the summaries (no transactions), newest first, optionally updated after a time. */
export function listDisputes(emu: EmulatorContext, ctx: Ctx) {
  requireBearer(emu, ctx);
  const after = ctx.query.get("update_time_after");
  const since = after ? Date.parse(after) : NaN;
  if (after && Number.isNaN(since)) throw new PaypalError(400, [detail("INVALID_PARAMETER_VALUE", "update_time_after", after, "query")]);
  const items = [...emu.state.disputes.values()]
    .filter((d) => Number.isNaN(since) || Date.parse(d.update_time) > since)
    .sort((a, b) => b.update_time.localeCompare(a.update_time))
    .map(({ disputed_transactions: _t, ...summary }) => ({ ...summary, links: disputeJson({ ...summary, disputed_transactions: [] }, ctx.apiBase).links }));
  sendJson(ctx.res, 200, { items, links: [{ href: `${ctx.apiBase}/v1/customer/disputes`, rel: "self", method: "GET" }] });
}

export function showDispute(emu: EmulatorContext, ctx: Ctx, id: string) {
  requireBearer(emu, ctx);
  const dispute = emu.state.disputes.get(id);
  if (!dispute) throw new PaypalError(404, [detail("INVALID_RESOURCE_ID", "dispute_id", id, "path")]);
  sendJson(ctx.res, 200, disputeJson(dispute, ctx.apiBase));
}

export function openDispute(
  emu: EmulatorContext,
  captureId: string,
  opts: { reason: string; stage: Dispute["dispute_life_cycle_stage"]; channel: Dispute["dispute_channel"] },
): Dispute {
  const { capture } = findCapture(emu, captureId);
  const now = timestamp();
  const dispute: Dispute = {
    dispute_id: `PP-D-${randomInt(10000, 99999999)}`,
    create_time: now,
    update_time: now,
    disputed_transactions: [{ seller_transaction_id: capture.id, buyer_transaction_id: randomId(17) }],
    reason: opts.reason,
    status: opts.stage === "CHARGEBACK" ? "UNDER_REVIEW" : "OPEN",
    dispute_amount: { ...capture.amount },
    dispute_life_cycle_stage: opts.stage,
    dispute_channel: opts.channel,
  };
  emu.state.disputes.set(dispute.dispute_id, dispute);
  return dispute;
}
