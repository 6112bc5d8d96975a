import { recordPointsEvent } from "~/domain/loyalty/loyalty.server";
import { expireUnpaidOrders } from "~/domain/orders/expiry.server";
import { adminCancelOrder, markDelivered, processReturn, returnOrder, shipOrder } from "~/domain/orders/fulfilment.server";
import { takeOrderPoints } from "~/domain/orders/holds.server";
import { requestCancellation } from "~/domain/orders/order-actions.server";
import { listOrderEvents } from "~/domain/orders/transitions.server";
import { completePayment, startPayment } from "~/domain/payments/payments.server";
import { cancelAndRefundWithdrawal, submitWithdrawal } from "~/domain/withdrawals/withdrawals.server";
import { db } from "~/lib/db.server";
import { createPaypalClient, type PaypalClient } from "~/lib/paypal-client.server";
import { makeProduct, makeUser } from "../helpers/kit";
import { useEmulator } from "../helpers/paypal-emulator";
import { makeOrder, pointsOf } from "./payments-fixtures";

// How the loyalty points of two orders settle, whatever happens to each and in whichever order
// (docs/decisions/points-settlement.md). The customer starts with 5 points. Order A ($50) earns
// 50. Order B ($10, 20 points for a $2 discount) spends 20 and earns 10, so after both are paid
// she has 45: fewer than A earned. Each order is then cancelled, refunded or withdrawn from, A
// first or B first, against the PayPal emulator.

const { pp, config } = useEmulator({ clientId: "points-test-client", clientSecret: "points-test-secret" });
let paypal: PaypalClient;
beforeAll(() => {
  paypal = createPaypalClient(config);
});
afterAll(() => db.destroy());

const START = 5;

interface Paid {
  id: number;
  itemId: number;
  itemsCents: number;
}

async function customer() {
  const user = await makeUser(db);
  await recordPointsEvent(db, user.id, { type: "admin_reward", description: "Welcome", points: START });
  return user;
}

/** An order of one item, placed (its discount's points taken) and paid through the emulator. */
async function paidOrder(userId: number, spec: { priceCents: number; pointsUsed?: number; discountCents?: number }): Promise<Paid> {
  const product = await makeProduct(db, { stock: 5, priceCents: spec.priceCents });
  const order = await makeOrder(db, {
    lines: [{ productId: product.id, unitPriceCents: spec.priceCents, title: product.title }],
    userId,
    loyaltyPointsUsed: spec.pointsUsed ?? 0,
    loyaltyDiscountCents: spec.discountCents ?? 0,
  });
  await db.transaction().execute((trx) => takeOrderPoints(trx, order.id));
  const started = await startPayment(db, order.id, { appUrl: "http://localhost:3000" });
  await pp.approve(started.paypalOrderId);
  await completePayment(db, order.id, started.paypalOrderId);
  const item = await db.selectFrom("order_items").select("id").where("order_id", "=", order.id).executeTakeFirstOrThrow();
  return { id: order.id, itemId: item.id, itemsCents: spec.priceCents - (spec.discountCents ?? 0) };
}

async function shipAndDeliver(id: number) {
  await shipOrder(db, id, `TRACK-${id}`);
  await markDelivered(db, id);
}

const KINDS = {
  /** The customer asks, the owner approves: refunded in full, the discount's points come back. */
  cancellation: async (o: Paid) => {
    await requestCancellation(db, o.id);
    await adminCancelOrder(db, o.id, { paypal });
  },
  /** Delivered, then returned in two partial refunds that together give back the items' price. */
  refund: async (o: Paid) => {
    await shipAndDeliver(o.id);
    const half = Math.floor(o.itemsCents / 2);
    await processReturn(db, o.id, { amountCents: half, restock: [] }, { paypal });
    await processReturn(db, o.id, { amountCents: o.itemsCents - half, restock: [{ orderItemId: o.itemId, quantity: 1 }] }, { paypal });
  },
  /** Withdrawn from before shipping: 'Cancel and refund in full'. */
  "withdrawal before shipping": async (o: Paid) => {
    await submitWithdrawal(db, { orderId: o.id, email: "buyer@example.com", name: "Ada" });
    await cancelAndRefundWithdrawal(db, o.id, { paypal });
  },
  /** Withdrawn from after delivery: the whole order back with its shipping. */
  "withdrawal after delivery": async (o: Paid) => {
    await shipAndDeliver(o.id);
    await submitWithdrawal(db, { orderId: o.id, email: "buyer@example.com", name: "Ada" });
    await returnOrder(db, o.id, { paypal });
  },
} as const;
type Kind = keyof typeof KINDS;
/** A cancellation gives the discount's points back; a refund pays back money, and the points the discount used stay spent. */
const UNWINDS: Record<Kind, boolean> = {
  cancellation: true,
  refund: false,
  "withdrawal before shipping": true,
  "withdrawal after delivery": false,
};

