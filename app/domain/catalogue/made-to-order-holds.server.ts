import { type RawBuilder, sql, type SqlBool } from "kysely";
import {
  MADE_TO_ORDER_HOLD_LIMIT,
  MADE_TO_ORDER_HOLD_MEMORY_HOURS,
  MADE_TO_ORDER_HOLD_MINUTES,
  MADE_TO_ORDER_HOLD_TEXT,
  MADE_TO_ORDER_HOLD_TOAST_TEXT,
} from "~/domain/catalogue/made-to-order";
import { holdsItsPlaces, madeToOrderFacts, openMadeToOrderPieces } from "~/domain/catalogue/made-to-order.server";
import { DomainError } from "~/domain/common/errors";
import { enqueueMail, getOwnerAddress } from "~/domain/mail/outbox.server";
import { type Actor, logActivity } from "~/domain/ops/activity.server";
import { OPEN_MADE_TO_ORDER_STATUSES } from "~/domain/orders/lifecycle";
import { type DB } from "~/lib/sqlite.server";

/*
 * How long an unpaid order holds its made-to-order places (docs/decisions/made-to-order-places.md):
 * MADE_TO_ORDER_HOLD_MINUTES from its first placement, never extended: placing the same cart
 * again, replacing the order, or a new order of the same product from the same session or client
 * address within MADE_TO_ORDER_HOLD_MEMORY_HOURS keeps the first clock. An unpaid order whose hold
 * ran out no longer counts against the cap (holdsItsPlaces); paying it checks the cap again.
 */

const MINUTE_MS = 60_000;

/** Who places an order: its session (the account, or a guest's cart key) and its client address. */
export interface HoldPlacer {
  userId: number | null;
  sessionKey: string | null;
  clientIp: string | null;
}

interface ProductPieces {
  productId: number;
  title: string;
  cap: number | null;
  pieces: number;
}

/** The made-to-order pieces on the order's lines, by product. */
async function madeToOrderPieces(db: DB, orderId: number): Promise<ProductPieces[]> {
  const rows = await db
    .selectFrom("order_items as oi")
    .innerJoin("products as p", "p.id", "oi.product_id")
    .select(["p.id as productId", "p.title", "p.made_to_order_cap as cap", sql<number>`sum(oi.quantity)`.as("pieces")])
    .where("oi.order_id", "=", orderId)
    .where("oi.made_to_order", "=", 1)
    .groupBy("p.id")
    .execute();
  return rows.map((r) => ({ ...r, pieces: Number(r.pieces) }));
}

/** Orders `o` (with their hold `h`) of the same session or the same client address, each only when known. */
function samePlacer(placer: HoldPlacer): RawBuilder<SqlBool> {
  const either: RawBuilder<unknown>[] = [];
  if (placer.userId !== null) either.push(sql`o.user_id = ${placer.userId}`);
  else if (placer.sessionKey) either.push(sql`(o.user_id is null and o.session_key = ${placer.sessionKey})`);
  if (placer.clientIp) either.push(sql`h.client_ip = ${placer.clientIp}`);
  return either.length > 0 ? sql<SqlBool>`(${sql.join(either, sql` or `)})` : sql<SqlBool>`0`;
}

