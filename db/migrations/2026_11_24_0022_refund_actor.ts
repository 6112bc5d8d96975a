import { type Kysely } from "kysely";

/**
 * refunds.requested_by: who asked for a refund (the admin's id, e-mail and address as JSON; null
 * for the shop's own automatic refunds). A refund PayPal made but the shop recorded later (the
 * retry job, a webhook) is logged in the activity log under the admin who asked for it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("refunds").addColumn("requested_by", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("refunds").dropColumn("requested_by").execute();
}
