import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { recordPointsEvent } from "~/domain/loyalty/loyalty.server";
import { adminCancelOrder } from "~/domain/orders/fulfilment.server";
import { canTransition, ORDER_TRANSITION_NAMES, ORDER_TRANSITIONS, type OrderTransitionName } from "~/domain/orders/lifecycle";
import { transitionOrder, type TransitionOptions } from "~/domain/orders/lifecycle.server";
import { ORDER_STATUSES, type OrderStatus } from "~/domain/orders/status";
import { db } from "~/lib/db.server";
import { makeProduct, makeUser } from "../helpers/kit";
import { makeOrder } from "./payments-fixtures";

// transitionOrder against the database: every status × transition does what the table says or
// nothing at all, and a cancellation raced from two places settles once.

afterAll(() => db.destroy());

/**
 * An order in `status` that holds everything a transition could touch: 2 units of stock, the
 * discount's 20 points, 30 earned points (the customer has 100), a reversal's previous status.
 */
async function holdingOrder(status: OrderStatus, opts: { reserved?: boolean } = {}) {
  const user = await makeUser(db);
  await recordPointsEvent(db, user.id, { type: "admin_reward", description: "Start", points: 100 });
  const product = await makeProduct(db, { stock: 8, priceCents: 2400 });
  const order = await makeOrder(db, {
    lines: [{ productId: product.id, quantity: 2 }],
    userId: user.id,
    status,
    loyaltyPointsUsed: 20,
    loyaltyDiscountCents: 200,
  });
  await db
    .updateTable("orders")
    .set({
      points_taken: 20,
      points_awarded: 30,
      stock_reserved: opts.reserved === false ? 0 : 1,
      reversed_from: status === "payment_reversed" ? "shipped" : null,
      updated_at: "2026-01-01T00:00:00.000Z",
    })
    .where("id", "=", order.id)
    .execute();
  await db.updateTable("order_items").set({ stock_taken: 2 }).where("order_id", "=", order.id).execute();
  return { id: order.id, userId: user.id, productId: product.id };
}

/** Everything a transition may change, to compare before and after. */
async function snapshot(o: { id: number; userId: number; productId: number }) {
  const order = await db
    .selectFrom("orders")
    .select([
      "status",
      "stock_reserved",
      "points_taken",
      "points_awarded",
      "points_owed",
      "reversed_from",
      "updated_at",
      "paid_at",
      "shipped_at",
      "delivered_at",
      "tracking_number",
      "decline_reason",
      "expected_ship_date",
    ])
    .where("id", "=", o.id)
    .executeTakeFirstOrThrow();
  const items = await db.selectFrom("order_items").select(["stock_taken", "returned_quantity"]).where("order_id", "=", o.id).execute();
  const product = await db.selectFrom("products").select(["stock", "total_stock"]).where("id", "=", o.productId).executeTakeFirstOrThrow();
  const user = await db.selectFrom("users").select("loyalty_points").where("id", "=", o.userId).executeTakeFirstOrThrow();
  const count = async (table: "loyalty_events" | "order_events", column: "user_id" | "order_id", id: number) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where(column, "=", id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    order,
    items,
    product,
    points: user.loyalty_points,
    loyaltyEvents: await count("loyalty_events", "user_id", o.userId),
    orderEvents: await count("order_events", "order_id", o.id),
  };
}

function perform(id: number, name: OrderTransitionName, opts: TransitionOptions = {}) {
  return db.transaction().execute((trx) => transitionOrder(trx, id, name, { message: "A history line.", ...opts }));
}

