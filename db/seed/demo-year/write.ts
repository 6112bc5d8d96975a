import { recalculateCategoryCounts } from "../../../app/domain/catalogue/categories.server";
import { DAY, type DemoContext, type Row } from "./context";
import { between, hex, insertRows, iso, plannedTotal } from "./helpers";
import { insertDemoCodes } from "./discounts";
import { favoriteRows } from "./favorites";
import { insertMadeToOrderPieces } from "./made-to-order";
import { seedPolishTexts } from "../polish";

/** Writes the planned year in one transaction, with chunked multi-row inserts. */
export async function writeYear(ctx: DemoContext): Promise<void> {
  // Built before the transaction: the rows draw from the random source in this order.
  const userRows = customerRows(ctx);
  const orderRows = plannedOrderRows(ctx);
  const itemRows = orderItemRows(ctx);
  const { ledger, rows } = ctx;
  const byTime = <T extends Row>(list: T[]) => list.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
  ledger.activity.sort((a, b) => a.at - b.at);

  await ctx.db.transaction().execute(async (trx) => {
    for (const u of ctx.productUpdates) {
      await trx.updateTable("products").set({ created_at: u.createdAt, updated_at: u.createdAt }).where("id", "=", u.id).execute();
    }
    await insertMadeToOrderPieces(trx, ctx);
    await seedPolishTexts(trx);
    await insertRows(trx, "product_images", [...rows.madeToOrderImages, ...rows.colourImages]);
    await recalculateCategoryCounts(trx);
    await insertRows(trx, "users", userRows);
    await insertRows(trx, "favorites", favoriteRows(ctx));
    await insertRows(trx, "orders", orderRows);
    await insertRows(trx, "order_items", itemRows);
    await insertRows(trx, "payment_attempts", byTime(ledger.paymentAttempts));
    await insertRows(trx, "order_events", byTime(ledger.orderEvents));
    await insertRows(trx, "loyalty_events", ledger.loyaltyEvents);
    await insertRows(trx, "refunds", byTime(ledger.refunds));
    await insertRows(trx, "withdrawals", ledger.withdrawals);
    await insertRows(
      trx,
      "activity_log",
      ledger.activity.map(({ at: _at, ...row }) => row),
    );
    await insertRows(trx, "reviews", rows.reviews);
    await insertRows(trx, "review_photos", rows.reviewPhotos);
    await insertDemoCodes(trx, ctx);
  });
}

function customerRows(ctx: DemoContext): Row[] {
  return ctx.customers.map((c) => ({
    id: c.id,
    email: c.email,
    password_hash: ctx.passwordHash,
    first_name: c.firstName,
    last_name: c.lastName,
    shipping_first_name: c.firstName,
    shipping_last_name: c.lastName,
    shipping_address_line1: c.address.line1,
    shipping_address_line2: c.address.line2,
    shipping_city: c.address.city,
    shipping_state: c.address.state,
    shipping_postal_code: c.address.postal,
    shipping_country: c.address.country,
    loyalty_points: c.balance,
    is_admin: 0,
    created_at: iso(c.createdAt),
    email_verified_at: iso(c.createdAt + between(ctx.rnd, 2, 40) * 60_000),
  }));
}

function plannedOrderRows(ctx: DemoContext): Row[] {
  const { rnd, latest } = ctx;
  return ctx.orders.map((o) => {
    const person = o.customer ?? o.guest!;
    const shippedLike = o.status === "shipped" || o.status === "delivered";
    return {
      id: o.id,
      user_id: o.customer?.id ?? null,
      session_key: o.customer ? null : `demo-guest-${hex(rnd, 24)}`,
      email: person.email,
      status: o.status,
      subtotal_cents: o.subtotal,
      shipping_cents: o.shipping,
      shipping_name: o.shippingName,
      shipping_zone: o.shippingZone,
      loyalty_discount_cents: o.discount,
      loyalty_points_used: o.pointsUsed,
      total_cents: plannedTotal(o),
      tracking_number: o.tracking,
      customer_message: o.message,
      confirmation_token: Buffer.from(hex(rnd, 48), "hex").toString("base64url"),
      shipping_first_name: person.firstName,
      shipping_last_name: person.lastName,
      shipping_address_line1: person.address.line1,
      shipping_address_line2: person.address.line2,
      shipping_city: person.address.city,
      shipping_state: person.address.state,
      shipping_postal_code: person.address.postal,
      shipping_country: person.address.country,
      // Buyers in Poland, and one regular customer in seven (Poles abroad), read the shop in
      // Polish: their orders, and their e-mails, are Polish. No draw: the year stays the same.
      locale: person.address.country === "PL" || (o.customer && ctx.customers.indexOf(o.customer) % 7 === 3) ? "pl" : "en",
      stock_reserved: o.paidAt !== null && o.status !== "cancelled" ? 1 : 0,
      paypal_order_id: o.paypalOrderId,
      paypal_capture_id: o.captureId,
      points_awarded: o.pointsAwarded,
      points_to_earn: o.pointsToEarn,
      points_taken: o.pointsTaken,
      points_owed: o.pointsOwed,
      created_at: iso(o.createdAt),
      updated_at: iso(o.updatedAt),
      paid_at: o.paidAt !== null ? iso(o.paidAt) : null,
      shipped_at: o.shippedAt !== null ? iso(o.shippedAt) : null,
      delivered_at: o.deliveredAt !== null ? iso(o.deliveredAt) : null,
      expected_ship_date: o.expectedShipDate,
      // The demo customers were asked once already; the request job leaves them alone.
      review_requested_at: shippedLike || o.status === "returned" ? iso(Math.min((o.deliveredAt ?? o.shippedAt!) + 7 * DAY, latest)) : null,
    };
  });
}

function orderItemRows(ctx: DemoContext): Row[] {
  return ctx.orders.flatMap((o) =>
    o.items.map((i) => ({
      id: i.id,
      order_id: o.id,
      product_id: i.product.id,
      title: i.product.title,
      unit_price_cents: i.product.priceCents,
      quantity: i.quantity,
      color_id: i.colorId,
      variation_code: i.variation?.code ?? null,
      variation_name: i.variation?.name ?? null,
      returned_quantity: i.returned,
      stock_taken: i.stockTaken,
      made_to_order: i.product.madeToOrder ? 1 : 0,
      lead_time_days: i.product.madeToOrder ? i.product.leadTimeDays : null,
      is_personalised: i.product.personalised ? 1 : 0,
    })),
  );
}
