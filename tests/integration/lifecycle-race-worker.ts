// A second process performing one transition on its own SQLite connection (tests/integration/order-lifecycle.test.ts):
//   tsx lifecycle-race-worker.ts <db file> <order id> <transition>
// Prints "ready", waits for a line on stdin, performs it in a transaction, prints one JSON line with the result.
import { createInterface } from "node:readline";
import { type OrderTransitionName } from "../../app/domain/orders/lifecycle";
import { transitionOrder } from "../../app/domain/orders/lifecycle.server";
import { openDatabase } from "../../app/lib/sqlite.server";

const [file, orderId, transition] = process.argv.slice(2);
const db = openDatabase(file!);

const lines = createInterface({ input: process.stdin });
process.stdout.write("ready\n");
lines.once("line", async () => {
  let outcome: Record<string, unknown>;
  try {
    const result = await db.transaction().execute((trx) => transitionOrder(trx, Number(orderId), transition as OrderTransitionName, { message: "Cancelled." }));
    outcome = { ok: true, result };
  } catch (error) {
    outcome = { ok: false, error: String(error) };
  }
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
  lines.close();
  await db.destroy();
  process.exit(0);
});
