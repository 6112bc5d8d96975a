import { runMailSender, startMailKicks } from "~/domain/mail/sender.server";
import { registerJob, startJobs } from "~/domain/ops/jobs.server";
import { type DB } from "~/lib/db.server";

/**
 * Every background job of the shop is registered here (registerJob from
 * ~/domain/ops/jobs.server: { name, schedule, once, run }) and started once per server process
 * from entry.server.tsx. JOBS=off starts none.
 */
export function startServerJobs(db: DB): void {
  // The outbox sender runs in every process (once: false): rows are claimed one by one with a
  // conditional UPDATE, so no two processes send the same message. Without SMTP_URL it does nothing.
  registerJob({ name: "mail-sender", schedule: { everyMs: 2000 }, once: false, run: (db) => runMailSender(db) });
  startJobs(db);
  if (process.env.JOBS !== "off") startMailKicks(db);
}
