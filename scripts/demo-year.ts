/**
 * Fills a freshly seeded demo shop with a year of history (db/seed/demo-year.ts). `npm run demo`
 * runs it right after seeding an empty database; it adds nothing to a shop that has orders, and
 * refuses a database without the demo marker (docs/decisions/demo-marker.md).
 *
 *   tsx scripts/demo-year.ts
 */
import { getEnv } from "../app/lib/env.server";
import { openDatabase } from "../app/lib/sqlite.server";
import { seedDemoYear } from "../db/seed/demo-year";

async function main(): Promise<void> {
  const env = getEnv();
  // Made-up customers and orders belong in a demonstration shop only, never in a real one.
  if (env.NODE_ENV === "production" && !env.DEMO) throw new Error("a real shop (NODE_ENV=production without DEMO=1) gets no made-up history");
  const started = performance.now();
  const db = openDatabase(env.DATABASE_PATH);
  try {
    const summary = await seedDemoYear(db, { uploadDir: env.UPLOAD_DIR, log: (line) => console.log(line) });
    if (!summary.skipped) console.log(`A year of demo history in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`The demo year failed: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof Error && error.stack && process.env.DEBUG) console.error(error.stack);
  process.exitCode = 1;
});
