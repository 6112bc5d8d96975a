import { type ActivityKind, ACTIVITY_PAGE_SIZE, isActivityKind } from "~/domain/ops/activity-kinds";
import { type DB } from "~/lib/sqlite.server";

/** Who made a change: an admin (id and e-mail as at the time), or the system (jobs, scripts). */
export interface Actor {
  id: number | null;
  email: string;
  ip?: string | null;
}

/** Writes by scripts, jobs and tests that name no admin. */
export const SYSTEM_ACTOR: Actor = { id: null, email: "system" };

export type FieldChanges = Record<string, [unknown, unknown]>;

export interface ActivityEntry {
  actor: Actor;
  kind: ActivityKind;
  subjectType?: "product" | "order" | "category" | "user" | "settings" | "backup" | "email" | "review" | "discount" | "invoice" | null;
  subjectId?: number | null;
  summary: string;
  changes?: FieldChanges | null;
}

/**
 * Appends one row to the activity log and returns its id. Call it with the transaction of the write it records, so
 * the row exists exactly when the change does. Rows are never updated or deleted (the table's
 * triggers refuse it).
 */
export async function logActivity(trx: DB, entry: ActivityEntry): Promise<number> {
  const changes = entry.changes && Object.keys(entry.changes).length ? JSON.stringify(entry.changes) : null;
  const row = await trx
    .insertInto("activity_log")
    .values({
      actor_id: entry.actor.id,
      actor_email: entry.actor.email.slice(0, 254),
      kind: entry.kind,
      subject_type: entry.subjectType ?? null,
      subject_id: entry.subjectId ?? null,
      summary: entry.summary.slice(0, 500),
      changes,
      client_ip: entry.actor.ip?.slice(0, 64) ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The fields whose value differs between `before` and `after` (compared as JSON), as { field: [before, after] }. */
export function diffFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) changes[key] = [before[key] ?? null, after[key] ?? null];
  }
  return changes;
}

export interface ActivityFilter {
  kind?: string | null;
  subjectType?: string | null;
  subjectId?: number | null;
  page?: number;
}

export interface ActivityRow {
  id: number;
  createdAt: string;
  actorEmail: string;
  kind: string;
  subjectType: string | null;
  subjectId: number | null;
  summary: string;
  changes: FieldChanges | null;
  clientIp: string | null;
}

/** One page (50 rows) of the log, newest first, with the filters applied. */
export async function listActivity(db: DB, filter: ActivityFilter = {}): Promise<{ rows: ActivityRow[]; total: number; page: number; pages: number }> {
  const kind = filter.kind && isActivityKind(filter.kind) ? filter.kind : null;
  const subjectType = filter.subjectType === "product" || filter.subjectType === "order" ? filter.subjectType : null;
  const subjectId = subjectType && filter.subjectId && filter.subjectId > 0 ? filter.subjectId : null;
  const base = db
    .selectFrom("activity_log")
    .$if(kind !== null, (q) => q.where("kind", "=", kind!))
    .$if(subjectType !== null && subjectId !== null, (q) => q.where("subject_type", "=", subjectType!).where("subject_id", "=", subjectId!));
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const pages = Math.max(1, Math.ceil(Number(total) / ACTIVITY_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(filter.page ?? 1)), pages);
  const rows = await base
    .leftJoin("admin_signin_refusals as refusals", "refusals.activity_id", "activity_log.id")
    .select([
      "activity_log.id",
      "activity_log.created_at as createdAt",
      "activity_log.actor_email as actorEmail",
      "activity_log.kind",
      "activity_log.subject_type as subjectType",
      "activity_log.subject_id as subjectId",
      "activity_log.summary",
      "activity_log.changes",
      "activity_log.client_ip as clientIp",
      "refusals.attempts",
    ])
    .orderBy("activity_log.id", "desc")
    .limit(ACTIVITY_PAGE_SIZE)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE)
    .execute();
  return {
    rows: rows.map(({ attempts, ...r }) => ({
      ...r,
      summary: attempts && attempts > 1 ? `${r.summary}: ${attempts} refused attempts from this address within 15 minutes` : r.summary,
      changes: r.changes ? (JSON.parse(r.changes) as FieldChanges) : null,
    })),
    total: Number(total),
    page,
    pages,
  };
}

/** The acting admin, with the client address the request came from (app/web/actor.server.ts). */
export function actorAt(user: { id: number; email: string }, ip: string): Actor {
  return { id: user.id, email: user.email, ip };
}

/**
 * Replaces one settings row (a JSON value) and logs the fields that changed, in one
 * transaction. Nested objects are compared field by field ("standard.priceCents").
 */
