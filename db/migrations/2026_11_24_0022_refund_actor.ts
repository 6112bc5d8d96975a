import { type Kysely } from "kysely";

/**
 * known_signins: the (e-mail, address) pairs an account signed in from, with the last time. The
 * per-account sign-in limit (many addresses guessing one account's password) does not shut a
 * known pair out, so an attack from elsewhere cannot lock the owner out of her own shop.
 *
 * refunds.requested_by: who asked for a refund (the admin's id, e-mail and address as JSON; null
 * for the shop's own automatic refunds). A refund PayPal made but the shop recorded later (the
 * retry job, a webhook) is logged in the activity log under the admin who asked for it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("refunds").addColumn("requested_by", "text").execute();
  await db.schema
    .createTable("known_signins")
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("last_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("known_signins_pk", ["email", "ip"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("known_signins").ifExists().execute();
  await db.schema.alterTable("refunds").dropColumn("requested_by").execute();
}
