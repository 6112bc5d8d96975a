import { mkdirSync, rmdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { withDb } from "./session";

/**
 * The owner's pages and home texts are shared by every worker of the e2e shop (the API project
 * and both browser projects run side by side): tests that change them hold this lock, and put
 * back what they changed before letting go.
 */
const LOCK = fileURLToPath(new URL("../../.tmp/owner-pages.lock", import.meta.url));
const STALE_MS = 120_000;

export async function withPagesLock(fn: () => Promise<void>): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // A run that crashed holding the lock must not block the next one forever.
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_MS) rmdirSync(LOCK);
      } catch {
        // Gone meanwhile: try again.
      }
      if (i > 1200) throw new Error("owner pages lock busy");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    await fn();
  } finally {
    rmdirSync(LOCK);
  }
}

/** The newest version id of a page (0 when it has none). */
export function newestVersionId(slug: string): number {
  return withDb((db) => (db.prepare("SELECT max(id) AS id FROM page_versions WHERE slug = ?").get(slug) as { id: number | null }).id ?? 0);
}

/** Takes away every version of the page newer than `id`, so the page is as it was. */
export function dropVersionsAfter(slug: string, id: number): void {
  withDb((db) => db.prepare("DELETE FROM page_versions WHERE slug = ? AND id > ?").run(slug, id));
}

/** The stored 'home' setting (undefined when none), and a way to put it back. */
export function homeSetting(): string | undefined {
  return withDb((db) => (db.prepare("SELECT value FROM settings WHERE key = 'home'").get() as { value: string } | undefined)?.value);
}

export function restoreHomeSetting(value: string | undefined): void {
  withDb((db) => {
    if (value === undefined) db.prepare("DELETE FROM settings WHERE key = 'home'").run();
    else db.prepare("UPDATE settings SET value = ? WHERE key = 'home'").run(value);
  });
}