async function history(userId: number) {
  return db
    .selectFrom("loyalty_events")
    .select(["points", "points_after as after", "description", "order_id as orderId"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}

async function owedBy(id: number): Promise<number> {
  return (await db.selectFrom("orders").select("points_owed as owed").where("id", "=", id).executeTakeFirstOrThrow()).owed;
}

async function twoPaidOrders() {
  const user = await customer();
  const a = await paidOrder(user.id, { priceCents: 5000 });
  const b = await paidOrder(user.id, { priceCents: 1000, pointsUsed: 20, discountCents: 200 });
  expect(await pointsOf(db, user.id)).toBe(START + 50 - 20 + 10);
  return { user, a, b };
}

describe("two orders' points settle to what each order leaves behind", () => {
  for (const kindA of Object.keys(KINDS) as Kind[]) {
    for (const kindB of Object.keys(KINDS) as Kind[]) {
      for (const first of ["A", "B"] as const) {
        it(`A ${kindA}, B ${kindB}, ${first} first`, async () => {
          const { user, a, b } = await twoPaidOrders();
          const steps = first === "A" ? [() => KINDS[kindA](a), () => KINDS[kindB](b)] : [() => KINDS[kindB](b), () => KINDS[kindA](a)];
          for (const step of steps) await step();

          // A leaves nothing behind; B leaves the 20 points its discount spent unless it was unwound.
          const keptByB = UNWINDS[kindB] ? 0 : -20;
          const owed = (await owedBy(a.id)) + (await owedBy(b.id));
          const balance = await pointsOf(db, user.id);
          // Never below zero; what the balance could not cover is still owed, and nothing more.
          expect(balance).toBe(Math.max(0, START + keptByB));
          expect(owed).toBe(Math.max(0, -(START + keptByB)));

          // The history adds up: each line's balance follows from the one before, and each
          // order's lines add up to what it leaves behind plus what it still owes.
          const lines = await history(user.id);
          let running = 0;
          for (const line of lines) {
            running += line.points;
            expect(line.after).toBe(running);
            expect(line.after).toBeGreaterThanOrEqual(0);
          }
          expect(running).toBe(balance);
          const sumOf = (id: number) => lines.filter((l) => l.orderId === id).reduce((s, l) => s + l.points, 0);
          expect(sumOf(a.id)).toBe(await owedBy(a.id));
          expect(sumOf(b.id)).toBe(keptByB + (await owedBy(b.id)));
        });
      }
    }
  }
});

describe("the points history of the two cancellations", () => {
  it("A cancelled, then B: A's unpaid clawback is taken from B's points coming back, and she ends where she began", async () => {
    const { user, a, b } = await twoPaidOrders();
    await KINDS.cancellation(a);
    expect(await pointsOf(db, user.id)).toBe(0);
    expect(await owedBy(a.id)).toBe(5);
    await KINDS.cancellation(b);
    expect(await pointsOf(db, user.id)).toBe(START);
    expect(await owedBy(a.id)).toBe(0);
    expect((await history(user.id)).map((l) => [l.points, l.after, l.description])).toEqual([
      [5, 5, "Welcome"],
      [50, 55, `Earned on order #${a.id}`],
      [-20, 35, `Discount on order #${b.id}`],
      [10, 45, `Earned on order #${b.id}`],
      [-45, 0, `Points withdrawn: order #${a.id} cancelled`],
      [20, 20, `Points returned: order #${b.id} cancelled`],
      [-5, 15, `Points withdrawn: still owed by order #${a.id}`],
      [-10, 5, `Points withdrawn: order #${b.id} cancelled`],
    ]);
    const aEvents = (await listOrderEvents(db, a.id)).filter((e) => e.type === "points").map((e) => e.message);
    expect(aEvents).toEqual([
      "5 loyalty points could not be taken back: the customer has spent them. They are taken from the next points that come back to her.",
      `5 loyalty points it still owed taken back: the points of order #${b.id} came back.`,
    ]);
  });

  it("B cancelled, then A: everything is taken back at once", async () => {
    const { user, a, b } = await twoPaidOrders();
    await KINDS.cancellation(b);
    await KINDS.cancellation(a);
    expect(await pointsOf(db, user.id)).toBe(START);
    expect((await history(user.id)).slice(4).map((l) => [l.points, l.after, l.description])).toEqual([
      [20, 65, `Points returned: order #${b.id} cancelled`],
      [-10, 55, `Points withdrawn: order #${b.id} cancelled`],
      [-50, 5, `Points withdrawn: order #${a.id} cancelled`],
    ]);
    expect(await owedBy(a.id)).toBe(0);
    expect((await listOrderEvents(db, a.id)).filter((e) => e.type === "points")).toEqual([]);
  });

  it("A refunded in part keeps the rest of its points; B cancelled afterwards settles what A still owed", async () => {
    const { user, a, b } = await twoPaidOrders();
    await shipAndDeliver(a.id);
    // 40 of A's 50 dollars back: 40 of its 50 points go, 40 of the 45 she has.
    await processReturn(db, a.id, { amountCents: 4000, restock: [] }, { paypal });
    expect(await pointsOf(db, user.id)).toBe(5);
    expect(await owedBy(a.id)).toBe(0);
    await KINDS.cancellation(b);
    // A keeps 10 earned points; B leaves nothing.
    expect(await pointsOf(db, user.id)).toBe(START + 10);
  });

  it("an unpaid order's points that come back when it expires settle what a cancelled order still owes", async () => {
    const user = await customer();
    const a = await paidOrder(user.id, { priceCents: 5000 });
    const product = await makeProduct(db, { stock: 5, priceCents: 3000 });
    const b = await makeOrder(db, {
      lines: [{ productId: product.id, unitPriceCents: 3000 }],
      userId: user.id,
      loyaltyPointsUsed: 50,
      loyaltyDiscountCents: 500,
    });
    await db.transaction().execute((trx) => takeOrderPoints(trx, b.id));
    expect(await pointsOf(db, user.id)).toBe(5);
    await KINDS.cancellation(a);
    expect(await pointsOf(db, user.id)).toBe(0);
    expect(await owedBy(a.id)).toBe(45);
    await db.updateTable("orders").set({ created_at: "2020-01-01T00:00:00.000Z", updated_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", b.id).execute();
    expect(await expireUnpaidOrders(db, new Date(), 48)).toContain(b.id);
    expect(await pointsOf(db, user.id)).toBe(START);
    expect(await owedBy(a.id)).toBe(0);
  });
});
