import { hostname } from "node:os";
import { Cron } from "croner";
import { sql } from "kysely";
import { type DB } from "~/lib/db.server";

/**
 * Background jobs of the server processes.
 *
 * Every process schedules every job. A job with `once: true` runs each of its slots (a cron
 * firing, or one interval window) in exactly one process: before running, a process inserts
 * (name, slot) into job_runs, and only the process whose insert lands runs it; the others skip.
 * A job with `once: false` runs in every process and must itself be safe to run concurrently
 * (for example by claiming rows with a conditional UPDATE).
 */
export interface Job {
  name: string;
  /** A cron pattern, read in UTC (croner), or an interval in milliseconds. */
  schedule: string | { everyMs: number };
  once: boolean;
  run: (db: DB, now: Date) => Promise<void> | void;
}

const HOLDER = `${hostname()}:${process.pid}`;
const registry = new Map<string, Job>();
const timers: Array<{ stop: () => void }> = [];
const running = new Set<Promise<void>>();
let started = false;

/** Adds a job (replacing one of the same name). Jobs start with startJobs(). */
export function registerJob(job: Job): void {
  registry.set(job.name, job);
}

/** The slot a run at `now` belongs to: the interval window, or the minute of a cron firing. */
export function slotFor(job: Job, now: Date): string {
  const width = typeof job.schedule === "string" ? 60_000 : job.schedule.everyMs;
  return new Date(Math.floor(now.getTime() / width) * width).toISOString();
}

/** True when this process won the slot (and must run it); false when another one has it. */
export async function claimSlot(db: DB, name: string, slot: string, holder = HOLDER): Promise<boolean> {
  const result = await db
    .insertInto("job_runs")
    .values({ name, slot, holder })
    .onConflict((oc) => oc.columns(["name", "slot"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Runs one slot of a job now, claiming it first when the job runs once. Errors are recorded, not thrown. */
export async function runJob(db: DB, job: Job, now = new Date()): Promise<boolean> {
  const slot = slotFor(job, now);
  if (job.once && !(await claimSlot(db, job.name, slot))) return false;
  let error: string | null = null;
  try {
    await job.run(db, now);
  } catch (e) {
    error = e instanceof Error ? (e.stack ?? e.message) : String(e);
    console.error(`job ${job.name} failed: ${error}`);
  }
  if (job.once) {
    await db
      .updateTable("job_runs")
      .set({ finished_at: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ','now')`, error })
      .where("name", "=", job.name)
      .where("slot", "=", slot)
      .execute();
  }
  return error === null;
}

/** The last finished run of a job that runs once, or null. */
export async function getLastJobRun(db: DB, name: string) {
  return (
    (await db
      .selectFrom("job_runs")
      .select(["slot", "holder", "started_at as startedAt", "finished_at as finishedAt", "error"])
      .where("name", "=", name)
      .where("finished_at", "is not", null)
      .orderBy("slot", "desc")
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

function track(db: DB, job: Job): void {
  const p = runJob(db, job).then(
    () => undefined,
    () => undefined,
  );
  running.add(p);
  void p.finally(() => running.delete(p));
}

/**
 * Starts every registered job in this process (once; later calls do nothing). Set JOBS=off to
 * start none (tests that drive jobs themselves).
 */
export function startJobs(db: DB): void {
  if (started || process.env.JOBS === "off") return;
  started = true;
  void db
    .deleteFrom("job_runs")
    .where("started_at", "<", new Date(Date.now() - 30 * 86_400_000).toISOString())
    .execute()
    .catch(() => undefined);
  for (const job of registry.values()) {
    if (typeof job.schedule === "string") {
      const cron = new Cron(job.schedule, { timezone: "UTC", protect: true }, () => track(db, job));
      timers.push({ stop: () => cron.stop() });
    } else {
      const handle = setInterval(() => track(db, job), job.schedule.everyMs);
      handle.unref();
      timers.push({ stop: () => clearInterval(handle) });
    }
  }
}

/** Stops scheduling and waits (up to `timeoutMs`) for the runs in progress to finish. */
export async function stopJobs(timeoutMs = 10_000): Promise<void> {
  for (const timer of timers.splice(0)) timer.stop();
  started = false;
  if (running.size === 0) return;
  await Promise.race([Promise.allSettled([...running]), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
}
