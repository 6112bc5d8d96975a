/**
 * Seeds the demo boutique (migrating first). Safe to run again: nothing is duplicated.
 * The command line only: the seed itself is db/seed/.
 *
 *   DEMO=1 npm run db:seed                # a new database: the demo shop, with its built-in admin
 *   npm run db:seed                       # a real shop's: the catalogue and settings, ADMIN_EMAIL and ADMIN_PASSWORD's admin
 *   npm run db:seed -- --products 100000  # ...plus generated products up to N
 */
import { getEnv } from "../app/lib/env.server";
import { openDatabase } from "../app/lib/sqlite.server";
import { countImageRows, createProgressBar, resolveAdminEmail, resolveAdminPassword, seedBulk, seedDemo } from "../db/seed";
import { isDemoSeed, shellSaysRealShop } from "../db/seed/demo-marker";

const USAGE = "Usage: tsx scripts/seed.ts [--products N]";

function parseArgs(argv: string[]): { products: number | null } {
  let products: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    }
    let value: string | undefined;
    if (arg === "--products") value = argv[++i];
    else if (arg.startsWith("--products=")) value = arg.slice("--products=".length);
    else throw new Error(`Unknown argument "${arg}". ${USAGE}`);
    if (value === undefined || !/^\d+$/.test(value.replace(/_/g, ""))) {
      throw new Error(`--products needs a whole number, got "${value ?? ""}". ${USAGE}`);
    }
    products = Number(value.replace(/_/g, ""));
  }
  return { products };
}

async function main(): Promise<void> {
  const { products } = parseArgs(process.argv.slice(2));
  // A shell that says a real shop is checked first, before the database is opened: a refused admin changes nothing.
  if (shellSaysRealShop(process.env)) {
    resolveAdminEmail(process.env, false);
    resolveAdminPassword(process.env, false);
  }
  const env = getEnv();
  const started = performance.now();
  const db = openDatabase(env.DATABASE_PATH);
  try {
    // Demo or real shop is the database's to say (its demo marker), not the shell's alone: docs/decisions/demo-marker.md.
    const demo = await isDemoSeed(db, process.env);
    const adminEmail = resolveAdminEmail(process.env, demo);
    const adminPassword = resolveAdminPassword(process.env, demo);
    const summary = await seedDemo(db, {
      uploadDir: env.UPLOAD_DIR,
      adminEmail,
      adminPassword,
      demo,
      shopEmail: env.SHOP_EMAIL,
      log: (line) => console.log(line),
    });
    let totalProducts = summary.products;
    if (products !== null) {
      const bulk = await seedBulk(db, products, {
        databasePath: env.DATABASE_PATH,
        onProgress: createProgressBar(process.stderr),
        log: (line) => console.log(line),
      });
      totalProducts = bulk.totalProducts;
      console.log(`bulk products: ${bulk.inserted} added, ${bulk.skipped} already present (${(bulk.elapsedMs / 1000).toFixed(1)} s)`);
    }
    const imageRows = await countImageRows(db);
    console.log(
      [
        `Seeded ${env.DATABASE_PATH} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        `  categories: ${summary.categories}`,
        `  products:   ${totalProducts}`,
        `  images:     ${imageRows} rows (files in ${env.UPLOAD_DIR}/products)`,
        `  admin:      ${summary.adminEmail} (${summary.created.adminUser})`,
        `  shop:       ${demo ? "a demo (the database carries the demo marker)" : "a real shop's"}`,
      ].join("\n"),
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Seeding failed: ${message}`);
  if (error instanceof Error && error.stack && process.env.DEBUG) console.error(error.stack);
  process.exitCode = 1;
});
