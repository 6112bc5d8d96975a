import { sql } from "kysely";
import { returnStock, type StockLine } from "~/domain/catalogue/stock.server";
import { DomainError } from "~/domain/common/errors";
import { notifyBackInStock } from "~/domain/mail/back-in-stock.server";
import { addOrderEvent } from "~/domain/orders/events.server";
import { releaseReturnedUnits } from "~/domain/orders/holds.server";
import { type DB } from "~/lib/sqlite.server";

export interface RestockLine {
  orderItemId: number;
  quantity: number;
}

/** Checks the items a return puts back: each an item of this order, at most what was bought and not yet returned. */
export async function checkRestock(db: DB, orderId: number, restock: RestockLine[]): Promise<void> {
  if (restock.length === 0) return;
  const items = await db
    .selectFrom("order_items")
    .select(["id", "quantity", "returned_quantity as returned", "title"])
    .where("order_id", "=", orderId)
    .execute();
  const seen = new Set<number>();
  for (const line of restock) {
    const item = items.find((i) => i.id === line.orderItemId);
    if (!item || seen.has(line.orderItemId)) throw new DomainError("A returned item is not part of this order", 400, "items");
    seen.add(line.orderItemId);
    if (!Number.isInteger(line.quantity) || line.quantity < 0 || line.quantity > item.quantity - item.returned) {
      throw new DomainError(`At most ${item.quantity - item.returned} of ${item.title} can be returned to stock`, 400, "items");
    }
  }
}

/**
 * The ticked items of a return go back on the shelf (order_items.returned_quantity counts them),
 * with a 'restocked' order event and the back-in-stock requests told. Throws DomainError 400 for
 * an item not of this order or returned beyond what was bought.
 */
export async function restockReturnedItems(db: DB, orderId: number, restock: RestockLine[]): Promise<void> {
  const restocked: string[] = [];
  const restockedProducts = new Set<number>();
  for (const line of restock) {
    if (line.quantity <= 0) continue;
    const item = await db
      .updateTable("order_items")
      .set({ returned_quantity: sql<number>`returned_quantity + ${line.quantity}` })
      .where("id", "=", line.orderItemId)
      .where("order_id", "=", orderId)
      .where(sql<boolean>`returned_quantity + ${line.quantity} <= quantity`)
      .returning(["product_id as productId", "color_id as colorId", "variation_code as variationCode", "title", "made_to_order as madeToOrder"])
      .executeTakeFirst();
    if (!item) throw new DomainError("A returned item is not part of this order", 400, "items");
    // A made-to-order piece never took stock, so it gives none back.
    const back = item.madeToOrder === 1 ? 0 : line.quantity;
    if (item.productId !== null && back > 0) {
      const stockLine: StockLine = { productId: item.productId, colorId: item.colorId, variationCode: item.variationCode, quantity: back };
      await returnStock(db, [stockLine]);
      await releaseReturnedUnits(db, line.orderItemId, back);
      restockedProducts.add(item.productId);
    }
    if (back > 0) restocked.push(`${item.title} ×${back}`);
  }
  if (restocked.length > 0) {
    await addOrderEvent(db, orderId, "restocked", `Back in stock: ${restocked.join(", ")}.`);
    await notifyBackInStock(db, [...restockedProducts]);
  }
}
