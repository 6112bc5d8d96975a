import { sql } from "kysely";
import { DomainError } from "~/domain/common/errors";
import { madeToOrderFacts, type MadeToOrderFacts, madeToOrderRoom, openMadeToOrderPieces } from "~/domain/catalogue/made-to-order.server";
import { type DB } from "~/lib/sqlite.server";

/** One line of stock to take or give back: the product, and its colour or A/B/C variation when it has them. */
export interface StockLine {
  productId: number;
  colorId: number | null;
  variationCode: string | null;
  quantity: number;
  /** For the error message. */
  title?: string;
  /** Already made to order: holds a made-to-order place, never stock. */
  madeToOrder?: boolean;
}

/** What a line will be: ready from stock, or made to order (with the product's facts of now). */
export type LinePlan = { madeToOrder: false } | { madeToOrder: true; facts: MadeToOrderFacts };

/**
 * Sets products.total_stock from its source (colour stock, else variation stock, else the
 * product's own stock), for the given products. Call it in the same transaction as any stock change.
 */
export async function recomputeTotalStock(db: DB, productIds: number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await db
    .updateTable("products")
    .set({
      total_stock: sql<number>`case
        when has_color_variations = 1 then (select coalesce(sum(stock), 0) from product_colors where product_id = products.id)
        when has_variations = 1 then (select coalesce(sum(stock), 0) from product_variations where product_id = products.id)
        else stock end`,
      // updated_at is left alone: it is when the product itself was edited (the sitemap's
      // lastmod, whose rebuild it triggers); every sale moving it would rebuild the sitemap.
    })
    .where("id", "in", ids)
    .execute();
}

/**
 * Takes stock for every line with a conditional update (`stock >= quantity`), so two buyers can
 * never both take the last unit. Must run inside a transaction: throws DomainError 409 (with
 * 'items available in stock') on the first line that is short, and the caller's transaction
 * rolls back every line taken before it.
 */
export async function takeStock(db: DB, lines: StockLine[]): Promise<void> {
  for (const line of lines) {
    const product = await db
      .selectFrom("products")
      .select(["has_color_variations as hasColors", "has_variations as hasVariations", "title"])
      .where("id", "=", line.productId)
      .executeTakeFirst();
    if (!product) throw new DomainError(`${line.title ?? "A product"} is no longer available (0 items available in stock)`, 409);
    let updated: bigint;
    if (product.hasColors) {
      const r = await db
        .updateTable("product_colors")
        .set({ stock: sql<number>`stock - ${line.quantity}` })
        .where("product_id", "=", line.productId)
        .where("color_id", "=", line.colorId ?? -1)
        .where("stock", ">=", line.quantity)
        .executeTakeFirst();
      updated = r.numUpdatedRows;
    } else if (product.hasVariations) {
      const r = await db
        .updateTable("product_variations")
        .set({ stock: sql<number>`stock - ${line.quantity}` })
        .where("product_id", "=", line.productId)
        .where("variation_code", "=", line.variationCode ?? "")
        .where("stock", ">=", line.quantity)
        .executeTakeFirst();
      updated = r.numUpdatedRows;
    } else {
      const r = await db
        .updateTable("products")
        .set({ stock: sql<number>`stock - ${line.quantity}` })
        .where("id", "=", line.productId)
        .where("stock", ">=", line.quantity)
        .executeTakeFirst();
      updated = r.numUpdatedRows;
    }
    if (updated === 0n) {
      const available = await availableFor(db, line, !!product.hasColors, !!product.hasVariations);
      throw new DomainError(`${line.title ?? product.title}: only ${available} items available in stock`, 409);
    }
  }
  await recomputeTotalStock(
    db,
    lines.map((l) => l.productId),
  );
}

