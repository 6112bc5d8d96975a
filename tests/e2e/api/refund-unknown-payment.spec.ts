import { randomBytes } from "node:crypto";
import { expect, test } from "../fixtures";
import { makeProduct, uniqueSlug } from "../../helpers/kit";
import { expectError } from "../helpers/api";
import { e2eDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// A paid order whose PayPal capture this PayPal (here the emulator) has never seen, as after a
// switch of PayPal account or environment: the owner's refund gets a plain answer, not PayPal's
// error, and the order stays as it was.

test("refunding a payment PayPal does not know: 409 with a plain message, the order unchanged", async ({ loginAsAdmin }) => {
  const db = e2eDb();
  const slug = uniqueSlug("unknown-payment");
  const product = await makeProduct(db, {
    title: `Unknown Payment ${slug}`,
    slug,
    description: "For a refund test.",
    priceCents: 2000,
    stock: 3,
    image: false,
  });
  const order = await db
    .insertInto("orders")
    .values({
      email: uniqueEmail("unknown-payment-buyer"),
      status: "paid",
      subtotal_cents: 2000,
      shipping_cents: 500,
      shipping_name: "Standard Shipping",
      total_cents: 2500,
      confirmation_token: randomBytes(24).toString("base64url"),
      shipping_first_name: "Ada",
      shipping_last_name: "Lovelace",
      shipping_address_line1: "1 Lace Lane",
      shipping_city: "Kraków",
      shipping_postal_code: "30-001",
      shipping_country: "PL",
      paypal_order_id: randomBytes(8).toString("hex").toUpperCase().slice(0, 17),
      paypal_capture_id: `0NK${randomBytes(7).toString("hex").toUpperCase()}`,
      paid_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("order_items")
    .values({ order_id: order.id, product_id: product.id, title: product.title ?? "Item", unit_price_cents: 2000, quantity: 1 })
    .execute();

  const admin = await loginAsAdmin({ email: uniqueEmail("unknown-payment-admin") });
  const message = await expectError(await admin.request.patch(`/api/admin/orders/${order.id}/cancel`), 409);
  expect(message).toBe(
    "PayPal does not know this payment (it may have been made in another PayPal account or environment). Refund it in PayPal yourself; nothing was changed here.",
  );
  const after = await db.selectFrom("orders").select("status").where("id", "=", order.id).executeTakeFirstOrThrow();
  expect(after.status).toBe("paid");
});
