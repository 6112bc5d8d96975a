// A second process paying for an order on its own SQLite connection (tests/integration/payments.test.ts):
//   tsx payments-race-worker.ts <db file> <emulator url> <client id> <client secret> <order id> <paypal order id>
// Prints "ready", waits for a line on stdin, pays, prints one JSON line with the outcome.
import { createInterface } from "node:readline";
import { setPaypalConfig } from "../../app/lib/paypal-client.server";
import { PaymentError } from "../../app/domain/payments/payment-order.server";
import { completePayment } from "../../app/domain/payments/payments.server";
import { openDatabase } from "../../app/lib/sqlite.server";

const [file, apiBase, clientId, clientSecret, orderId, paypalOrderId] = process.argv.slice(2);
const db = openDatabase(file!);
setPaypalConfig({ mode: "emulator", apiBase: apiBase!, clientId: clientId!, clientSecret: clientSecret! });
console.warn = () => {};

const lines = createInterface({ input: process.stdin });
process.stdout.write("ready\n");
lines.once("line", async () => {
  let outcome: Record<string, unknown>;
  try {
    const result = await completePayment(db, Number(orderId), paypalOrderId!);
    outcome = { ok: true, id: result.id };
  } catch (error) {
    outcome =
      error instanceof PaymentError ? { ok: false, kind: error.kind, status: error.status, message: error.message } : { ok: false, error: String(error) };
  }
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
  lines.close();
  await db.destroy();
  process.exit(0);
});
