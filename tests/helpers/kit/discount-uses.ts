import { type DB } from "~/lib/sqlite.server";

/** Sets how many orders hold a code now, as placed orders would have (the owner's limit is checked against it). */
export async function setDiscountUses(db: DB, discountId: number, uses: number) {
  await db.updateTable("discounts").set({ uses }).where("id", "=", discountId).execute();
}
