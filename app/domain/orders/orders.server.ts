import { centsToDecimal } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

export interface OrderSummary {
  id: number;
  status: string;
  total: string;
  totalCents: number;
  createdAt: string;
  confirmationToken: string;
}

/** The signed-in customer's orders, newest first. */
export async function listOrdersForUser(db: DB, userId: number): Promise<OrderSummary[]> {
  const rows = await db
    .selectFrom("orders")
    .select(["id", "status", "total_cents as totalCents", "created_at as createdAt", "confirmation_token as confirmationToken"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({ ...r, total: centsToDecimal(r.totalCents) }));
}
