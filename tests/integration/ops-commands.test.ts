import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/sqlite.server";
import { runDir } from "../helpers/run-dir";

// The operational commands run as cron or a systemd timer runs them: `npm run -s db:…` in the
// shop's folder, with DATABASE_PATH, UPLOAD_DIR, BACKUP_DIR, PATH and NODE_ENV=production and
// nothing else (no session secret, no PayPal, no APP_URL).
const repo = path.resolve(import.meta.dirname, "../..");
const root = path.join(runDir(), `ops-commands-${process.pid}`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function settingsIn(dir: string) {
  return { DATABASE_PATH: path.join(dir, "data", "shop.db"), UPLOAD_DIR: path.join(dir, "uploads"), BACKUP_DIR: path.join(dir, "backups") };
}

function run(command: string, settings: Record<string, string>, ...args: string[]) {
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", NODE_ENV: "production" as const, ...settings };
  return spawnSync("npm", ["run", "-s", command, ...(args.length ? ["--", ...args] : [])], { cwd: repo, env, encoding: "utf8", timeout: 60_000 });
}

/** One line on stderr, no stack trace, a non-zero exit. */
function expectOneLineRefusal(result: ReturnType<typeof run>, says: RegExp) {
  expect(result.status).not.toBe(0);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stderr.trim().split("\n")).toHaveLength(1);
  expect(result.stderr).toMatch(says);
}

describe("the operational commands need only DATABASE_PATH, UPLOAD_DIR and BACKUP_DIR", () => {
  it("db:migrate, db:backup, db:promote and db:restore succeed with those three alone", async () => {
    const settings = settingsIn(path.join(root, "ok"));
    const migrated = run("db:migrate", settings);
    expect(migrated.stderr).toBe("");
    expect(migrated.status).toBe(0);
    expect(migrated.stdout).toMatch(/Database ready/);
    const db = openDatabase(settings.DATABASE_PATH);
    await db.insertInto("users").values({ email: "owner@example.com", password_hash: "x", is_admin: 0, email_verified_at: new Date().toISOString() }).execute();
    await db.destroy();

    const backup = run("db:backup", settings);
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/integrity ok/);
    const file = readdirSync(settings.BACKUP_DIR).find((f) => f.endsWith(".db"));
    expect(file).toBeTruthy();

    expect(run("db:promote", settings, "owner@example.com").status).toBe(0);
    const promoted = openDatabase(settings.DATABASE_PATH);
    expect((await promoted.selectFrom("users").select("is_admin").where("email", "=", "owner@example.com").executeTakeFirstOrThrow()).is_admin).toBe(1);
    await promoted.destroy();

    const restored = run("db:restore", settings, path.join(settings.BACKUP_DIR, file!));
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(/Restored/);
  }, 120_000);

  it("a BACKUP_DIR that is a file gets one line saying so, no stack trace", () => {
    const dir = path.join(root, "bad-backup-dir");
    const settings = settingsIn(dir);
    expect(run("db:migrate", settings).status).toBe(0);
    writeFileSync(path.join(dir, "not-a-folder"), "x");
    expectOneLineRefusal(run("db:backup", { ...settings, BACKUP_DIR: path.join(dir, "not-a-folder") }), /BACKUP_DIR.*not a folder/);
  }, 60_000);

  it("a DATABASE_PATH inside a file gets one line saying so, no stack trace", () => {
    const dir = path.join(root, "bad-database-path");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "plain-file"), "x");
    expectOneLineRefusal(run("db:migrate", { ...settingsIn(dir), DATABASE_PATH: path.join(dir, "plain-file", "shop.db") }), /DATABASE_PATH.*not a folder/);
  }, 60_000);

  it("an empty DATABASE_PATH gets one line naming it", () => {
    expectOneLineRefusal(run("db:backup", { ...settingsIn(path.join(root, "empty")), DATABASE_PATH: "" }), /DATABASE_PATH/);
  }, 60_000);
});
