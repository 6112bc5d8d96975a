import { type Kysely, sql } from "kysely";

/**
 * Account-security state (issue 20): verified e-mail, the admin's TOTP secret and recovery
 * codes, session activity for idle expiry, per-address rate counters, and single-use tokens
 * (e-mail verification, undoing an e-mail change).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema.alterTable("users").addColumn("email_verified_at", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_enabled_at", "text").execute();
  // The last 30-second step a code was accepted for: a code works once (RFC 6238 section 5.2).
  await db.schema.alterTable("users").addColumn("totp_last_step", "integer").execute();
  await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("recovery_codes_user").on("recovery_codes").column("user_id").execute();

  await db.schema
    .createTable("rate_events")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("rate_events_lookup").on("rate_events").columns(["bucket", "key", "created_at"]).execute();

  await db.schema
    .createTable("auth_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("auth_tokens_user").on("auth_tokens").columns(["user_id", "purpose"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("auth_tokens").ifExists().execute();
  await db.schema.dropTable("rate_events").ifExists().execute();
  await db.schema.dropTable("recovery_codes").ifExists().execute();
  await db.schema.alterTable("sessions").dropColumn("last_seen_at").execute();
  await db.schema.alterTable("users").dropColumn("totp_last_step").execute();
  await db.schema.alterTable("users").dropColumn("totp_enabled_at").execute();
  await db.schema.alterTable("users").dropColumn("totp_secret").execute();
  await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
}