/** Gives the lines' stock back (cancelled order, failed or abandoned payment). Products deleted since are skipped. */
export async function returnStock(db: DB, lines: StockLine[]): Promise<void> {
  for (const line of lines) {
    const product = await db
      .selectFrom("products")
      .select(["has_color_variations as hasColors", "has_variations as hasVariations"])
      .where("id", "=", line.productId)
      .executeTakeFirst();
    if (!product) continue;
    if (product.hasColors) {
      await db
        .updateTable("product_colors")
        .set({ stock: sql<number>`stock + ${line.quantity}` })
        .where("product_id", "=", line.productId)
        .where("color_id", "=", line.colorId ?? -1)
        .execute();
    } else if (product.hasVariations) {
      await db
        .updateTable("product_variations")
        .set({ stock: sql<number>`stock + ${line.quantity}` })
        .where("product_id", "=", line.productId)
        .where("variation_code", "=", line.variationCode ?? "")
        .execute();
    } else {
      await db
        .updateTable("products")
        .set({ stock: sql<number>`stock + ${line.quantity}` })
        .where("id", "=", line.productId)
        .execute();
    }
  }
  await recomputeTotalStock(
    db,
    lines.map((l) => l.productId),
  );
}

async function availableFor(db: DB, line: StockLine, hasColors: boolean, hasVariations: boolean): Promise<number> {
  if (hasColors) {
    const row = await db
      .selectFrom("product_colors")
      .select("stock")
      .where("product_id", "=", line.productId)
      .where("color_id", "=", line.colorId ?? -1)
      .executeTakeFirst();
    return row?.stock ?? 0;
  }
  if (hasVariations) {
    const row = await db
      .selectFrom("product_variations")
      .select("stock")
      .where("product_id", "=", line.productId)
      .where("variation_code", "=", line.variationCode ?? "")
      .executeTakeFirst();
    return row?.stock ?? 0;
  }
  const row = await db.selectFrom("products").select("stock").where("id", "=", line.productId).executeTakeFirst();
  return row?.stock ?? 0;
}

/**
 * Read-only check of the lines against current stock and made-to-order room (the payment page's
 * availability check, and placement). Returns one message per short line; empty when everything
 * is available. See planLines.
 */
export async function findStockIssues(db: DB, lines: StockLine[], exceptOrderId?: number): Promise<string[]> {
  return (await planLines(db, lines, exceptOrderId)).issues;
}

/**
 * Decides each line: ready when the stock of its colour or variation covers it, else made to
 * order when the product is made to order and its cap leaves room for the whole line (lines of
 * the same product share the room), else an issue ('… is sold out', '… items available in
 * stock'). A line already made to order holds its place and is ready as it is. The open pieces of
 * `exceptOrderId` are not counted (the order being placed again).
 */
export async function planLines(db: DB, lines: StockLine[], exceptOrderId?: number): Promise<{ plans: LinePlan[]; issues: string[] }> {
  const issues: string[] = [];
  const plans: LinePlan[] = [];
  const roomLeft = new Map<number, number>();
  for (const line of lines) {
    const product = await db
      .selectFrom("products")
      .select(["has_color_variations as hasColors", "has_variations as hasVariations", "title"])
      .where("id", "=", line.productId)
      .executeTakeFirst();
    if (!product) {
      issues.push(`${line.title ?? "A product"} is no longer available`);
      plans.push({ madeToOrder: false });
      continue;
    }
    const facts = await madeToOrderFacts(db, line.productId);
    if (line.madeToOrder) {
      plans.push(facts ? { madeToOrder: true, facts } : { madeToOrder: false });
      continue;
    }
    const available = await availableFor(db, line, !!product.hasColors, !!product.hasVariations);
    if (available >= line.quantity) {
      plans.push({ madeToOrder: false });
      continue;
    }
    if (facts?.madeToOrder) {
      if (!roomLeft.has(line.productId)) roomLeft.set(line.productId, await roomFor(db, line.productId, facts, exceptOrderId));
      const room = roomLeft.get(line.productId)!;
      if (room >= line.quantity) {
        roomLeft.set(line.productId, room - line.quantity);
        plans.push({ madeToOrder: true, facts });
        continue;
      }
    }
    plans.push({ madeToOrder: false });
    issues.push(
      available === 0
        ? `${line.title ?? product.title} is sold out`
        : `${line.title ?? product.title}: only ${available} items available in stock (you ordered ${line.quantity})`,
    );
  }
  return { plans, issues };
}

async function roomFor(db: DB, productId: number, facts: MadeToOrderFacts, exceptOrderId?: number): Promise<number> {
  if (exceptOrderId === undefined) return madeToOrderRoom(db, productId, facts);
  if (!facts.madeToOrder) return 0;
  if (facts.cap === null) return Number.POSITIVE_INFINITY;
  return Math.max(0, facts.cap - (await openMadeToOrderPieces(db, productId, exceptOrderId)));
}
