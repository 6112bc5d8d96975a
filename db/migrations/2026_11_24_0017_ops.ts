import { type Kysely, sql } from "kysely";

/**
 * Operations: the activity log of admin changes and sign-ins, and one row per backup.
 * activity_log is append-only: triggers refuse UPDATE and DELETE, so no code path of the app
 * (nor a mistaken maintenance query) can rewrite history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema
    .createTable("activity_log")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("actor_id", "integer")
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("subject_type", "text")
    .addColumn("subject_id", "integer")
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("changes", "text")
    .addColumn("client_ip", "text")
    .execute();
  await db.schema.createIndex("activity_log_kind_idx").on("activity_log").columns(["kind", "id"]).execute();
  await db.schema.createIndex("activity_log_subject_idx").on("activity_log").columns(["subject_type", "subject_id", "id"]).execute();
  await sql`CREATE TRIGGER activity_log_no_update BEFORE UPDATE ON activity_log BEGIN SELECT RAISE(ABORT, 'activity_log is append-only'); END`.execute(db);
  await sql`CREATE TRIGGER activity_log_no_delete BEFORE DELETE ON activity_log BEGIN SELECT RAISE(ABORT, 'activity_log is append-only'); END`.execute(db);

  await db.schema
    .createTable("backups")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("file", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("uploads_copied", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("trigger", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("backups").ifExists().execute();
  await sql`DROP TRIGGER IF EXISTS activity_log_no_update`.execute(db);
  await sql`DROP TRIGGER IF EXISTS activity_log_no_delete`.execute(db);
  await db.schema.dropTable("activity_log").ifExists().execute();
}
