// A shop taking paid orders into one database until it is killed (tests/integration/replication.test.ts):
//   node --import tsx replication-writer.ts <db file>
// Each order is paid as checkout pays it, against this process's own PayPal emulator: an unpaid
// order, its PayPal order started and approved, the capture completed and recorded. Once that
// has committed it prints "paid <order id>", the moment the buyer would see 'Order Confirmed!'.
import { completePayment, startPayment } from "../../app/domain/payments/payments.server";
import { setPaypalConfig } from "../../app/lib/paypal-client.server";
import { openDatabase } from "../../app/lib/sqlite.server";
import { startPaypalEmulator } from "../../tools/paypal-emulator";
import { makeProduct } from "../helpers/kit";
import { makeOrder } from "./payments-fixtures";

const credentials = { clientId: "replication-writer", clientSecret: "replication-writer-secret" };
const db = openDatabase(process.argv[2]!);
const emulator = await startPaypalEmulator({ port: 0, ...credentials });
setPaypalConfig({ mode: "emulator", apiBase: emulator.url, ...credentials });
console.warn = () => {};

const product = await makeProduct(db, { stock: 1_000_000, priceCents: 2400 });
process.stdout.write("ready\n");
for (;;) {
  const order = await makeOrder(db, { lines: [{ productId: product.id, title: product.title }] });
  const started = await startPayment(db, order.id, { appUrl: "http://localhost:3000" });
  const approved = await fetch(`${emulator.url}/__emulator/approve/${started.paypalOrderId}`, { method: "POST" });
  if (approved.status !== 200) throw new Error(`the emulator did not approve ${started.paypalOrderId}: ${approved.status}`);
  await completePayment(db, order.id, started.paypalOrderId);
  process.stdout.write(`paid ${order.id}\n`);
}
