import { startJobs } from "~/domain/ops/jobs.server";
import { type DB } from "~/lib/db.server";

/**
 * Every background job of the shop is registered here (registerJob from
 * ~/domain/ops/jobs.server: { name, schedule, once, run }) and started once per server process
 * from entry.server.tsx. JOBS=off starts none.
 */
export function startServerJobs(db: DB): void {
  startJobs(db);
}
