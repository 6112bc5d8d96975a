import { type Kysely, sql } from "kysely";

/**
 * One row per run of a background job that must run in exactly one server process
 * (app/domain/ops/jobs.server.ts). (name, slot) is the primary key: every process that wakes up
 * for the same scheduled slot tries to insert it, and only the one whose insert lands runs it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema
    .createTable("job_runs")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slot", "text", (c) => c.notNull())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("finished_at", "text")
    .addColumn("error", "text")
    .addPrimaryKeyConstraint("job_runs_pk", ["name", "slot"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("job_runs").ifExists().execute();
}
