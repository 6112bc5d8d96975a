import { DAY, type DemoContext, type Row } from "./context";
import { iso } from "./helpers";

/**
 * The named demo customer (the README's, the first one: Anna) keeps a few favourites: two pieces
 * she bought and three she has not, so her Favourites page has something to show. No random
 * draws: the rest of the year's story stays as it was.
 */
export function favoriteRows(ctx: DemoContext): Row[] {
  const anna = ctx.customers[0];
  if (!anna) return [];
  const bought = [...new Set(ctx.orders.filter((o) => o.customer === anna && o.paidAt !== null).flatMap((o) => o.items.map((i) => i.product.id)))];
  const others = ctx.products.filter((p) => !bought.includes(p.id)).sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  const chosen = [...bought.slice(0, 2), ...others.slice(0, 5 - Math.min(2, bought.length)).map((p) => p.id)];
  return chosen.map((productId, i) => ({
    user_id: anna.id,
    product_id: productId,
    created_at: iso(Math.min(ctx.latest, Math.max(anna.createdAt, ctx.start) + (i + 1) * 9 * DAY)),
  }));
}
