import { type Kysely, sql } from "kysely";

/**
 * Limits on what strangers can make the shop store or send: refused admin sign-ins counted per
 * address and 15-minute window (one activity row each, see docs/decisions/refused-sign-ins-log.md),
 * and back-in-stock requests that wait for their address to confirm them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("admin_signin_refusals")
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("client_ip", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("activity_id", "integer")
    .addPrimaryKeyConstraint("admin_signin_refusals_pk", ["window_start", "client_ip"])
    .execute();
  await db.schema.createIndex("admin_signin_refusals_activity").on("admin_signin_refusals").column("activity_id").execute();

  await db.schema.alterTable("back_in_stock_requests").addColumn("confirmed_at", "text").execute();
  await db.schema.alterTable("back_in_stock_requests").addColumn("confirm_token_hash", "text").execute();
  await sql`create unique index back_in_stock_confirm_idx on back_in_stock_requests (confirm_token_hash) where confirm_token_hash is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists back_in_stock_confirm_idx`.execute(db);
  await db.schema.alterTable("back_in_stock_requests").dropColumn("confirm_token_hash").execute();
  await db.schema.alterTable("back_in_stock_requests").dropColumn("confirmed_at").execute();
  await db.schema.dropTable("admin_signin_refusals").ifExists().execute();
}
