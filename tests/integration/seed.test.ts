import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../app/domain/auth/password.server";
import { deriveTotalStock } from "../../app/domain/catalogue/stock";
import { type DB, openDatabase } from "../../app/lib/sqlite.server";
import { CATEGORY_DESCRIPTIONS, COLOR_NAMES, FIXED_SLUGS } from "../../db/seed/data";
import { spawn, spawnSync } from "node:child_process";
import { promoteToAdmin } from "../../app/domain/auth/promote.server";
import { createProgressBar, resolveAdminEmail, resolveAdminPassword, type SeedOptions, type SeedSummary, seedBulk, seedDemo } from "../../db/seed";
import { hasDemoMarker, isDemoSeed, writeDemoMarker } from "../../db/seed/demo-marker";
import { copyTemplate, newDbFile, rowCounts } from "../helpers/db";
import { makeOrder, makeUser } from "../helpers/kit";
import { runDir } from "../helpers/run-dir";

const ADMIN_EMAIL = "Owner@Little-Stitches.test";
const ADMIN_PASSWORD = "stitch-by-stitch-42";
const dir = path.join(runDir(), `seed-${randomBytes(6).toString("hex")}`);
const dbFile = path.join(dir, "shop.db");
const uploadDir = path.join(dir, "uploads");
const options: SeedOptions = {
  uploadDir,
  adminEmail: ADMIN_EMAIL,
  adminPassword: ADMIN_PASSWORD,
  shopEmail: "hello@little-stitches.test",
};

const COUNTED = [
  "products",
  "product_images",
  "product_categories",
  "product_colors",
  "product_variations",
  "colors",
  "categories",
  "category_descriptions",
  "users",
  "settings",
] as const;

let db: DB;
let first: SeedSummary;
let second: SeedSummary;
let countsAfterFirst: Record<string, number>;
let countsAfterSecond: Record<string, number>;
let snapshotAfterFirst: unknown;
let snapshotAfterSecond: unknown;

const counts = () => rowCounts(db, COUNTED);

async function snapshot() {
  return {
    products: await db.selectFrom("products").selectAll().orderBy("id").execute(),
    categories: await db.selectFrom("categories").selectAll().orderBy("id").execute(),
    images: await db.selectFrom("product_images").selectAll().orderBy("id").execute(),
    settings: await db.selectFrom("settings").selectAll().orderBy("key").execute(),
    users: await db.selectFrom("users").selectAll().orderBy("id").execute(),
  };
}

