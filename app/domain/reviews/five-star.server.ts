import { type DB } from "~/lib/sqlite.server";

/**
 * The five-star reviews the shop's own reviews page lists (approved, of a product still in the
 * shop): the number the home page may claim without pointing elsewhere.
 */
export async function countFiveStarReviews(db: DB): Promise<number> {
  const row = await db
    .selectFrom("reviews as r")
    .innerJoin("products as p", "p.id", "r.product_id")
    .where("r.status", "=", "approved")
    .where("r.rating", "=", 5)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
