import { getDashboardStats, getRevenueSeries } from "~/domain/orders/reports.server";
import { getThresholdSummary } from "~/domain/records/thresholds.server";
import { type DB } from "~/lib/sqlite.server";

/** The Dashboard tab's data: the shop's figures, its revenue series and the year's tax thresholds. The cards sum the charts' own bars. */
export async function loadDashboardTab(db: DB, now: Date = new Date()) {
  const [revenue, thresholds] = await Promise.all([getRevenueSeries(db, now), getThresholdSummary(db, now)]);
  const stats = await getDashboardStats(db, now, revenue);
  return { stats, revenue, thresholds };
}
