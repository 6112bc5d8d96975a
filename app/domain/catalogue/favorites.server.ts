import { DomainError } from "~/domain/common/errors";
import { type ProductCard } from "~/domain/catalogue/types";
import { getProductCardsByIds } from "~/domain/catalogue/products.server";
import { type DB } from "~/lib/sqlite.server";
import { type Locale } from "~/i18n/locales";

export interface FavoriteView {
  id: number;
  productId: number;
  product: ProductCard;
}

export async function listFavoriteIds(db: DB, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("favorites").select("product_id").where("user_id", "=", userId).orderBy("id", "desc").execute();
  return rows.map((r) => r.product_id);
}

export async function listFavorites(db: DB, userId: number, locale: Locale = "en"): Promise<FavoriteView[]> {
  const rows = await db.selectFrom("favorites").select(["id", "product_id as productId"]).where("user_id", "=", userId).orderBy("id", "desc").execute();
  const cards = await getProductCardsByIds(
    db,
    rows.map((r) => r.productId),
    locale,
  );
  return rows.flatMap((r) => {
    const product = cards.find((c) => c.id === r.productId);
    return product ? [{ id: r.id, productId: r.productId, product }] : [];
  });
}

/** Adds a favorite; adding one twice is not an error. Throws 404 for an unknown product. */
export async function addFavorite(db: DB, userId: number, productId: number): Promise<void> {
  const product = await db.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst();
  if (!product) throw new DomainError("Product not found", 404, "productId");
  await db
    .insertInto("favorites")
    .values({ user_id: userId, product_id: productId })
    .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
    .execute();
}

export async function removeFavorite(db: DB, userId: number, productId: number): Promise<boolean> {
  const result = await db.deleteFrom("favorites").where("user_id", "=", userId).where("product_id", "=", productId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Adds when not yet a favorite, removes when it is. Returns the new state. */
export async function toggleFavorite(db: DB, userId: number, productId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (await removeFavorite(trx, userId, productId)) return false;
    await addFavorite(trx, userId, productId);
    return true;
  });
}

export async function countFavorites(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom("favorites")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