export async function saveLoggedSetting(
  db: DB,
  key: string,
  value: Record<string, unknown>,
  log: { actor: Actor; kind: ActivityKind; summary: string; defaults?: Record<string, unknown> },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
    // What applied before: the stored value over the defaults the shop falls back to.
    let before: Record<string, unknown> = { ...log.defaults };
    try {
      if (row) before = { ...before, ...(JSON.parse(row.value) as Record<string, unknown>) };
    } catch {
      // A broken stored value: the defaults applied.
    }
    const json = JSON.stringify(value);
    await trx
      .insertInto("settings")
      .values({ key, value: json })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: json }))
      .execute();
    await logActivity(trx, {
      actor: log.actor,
      kind: log.kind,
      subjectType: "settings",
      summary: log.summary,
      changes: diffFields(flatten(before), flatten(value)),
    });
  });
}

function flatten(value: Record<string, unknown>, prefix = ""): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v && typeof v === "object" && !Array.isArray(v)) Object.assign(out, flatten(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = v;
  }
  return out;
}

/** Refused admin sign-ins are listed once per client address and window of this length (the sign-in limits' window). */
export const SIGNIN_REFUSAL_WINDOW_MS = 15 * 60_000;

/**
 * A throttled attempt (429) at an admin account's e-mail: counted on the row its address already
 * has in this window, never a row of its own. Other e-mails are not logged at all, so a flood of
 * invented addresses writes nothing. See docs/decisions/refused-sign-ins-log.md.
 */
export async function countThrottledAdminSignIn(db: DB, attempt: { email: string; ip: string }, now = new Date()): Promise<void> {
  const account = await db
    .selectFrom("users")
    .select(["id", "email", "is_admin as isAdmin"])
    .where("email", "=", attempt.email.trim().toLowerCase())
    .executeTakeFirst();
  if (!account || account.isAdmin !== 1) return;
  await writeRefusal(db, { id: account.id, email: account.email, ip: attempt.ip }, "too many attempts", { countOnly: true }, now);
}

/**
 * A sign-in of an admin account through any door (the sign-in forms, the API, Google, the second
 * step, a password reset): a success is one row; a refusal is one row per client address and
 * 15-minute window, which counts the refusals it stands for. Customers' sign-ins are not logged.
 * Call it after the attempt passed the sign-in limits, so throttled floods add no rows.
 */
export async function logAccountSignIn(db: DB, attempt: { userId: number; ok: boolean; reason?: string; ip: string }, now = new Date()): Promise<void> {
  const account = await db.selectFrom("users").select(["id", "email", "is_admin as isAdmin"]).where("id", "=", attempt.userId).executeTakeFirst();
  if (!account || account.isAdmin !== 1) return;
  const actor = { id: account.id, email: account.email, ip: attempt.ip };
  if (!attempt.ok) return writeRefusal(db, actor, attempt.reason, {}, now);
  await logActivity(db, { actor, kind: "admin.signin", subjectType: "user", subjectId: actor.id, summary: `Admin sign-in from ${actor.ip}` });
}

/**
 * The activity log is append-only, so the count lives beside it: the window's first refusal from
 * an address writes the row, later ones add to admin_signin_refusals.attempts (listActivity shows it).
 */
async function writeRefusal(
  db: DB,
  actor: { id: number; email: string; ip: string },
  reason: string | undefined,
  opts: { countOnly?: boolean },
  now: Date,
): Promise<void> {
  const ip = actor.ip.slice(0, 64);
  // The window starts at the address's first refusal, not at a clock boundary: a flood running
  // across a quarter hour keeps counting on its one row.
  const since = new Date(now.getTime() - SIGNIN_REFUSAL_WINDOW_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom("admin_signin_refusals")
      .select("window_start as windowStart")
      .where("client_ip", "=", ip)
      .where("window_start", ">", since)
      .orderBy("window_start", "desc")
      .executeTakeFirst();
    if (open) {
      await trx
        .updateTable("admin_signin_refusals")
        .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
        .where("window_start", "=", open.windowStart)
        .where("client_ip", "=", ip)
        .execute();
      return;
    }
    if (opts.countOnly) return;
    const activityId = await logActivity(trx, {
      actor,
      kind: "admin.signin-refused",
      subjectType: "user",
      subjectId: actor.id,
      summary: `Admin sign-in refused from ${ip}${reason ? ` (${reason})` : ""}`,
    });
    await trx.insertInto("admin_signin_refusals").values({ window_start: now.toISOString(), client_ip: ip, attempts: 1, activity_id: activityId }).execute();
  });
}
