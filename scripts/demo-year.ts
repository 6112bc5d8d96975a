/**
 * Fills a freshly seeded demo shop with a year of history (db/seed/demo-year.ts). `npm run demo`
 * runs it right after seeding an empty database; it adds nothing to a shop that has orders, and
 * refuses a database without the demo marker (docs/decisions/demo-marker.md). With
 * PAYPAL_EMULATOR_STATE_FILE set it writes the shop's PayPal payments the emulator's file lacks
 * into it, on a shop it skips too.
 *
 *   tsx scripts/demo-year.ts
 */
import { getEnv } from "../app/lib/env.server";
import { openDatabase } from "../app/lib/sqlite.server";
import { seedDemoYear } from "../db/seed/demo-year";
import { registerDemoPayments } from "../db/seed/demo-year/paypal";

async function main(): Promise<void> {
  const env = getEnv();
  // Made-up customers and orders belong in a demonstration shop only, never in a real one.
  if (env.NODE_ENV === "production" && !env.DEMO) throw new Error("a real shop (NODE_ENV=production without DEMO=1) gets no made-up history");
  const started = performance.now();
  const db = openDatabase(env.DATABASE_PATH);
  try {
    const summary = await seedDemoYear(db, { uploadDir: env.UPLOAD_DIR, log: (line) => console.log(line) });
    if (!summary.skipped) console.log(`A year of demo history in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // The PayPal emulator learns the year's payments, so they can be refunded (run while it is stopped).
    const stateFile = process.env.PAYPAL_EMULATOR_STATE_FILE;
    if (stateFile) {
      const added = await registerDemoPayments(db, stateFile, env.PAYPAL_MERCHANT_ID);
      if (added > 0) console.log(`The PayPal emulator knows ${added} demo payments (${stateFile})`);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`The demo year failed: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof Error && error.stack && process.env.DEBUG) console.error(error.stack);
  process.exitCode = 1;
});
