import { type Kysely, sql } from "kysely";

/**
 * exchange_rates: the National Bank of Poland's table A mid rates, one row per currency and
 * effective date, every day's rate kept (not only the newest): the Polish pages show the newest as
 * an indicative złoty amount, and the tax records convert a sale at the rate of the last business
 * day before it (docs/decisions/nbp-rates.md). `table_no` is the bank's table number, such as
 * '231/A/NBP/2026'; `mid` is złoty per unit of the currency, as the bank publishes it (4 decimals).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema
    .createTable("exchange_rates")
    .addColumn("currency", "text", (c) => c.notNull().check(sql`length(currency) = 3`))
    .addColumn("effective_date", "text", (c) => c.notNull().check(sql`effective_date glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`))
    .addColumn("table_no", "text", (c) => c.notNull())
    .addColumn("mid", "real", (c) => c.notNull().check(sql`mid > 0`))
    .addColumn("fetched_at", "text", (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("exchange_rates_pk", ["currency", "effective_date"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("exchange_rates").ifExists().execute();
}