function diskPath(url: string): string {
  return path.join(uploadDir, url.replace(/^\/uploads\//, ""));
}

function thumbDiskPath(url: string): string {
  const file = path.basename(url);
  return path.join(uploadDir, "products", "thumbs", `thumb-${file}`);
}

async function productBySlug(slug: string) {
  return db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
}

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  db = openDatabase(dbFile);
  first = await seedDemo(db, options);
  countsAfterFirst = await counts();
  snapshotAfterFirst = await snapshot();
  second = await seedDemo(db, options);
  countsAfterSecond = await counts();
  snapshotAfterSecond = await snapshot();
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe("seedDemo", () => {
  it("is idempotent: the second run adds and changes nothing", () => {
    expect(countsAfterSecond).toEqual(countsAfterFirst);
    expect(snapshotAfterSecond).toEqual(snapshotAfterFirst);
    expect(first.created.products).toBeGreaterThanOrEqual(40);
    expect(first.created.adminUser).toBe("created");
    expect(second.created).toEqual({
      colors: 0,
      categories: 0,
      categoryDescriptions: 0,
      settings: 0,
      pages: 0,
      products: 0,
      imageRows: 0,
      imageFiles: 0,
      categoryCountsUpdated: 0,
      adminUser: "unchanged",
    });
    expect(second.products).toBe(countsAfterFirst.products);
  });

  it("stays small: no orders, customers, reviews or history (that is the demo year's, npm run demo only)", async () => {
    for (const table of ["orders", "order_items", "order_events", "loyalty_events", "refunds", "withdrawals", "reviews", "review_photos"] as const) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(row.n), table).toBe(0);
    }
    expect(countsAfterFirst.users).toBe(1);
    const colourTagged = await db.selectFrom("product_images").select("id").where("color_id", "is not", null).execute();
    expect(colourTagged).toHaveLength(0);
    const madeToOrder = await db.selectFrom("products").select("id").where("made_to_order", "=", 1).execute();
    expect(madeToOrder).toHaveLength(0);
  });

  it("seeds at least 40 products and the fixed 12-colour palette", async () => {
    expect(countsAfterFirst.products).toBeGreaterThanOrEqual(40);
    const colors = await db.selectFrom("colors").selectAll().orderBy("id").execute();
    expect(colors.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(colors.map((c) => c.name)).toEqual([...COLOR_NAMES]);
    for (const c of colors) expect(c.hex).toMatch(/^#[0-9A-F]{6}$/i);
  });

  it("builds the two-level category tree with notes per child name", async () => {
    const categories = await db.selectFrom("categories").selectAll().execute();
    const top = categories.filter((c) => c.parent_id === null);
    expect(top.map((c) => c.slug).sort()).toEqual(["1-4-scale", "1-6-scale", "accessories"]);
    const children = categories.filter((c) => c.parent_id !== null);
    expect(children).toHaveLength(15);
    for (const child of children) {
      const parent = categories.find((c) => c.id === child.parent_id)!;
      expect(parent.parent_id).toBeNull();
      expect(child.is_active).toBe(1);
    }
    for (const slug of ["1-4-dresses", "1-6-dresses", "1-4-knitwear", "1-6-sleepwear", "hats", "bags", "shoes"]) {
      expect(categories.some((c) => c.slug === slug)).toBe(true);
    }
    const notes = await db.selectFrom("category_descriptions").selectAll().execute();
    const names = new Set(children.map((c) => c.name));
    expect(new Set(notes.map((n) => n.category_name))).toEqual(names);
    for (const note of notes) expect(note.description).toBe(CATEGORY_DESCRIPTIONS[note.category_name]);
  });

  it("keeps total_stock equal to the derived stock for every product", async () => {
    const products = await db.selectFrom("products").selectAll().execute();
    const colorRows = await db.selectFrom("product_colors").selectAll().execute();
    const variationRows = await db.selectFrom("product_variations").selectAll().execute();
    for (const p of products) {
      const colorStocks = colorRows.filter((r) => r.product_id === p.id).map((r) => r.stock);
      const variationStocks = variationRows.filter((r) => r.product_id === p.id).map((r) => r.stock);
      const derived = deriveTotalStock({
        stock: p.stock,
        hasColorVariations: p.has_color_variations === 1,
        hasVariations: p.has_variations === 1,
        colorStocks,
        variationStocks,
      });
      expect(p.total_stock, p.slug).toBe(derived);
      if (p.has_color_variations) {
        expect(colorStocks.length, p.slug).toBeGreaterThanOrEqual(2);
        expect(colorStocks.length, p.slug).toBeLessThanOrEqual(5);
      }
      if (p.has_variations) {
        const codes = variationRows
          .filter((r) => r.product_id === p.id)
          .map((r) => r.variation_code)
          .sort();
        expect(codes, p.slug).toEqual(["A", "B", "C"]);
      }
      if (p.has_color_variations || p.has_variations) expect(p.stock, p.slug).toBe(0);
      expect(p.price_cents).toBeGreaterThanOrEqual(900);
      expect(p.price_cents).toBeLessThanOrEqual(8900);
    }
    expect(colorRows.some((r) => r.stock === 0)).toBe(true);
    expect(variationRows.some((r) => r.stock === 0)).toBe(true);
  });

  it("has the catalogue mixture: sold out, low stock, colours, variations, large, latest", async () => {
    const products = await db.selectFrom("products").selectAll().execute();
    expect(products.filter((p) => p.total_stock === 0).length).toBeGreaterThanOrEqual(4);
    expect(products.filter((p) => p.total_stock >= 1 && p.total_stock <= 4).length).toBeGreaterThanOrEqual(4);
    expect(products.filter((p) => p.has_color_variations === 1).length).toBeGreaterThanOrEqual(10);
    expect(products.filter((p) => p.has_variations === 1).length).toBeGreaterThanOrEqual(6);
    expect(products.filter((p) => p.is_large === 1).length).toBeGreaterThanOrEqual(2);
    expect(products.filter((p) => p.is_latest_collection === 1).length).toBeGreaterThanOrEqual(6);
    // Newer products have higher ids.
    const byId = [...products].sort((a, b) => a.id - b.id);
    for (let i = 1; i < byId.length; i++) expect(byId[i]!.created_at >= byId[i - 1]!.created_at).toBe(true);
    for (const p of products) expect(p.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("seeds the fixed products other tests rely on", async () => {
    const cape = await productBySlug(FIXED_SLUGS.soldOutPlain);
    expect(cape).toMatchObject({ stock: 0, total_stock: 0, has_color_variations: 0, has_variations: 0 });
    const capeColors = await db.selectFrom("product_colors").selectAll().where("product_id", "=", cape.id).execute();
    const capeVariations = await db.selectFrom("product_variations").selectAll().where("product_id", "=", cape.id).execute();
    expect(capeColors).toHaveLength(0);
    expect(capeVariations).toHaveLength(0);

    expect(await productBySlug(FIXED_SLUGS.lowStockPlain)).toMatchObject({ stock: 3, total_stock: 3, has_color_variations: 0, has_variations: 0 });
    expect(await productBySlug(FIXED_SLUGS.inStockPlain)).toMatchObject({ stock: 12, total_stock: 12, has_color_variations: 0, has_variations: 0 });

    const dress = await productBySlug(FIXED_SLUGS.withColors);
    expect(dress).toMatchObject({ has_color_variations: 1, total_stock: 10 });
    const dressColors = await db
      .selectFrom("product_colors")
      .innerJoin("colors", "colors.id", "product_colors.color_id")
      .select(["colors.name", "product_colors.stock"])
      .where("product_id", "=", dress.id)
      .execute();
    expect(Object.fromEntries(dressColors.map((c) => [c.name, c.stock]))).toEqual({ Red: 6, Pink: 4, White: 0 });

    const coat = await productBySlug(FIXED_SLUGS.withVariations);
    expect(coat).toMatchObject({ has_variations: 1, total_stock: 7 });
    const coatVariations = await db
      .selectFrom("product_variations")
      .select(["variation_code", "variation_name", "stock"])
      .where("product_id", "=", coat.id)
      .orderBy("variation_code")
      .execute();
    expect(coatVariations).toEqual([
      { variation_code: "A", variation_name: "Size S", stock: 5 },
      { variation_code: "B", variation_name: "Size M", stock: 2 },
      { variation_code: "C", variation_name: "Size L", stock: 0 },
    ]);

    const trunk = await productBySlug(FIXED_SLUGS.large);
    expect(trunk).toMatchObject({ is_large: 1, stock: 2, total_stock: 2, price_cents: 8900 });
    const trunkCategories = await db
      .selectFrom("product_categories")
      .innerJoin("categories", "categories.id", "product_categories.category_id")
      .select("categories.slug")
      .where("product_id", "=", trunk.id)
      .execute();
    expect(trunkCategories.map((c) => c.slug).sort()).toEqual(["accessories", "bags"]);
  });

  it("links every product to a child category and its parent, and keeps product_count right", async () => {
    const categories = await db.selectFrom("categories").selectAll().execute();
    const links = await db.selectFrom("product_categories").selectAll().execute();
    const products = await db.selectFrom("products").select("id").execute();
    for (const p of products) {
      const own = links.filter((l) => l.product_id === p.id).map((l) => categories.find((c) => c.id === l.category_id)!);
      expect(own).toHaveLength(2);
      const child = own.find((c) => c.parent_id !== null)!;
      expect(own.some((c) => c.id === child.parent_id)).toBe(true);
    }
    for (const c of categories) {
      expect(c.product_count, c.slug).toBe(links.filter((l) => l.category_id === c.id).length);
    }
    expect(categories.every((c) => c.product_count > 0)).toBe(true);
  });

  it("stores the settings as JSON", async () => {
    const rows = await db.selectFrom("settings").selectAll().execute();
    const settings = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value)]));
    // Shipping is the zones' (their migration makes them), not a setting.
    expect(settings.shipping_rates).toBeUndefined();
    expect(settings.loyalty_config).toEqual({
      dollarsPerPoint: 1,
      minimumOrderForPoints: 0,
      discountExchange: { pointsRequired: 50, discountAmount: 5, minimumOrderValue: 30 },
    });
    expect(settings.store).toMatchObject({ name: "Little Stitches Atelier", email: "hello@little-stitches.test" });
  });

  it("writes the product photos and thumbnails to disk", async () => {
    const images = await db
      .selectFrom("product_images")
      .innerJoin("products", "products.id", "product_images.product_id")
      .select(["products.slug", "products.title", "image_url", "alt_text", "is_primary", "sort_order", "width", "height"])
      .execute();
    expect(images.length).toBeGreaterThanOrEqual(40);
    for (const img of images) {
      expect(img.image_url).toMatch(/^\/uploads\/products\/[a-z0-9-]+-[1-3]\.jpg$/);
      expect(img.image_url).toBe(`/uploads/products/${img.slug}-${img.sort_order + 1}.jpg`);
      expect(img.is_primary).toBe(img.sort_order === 0 ? 1 : 0);
      expect(img.alt_text.startsWith(img.title)).toBe(true);
      expect([img.width, img.height]).toEqual([800, 1000]);
      expect(existsSync(diskPath(img.image_url)), img.image_url).toBe(true);
      expect(existsSync(thumbDiskPath(img.image_url)), img.image_url).toBe(true);
    }
    const perSlug = (slug: string) => images.filter((i) => i.slug === slug).length;
    expect(perSlug(FIXED_SLUGS.withColors)).toBe(3);
    expect(perSlug(FIXED_SLUGS.withVariations)).toBe(3);

    const products = await db.selectFrom("products").select("slug").execute();
    const withoutImages = products.filter((p) => perSlug(p.slug) === 0);
    expect(withoutImages.length).toBeGreaterThanOrEqual(1);
    expect(withoutImages.length).toBeLessThanOrEqual(2);

    const primary = images.find((i) => i.slug === FIXED_SLUGS.withColors && i.is_primary === 1)!;
    expect(primary.alt_text).toBe("Rose Garden Tea Dress, front view");
    const full = await sharp(diskPath(primary.image_url)).metadata();
    expect([full.width, full.height, full.format]).toEqual([800, 1000, "jpeg"]);
    const thumb = await sharp(thumbDiskPath(primary.image_url)).metadata();
    expect(thumb.width).toBe(300);
    expect(thumb.height).toBe(375);
  });

  it("creates the admin user with a verifiable password", async () => {
    const admin = await db.selectFrom("users").selectAll().where("email", "=", ADMIN_EMAIL.toLowerCase()).executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ is_admin: 1, first_name: "Shop", last_name: "Owner" });
    expect(await verifyPassword(ADMIN_PASSWORD, admin.password_hash)).toBe(true);
    expect(await verifyPassword("not-the-password", admin.password_hash)).toBe(false);
    expect(first.adminEmail).toBe(ADMIN_EMAIL);
  });

  it("never promotes an existing customer: it refuses, names the account and changes nothing", async () => {
    const hash = await hashPassword("customer-password");
    await db.insertInto("users").values({ email: "maker@example.test", password_hash: hash, first_name: "Mae", last_name: "Ker" }).execute();
    await expect(seedDemo(db, { ...options, adminEmail: "MAKER@example.test", adminPassword: "something-else" })).rejects.toThrow(
      /ADMIN_EMAIL maker@example\.test belongs to an existing customer account.*npm run db:promote -- maker@example\.test/,
    );
    const user = await db.selectFrom("users").selectAll().where("email", "=", "maker@example.test").executeTakeFirstOrThrow();
    expect(user).toMatchObject({ is_admin: 0, password_hash: hash });
    expect((await counts()).products).toBe(countsAfterFirst.products);
  });

  it("promotes only through the explicit promote command, and never hands a squatter the account: its ways in are cleared and the address gets a link", async () => {
    // A squatter registered the owner's address first (unconfirmed), signed in and kept a session.
    const squatter = await db
      .insertInto("users")
      .values({
        email: "owner-to-be@example.test",
        password_hash: await hashPassword("squatter-knows-this"),
        first_name: "Sq",
        last_name: "U",
        google_id: "g-squatter",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("sessions")
      .values({ id: "squatter-session", data: "{}", user_id: squatter.id, expires_at: new Date(Date.now() + 86_400_000).toISOString() })
      .execute();
    expect(await promoteToAdmin(db, "Owner-To-Be@Example.test")).toBe("promoted");
    const after = await db.selectFrom("users").select(["is_admin", "password_hash", "google_id"]).where("id", "=", squatter.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ is_admin: 1, password_hash: null, google_id: null });
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", squatter.id).execute()).toEqual([]);
    // The way in is a reset link, through the outbox, to the address: only its owner reads it.
    const mail = await db.selectFrom("outbox").select(["kind", "to_address", "data"]).where("to_address", "=", "owner-to-be@example.test").execute();
    expect(mail.map((m) => m.kind)).toEqual(["password-reset"]);
    expect(JSON.parse(mail[0]!.data)).toMatchObject({ firstPassword: true });
    expect(await db.selectFrom("password_reset_tokens").select("id").where("user_id", "=", squatter.id).where("used_at", "is", null).execute()).toHaveLength(1);

    expect(await promoteToAdmin(db, "owner-to-be@example.test")).toBe("unchanged");
    const refused = promoteToAdmin(db, "nobody@example.test");
    await expect(refused).rejects.toThrow(/No account uses nobody@example\.test/);
    // The refusal of an unconfirmed address, which sent the owner to the squatter's confirmation link, is gone.
    await expect(refused).rejects.not.toThrow(/confirm/i);
  });

  it("refuses a common or short admin password when it creates the admin", async () => {
    await expect(seedDemo(db, { ...options, adminEmail: "new-owner@example.test", adminPassword: "password1" })).rejects.toThrow(
      /ADMIN_PASSWORD is too common/,
    );
    await expect(seedDemo(db, { ...options, adminEmail: "new-owner@example.test", adminPassword: "abc" })).rejects.toThrow(/at least 6/);
    expect(await db.selectFrom("users").select("id").where("email", "=", "new-owner@example.test").executeTakeFirst()).toBeUndefined();
  });

  it("needs ADMIN_PASSWORD for a real shop; only a demo database has the built-in one", () => {
    expect(() => resolveAdminPassword({}, false)).toThrow(/ADMIN_PASSWORD must be set for a real shop/);
    expect(() => resolveAdminPassword({ ADMIN_PASSWORD: "  " }, false)).toThrow(/ADMIN_PASSWORD/);
    expect(resolveAdminPassword({ ADMIN_PASSWORD: "hem-and-seam-7" }, false)).toBe("hem-and-seam-7");
    expect(resolveAdminPassword({}, true)).toBe("admin12345");
  });

  it("refuses the demo password and admin@example.com for a real shop; a demo keeps them", () => {
    expect(() => resolveAdminPassword({ ADMIN_PASSWORD: "admin12345" }, false)).toThrow(/ADMIN_PASSWORD is the demo password/);
    expect(() => resolveAdminEmail({ ADMIN_EMAIL: " Admin@Example.com " }, false)).toThrow(/ADMIN_EMAIL must be set/);
    expect(() => resolveAdminEmail({}, false)).toThrow(/ADMIN_EMAIL/);
    expect(resolveAdminEmail({ ADMIN_EMAIL: "owner@shop.test" }, false)).toBe("owner@shop.test");
    expect(resolveAdminPassword({ ADMIN_PASSWORD: "admin12345" }, true)).toBe("admin12345");
    expect(resolveAdminEmail({}, true)).toBe("admin@example.com");
  });

  it("a seed that is not a demo's never creates the built-in admin, whoever calls it, and writes no demo marker", async () => {
    for (const [adminEmail, adminPassword] of [
      ["admin@example.com", "hem-and-seam-7"],
      ["second-owner@example.test", "admin12345"],
    ]) {
      await expect(seedDemo(db, { ...options, adminEmail, adminPassword })).rejects.toThrow(/built-in admin .* goes only into a demo database/);
    }
    expect(await db.selectFrom("users").select("id").where("email", "in", ["admin@example.com", "second-owner@example.test"]).execute()).toEqual([]);
    expect(await hasDemoMarker(db)).toBe(false);
  });

  it("the seed command says so in one line, without a stack trace, and touches no database", () => {
    const target = path.join(dir, "refused.db");
    const run = (extra: Record<string, string>) =>
      spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/seed.ts"], {
        env: {
          PATH: process.env.PATH ?? "",
          NODE_ENV: "production",
          DATABASE_PATH: target,
          SESSION_SECRET: "s".repeat(32),
          ADMIN_EMAIL: "owner@shop.test",
          ...extra,
        },
        encoding: "utf8",
      });
    for (const [extra, named] of [
      [{ ADMIN_PASSWORD: "admin12345" }, "ADMIN_PASSWORD"],
      [{ ADMIN_PASSWORD: "hem-and-seam-7", ADMIN_EMAIL: "admin@example.com" }, "ADMIN_EMAIL"],
    ] as const) {
      const result = run(extra);
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Seeding failed: ${named}`));
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    expect(existsSync(target)).toBe(false);
  });
});

/** `npm run db:seed` in a shell of exactly `env` (without NODE_ENV, which Remix's types say is always there). */
function seedCommand(env: Record<string, string>): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/seed.ts"], { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("close", (status) => resolve({ status, stderr }));
  });
}

describe("the demo marker", () => {
  /** A database as `db:migrate` leaves it, with what `fill` writes. */
  async function migratedDb(fill: (d: DB) => Promise<unknown> = async () => {}) {
    const file = copyTemplate(newDbFile("shop"));
    const d = openDatabase(file);
    await fill(d);
    return { file, d };
  }

  it("a seed makes a demo only of a database nobody used, when the shell says DEMO=1, or of one that carries the marker", async () => {
    const newFile = openDatabase(path.join(dir, `new-${randomBytes(4).toString("hex")}.db`));
    const unused = (await migratedDb()).d;
    const withOwner = (await migratedDb((d) => makeUser(d, { isAdmin: true }))).d;
    const withOrder = (await migratedDb((d) => makeOrder(d))).d;
    const marked = (await migratedDb((d) => writeDemoMarker(d))).d;
    try {
      const demo = { DEMO: "1" };
      const demoProduction = { NODE_ENV: "production", DEMO: "true" };
      for (const d of [newFile, unused]) {
        expect(await isDemoSeed(d, demo)).toBe(true);
        expect(await isDemoSeed(d, demoProduction)).toBe(true);
        // A developer's shell that says nothing: the demo, as `npm run db:seed` always made it.
        for (const shell of [{}, { NODE_ENV: "development" }]) expect(await isDemoSeed(d, shell)).toBe(true);
        // A real shop (the deploy guide's `ops` says production), DEMO=0, or the owner's own password: not a demo.
        for (const shell of [{ NODE_ENV: "production" }, { DEMO: "0" }, { ADMIN_PASSWORD: "her-own-long-password" }])
          expect(await isDemoSeed(d, shell)).toBe(false);
      }
      for (const d of [withOwner, withOrder]) for (const shell of [demo, {}]) expect(await isDemoSeed(d, shell)).toBe(false);
      expect(await isDemoSeed(marked, {})).toBe(true);
      expect(await isDemoSeed(marked, { NODE_ENV: "production" })).toBe(false);
      // The database the seed above made for a real shop.
      expect(await isDemoSeed(db, demo)).toBe(false);
    } finally {
      for (const d of [newFile, unused, withOwner, withOrder, marked]) await d.destroy();
    }
  });

  it("db:seed on a live database, from the deploy guide's `ops` shell (no NODE_ENV), creates no built-in admin, DEMO=1 or not", async () => {
    const { file, d } = await migratedDb(async (live) => {
      await makeUser(live, { email: "owner@little-stitches.test", isAdmin: true });
      await makeOrder(live);
    });
    await d.destroy();
    const ops = { PATH: process.env.PATH ?? "", DATABASE_PATH: file, UPLOAD_DIR: uploadDir, BACKUP_DIR: path.join(dir, "backups") };
    const results = await Promise.all([ops, { ...ops, DEMO: "1" }].map((env) => seedCommand(env)));
    for (const result of results) {
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split("\n")).toEqual([
        expect.stringMatching(/^Seeding failed: ADMIN_(EMAIL|PASSWORD) must be set .*only for a demo database/),
      ]);
    }
    const after = openDatabase(file);
    try {
      expect(await after.selectFrom("users").select("email").where("email", "=", "admin@example.com").executeTakeFirst()).toBeUndefined();
      expect(await hasDemoMarker(after)).toBe(false);
    } finally {
      await after.destroy();
    }
  });

  it("the demo seed writes the marker before anything else, once", async () => {
    const { d } = await migratedDb();
    try {
      await writeDemoMarker(d, new Date("2026-01-01T00:00:00.000Z"));
      await writeDemoMarker(d);
      expect(await d.selectFrom("demo_marker").selectAll().execute()).toEqual([{ id: 1, seeded_at: "2026-01-01T00:00:00.000Z" }]);
    } finally {
      await d.destroy();
    }
  });
});

describe("seedBulk", () => {
  it("adds generated products up to the target, and nothing on a second run", async () => {
    const before = countsAfterFirst.products;
    const ticks: Array<[number, number]> = [];
    const firstRun = await seedBulk(db, 2000, { chunkSize: 500, onProgress: (done, total) => ticks.push([done, total]) });
    expect(firstRun.inserted).toBe(2000);
    expect(ticks.at(-1)).toEqual([2000, 2000]);
    const after = await counts();
    expect(after.products).toBe(before + 2000);
    expect(after.product_images).toBe(countsAfterFirst.product_images + 2000);
    expect(after.product_categories).toBe(countsAfterFirst.product_categories + 4000);

    const again = await seedBulk(db, 2000, { databasePath: dbFile });
    expect(again.inserted).toBe(0);
    expect(again.skipped).toBe(2000);
    expect((await counts()).products).toBe(before + 2000);

    const bulk = await db.selectFrom("products").selectAll().where("slug", "like", "bulk-%").execute();
    expect(bulk).toHaveLength(2000);
    expect(new Set(bulk.map((p) => p.title)).size).toBeGreaterThan(1500);
    for (const p of bulk.slice(0, 200)) {
      expect(p.slug).toMatch(/^bulk-\d+-[a-z0-9-]+$/);
      expect(p.total_stock).toBe(p.stock);
      expect(p.description.split(/\s+/).length).toBeGreaterThanOrEqual(20);
    }
    expect(bulk.some((p) => p.total_stock === 0)).toBe(true);
    expect(bulk.some((p) => p.total_stock > 0 && p.total_stock < 5)).toBe(true);

    // Bulk images reuse demo photo URLs; no new files.
    const demoUrls = new Set(
      (
        await db
          .selectFrom("product_images")
          .innerJoin("products", "products.id", "product_images.product_id")
          .select("image_url")
          .where("products.slug", "not like", "bulk-%")
          .execute()
      ).map((r) => r.image_url),
    );
    const bulkUrls = await db
      .selectFrom("product_images")
      .innerJoin("products", "products.id", "product_images.product_id")
      .select("image_url")
      .where("products.slug", "like", "bulk-%")
      .execute();
    for (const r of bulkUrls) expect(demoUrls.has(r.image_url)).toBe(true);

    const categories = await db.selectFrom("categories").selectAll().execute();
    const links = await db.selectFrom("product_categories").selectAll().execute();
    for (const c of categories) expect(c.product_count).toBe(links.filter((l) => l.category_id === c.id).length);

    // Full-text search sees the generated words.
    const hits = await db.selectFrom("products_fts").select("rowid").where("products_fts", "match", "hand").execute();
    expect(hits.length).toBeGreaterThan(0);
  }, 60_000);
});

describe("progress bar", () => {
  it("prints a line per 10% when not a TTY and redraws in place on a TTY", () => {
    const lines: string[] = [];
    const plain = createProgressBar({ write: (s: string) => lines.push(s), isTTY: false }, 10);
    for (let done = 500; done <= 10_000; done += 500) plain(done, 10_000);
    expect(lines).toHaveLength(11);
    expect(lines.at(-1)).toBe("[##########] 10000/10000\n");

    const tty: string[] = [];
    const fancy = createProgressBar({ write: (s: string) => tty.push(s), isTTY: true }, 10);
    fancy(5, 10);
    fancy(10, 10);
    expect(tty).toEqual(["\r[#####.....] 5/10", "\r[##########] 10/10", "\n"]);
  });
});

describe("password hashing", () => {
  it("hashes with scrypt and verifies the right password only", async () => {
    const stored = await hashPassword("sew-it-yourself");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/);
    const [, , , , salt, key] = stored.split("$");
    expect(Buffer.from(salt!, "base64")).toHaveLength(16);
    expect(Buffer.from(key!, "base64")).toHaveLength(64);
    expect(await hashPassword("sew-it-yourself")).not.toBe(stored);
    expect(await verifyPassword("sew-it-yourself", stored)).toBe(true);
    expect(await verifyPassword("sew-it-yourselF", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("returns false for malformed stored strings instead of throwing", async () => {
    const good = await hashPassword("pw123456");
    const parts = good.split("$");
    const malformed = [
      "",
      "not-a-hash",
      "scrypt$16384$8$1$onlysalt",
      `bcrypt$${parts.slice(1).join("$")}`,
      `scrypt$1000$8$1$${parts[4]}$${parts[5]}`,
      `scrypt$16384$8$1$${parts[4]}$not*base64`,
      `scrypt$16384$8$1$$${parts[5]}`,
      `scrypt$99999999$8$1$${parts[4]}$${parts[5]}`,
      `scrypt$16384$8$1$${parts[4]}$${parts[5]}$extra`,
    ];
    for (const stored of malformed) expect(await verifyPassword("pw123456", stored), stored).toBe(false);
    expect(await verifyPassword("pw123456", null)).toBe(false);
    expect(await verifyPassword("pw123456", undefined)).toBe(false);
  });
});