describe("every status × transition", () => {
  for (const name of ORDER_TRANSITION_NAMES) {
    it(`${name}: from its statuses to ${ORDER_TRANSITIONS[name].to}; from any other, nothing changes`, async () => {
      for (const status of ORDER_STATUSES) {
        // An unpaid order is placed without a payment's hold; the others hold their stock.
        const o = await holdingOrder(status, { reserved: status !== "unpaid" });
        const before = await snapshot(o);
        const result = await perform(o.id, name);
        const after = await snapshot(o);
        if (!canTransition(status, name)) {
          expect(result, `${name} from ${status}`).toBeNull();
          expect(after, `${name} from ${status}`).toEqual(before);
          continue;
        }
        const to = name === "resolveReversal" ? "shipped" : ORDER_TRANSITIONS[name].to;
        expect(result, `${name} from ${status}`).toEqual({ from: status, to });
        expect(after.order.status).toBe(to);
        expect(after.orderEvents).toBe(before.orderEvents + (ORDER_TRANSITIONS[name].event ? 1 : 0));
      }
    });
  }

  it("an unpaid order whose payment holds its stock cannot be cancelled, expired or replaced", async () => {
    for (const name of ["cancelUnpaid", "expire", "replace"] as const) {
      const o = await holdingOrder("unpaid", { reserved: true });
      const before = await snapshot(o);
      expect(await perform(o.id, name)).toBeNull();
      expect(await snapshot(o)).toEqual(before);
    }
  });

  it("a caller's narrower 'from' is kept: a paid order is not cancelled as if it were being packed", async () => {
    const o = await holdingOrder("paid");
    const before = await snapshot(o);
    expect(await perform(o.id, "cancel", { from: ["processing"] })).toBeNull();
    expect(await snapshot(o)).toEqual(before);
  });

  it("an order that does not exist answers null", async () => {
    expect(await perform(999_999, "cancel")).toBeNull();
  });
});

describe("a cancellation settles once", () => {
  /** Stock back by 2, the discount's 20 points back, the 30 earned taken: 100 + 20 - 30. */
  async function expectSettledOnce(o: { id: number; userId: number; productId: number }) {
    const after = await snapshot(o);
    expect(after.order).toMatchObject({ status: "cancelled", stock_reserved: 0, points_taken: 0, points_awarded: 0, points_owed: 0 });
    expect(after.product).toEqual({ stock: 10, total_stock: 10 });
    expect(after.points).toBe(90);
    const lines = await db.selectFrom("loyalty_events").select(["points", "description"]).where("order_id", "=", o.id).orderBy("id").execute();
    expect(lines).toEqual([
      { points: 20, description: `Points returned: order #${o.id} cancelled` },
      { points: -30, description: `Points withdrawn: order #${o.id} cancelled` },
    ]);
  }

  it("twice in a row: the second finds nothing to do", async () => {
    const o = await holdingOrder("paid");
    expect(await perform(o.id, "cancel")).toEqual({ from: "paid", to: "cancelled" });
    const once = await snapshot(o);
    expect(await perform(o.id, "cancel")).toBeNull();
    expect(await snapshot(o)).toEqual(once);
    await expectSettledOnce(o);
  });

  it("two owner's cancels at the same moment: one cancels, the other is told the order changed", async () => {
    const o = await holdingOrder("paid");
    const outcomes = await Promise.allSettled([adminCancelOrder(db, o.id), adminCancelOrder(db, o.id)]);
    expect(outcomes.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [refused] = outcomes.filter((r) => r.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    await expectSettledOnce(o);
  });

  it("two processes on their own connections cancelling the same order: exactly one settles it", async () => {
    const o = await holdingOrder("processing");
    const root = path.resolve(import.meta.dirname, "../..");
    const workers = [0, 1].map(() => {
      const child = spawn(
        path.join(root, "node_modules/.bin/tsx"),
        [path.join(import.meta.dirname, "lifecycle-race-worker.ts"), process.env.DATABASE_PATH!, String(o.id), "cancel"],
        { cwd: root, stdio: ["pipe", "pipe", "inherit"] },
      );
      const lines = createInterface({ input: child.stdout! });
      const queue: string[] = [];
      const waiters: ((line: string) => void)[] = [];
      lines.on("line", (line) => (waiters.length ? waiters.shift()!(line) : queue.push(line)));
      const next = () => new Promise<string>((resolve) => (queue.length ? resolve(queue.shift()!) : waiters.push(resolve)));
      return { child, next };
    });
    expect(await Promise.all(workers.map((w) => w.next()))).toEqual(["ready", "ready"]);
    for (const w of workers) w.child.stdin!.write("go\n");
    const outcomes = (await Promise.all(workers.map((w) => w.next()))).map((line) => JSON.parse(line) as { ok: boolean; result: unknown });
    expect(outcomes.every((r) => r.ok)).toBe(true);
    expect(outcomes.map((r) => r.result).filter((r) => r !== null)).toEqual([{ from: "processing", to: "cancelled" }]);
    await expectSettledOnce(o);
  });
});