/** The order `o` has a made-to-order line of one of these products. */
function hasMadeToOrderLineOf(productIds: number[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from order_items oi where oi.order_id = o.id and oi.made_to_order = 1 and oi.product_id in (${sql.join(productIds)}))`;
}

/** When the order's hold runs out (ISO), or null when it has none (no made-to-order lines). */
export async function orderHeldUntil(db: DB, orderId: number): Promise<string | null> {
  const row = await db.selectFrom("made_to_order_holds").select("held_until as heldUntil").where("order_id", "=", orderId).executeTakeFirst();
  return row?.heldUntil ?? null;
}

/**
 * The earliest end among the holds of the placer's never-paid orders of these products within
 * the memory: a new order of them is held no longer than the first one was.
 */
async function rememberedEnd(db: DB, orderId: number, productIds: number[], placer: HoldPlacer, now: Date): Promise<string | null> {
  const since = new Date(now.getTime() - MADE_TO_ORDER_HOLD_MEMORY_HOURS * 3_600_000).toISOString();
  const row = await db
    .selectFrom("made_to_order_holds as h")
    .innerJoin("orders as o", "o.id", "h.order_id")
    .select(sql<string | null>`min(h.held_until)`.as("end"))
    .where("o.id", "!=", orderId)
    .where("o.paid_at", "is", null)
    .where("h.held_until", ">", since)
    .where(hasMadeToOrderLineOf(productIds))
    .where(samePlacer(placer))
    .executeTakeFirst();
  return row?.end ?? null;
}

/**
 * Gives a just placed (or placed again) order its hold, in the placement's transaction: an order
 * with made-to-order lines and no hold yet gets one until its first placement plus the window, or
 * the end of the placer's remembered hold of the same products when earlier; an order that has
 * one keeps it as it is. While the hold runs, the placer may hold at most MADE_TO_ORDER_HOLD_LIMIT
 * pieces of each capped product (DomainError 429, the transaction rolls back), and the owner is
 * told when unpaid orders fill a cap. Answers when the hold ends (null: no made-to-order lines).
 */
export async function holdMadeToOrderPlaces(db: DB, orderId: number, placer: HoldPlacer, now: Date = new Date()): Promise<string | null> {
  const lines = await madeToOrderPieces(db, orderId);
  if (lines.length === 0) return null;
  let until = await orderHeldUntil(db, orderId);
  if (until === null) {
    const order = await db.selectFrom("orders").select("created_at as createdAt").where("id", "=", orderId).executeTakeFirstOrThrow();
    const firstPlaced = Math.min(now.getTime(), Date.parse(order.createdAt) || now.getTime());
    const own = new Date(firstPlaced + MADE_TO_ORDER_HOLD_MINUTES * MINUTE_MS).toISOString();
    const remembered = await rememberedEnd(
      db,
      orderId,
      lines.map((l) => l.productId),
      placer,
      now,
    );
    until = remembered !== null && remembered < own ? remembered : own;
    const ended = until <= now.toISOString() ? until : null;
    await db.insertInto("made_to_order_holds").values({ order_id: orderId, held_until: until, client_ip: placer.clientIp, ended_at: ended }).execute();
  }
  if (until <= now.toISOString()) return until;
  for (const line of lines) {
    if (line.cap === null) continue;
    if ((await heldByPlacer(db, line.productId, placer, now)) > MADE_TO_ORDER_HOLD_LIMIT) {
      throw new DomainError(MADE_TO_ORDER_HOLD_TEXT.limit(line.title), 429);
    }
  }
  await alertOwnerWhenHeldFull(
    db,
    lines.filter((l) => l.cap !== null).map((l) => l.productId),
    now,
  );
  return until;
}

/** Pieces of the product that the placer's unpaid orders hold now. */
async function heldByPlacer(db: DB, productId: number, placer: HoldPlacer, now: Date): Promise<number> {
  const row = await db
    .selectFrom("order_items as oi")
    .innerJoin("orders as o", "o.id", "oi.order_id")
    .innerJoin("made_to_order_holds as h", "h.order_id", "o.id")
    .select(sql<number>`coalesce(sum(oi.quantity), 0)`.as("pieces"))
    .where("oi.product_id", "=", productId)
    .where("oi.made_to_order", "=", 1)
    .where("o.status", "=", "unpaid")
    .where("h.held_until", ">", now.toISOString())
    .where(samePlacer(placer))
    .executeTakeFirstOrThrow();
  return Number(row.pieces);
}

/** A made-to-order product of an order whose hold ran out, with no room under its cap any more. */
export interface LapsedPlace {
  title: string;
  pieces: number;
  /** '… is sold out: your order held its made-to-order place for 30 minutes, … (0 items available in stock)' */
  message: string;
}

/**
 * The made-to-order products of an unpaid order whose hold ran out that the cap has no room for
 * any more (other buyers took the places meanwhile); empty when the order may be paid. The
 * payment page's check, the reservation before PayPal captures and a capture that landed all ask.
 */
export async function lapsedPlaces(db: DB, orderId: number, now: Date = new Date()): Promise<LapsedPlace[]> {
  const until = await orderHeldUntil(db, orderId);
  if (until === null || until > now.toISOString()) return [];
  const lapsed: LapsedPlace[] = [];
  for (const line of await madeToOrderPieces(db, orderId)) {
    const facts = await madeToOrderFacts(db, line.productId);
    if (!facts?.madeToOrder || facts.cap === null) continue;
    if (facts.cap - (await openMadeToOrderPieces(db, line.productId, orderId, now)) >= line.pieces) continue;
    lapsed.push({ title: line.title, pieces: line.pieces, message: MADE_TO_ORDER_HOLD_TEXT.lapsed(line.title) });
  }
  return lapsed;
}

/** A capped product whose places are all held, some of them by unpaid orders. */
export interface HeldCap {
  productId: number;
  title: string;
  cap: number;
  /** Pieces held by orders of any open status. */
  held: number;
  /** Of those, pieces held by unpaid orders. */
  unpaid: number;
  /** 'Unpaid orders hold all 3 places of …' */
  text: string;
}

/** The capped products whose places are all taken while unpaid orders hold some of them (the owner's notice), or of `productIds` only. */
export async function listHeldCaps(db: DB, now: Date = new Date(), productIds?: number[]): Promise<HeldCap[]> {
  if (productIds?.length === 0) return [];
  let q = db
    .selectFrom("order_items as oi")
    .innerJoin("orders as o", "o.id", "oi.order_id")
    .innerJoin("products as p", "p.id", "oi.product_id")
    .select([
      "p.id as productId",
      "p.title",
      "p.made_to_order_cap as cap",
      sql<number>`sum(oi.quantity)`.as("held"),
      sql<number>`sum(case when o.status = 'unpaid' then oi.quantity else 0 end)`.as("unpaid"),
    ])
    .where("oi.made_to_order", "=", 1)
    .where("p.made_to_order", "=", 1)
    .where("p.made_to_order_cap", "is not", null)
    .where("o.status", "in", [...OPEN_MADE_TO_ORDER_STATUSES])
    .where(holdsItsPlaces(now));
  if (productIds) q = q.where("p.id", "in", productIds);
  const rows = await q
    .groupBy("p.id")
    .having(sql<boolean>`sum(oi.quantity) >= p.made_to_order_cap and sum(case when o.status = 'unpaid' then oi.quantity else 0 end) > 0`)
    .orderBy("p.title")
    .execute();
  return rows.map((r) => {
    const cap = r.cap ?? 0;
    const unpaid = Number(r.unpaid);
    return {
      productId: r.productId,
      title: r.title,
      cap,
      held: Number(r.held),
      unpaid,
      text: unpaid >= cap ? MADE_TO_ORDER_HOLD_TEXT.heldAll(r.title, cap) : MADE_TO_ORDER_HOLD_TEXT.heldSome(r.title, unpaid, cap),
    };
  });
}

/** One e-mail to the owner per product and day when unpaid orders fill its cap. */
async function alertOwnerWhenHeldFull(db: DB, productIds: number[], now: Date): Promise<void> {
  for (const held of await listHeldCaps(db, now, productIds)) {
    await enqueueMail(db, {
      eventKey: `made-to-order-held:${held.productId}:${now.toISOString().slice(0, 10)}`,
      to: await getOwnerAddress(db),
      kind: "owner-made-to-order-held",
      userId: null,
      data: { productId: held.productId, title: held.title, cap: held.cap, unpaid: held.unpaid, headline: held.text },
    });
  }
}

/**
 * The owner releases the places that unpaid orders hold of a product, in one transaction: their
 * holds end now (the orders stay unpaid; paying checks the cap again), with an activity row. An
 * order a capture holds is left alone. Throws DomainError 404 for an unknown product, 409 when no
 * unpaid order holds places of it.
 */
export async function releaseUnpaidHolds(db: DB, productId: number, actor: Actor, now: Date = new Date()): Promise<{ title: string; orderIds: number[] }> {
  return db.transaction().execute(async (trx) => {
    const product = await trx.selectFrom("products").select("title").where("id", "=", productId).executeTakeFirst();
    if (!product) throw new DomainError("Product not found", 404);
    const at = now.toISOString();
    const rows = await trx
      .selectFrom("made_to_order_holds as h")
      .innerJoin("orders as o", "o.id", "h.order_id")
      .select("o.id")
      .distinct()
      .where("o.status", "=", "unpaid")
      .where("o.stock_reserved", "=", 0)
      .where("h.held_until", ">", at)
      .where(hasMadeToOrderLineOf([productId]))
      .orderBy("o.id")
      .execute();
    const orderIds = rows.map((r) => r.id);
    if (orderIds.length === 0) throw new DomainError(MADE_TO_ORDER_HOLD_TOAST_TEXT.nothing(product.title), 409);
    await trx.updateTable("made_to_order_holds").set({ held_until: at, ended_at: at }).where("order_id", "in", orderIds).where("held_until", ">", at).execute();
    await logActivity(trx, {
      actor,
      kind: "product.release-holds",
      subjectType: "product",
      subjectId: productId,
      summary: `Released the made-to-order places of ${product.title} held by unpaid ${orderIds.length === 1 ? "order" : "orders"} ${orderIds.map((id) => `#${id}`).join(", ")}`,
    });
    return { title: product.title, orderIds };
  });
}

/**
 * Marks the holds whose time ran out as ended. The counts need no write (they compare the time);
 * the write moves the database version, so the cached catalogue shows the freed places.
 */
export async function endLapsedHolds(db: DB, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .updateTable("made_to_order_holds")
    .set({ ended_at: sql<string>`held_until` })
    .where("ended_at", "is", null)
    .where("held_until", "<=", at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the holds (and the client address on them) of orders no longer unpaid, once the memory is past. */
export async function purgeEndedHolds(db: DB, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - MADE_TO_ORDER_HOLD_MEMORY_HOURS * 3_600_000).toISOString();
  const result = await db
    .deleteFrom("made_to_order_holds")
    .where("held_until", "<", before)
    .where("order_id", "not in", (eb) => eb.selectFrom("orders").select("id").where("status", "=", "unpaid"))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
