import { orderStatusLabel } from "../../../app/domain/orders/status-labels";
import { RETURN_NOTES, WITHDRAWAL_STATEMENTS } from "../demo-year-data";
import { type DemoContext, HOUR, type PlannedOrder, UNPAID_HOURS } from "./context";
import { between, iso, paypalId, pick, plannedTotal } from "./helpers";
import { at, collectOwedPoints, event, money, note, noteOwed, points, pointsText, refund, takeBackEarned } from "./ledger";

/*
 * Each order's life as moments on the year's timeline, each writing what the shop's own code
 * writes at that step (transitions.server.ts, refunds.server.ts, fulfilment.server.ts,
 * loyalty.server.ts, points-settlement.server.ts). Some moments draw from the random source when
 * planned, others when they run: that order is part of the seed's story.
 */
export function scheduleOrderLives(ctx: DemoContext): void {
  for (const o of ctx.orders) {
    at(ctx, o.createdAt, () => spendPoints(ctx, o));
    if (o.fate === "expired") {
      scheduleExpiry(ctx, o);
      continue;
    }
    if (o.paidAt === null) continue;
    const paidAt = o.paidAt;
    at(ctx, paidAt, () => pay(ctx, o, paidAt));
    if (o.fate === "cancel_request") {
      const when = paidAt + between(ctx.rnd, 2, 6) * HOUR;
      at(ctx, when, () => {
        o.status = "cancel_request";
        o.updatedAt = when;
      });
    }
    if (o.withdrawalAt !== null) scheduleWithdrawal(ctx, o, o.withdrawalAt);
    const { packAt, cancelAt, shippedAt, deliveredAt, returnAt } = o;
    if (packAt !== null) at(ctx, packAt, () => pack(ctx, o, packAt));
    if (cancelAt !== null) at(ctx, cancelAt, () => cancel(ctx, o, cancelAt));
    if (shippedAt !== null) at(ctx, shippedAt, () => ship(ctx, o, shippedAt));
    if (deliveredAt !== null) at(ctx, deliveredAt, () => deliver(ctx, o, deliveredAt));
    if (returnAt !== null) at(ctx, returnAt, () => takeBack(ctx, o, returnAt));
  }
}

/** A customer with enough points uses them about half the time (never on an order she will not pay). */
function spendPoints(ctx: DemoContext, o: PlannedOrder): void {
  const c = o.customer;
  const { discount } = ctx;
  if (c && o.fate !== "expired" && o.fate !== "unpaid" && c.balance >= discount.points && o.subtotal >= discount.minimumCents && ctx.rnd() < 0.55) {
    o.discount = Math.min(discount.cents, o.subtotal);
    o.pointsUsed = discount.points;
    o.pointsTaken = discount.points;
    points(ctx, c, o.createdAt, "order_spend", `Discount on order #${o.id}`, -discount.points, o.id);
  }
}

function scheduleExpiry(ctx: DemoContext, o: PlannedOrder): void {
  const when = o.createdAt + UNPAID_HOURS * HOUR + between(ctx.rnd, 5, 55) * 60_000;
  at(ctx, when, () => {
    o.status = "unpaidcancelled";
    o.updatedAt = when;
    event(ctx, o, when, "expired", `Not paid within ${UNPAID_HOURS} hours: cancelled automatically.`);
  });
}

function pay(ctx: DemoContext, o: PlannedOrder, when: number): void {
  const total = plannedTotal(o);
  o.status = "paid";
  o.updatedAt = when;
  for (const item of o.items) item.stockTaken = item.product.madeToOrder ? 0 : item.quantity;
  if (o.customer && o.pointsToEarn > 0) {
    o.pointsAwarded = o.pointsToEarn;
    points(ctx, o.customer, when, "order_gain", `Earned on order #${o.id}`, o.pointsToEarn, o.id);
  }
  ctx.ledger.paymentAttempts.push({
    order_id: o.id,
    paypal_order_id: o.paypalOrderId,
    status: "COMPLETED",
    amount_cents: total,
    created_at: iso(o.createdAt + 60_000),
    updated_at: iso(when),
  });
  event(ctx, o, when, "paid", `Paid ${money(total)} through PayPal (capture ${o.captureId}).`, total);
}

function scheduleWithdrawal(ctx: DemoContext, o: PlannedOrder, when: number): void {
  const person = o.customer ?? o.guest!;
  const name = `${person.firstName} ${person.lastName}`;
  const statement = pick(ctx.rnd, WITHDRAWAL_STATEMENTS);
  at(ctx, when, () => {
    ctx.ledger.withdrawals.push({
      order_id: o.id,
      name,
      statement,
      received_at: iso(when),
      handled_at: iso(o.cancelAt ?? o.returnAt!),
      client_ip: "198.51.100.23",
    });
    event(ctx, o, when, "withdrawal", `Withdrawal from the contract received from ${name}: "${statement}"`);
  });
}

function pack(ctx: DemoContext, o: PlannedOrder, when: number): void {
  o.status = "processing";
  o.updatedAt = when;
  event(ctx, o, when, "packing", "Packing started.");
  note(ctx, when, "order.packing", `Order #${o.id}: Packing started.`, "order", o.id, { status: ["paid", "processing"] });
}

