import { type Kysely, sql } from "kysely";

/**
 * The records the owner's accountant needs (docs/tax.md).
 *
 * - vat_rates: the EU standard VAT rates, per country and the day each takes effect, in basis
 *   points (2300 = 23 %). Seeded with the rates in force on 1 January 2026; the owner adds a row
 *   when a country changes its rate.
 * - orders.tax_*: the tax record an order gets when it is paid: the regime then, the country the
 *   tax is due in, the rate and the tax in the prices (prices stay what the buyer pays).
 * - orders.pln_*: the National Bank of Poland's table A rate of the last business day before the
 *   payment (its table number and date), and the order's total in grosze at that rate.
 * - invoices: invoices ('invoice', FV/YYYY/MM/n) and credit notes ('credit', KOR/YYYY/MM/n),
 *   numbered by invoice_counters per kind and month with no gap. An order has at most one invoice.
 * - tax_threshold_alerts: which of the thresholds' 80 % and 100 % e-mails went out, per year.
 */
const EU_STANDARD_RATES: Record<string, number> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  HR: 2500,
  CY: 1900,
  CZ: 2100,
  DK: 2500,
  EE: 2400,
  FI: 2550,
  FR: 2000,
  DE: 1900,
  GR: 2400,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LV: 2100,
  LT: 2100,
  LU: 1700,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SK: 2300,
  SI: 2200,
  ES: 2100,
  SE: 2500,
};

export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const isoDate = (column: string) => sql.raw(`${column} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`);
  await db.schema
    .createTable("vat_rates")
    .addColumn("country", "text", (c) => c.notNull().check(sql`length(country) = 2`))
    .addColumn("rate_bp", "integer", (c) => c.notNull().check(sql`rate_bp BETWEEN 0 AND 5000`))
    .addColumn("effective_from", "text", (c) => c.notNull().check(isoDate("effective_from")))
    .addPrimaryKeyConstraint("vat_rates_pk", ["country", "effective_from"])
    .execute();
  await db
    .insertInto("vat_rates")
    .values(Object.entries(EU_STANDARD_RATES).map(([country, rate_bp]) => ({ country, rate_bp, effective_from: "2026-01-01" })))
    .execute();

  let orders = db.schema.alterTable("orders");
  const columns: [string, "text" | "integer" | "real", string | null][] = [
    ["tax_regime", "text", "tax_regime IS NULL OR tax_regime IN ('exempt', 'vat', 'vat-oss')"],
    ["tax_country", "text", null],
    ["tax_rate_bp", "integer", "tax_rate_bp IS NULL OR tax_rate_bp >= 0"],
    ["tax_cents", "integer", "tax_cents IS NULL OR tax_cents >= 0"],
    ["pln_mid", "real", "pln_mid IS NULL OR pln_mid > 0"],
    ["pln_table", "text", null],
    ["pln_date", "text", null],
    ["pln_total_grosze", "integer", "pln_total_grosze IS NULL OR pln_total_grosze >= 0"],
  ];
  for (const [name, type, check] of columns) {
    orders = db.schema.alterTable("orders");
    await orders.addColumn(name, type, (c) => (check ? c.check(sql.raw(check)) : c)).execute();
  }

  await db.schema
    .createTable("invoice_counters")
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('invoice', 'credit')`))
    .addColumn("period", "text", (c) => c.notNull().check(sql`period GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]'`))
    .addColumn("last", "integer", (c) => c.notNull().check(sql`last > 0`))
    .addPrimaryKeyConstraint("invoice_counters_pk", ["kind", "period"])
    .execute();

  await db.schema
    .createTable("invoices")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('invoice', 'credit')`))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull().check(sql`seq > 0`))
    .addColumn("issued_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("sale_date", "text", (c) => c.notNull().check(isoDate("sale_date")))
    .addColumn("buyer_name", "text", (c) => c.notNull())
    .addColumn("buyer_address", "text", (c) => c.notNull())
    .addColumn("tax_id", "text")
    /** A credit note: the invoice it corrects and the refund it records. */
    .addColumn("corrects_id", "integer", (c) => c.references("invoices.id"))
    .addColumn("refund_id", "integer", (c) => c.references("refunds.id"))
    /** The invoice's total, or the credit note's amount, in cents (USD). */
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents >= 0`))
    /** What the document shows, as issued (lines, tax, the złoty rate): never recomputed. */
    .addColumn("snapshot", "text", (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addUniqueConstraint("invoices_seq", ["kind", "period", "seq"])
    .addCheckConstraint("invoices_credit", sql`(kind = 'credit') = (corrects_id IS NOT NULL)`)
    .execute();
  await sql`CREATE UNIQUE INDEX invoices_one_per_order ON invoices (order_id) WHERE kind = 'invoice'`.execute(db);
  await sql`CREATE UNIQUE INDEX invoices_one_per_refund ON invoices (refund_id) WHERE refund_id IS NOT NULL`.execute(db);
  // Invoices are records: they are never changed or deleted once issued.
  await sql`CREATE TRIGGER invoices_no_update BEFORE UPDATE ON invoices BEGIN SELECT RAISE(ABORT, 'invoices are never changed'); END`.execute(db);
  await sql`CREATE TRIGGER invoices_no_delete BEFORE DELETE ON invoices BEGIN SELECT RAISE(ABORT, 'invoices are never deleted'); END`.execute(db);

  await db.schema
    .createTable("tax_threshold_alerts")
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("threshold", "text", (c) => c.notNull().check(sql`threshold IN ('eu-distance', 'exemption')`))
    .addColumn("level", "integer", (c) => c.notNull().check(sql`level IN (80, 100)`))
    .addColumn("sent_at", "text", (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("tax_threshold_alerts_pk", ["year", "threshold", "level"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tax_threshold_alerts").ifExists().execute();
  await sql`DROP TRIGGER IF EXISTS invoices_no_update`.execute(db);
  await sql`DROP TRIGGER IF EXISTS invoices_no_delete`.execute(db);
  await db.schema.dropTable("invoices").ifExists().execute();
  await db.schema.dropTable("invoice_counters").ifExists().execute();
  for (const c of ["pln_total_grosze", "pln_date", "pln_table", "pln_mid", "tax_cents", "tax_rate_bp", "tax_country", "tax_regime"]) {
    await db.schema.alterTable("orders").dropColumn(c).execute();
  }
  await db.schema.dropTable("vat_rates").ifExists().execute();
}
