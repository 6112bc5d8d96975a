import { existsSync, mkdirSync, mkdtempSync, utimesSync } from "node:fs";
import path from "node:path";
import { withFileLock } from "../../e2e/helpers/lock";
import { runDir } from "../../helpers/run-dir";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(runDir(), "locks-"));
});

test("a lock left by a crashed run (untouched for longer than staleMs) is cleared, and the holder lets go after", async () => {
  const lock = path.join(dir, "pages.lock");
  mkdirSync(lock);
  const tenMinutesAgo = new Date(Date.now() - 600_000);
  utimesSync(lock, tenMinutesAgo, tenMinutesAgo);
  const result = await withFileLock("pages", async () => existsSync(lock), { dir, staleMs: 30_000, waitMs: 2_000 });
  expect(result).toBe(true);
  expect(existsSync(lock)).toBe(false);
});

test("a live lock is waited for, never cleared", async () => {
  const lock = path.join(dir, "settings.lock");
  mkdirSync(lock);
  await expect(withFileLock("settings", async () => "ran", { dir, staleMs: 30_000, waitMs: 300 })).rejects.toThrow(/still held/);
  expect(existsSync(lock)).toBe(true);
});

test("two holders never overlap, even when one holds longer than staleMs (it keeps its lock fresh)", async () => {
  let active = 0;
  let most = 0;
  const order: string[] = [];
  const hold = (name: string, ms: number) =>
    withFileLock(
      "shared",
      async () => {
        active++;
        most = Math.max(most, active);
        order.push(`${name}+`);
        await sleep(ms);
        order.push(`${name}-`);
        active--;
      },
      { dir, staleMs: 200, waitMs: 10_000, pollMs: 10 },
    );
  await Promise.all([hold("long", 700), hold("a", 20), hold("b", 20), hold("c", 20)]);
  expect(most).toBe(1);
  expect(order).toHaveLength(8);
  for (let i = 0; i < order.length; i += 2) expect(order[i + 1]).toBe(order[i]!.replace("+", "-"));
});

test("the lock is let go when the work throws", async () => {
  await expect(
    withFileLock(
      "throws",
      async () => {
        throw new Error("boom");
      },
      { dir },
    ),
  ).rejects.toThrow("boom");
  expect(existsSync(path.join(dir, "throws.lock"))).toBe(false);
  expect(await withFileLock("throws", async () => "again", { dir, waitMs: 200 })).toBe("again");
});
