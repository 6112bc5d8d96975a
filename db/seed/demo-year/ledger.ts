import { centsToDecimal } from "../../../app/lib/money";
import { ADMIN_IP, type Customer, type DemoContext, type PlannedOrder } from "./context";
import { hex, iso } from "./helpers";

/*
 * What the replay writes, in the words of the shop's own code: order events, loyalty events, the
 * owner's activity and refund rows.
 */

/** Plans a moment of the year; moments planned for the same time run in the order they were planned. */
export function at(ctx: DemoContext, when: number, run: () => void): void {
  ctx.timeline.push({ at: when, seq: ctx.timeline.length, run });
}

/** Runs the year's moments in time order. */
export function replay(ctx: DemoContext): void {
  ctx.timeline.sort((a, b) => a.at - b.at || a.seq - b.seq);
  for (const action of ctx.timeline) action.run();
}

export const money = (cents: number) => `$${centsToDecimal(cents)}`;

export function event(ctx: DemoContext, o: PlannedOrder, when: number, type: string, message: string, amount: number | null = null): void {
  ctx.ledger.orderEvents.push({ order_id: o.id, type, message, amount_cents: amount, created_at: iso(when) });
}

/** Moves a customer's points, as the loyalty code records it; a balance never goes below zero. */
export function points(ctx: DemoContext, c: Customer, when: number, type: string, description: string, change: number, orderId: number | null): void {
  c.balance += change;
  if (c.balance < 0) throw new Error(`Demo year: ${c.email}'s points would go below zero`);
  ctx.ledger.loyaltyEvents.push({
    user_id: c.id,
    order_id: orderId,
    event_type: type,
    description,
    points: change,
    points_after: c.balance,
    created_at: iso(when),
  });
}

export const pointsText = (n: number) => `${n} loyalty point${n === 1 ? "" : "s"}`;

/*
 * The shop's points settlement (docs/decisions/points-settlement.md), mirrored here because its
 * code (app/domain/orders/points-settlement.server.ts) reads and writes the database: keep the
 * texts and the order of the writes the same as there.
 */

/**
 * Takes back `due` earned points of the order as far as her balance goes, with the history line
 * `description`; the rest is added to what the order owes. Returns the points taken and owed.
 */
export function takeBackEarned(
  ctx: DemoContext,
  o: PlannedOrder,
  c: Customer,
  when: number,
  due: number,
  description: string,
): { taken: number; owed: number } {
  const taken = Math.min(due, c.balance);
  if (taken > 0) points(ctx, c, when, "other", description, -taken, o.id);
  const owed = due - taken;
  o.pointsOwed += owed;
  return { taken, owed };
}

/** The order's event for the points it could not take back. */
export function noteOwed(ctx: DemoContext, o: PlannedOrder, when: number, owed: number): void {
  if (owed <= 0) return;
  event(
    ctx,
    o,
    when,
    "points",
    `${pointsText(owed)} could not be taken back: the customer has spent them. They are taken from the next points that come back to her.`,
  );
}

/**
 * `back` points of order `because` came back to her: what her orders still owe is taken from
 * them, oldest order first, never more than came back.
 */
export function collectOwedPoints(ctx: DemoContext, c: Customer, when: number, back: number, because: PlannedOrder): void {
  const owing = ctx.orders.filter((x) => x.customer?.id === c.id && x.pointsOwed > 0).sort((a, b) => a.id - b.id);
  let left = back;
  for (const o of owing) {
    if (left <= 0) break;
    const take = Math.min(o.pointsOwed, left);
    o.pointsOwed -= take;
    points(ctx, c, when, "other", `Points withdrawn: still owed by order #${o.id}`, -take, o.id);
    event(ctx, o, when, "points", `${pointsText(take)} it still owed taken back: the points of order #${because.id} came back.`);
    left -= take;
  }
}

/** A line of the owner's activity log. */
export function note(
  ctx: DemoContext,
  when: number,
  kind: string,
  summary: string,
  subjectType: string | null,
  subjectId: number | null,
  changes: Record<string, unknown> | null,
): void {
  ctx.ledger.activity.push({
    at: when,
    actor_id: ctx.admin.id,
    actor_email: ctx.admin.email,
    kind,
    subject_type: subjectType,
    subject_id: subjectId,
    summary,
    changes: changes ? JSON.stringify(changes) : null,
    client_ip: ADMIN_IP,
    created_at: iso(when),
  });
}

/** A completed PayPal refund the owner asked for. */
export function refund(
  ctx: DemoContext,
  o: PlannedOrder,
  when: number,
  r: { paypalRefundId: string; amountCents: number; kind: "cancel" | "return"; note: string; restock: string | null },
): void {
  const { rnd } = ctx;
  ctx.ledger.refunds.push({
    order_id: o.id,
    capture_id: o.captureId,
    request_id: `${hex(rnd, 8)}-${hex(rnd, 4)}-4${hex(rnd, 3)}-a${hex(rnd, 3)}-${hex(rnd, 12)}`,
    paypal_refund_id: r.paypalRefundId,
    amount_cents: r.amountCents,
    status: "COMPLETED",
    kind: r.kind,
    note: r.note,
    restock: r.restock,
    requested_by: ctx.adminActor,
    created_at: iso(when - 30_000),
    updated_at: iso(when),
  });
}
