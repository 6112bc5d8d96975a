import { sql } from "kysely";
import { declineCancellation, markDelivered, shipOrder, startPacking } from "~/domain/orders/fulfilment.server";
import {
  cleanOrphanedRelationships,
  createCategory,
  deleteCategory,
  recalculateAllCategoryCounts,
  updateCategory,
} from "~/domain/catalogue/categories-write.server";
import { createProduct, deleteProduct, setLatestCollection } from "~/domain/catalogue/products-write.server";
import { DomainError } from "~/domain/common/errors";
import { type ActivityKind } from "~/domain/ops/activity-kinds";
import { type ActivityRow, type Actor, listActivity } from "~/domain/ops/activity.server";
import { db } from "~/lib/db.server";
import { makeCategory, makeProduct, makeUser } from "../helpers/kit";
import { makeOrder, pointsOf } from "./payments-fixtures";
import { DEFAULT_STORE_SETTINGS } from "~/domain/common/store-settings";
import { awardPoints } from "~/domain/loyalty/awards.server";
import { saveStoreSettings } from "~/domain/common/settings.server";

// Every admin write logs exactly one activity row, with the acting admin and the client address,
// in the transaction of the write. The "same transaction" half is proved by making the log insert
// fail (a test-only trigger refuses rows from REFUSED_IP): the write itself must then be rolled back.

const ACTOR_IP = "192.0.2.50";
const REFUSED_IP = "192.0.2.66";

let admin: { id: number; email: string };
let actor: Actor;
let refusingActor: Actor;

beforeAll(async () => {
  admin = await makeUser(db, { isAdmin: true, email: "kinds-admin@example.com" });
  actor = { id: admin.id, email: admin.email, ip: ACTOR_IP };
  refusingActor = { id: admin.id, email: admin.email, ip: REFUSED_IP };
  await sql`CREATE TRIGGER test_activity_log_refuse BEFORE INSERT ON activity_log WHEN NEW.client_ip = ${sql.lit(REFUSED_IP)} BEGIN SELECT RAISE(ABORT, 'activity log refused'); END`.execute(
    db,
  );
});

afterAll(async () => {
  await sql`DROP TRIGGER IF EXISTS test_activity_log_refuse`.execute(db);
  await db.destroy();
});

async function lastActivityId(): Promise<number> {
  const row = await db
    .selectFrom("activity_log")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The rows written since `afterId`, as the Activity tab reads them (newest first). */
async function rowsSince(afterId: number): Promise<ActivityRow[]> {
  return (await listActivity(db)).rows.filter((r) => r.id > afterId);
}

/**
 * Runs one admin write and checks that it wrote exactly one activity row in all: of `kind`, for
 * the subject (`subjectId` may be worked out from the write's result), by the acting admin (id,
 * e-mail, client address). Returns the row and the write's result.
 */
async function expectOneRow<T>(
  kind: ActivityKind,
  subjectType: string | null,
  subjectId: number | null | ((result: T) => number),
  write: () => Promise<T>,
): Promise<{ row: ActivityRow; result: T }> {
  const before = await lastActivityId();
  const kindBefore = (await listActivity(db, { kind })).total;
  const result = await write();
  const rows = await rowsSince(before);
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  const id = typeof subjectId === "function" ? subjectId(result) : subjectId;
  expect(row).toMatchObject({ kind, actorEmail: admin.email, clientIp: ACTOR_IP, subjectType, subjectId: id });
  expect((await listActivity(db, { kind })).total).toBe(kindBefore + 1);
  const stored = await db.selectFrom("activity_log").select("actor_id").where("id", "=", row.id).executeTakeFirstOrThrow();
  expect(stored.actor_id).toBe(admin.id);
  return { row, result };
}

/** Runs a write whose log row the test trigger refuses: the write must fail and leave no row behind. */
async function expectRefusedLog(write: () => Promise<unknown>): Promise<void> {
  const before = await lastActivityId();
  await expect(write()).rejects.toThrow(/activity log refused/);
  expect(await rowsSince(before)).toEqual([]);
}

/** Runs a write that must be refused with a DomainError before anything is written: no row. */
async function expectRefusedWrite(write: () => Promise<unknown>, status: number): Promise<void> {
  const before = await lastActivityId();
  const error = await write().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).status).toBe(status);
  expect(await rowsSince(before)).toEqual([]);
}

