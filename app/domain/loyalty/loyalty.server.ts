import { sql } from "kysely";
import { DomainError } from "~/domain/common/errors";
import { getSetting } from "~/domain/common/settings.server";
import { DEFAULT_LOYALTY_CONFIG, type LoyaltyConfig, loyaltyEventType, type LoyaltyEventType, pointsEarned } from "~/domain/loyalty/rules";
import { type DB } from "~/lib/sqlite.server";

export interface LoyaltyHistoryEntry {
  id: number;
  eventType: LoyaltyEventType;
  description: string;
  points: number;
  pointsAfter: number;
  orderId: number | null;
  createdAt: string;
}

function positive(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** The stored rules merged over the defaults, so a partial or broken setting still works. */
export async function getLoyaltyConfig(db: DB): Promise<LoyaltyConfig> {
  const stored = await getSetting<Partial<LoyaltyConfig>>(db, "loyalty_config", {});
  const d = DEFAULT_LOYALTY_CONFIG;
  const ex: Partial<LoyaltyConfig["discountExchange"]> = stored.discountExchange ?? {};
  const pointsRequired = positive(ex.pointsRequired, d.discountExchange.pointsRequired);
  return {
    dollarsPerPoint: positive(stored.dollarsPerPoint, d.dollarsPerPoint) || d.dollarsPerPoint,
    minimumOrderForPoints: positive(stored.minimumOrderForPoints, d.minimumOrderForPoints),
    discountExchange: {
      pointsRequired: pointsRequired >= 1 ? Math.floor(pointsRequired) : d.discountExchange.pointsRequired,
      discountAmount: positive(ex.discountAmount, d.discountExchange.discountAmount),
      minimumOrderValue: positive(ex.minimumOrderValue, d.discountExchange.minimumOrderValue),
    },
  };
}

/** The customer's point events, newest first. */
export async function listLoyaltyHistory(db: DB, userId: number, limit = 500): Promise<LoyaltyHistoryEntry[]> {
  const rows = await db
    .selectFrom("loyalty_events")
    .select(["id", "event_type as eventType", "description", "points", "points_after as pointsAfter", "order_id as orderId", "created_at as createdAt"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, eventType: loyaltyEventType(r.eventType) }));
}

/**
 * Adds (or, negative, takes) points and writes the history event with the balance after, in
 * the caller's transaction. Throws DomainError 409 when the balance would go below zero.
 */
export async function recordPointsEvent(
  db: DB,
  userId: number,
  event: { type: LoyaltyEventType; description: string; points: number; orderId?: number | null },
): Promise<number> {
  const updated = await db
    .updateTable("users")
    .set({ loyalty_points: sql<number>`loyalty_points + ${event.points}` })
    .where("id", "=", userId)
    .where(sql<boolean>`loyalty_points + ${event.points} >= 0`)
    .returning("loyalty_points as balance")
    .executeTakeFirst();
  if (!updated) throw new DomainError("Not enough loyalty points", 409);
  await db
    .insertInto("loyalty_events")
    .values({
      user_id: userId,
      order_id: event.orderId ?? null,
      event_type: event.type,
      description: event.description,
      points: event.points,
      points_after: updated.balance,
    })
    .execute();
  return updated.balance;
}

/** Gives the points a paid order earns, once (orders.points_awarded records them). */
export async function awardOrderPoints(db: DB, orderId: number): Promise<number> {
  const order = await db
    .selectFrom("orders")
    .select(["user_id as userId", "subtotal_cents as subtotalCents", "points_awarded as awarded", "points_to_earn as toEarn"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order?.userId || order.awarded > 0) return 0;
  // By the rules when the order was placed (orders placed before that was recorded: by today's).
  const points = order.toEarn ?? pointsEarned(await getLoyaltyConfig(db), order.subtotalCents);
  if (points <= 0) return 0;
  await recordPointsEvent(db, order.userId, { type: "order_gain", description: `Earned on order #${orderId}`, points, orderId });
  await db.updateTable("orders").set({ points_awarded: points }).where("id", "=", orderId).execute();
  return points;
}
