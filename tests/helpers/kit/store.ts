import { type DB } from "../../../app/lib/sqlite.server";

/**
 * The shop-wide rows tests change and must put back (settings, page versions), and states only a
 * failure or the passing of time makes (a failing e-mail, a rate limit's count).
 */

/** Puts a setting back as it was read before a test changed it: that value, or no row at all. */
export async function restoreSetting(db: DB, key: string, value: string | undefined) {
  if (value === undefined) await db.deleteFrom("settings").where("key", "=", key).execute();
  else
    await db
      .insertInto("settings")
      .values({ key, value })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
      .execute();
}

/** Takes away every version of the page in a language newer than `id`, so the page is as it was there (the other language's versions stay). */
export async function dropPageVersionsAfter(db: DB, slug: string, id: number, locale: "en" | "pl" = "en") {
  await db.deleteFrom("page_versions").where("slug", "=", slug).where("locale", "=", locale).where("id", ">", id).execute();
}

export interface FailingMailSpec {
  eventKey: string;
  kind: string;
  to: string;
  data: Record<string, unknown>;
  lastError: string;
  attempts?: number;
}

/** An e-mail the mail job has tried and failed to send, its next try an hour away. */
export async function makeFailingMail(db: DB, spec: FailingMailSpec) {
  await db
    .insertInto("outbox")
    .values({
      event_key: spec.eventKey,
      kind: spec.kind,
      to_address: spec.to,
      data: JSON.stringify(spec.data),
      status: "failing",
      attempts: spec.attempts ?? 3,
      next_attempt_at: new Date(Date.now() + 3_600_000).toISOString(),
      last_error: spec.lastError,
    })
    .execute();
}

/** Forgets every count of a rate limit's bucket, as its window passing would. */
export async function clearRateLimit(db: DB, bucket: string) {
  await db.deleteFrom("rate_events").where("bucket", "=", bucket).execute();
}
