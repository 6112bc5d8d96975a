/**
 * SQLite's answers when the disk will not take a write: the file, its folder or the connection is
 * read-only (SQLITE_READONLY, query_only), the disk is full (SQLITE_FULL), the disk failed
 * (SQLITE_IOERR_*), a file cannot be opened (SQLITE_CANTOPEN), or another writer kept the lock
 * past the busy timeout (SQLITE_BUSY, SQLITE_LOCKED). Nothing was written, and nothing the
 * shopper did was wrong: the shop answers 503 with Retry-After, never a 500.
 * docs/decisions/faults-survived.md.
 */
const STORAGE_FAULT_CODE = /^SQLITE_(READONLY|FULL|IOERR|CANTOPEN|BUSY|LOCKED)(_[A-Z_]+)?$/;

/** Whether `error` (or an error it wraps, as `cause`) is SQLite refusing a write. */
export function isStorageFault(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && STORAGE_FAULT_CODE.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** How long the shop asks a client to wait before trying a refused write again. */
export const STORAGE_FAULT_RETRY_AFTER_SECONDS = 60;

export const STORAGE_FAULT_TEXT = {
  title: "The shop cannot save right now",
  page: "Nothing was changed. Please try again in a few minutes; you can still look around the shop meanwhile.",
  /** The API's and a script's `{message}`. */
  message: "The shop cannot save right now. Nothing was changed: please try again in a few minutes.",
} as const;
