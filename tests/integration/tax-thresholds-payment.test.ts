import { completePayment, startPayment } from "~/domain/payments/payments.server";
import { warsawYear } from "~/domain/records/thresholds.server";
import { db } from "~/lib/db.server";
import { makeProduct } from "../helpers/kit";
import { useEmulator } from "../helpers/paypal-emulator";
import { makeOrder } from "./payments-fixtures";

// A payment checks the tax thresholds after its commit (records/thresholds.server.ts).

const { pp } = useEmulator({ clientId: "thresholds-test-client", clientSecret: "thresholds-test-secret" });

afterAll(async () => {
  await db.destroy();
});

async function paidOrder() {
  const product = await makeProduct(db, { stock: 5, priceCents: 2400 });
  const order = await makeOrder(db, { lines: [{ productId: product.id, title: product.title }] });
  const started = await startPayment(db, order.id, { appUrl: "http://localhost:3000" });
  await pp.approve(started.paypalOrderId);
  return completePayment(db, order.id, started.paypalOrderId);
}

it("a payment that finds the year's sales past 80 % of a threshold sends the owner's alert once", async () => {
  const earlier = await makeOrder(db, { lines: [{ productId: (await makeProduct(db, { stock: 1 })).id }] });
  // An earlier payment this year worth 200 000 zł to Poland: 83 % of the exemption limit, nothing EU cross-border.
  await db
    .updateTable("orders")
    .set({ status: "paid", paid_at: new Date().toISOString(), pln_total_grosze: 20_000_000, pln_mid: 4, shipping_country: "PL" })
    .where("id", "=", earlier.id)
    .execute();

  await paidOrder();
  await paidOrder();
  const alerts = await db.selectFrom("outbox").select("event_key").where("kind", "=", "owner-tax-threshold").execute();
  expect(alerts.map((a) => a.event_key)).toEqual([`tax-threshold:${warsawYear(new Date())}:exemption:80`]);
});
