import { type Kysely, sql } from "kysely";

/**
 * Account-security state: verified e-mail, the admin's TOTP secret and recovery
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
  // The sitemap is rebuilt only when what it lists changes: these triggers count such changes.
  await db.schema
    .createTable("catalogue_version")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO catalogue_version (id, version) VALUES (1, 0)`.execute(db);
  const bump = "UPDATE catalogue_version SET version = version + 1 WHERE id = 1;";
  for (const [name, event] of [
    ["products_insert", "AFTER INSERT ON products"],
    ["products_delete", "AFTER DELETE ON products"],
    ["products_update", "AFTER UPDATE OF slug, updated_at ON products"],
    ["categories_insert", "AFTER INSERT ON categories"],
    ["categories_delete", "AFTER DELETE ON categories"],
    ["categories_update", "AFTER UPDATE OF slug, is_active, product_count, sort_order ON categories"],
  ]) {
    await sql.raw(`CREATE TRIGGER catalogue_version_${name} ${event} BEGIN ${bump} END`).execute(db);
  }

  await db.schema.createIndex("auth_tokens_user").on("auth_tokens").columns(["user_id", "purpose"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ["products_insert", "products_delete", "products_update", "categories_insert", "categories_delete", "categories_update"]) {
    await sql.raw(`DROP TRIGGER IF EXISTS catalogue_version_${name}`).execute(db);
  }
  await db.schema.dropTable("catalogue_version").ifExists().execute();
  await db.schema.dropTable("auth_tokens").ifExists().execute();
  await db.schema.dropTable("rate_events").ifExists().execute();
  await db.schema.dropTable("recovery_codes").ifExists().execute();
  await db.schema.alterTable("sessions").dropColumn("last_seen_at").execute();
  await db.schema.alterTable("users").dropColumn("totp_last_step").execute();
  await db.schema.alterTable("users").dropColumn("totp_enabled_at").execute();
  await db.schema.alterTable("users").dropColumn("totp_secret").execute();
  await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
}
