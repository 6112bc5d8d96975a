import { getDashboardStats, getRevenueSeries } from "~/domain/orders/reports.server";
import { getThresholdSummary } from "~/domain/records/thresholds.server";
import { type DB } from "~/lib/sqlite.server";

/** The Dashboard tab's data: the shop's figures, its revenue series and the year's tax thresholds. */
export async function loadDashboardTab(db: DB, now: Date = new Date()) {
  const [stats, revenue, thresholds] = await Promise.all([getDashboardStats(db, now), getRevenueSeries(db, now), getThresholdSummary(db, now)]);
  return { stats, revenue, thresholds };
}
