import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import {
  backupCron,
  backupFileName,
  backupsToDelete,
  backupTime,
  checkIntegrity,
  createBackup,
  getLastBackup,
  isDatabaseInUse,
  restoreBackup,
  runBackup,
} from "~/domain/ops/backup.server";
import { openDatabase } from "~/lib/sqlite.server";
import { createTestDb } from "../helpers/db";
import { makeProduct, makeUser } from "../helpers/kit";
import { runDir } from "../helpers/run-dir";

const root = path.join(runDir(), `backup-${process.pid}`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("backups", () => {
  it("round trip: orders, products and images come back exactly, images byte for byte", async () => {
    const dir = path.join(root, "roundtrip");
    const uploads = path.join(dir, "uploads");
    const backups = path.join(dir, "backups");
    mkdirSync(path.join(uploads, "products", "thumbs"), { recursive: true });
    const db = createTestDb();
    const dbFile = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db)).rows[0]!.file;

    const products = [await makeProduct(db, { title: "Lace Dress" }), await makeProduct(db, { title: "Wool Coat", priceCents: 5600 })];
    const user = await makeUser(db);
    const order = await db
      .insertInto("orders")
      .values({
        user_id: user.id,
        email: user.email,
        status: "paid",
        subtotal_cents: 8000,
        shipping_cents: 800,
        shipping_name: "Standard Shipping",
        total_cents: 8800,
        confirmation_token: "tok-backup",
        shipping_first_name: "Ada",
        shipping_last_name: "L",
        shipping_address_line1: "1 Lane",
        shipping_city: "London",
        shipping_postal_code: "N1",
        shipping_country: "GB",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("order_items")
      .values({ order_id: order.id, product_id: products[0]!.id, title: "Lace Dress", unit_price_cents: 2400, quantity: 2 })
      .execute();
    const images: Record<string, Buffer> = {};
    for (const name of ["products/a.jpg", "products/thumbs/thumb-a.jpg", "products/b-640.webp"]) {
      const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7 + name.length) % 256));
      writeFileSync(path.join(uploads, name), bytes);
      images[name] = bytes;
    }
    const snapshot = async (d: typeof db) => ({
      products: await d.selectFrom("products").select(["id", "title", "slug", "price_cents", "stock"]).orderBy("id").execute(),
      orders: await d.selectFrom("orders").select(["id", "status", "total_cents", "email"]).orderBy("id").execute(),
      items: await d.selectFrom("order_items").select(["order_id", "title", "quantity"]).orderBy("id").execute(),
      images: await d.selectFrom("product_images").select(["product_id", "image_url"]).orderBy("id").execute(),
    });
    const before = await snapshot(db);

    const progress: number[] = [];
    const first = await runBackup(db, { databasePath: dbFile, uploadDir: uploads, backupDir: backups, trigger: "script", onProgress: (p) => progress.push(p) });
    expect(first.uploadsCopied).toBe(3);
    expect(progress.at(-1)).toBe(1);
    expect(checkIntegrity(first.file)).toBe("ok");
    expect(backupTime(first.file)).not.toBeNull();
    expect(await getLastBackup(db)).toMatchObject({ id: first.id, sizeBytes: first.sizeBytes });

    // A second backup copies only what is new.
    writeFileSync(path.join(uploads, "products/c.jpg"), Buffer.from("new image"));
    const second = await runBackup(db, { databasePath: dbFile, uploadDir: uploads, backupDir: backups, trigger: "script", now: new Date(Date.now() + 1000) });
    expect(second.uploadsCopied).toBe(1);

    // Restore refuses while the database is open elsewhere (the shop).
    expect(isDatabaseInUse(dbFile)).toBe(true);
    expect(first.file).not.toBe(second.file);
    // Retention keeps the newest backup of a day.
    expect(existsSync(first.file)).toBe(false);
    expect(() => restoreBackup({ backupFile: second.file, databasePath: dbFile, uploadDir: uploads })).toThrow(/in use/);

    // Wipe: the database and the uploads are gone.
    await db.destroy();
    rmSync(uploads, { recursive: true, force: true });
    writeFileSync(dbFile, "not a database any more");
    rmSync(dbFile + "-wal", { force: true });
    rmSync(dbFile + "-shm", { force: true });

    const restored = restoreBackup({ backupFile: second.file, databasePath: dbFile, uploadDir: uploads });
    expect(restored.keptAside).toMatch(/\.replaced-/);
    expect(readFileSync(restored.keptAside!, "utf8")).toBe("not a database any more");
    const back = openDatabase(dbFile);
    try {
      expect(await snapshot(back)).toEqual(before);
    } finally {
      await back.destroy();
    }
    for (const [name, bytes] of Object.entries(images)) expect(readFileSync(path.join(uploads, name)).equals(bytes)).toBe(true);
  });

  it("creates the database, its -wal and -shm, and every backup readable by the owner only (0600), the backup folder 0700", async () => {
    const dir = path.join(root, "modes");
    const dbFile = path.join(dir, "data", "shop.db");
    const backups = path.join(dir, "backups");
    const mode = (file: string) => statSync(file).mode & 0o777;
    const db = openDatabase(dbFile);
    await sql`create table products (id integer)`.execute(db);
    await sql`insert into products values (1)`.execute(db);
    for (const file of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) expect([file, mode(file).toString(8)]).toEqual([file, "600"]);
    const backup = await createBackup({ databasePath: dbFile, uploadDir: path.join(dir, "uploads"), backupDir: backups });
    expect(mode(backup.file).toString(8)).toBe("600");
    expect(mode(backups).toString(8)).toBe("700");
    await db.destroy();
    // A database that exists with looser rights (an older install) is tightened when it is opened.
    chmodSync(dbFile, 0o644);
    const again = openDatabase(dbFile);
    await sql`insert into products values (2)`.execute(again);
    expect(mode(dbFile).toString(8)).toBe("600");
    await again.destroy();
    const restoredInto = path.join(dir, "restored", "shop.db");
    restoreBackup({ backupFile: backup.file, databasePath: restoredInto, uploadDir: path.join(dir, "uploads") });
    expect(mode(restoredInto).toString(8)).toBe("600");
  });

  it("a restore ends every session and voids every open e-mail link, and says so", async () => {
    const dir = path.join(root, "void");
    const db = createTestDb();
    const dbFile = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db)).rows[0]!.file;
    const user = await makeUser(db);
    const product = await makeProduct(db, { stock: 0 });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await db
      .insertInto("sessions")
      .values({ id: "restored-session", user_id: user.id, data: JSON.stringify({ userId: user.id }), expires_at: future })
      .execute();
    await db.insertInto("password_reset_tokens").values({ user_id: user.id, token_hash: "reset-hash", expires_at: future }).execute();
    for (const purpose of ["verify-email", "email-undo", "account-delete"]) {
      await db
        .insertInto("auth_tokens")
        .values({ token_hash: `hash-${purpose}`, user_id: user.id, purpose, expires_at: future })
        .execute();
    }
    await db.insertInto("back_in_stock_requests").values({ email: "waiting@example.com", product_id: product.id, confirm_token_hash: "bis-hash" }).execute();
    await db
      .insertInto("back_in_stock_requests")
      .values({ email: "confirmed@example.com", product_id: product.id, confirmed_at: new Date().toISOString() })
      .execute();
    const backup = await createBackup({ databasePath: dbFile, uploadDir: path.join(dir, "uploads"), backupDir: path.join(dir, "backups") });
    await db.destroy();

    const into = path.join(dir, "restored.db");
    const result = restoreBackup({ backupFile: backup.file, databasePath: into, uploadDir: path.join(dir, "uploads") });
    expect(result).toMatchObject({ sessionsEnded: 1, linksVoided: 5 });
    const back = openDatabase(into);
    const count = async (table: "sessions" | "password_reset_tokens" | "auth_tokens") =>
      Number(
        (
          await back
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count("sessions")).toBe(0);
    expect(await count("password_reset_tokens")).toBe(0);
    expect(await count("auth_tokens")).toBe(0);
    // A confirmed back-in-stock request is not a link: it stays. The unconfirmed one can never be confirmed now.
    expect((await back.selectFrom("back_in_stock_requests").select("email").execute()).map((r) => r.email)).toEqual(["confirmed@example.com"]);
    await back.destroy();
  });

  it("refuses a backup that is not a sound database of the shop", () => {
    const dir = path.join(root, "bad");
    mkdirSync(dir, { recursive: true });
    const bad = path.join(dir, backupFileName(new Date()));
    writeFileSync(bad, Buffer.alloc(8192, 1));
    const target = path.join(dir, "target.db");
    writeFileSync(target, "keep me");
    expect(() => restoreBackup({ backupFile: bad, databasePath: target, uploadDir: path.join(dir, "u") })).toThrow(/integrity/);
    expect(readFileSync(target, "utf8")).toBe("keep me");
    expect(() => restoreBackup({ backupFile: path.join(dir, "missing.db"), databasePath: target, uploadDir: dir })).toThrow(/No such backup/);
  });

  it("keeps 7 daily and 4 weekly copies", () => {
    // Two backups a day for 60 days, newest first on 2026-11-24 (a Tuesday).
    const all = Array.from({ length: 120 }, (_, i) => ({ time: new Date(Date.UTC(2026, 10, 24, 15 - (i % 2) * 12) - Math.floor(i / 2) * 86_400_000) }));
    const gone = new Set(backupsToDelete(all));
    const kept = all.filter((b) => !gone.has(b)).map((b) => b.time.toISOString());
    expect(kept.slice(0, 7)).toEqual(Array.from({ length: 7 }, (_, d) => new Date(Date.UTC(2026, 10, 24 - d, 15)).toISOString()));
    // Beyond the 7 days: the newest of each of the last 4 ISO weeks (this week's is already a daily).
    expect(kept.length).toBeLessThanOrEqual(11);
    expect(kept.length).toBeGreaterThanOrEqual(9);
    const oldest = new Date(kept.at(-1)!);
    expect(Date.UTC(2026, 10, 24) - oldest.getTime()).toBeLessThan(28 * 86_400_000);
    expect(backupsToDelete([])).toEqual([]);
  });

  it("names backups by UTC time and schedules them from BACKUP_AT", () => {
    const at = new Date("2026-11-24T03:00:05.123Z");
    expect(backupFileName(at)).toBe("shop-2026-11-24T03-00-05-123Z.db");
    expect(backupTime(backupFileName(at))?.toISOString()).toBe(at.toISOString());
    expect(backupTime("notes.txt")).toBeNull();
    expect(backupCron("03:00")).toBe("0 3 * * *");
    expect(backupCron("23:45")).toBe("45 23 * * *");
  });

  it("npm run db:backup and db:restore work from the command line, and restore refuses a running shop", async () => {
    const dir = path.join(root, "cli");
    mkdirSync(dir, { recursive: true });
    const db = createTestDb();
    const dbFile = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db)).rows[0]!.file;
    await makeProduct(db, { title: "Cli Hat" });
    await db.destroy();
    const env = {
      ...process.env,
      DATABASE_PATH: dbFile,
      UPLOAD_DIR: path.join(dir, "uploads"),
      BACKUP_DIR: path.join(dir, "backups"),
      NODE_ENV: "test" as const,
    };
    const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/backup.ts"], { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    expect(out).toMatch(/integrity ok/);
    const file = path.join(
      dir,
      "backups",
      readdirSync(path.join(dir, "backups")).find((f) => f.endsWith(".db"))!,
    );

    // Another process (the shop) has the database open: restore refuses and changes nothing.
    const shop = spawn(
      process.execPath,
      [
        "-e",
        "const D = require('better-sqlite3'); const d = new D(process.argv[1]); d.pragma('journal_mode = WAL'); d.prepare('select count(*) from products').get(); console.log('ready'); setInterval(() => {}, 1000);",
        dbFile,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve) => shop.stdout!.once("data", () => resolve()));
    const refused = spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", file], { env, encoding: "utf8" });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/in use \(is the shop running\?\)/);
    expect(readdirSync(path.dirname(dbFile)).some((f) => f.startsWith(`${path.basename(dbFile)}.replaced-`))).toBe(false);
    const exited = new Promise((resolve) => shop.once("exit", resolve));
    shop.kill("SIGTERM");
    await exited;

    const ok = spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", file], { env, encoding: "utf8" });
    expect(ok.stderr).toBe("");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/kept as/);
    expect(ok.stdout).toMatch(/Every session was ended .* and every open e-mail link voided/);
    const back = openDatabase(dbFile);
    expect(await back.selectFrom("products").select("title").where("title", "=", "Cli Hat").executeTakeFirst()).toBeTruthy();
    await back.destroy();
  }, 60_000);
});
