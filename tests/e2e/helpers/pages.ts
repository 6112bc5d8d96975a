import { dropPageVersionsAfter, restoreSetting } from "../../helpers/kit";
import { e2eDb, withDb } from "./db";
import { withFileLock } from "./lock";

/**
 * The owner's pages and home texts are shared by every worker of the e2e shop (the API project
 * and both browser projects run side by side): tests that change them hold this lock, and put
 * back what they changed before letting go.
 */
export function withPagesLock(fn: () => Promise<void>): Promise<void> {
  return withFileLock("owner-pages", fn);
}

/** The newest version id of a page in a language (0 when it has none there). */
export function newestVersionId(slug: string, locale: "en" | "pl" = "en"): number {
  return withDb(
    (db) => (db.prepare("SELECT max(id) AS id FROM page_versions WHERE slug = ? AND locale = ?").get(slug, locale) as { id: number | null }).id ?? 0,
  );
}

/** Takes away every version of the page in a language newer than `id`, so the page is as it was there. */
export function dropVersionsAfter(slug: string, id: number, locale: "en" | "pl" = "en"): Promise<void> {
  return dropPageVersionsAfter(e2eDb(), slug, id, locale);
}

/** The stored 'home' setting (undefined when none), and a way to put it back. */
export function homeSetting(): string | undefined {
  return withDb((db) => (db.prepare("SELECT value FROM settings WHERE key = 'home'").get() as { value: string } | undefined)?.value);
}

export function restoreHomeSetting(value: string | undefined): Promise<void> {
  return restoreSetting(e2eDb(), "home", value);
}