async function orderStatus(id: number): Promise<string> {
  return (await db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
}

async function paidOrder(): Promise<number> {
  const product = await makeProduct(db, { priceCents: 3100, stock: 4 });
  return (await makeOrder(db, { lines: [{ productId: product.id, unitPriceCents: 3100 }], status: "paid" })).id;
}

async function outboxCount(): Promise<number> {
  return Number(
    (
      await db
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

describe("activity kinds: products", () => {
  it("product.create logs the new product's fields by the acting admin, and is rolled back with its log row", async () => {
    const category = await makeCategory(db, { name: "Kinds Dresses" });
    const input = {
      title: "Kinds Ball Gown",
      slug: "kinds-ball-gown",
      description: "A gown for the test.",
      price: "31.00",
      stock: 3,
      categories: [category.id],
    };

    await expectRefusedLog(() => createProduct(db, { ...input }, refusingActor));
    expect(await db.selectFrom("products").select("id").where("slug", "=", input.slug).executeTakeFirst()).toBeUndefined();

    const { row, result } = await expectOneRow(
      "product.create",
      "product",
      (r: { id: number }) => r.id,
      () => createProduct(db, { ...input }, actor),
    );
    expect(result.slug).toBe(input.slug);
    expect(row.changes).toMatchObject({
      title: [null, "Kinds Ball Gown"],
      slug: [null, "kinds-ball-gown"],
      price: [null, "31.00"],
      stock: [null, 3],
      categories: [null, String(category.id)],
    });
  });

  it("product.delete logs the deleted product's fields, and is rolled back with its log row", async () => {
    const product = await makeProduct(db, { title: "Kinds Doomed Hat", priceCents: 1250, stock: 2 });

    await expectRefusedLog(() => deleteProduct(db, product.id, refusingActor));
    expect(await db.selectFrom("products").select("id").where("id", "=", product.id).executeTakeFirst()).toBeDefined();

    const { row } = await expectOneRow("product.delete", "product", product.id, () => deleteProduct(db, product.id, actor));
    expect(row.changes).toMatchObject({ title: ["Kinds Doomed Hat", null], price: ["12.50", null], stock: [2, null] });
    expect(await db.selectFrom("products").select("id").where("id", "=", product.id).executeTakeFirst()).toBeUndefined();
  });

  it("product.latest logs the flag before and after, and is rolled back with its log row", async () => {
    const product = await makeProduct(db, { title: "Kinds Latest Scarf" });
    const flag = async () =>
      (await db.selectFrom("products").select("is_latest_collection").where("id", "=", product.id).executeTakeFirstOrThrow()).is_latest_collection;

    await expectRefusedLog(() => setLatestCollection(db, product.id, true, refusingActor));
    expect(await flag()).toBe(0);

    const { row } = await expectOneRow("product.latest", "product", product.id, () => setLatestCollection(db, product.id, true, actor));
    expect(row.changes).toEqual({ isLatestCollection: [false, true] });
    expect(await flag()).toBe(1);
    // Filtered by product, as the Activity tab does.
    const mine = await listActivity(db, { kind: "product.latest", subjectType: "product", subjectId: product.id });
    expect(mine.total).toBe(1);
  });
});

describe("activity kinds: categories and maintenance", () => {
  it("category.create logs the new category's fields, and is rolled back with its log row", async () => {
    await expectRefusedLog(() => createCategory(db, { name: "Kinds Shoes", slug: "kinds-shoes" }, refusingActor));
    expect(await db.selectFrom("categories").select("id").where("slug", "=", "kinds-shoes").executeTakeFirst()).toBeUndefined();

    const { row } = await expectOneRow(
      "category.create",
      "category",
      (r: { id: number }) => r.id,
      () => createCategory(db, { name: "Kinds Shoes", slug: "kinds-shoes", sortOrder: 4, isActive: true }, actor),
    );
    // A field that is null before and after (parent_id of a top-level category) is no change.
    expect(row.changes).toEqual({ name: [null, "Kinds Shoes"], slug: [null, "kinds-shoes"], sort_order: [null, 4], is_active: [null, 1] });
  });

  it("category.update logs only the fields that changed, and is rolled back with its log row", async () => {
    const category = await makeCategory(db, { name: "Kinds Coats" });
    const stored = () =>
      db.selectFrom("categories").select(["name", "slug", "sort_order", "is_active"]).where("id", "=", category.id).executeTakeFirstOrThrow();
    const before = await stored();
    const input = { id: category.id, name: "Kinds Winter Coats", slug: category.slug, parentId: null, sortOrder: 77, isActive: before.is_active === 1 };

    await expectRefusedLog(() => updateCategory(db, input, refusingActor));
    expect(await stored()).toEqual(before);

    const { row } = await expectOneRow("category.update", "category", category.id, () => updateCategory(db, input, actor));
    expect(row.changes).toEqual({ name: ["Kinds Coats", "Kinds Winter Coats"], sort_order: [before.sort_order, 77] });
    expect(await stored()).toMatchObject({ name: "Kinds Winter Coats", sort_order: 77 });
  });

  it("category.delete logs the deletion, and is rolled back with its log row", async () => {
    const category = await makeCategory(db, { name: "Kinds Gloves" });
    const exists = async () => (await db.selectFrom("categories").select("id").where("id", "=", category.id).executeTakeFirst()) !== undefined;

    await expectRefusedLog(() => deleteCategory(db, category.id, refusingActor));
    expect(await exists()).toBe(true);

    const { row } = await expectOneRow("category.delete", "category", category.id, () => deleteCategory(db, category.id, actor));
    expect(row.summary).toContain("Kinds Gloves");
    expect(await exists()).toBe(false);
  });

  it("maintenance.recalculate logs one row, and the recount is rolled back with its log row", async () => {
    const category = await makeCategory(db, { name: "Kinds Counted" });
    await makeProduct(db, { categoryIds: [category.id] });
    await makeProduct(db, { categoryIds: [category.id] });
    await db.updateTable("categories").set({ product_count: 0 }).where("id", "=", category.id).execute();
    const count = async () => (await db.selectFrom("categories").select("product_count").where("id", "=", category.id).executeTakeFirstOrThrow()).product_count;

    await expectRefusedLog(() => recalculateAllCategoryCounts(db, refusingActor));
    expect(await count()).toBe(0);

    const { row, result } = await expectOneRow("maintenance.recalculate", null, null, () => recalculateAllCategoryCounts(db, actor));
    expect(result.changed).toBeGreaterThanOrEqual(1);
    expect(row.summary).toContain(`${result.changed} of ${result.categories}`);
    expect(await count()).toBe(2);
  });

  it("maintenance.clean logs one row, and the clean-up is rolled back with its log row", async () => {
    const category = await makeCategory(db, { name: "Kinds Orphans" });
    const product = await makeProduct(db, { categoryIds: [category.id] });
    await sql`PRAGMA foreign_keys = OFF`.execute(db);
    try {
      await db.insertInto("product_categories").values({ product_id: 987001, category_id: category.id }).execute();
    } finally {
      await sql`PRAGMA foreign_keys = ON`.execute(db);
    }
    const links = async () =>
      (await db.selectFrom("product_categories").select("product_id").where("category_id", "=", category.id).orderBy("product_id").execute()).map(
        (l) => l.product_id,
      );

    await expectRefusedLog(() => cleanOrphanedRelationships(db, refusingActor));
    expect(await links()).toEqual([product.id, 987001]);

    const { row, result } = await expectOneRow("maintenance.clean", null, null, () => cleanOrphanedRelationships(db, actor));
    expect(result).toBe(1);
    expect(row.summary).toContain("1");
    expect(await links()).toEqual([product.id]);
  });
});

describe("activity kinds: users and settings", () => {
  it("points.award logs the balance before and after, and the award (and its e-mail) is rolled back with its log row", async () => {
    const customer = await makeUser(db, { email: "kinds-points@example.com" });
    const mails = await outboxCount();

    await expectRefusedLog(() => awardPoints(db, { email: customer.email, points: 40 }, refusingActor));
    expect(await pointsOf(db, customer.id)).toBe(0);
    expect(await outboxCount()).toBe(mails);

    const { row } = await expectOneRow("points.award", "user", customer.id, () => awardPoints(db, { email: "KINDS-POINTS@example.com", points: 40 }, actor));
    expect(row.changes).toEqual({ loyaltyPoints: [0, 40] });
    expect(await pointsOf(db, customer.id)).toBe(40);
  });

  it("settings.store logs only the changed fields before → after, and is rolled back with its log row", async () => {
    const read = async () => {
      const row = await db.selectFrom("settings").select("value").where("key", "=", "store").executeTakeFirst();
      return { ...DEFAULT_STORE_SETTINGS, ...(row ? (JSON.parse(row.value) as Partial<typeof DEFAULT_STORE_SETTINGS>) : {}) };
    };
    const before = await read();
    const input = { name: "Kinds Atelier", email: before.email, description: "Tiny clothes, logged." };

    await expectRefusedLog(() => saveStoreSettings(db, input, refusingActor));
    expect(await read()).toEqual(before);

    const { row } = await expectOneRow("settings.store", "settings", null, () => saveStoreSettings(db, input, actor));
    expect(row.changes).toEqual({ name: [before.name, "Kinds Atelier"], description: [before.description, "Tiny clothes, logged."] });
    expect(await read()).toEqual(input);
  });
});

describe("activity kinds: orders", () => {
  it("order.ship logs status and tracking number before → after, and the shipment is rolled back with its log row", async () => {
    const orderId = await paidOrder();

    await expectRefusedLog(() => shipOrder(db, orderId, "KT-1", refusingActor));
    expect(await orderStatus(orderId)).toBe("paid");

    const { row } = await expectOneRow("order.ship", "order", orderId, () => shipOrder(db, orderId, "  KT-123  ", actor));
    expect(row.changes).toEqual({ status: ["paid", "shipped"], trackingNumber: [null, "KT-123"] });
    expect(await orderStatus(orderId)).toBe("shipped");
  });

  it("order.decline logs status and reason, and is rolled back with its log row", async () => {
    const orderId = await paidOrder();
    await db.updateTable("orders").set({ status: "cancel_request" }).where("id", "=", orderId).execute();

    await expectRefusedLog(() => declineCancellation(db, orderId, "Already packed", refusingActor));
    expect(await orderStatus(orderId)).toBe("cancel_request");

    const { row } = await expectOneRow("order.decline", "order", orderId, () => declineCancellation(db, orderId, "Already packed", actor));
    expect(row.changes).toEqual({ status: ["cancel_request", "paid"], declineReason: [null, "Already packed"] });
    expect(await orderStatus(orderId)).toBe("paid");
  });

  it("order.packing logs the status change, and is rolled back with its log row", async () => {
    const orderId = await paidOrder();

    await expectRefusedLog(() => startPacking(db, orderId, refusingActor));
    expect(await orderStatus(orderId)).toBe("paid");

    const { row } = await expectOneRow("order.packing", "order", orderId, () => startPacking(db, orderId, actor));
    expect(row.changes).toEqual({ status: ["paid", "processing"] });
    expect(await orderStatus(orderId)).toBe("processing");
  });

  it("order.deliver logs the status change, and is rolled back with its log row", async () => {
    const orderId = await paidOrder();
    await db.updateTable("orders").set({ status: "shipped", tracking_number: "KT-9" }).where("id", "=", orderId).execute();

    await expectRefusedLog(() => markDelivered(db, orderId, new Date(), refusingActor));
    expect(await orderStatus(orderId)).toBe("shipped");

    const { row } = await expectOneRow("order.deliver", "order", orderId, () => markDelivered(db, orderId, new Date(), actor));
    expect(row.changes).toEqual({ status: ["shipped", "delivered"] });
    expect(await orderStatus(orderId)).toBe("delivered");
  });
});

describe("activity kinds: refused writes log nothing", () => {
  it("a category with no usable name, an unpaid order shipped, a decline without a request: refused, no row, nothing changed", async () => {
    const categories = Number(
      (
        await db
          .selectFrom("categories")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    await expectRefusedWrite(() => createCategory(db, { name: "" }, actor), 400);
    await expectRefusedWrite(() => createCategory(db, { name: "   !!!   " }, actor), 400);
    expect(
      Number(
        (
          await db
            .selectFrom("categories")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(categories);

    const product = await makeProduct(db);
    const unpaid = (await makeOrder(db, { lines: [{ productId: product.id }] })).id;
    // Refused inside the transaction, after the guarded UPDATE matched nothing: it rolls back.
    await expectRefusedWrite(() => shipOrder(db, unpaid, "KT-0", actor), 409);
    const order = await db.selectFrom("orders").select(["status", "tracking_number", "shipped_at"]).where("id", "=", unpaid).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: "unpaid", tracking_number: null, shipped_at: null });

    await expectRefusedWrite(() => declineCancellation(db, unpaid, "No", actor), 409);
    await expectRefusedWrite(() => startPacking(db, unpaid, actor), 409);
    await expectRefusedWrite(() => markDelivered(db, unpaid, new Date(), actor), 409);
    await expectRefusedWrite(() => awardPoints(db, { email: "nobody-kinds@example.com", points: 5 }, actor), 404);
    await expectRefusedWrite(() => deleteProduct(db, 999_999, actor), 404);
    expect(await orderStatus(unpaid)).toBe("unpaid");
  });
});