/** The owner cancels a paid order: the whole payment back, stock restored, points settled. */
function cancel(ctx: DemoContext, o: PlannedOrder, when: number): void {
  const total = plannedTotal(o);
  const refundId = paypalId(ctx.rnd);
  refund(ctx, o, when, {
    paypalRefundId: refundId,
    amountCents: total,
    kind: "cancel",
    note: o.withdrawalAt !== null ? "Withdrawal from the contract" : "The customer asked to cancel",
    restock: null,
  });
  note(ctx, when, "order.cancel", `Order #${o.id}: cancel refund of ${money(total)} (PayPal COMPLETED)`, "order", o.id, {
    refund: [null, `${refundId} ${money(total)} COMPLETED`],
  });
  event(ctx, o, when, "refund", `Refunded ${money(total)} through PayPal (refund ${refundId}).`, total);
  const was = o.status;
  o.status = "cancelled";
  o.updatedAt = when;
  for (const item of o.items) item.stockTaken = 0;
  const c = o.customer;
  if (c && o.pointsTaken > 0) {
    const back = o.pointsTaken;
    points(ctx, c, when, "other", `Points returned: order #${o.id} cancelled`, back, o.id);
    o.pointsTaken = 0;
    collectOwedPoints(ctx, c, when, back, o);
  }
  if (c && o.pointsAwarded > 0) {
    const { owed } = takeBackEarned(ctx, o, c, when, o.pointsAwarded, `Points withdrawn: order #${o.id} cancelled`);
    o.pointsAwarded = 0;
    noteOwed(ctx, o, when, owed);
  }
  event(ctx, o, when, "cancelled", `Order cancelled (was ${orderStatusLabel(was)}); stock restored, loyalty points settled.`);
  if (o.withdrawalAt !== null) {
    event(ctx, o, when, "withdrawal", "The customer's withdrawal is handled: order cancelled.");
    note(ctx, when, "order.withdrawal", `Order #${o.id}: withdrawal handled (order cancelled)`, "order", o.id, { withdrawalHandledAt: [null, iso(when)] });
  }
}

function ship(ctx: DemoContext, o: PlannedOrder, when: number): void {
  const before = o.status;
  o.status = "shipped";
  o.updatedAt = when;
  event(ctx, o, when, "shipped", `Shipped with tracking number ${o.tracking}.`);
  note(ctx, when, "order.ship", `Order #${o.id} shipped (tracking ${o.tracking})`, "order", o.id, {
    status: [before, "shipped"],
    trackingNumber: [null, o.tracking],
  });
}

function deliver(ctx: DemoContext, o: PlannedOrder, when: number): void {
  o.status = "delivered";
  o.updatedAt = when;
  event(ctx, o, when, "delivered", "Marked as delivered.");
  note(ctx, when, "order.deliver", `Order #${o.id}: Marked as delivered.`, "order", o.id, { status: ["shipped", "delivered"] });
}

/**
 * The buyer sends one piece back and pays the postage: the piece's price comes back, less its
 * share of the loyalty discount (as the return form prefills it), and its share of the points.
 */
function takeBack(ctx: DemoContext, o: PlannedOrder, when: number): void {
  const { rnd } = ctx;
  const line = pick(
    rnd,
    o.items.filter((i) => !i.product.personalised),
  );
  const quantity = line.quantity;
  const lineTotal = line.product.priceCents * quantity;
  const amount = lineTotal - Math.round((o.discount * lineTotal) / o.subtotal);
  const refundId = paypalId(rnd);
  const reason = pick(rnd, RETURN_NOTES);
  refund(ctx, o, when, {
    paypalRefundId: refundId,
    amountCents: amount,
    kind: "return",
    note: reason,
    restock: JSON.stringify([{ orderItemId: line.id, quantity }]),
  });
  note(ctx, when, "order.return", `Order #${o.id}: return refund of ${money(amount)} (PayPal COMPLETED)`, "order", o.id, {
    refund: [null, `${refundId} ${money(amount)} COMPLETED`],
  });
  event(ctx, o, when, "refund", `Refunded ${money(amount)} through PayPal (refund ${refundId}).`, amount);
  o.status = "returned";
  o.updatedAt = when;
  line.returned = quantity;
  line.stockTaken = line.product.madeToOrder ? 0 : Math.max(0, line.stockTaken - quantity);
  event(ctx, o, when, "restocked", `Back in stock: ${line.product.title} ×${quantity}.`);
  takeBackPoints(ctx, o, when, amount);
  event(ctx, o, when, "returned", `Return processed: ${reason}`);
  if (o.withdrawalAt !== null) {
    event(ctx, o, when, "withdrawal", "The customer's withdrawal is handled: return processed.");
    note(ctx, when, "order.withdrawal", `Order #${o.id}: withdrawal handled (order returned)`, "order", o.id, { withdrawalHandledAt: [null, iso(when)] });
  }
}

function takeBackPoints(ctx: DemoContext, o: PlannedOrder, when: number, refunded: number): void {
  const c = o.customer;
  if (!c || o.pointsAwarded <= 0) return;
  const itemsLeft = o.subtotal - o.discount;
  const share = itemsLeft > 0 ? Math.min(1, refunded / itemsLeft) : 1;
  const take = Math.min(o.pointsAwarded, Math.round(o.pointsAwarded * share));
  if (take <= 0) return;
  o.pointsAwarded -= take;
  const { taken, owed } = takeBackEarned(ctx, o, c, when, take, `Points withdrawn: refund on returned order #${o.id}`);
  event(ctx, o, when, "points", `${pointsText(taken)} taken back for the refunded amount.`);
  noteOwed(ctx, o, when, owed);
}
