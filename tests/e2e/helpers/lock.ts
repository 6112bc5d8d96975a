import { mkdirSync, rmdirSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A lock shared by every process of a test run: a directory made with mkdir, which only one caller
 * can create. Tests that change shop-wide rows (settings, owner pages) hold one while they change
 * and put back. The holder touches the directory every few seconds; one untouched for `staleMs` was
 * left by a run that crashed and is cleared, so it never blocks the next run.
 */

const LOCK_DIR = fileURLToPath(new URL("../../.tmp", import.meta.url));

export interface FileLockOptions {
  /** Where the lock directory goes (tests/.tmp unless told). */
  dir?: string;
  /** A lock untouched this long is a crashed holder's (ms). */
  staleMs?: number;
  /** Give up waiting after this long (ms). */
  waitMs?: number;
  /** How often a waiter looks again (ms). */
  pollMs?: number;
}

const DEFAULTS = { staleMs: 30_000, waitMs: 120_000, pollMs: 100 };

function isOlderThan(dir: string, ms: number): boolean {
  try {
    return Date.now() - statSync(dir).mtimeMs > ms;
  } catch {
    return false;
  }
}

/**
 * Clears a stale lock. Two waiters may judge the same lock stale; a second lock (the breaker, held
 * for a few synchronous calls) lets only one of them look again and remove it, so a lock just made
 * by the other is never taken away.
 */
function clearIfStale(lock: string, staleMs: number): void {
  if (!isOlderThan(lock, staleMs)) return;
  const breaker = `${lock}.breaker`;
  try {
    mkdirSync(breaker);
  } catch {
    // Another waiter is clearing it; a breaker left by a process killed in between goes after a few seconds.
    if (isOlderThan(breaker, 5_000)) removeDir(breaker);
    return;
  }
  try {
    if (isOlderThan(lock, staleMs)) removeDir(lock);
  } finally {
    removeDir(breaker);
  }
}

/** Removes a lock directory; one already gone (released or cleared meanwhile) is fine. */
function removeDir(dir: string): void {
  try {
    rmdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** Runs `fn` holding the lock `name` (tests/.tmp/<name>.lock): waits for it, clears a stale one, and always lets go. */
export async function withFileLock<T>(name: string, fn: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const { staleMs, waitMs, pollMs } = { ...DEFAULTS, ...options };
  const dir = options.dir ?? LOCK_DIR;
  const lock = path.join(dir, `${name}.lock`);
  mkdirSync(dir, { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      clearIfStale(lock, staleMs);
      if (Date.now() > deadline) throw new Error(`lock ${name} still held after ${waitMs} ms`);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }
  const heartbeat = setInterval(
    () => {
      const now = new Date();
      try {
        utimesSync(lock, now, now);
      } catch {
        // Taken away as stale after all: the holder finishes, and letting go below does nothing.
      }
    },
    Math.max(10, staleMs / 4),
  );
  heartbeat.unref();
  try {
    return await fn();
  } finally {
    clearInterval(heartbeat);
    removeDir(lock);
  }
}
