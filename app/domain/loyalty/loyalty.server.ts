import { getSetting } from "~/domain/common/settings.server";
import { DEFAULT_LOYALTY_CONFIG, type LoyaltyConfig, loyaltyEventType, type LoyaltyEventType } from "~/domain/loyalty/rules";
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

/** The stored rules merged over the defaults of section 9, so a partial or broken setting still works. */
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
    .select([
      "id",
      "event_type as eventType",
      "description",
      "points",
      "points_after as pointsAfter",
      "order_id as orderId",
      "created_at as createdAt",
    ])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, eventType: loyaltyEventType(r.eventType) }));
}
