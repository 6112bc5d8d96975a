import { shopDay } from "~/domain/common/shop-time";
import { DomainError } from "~/domain/common/errors";
import { getSetting } from "~/domain/common/settings.server";

import { rateBefore } from "~/domain/currency/rates.server";
import { type Actor, logActivity, saveLoggedSetting, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { readLineShares } from "~/domain/orders/line-shares.server";
import { type TaxSettingsInput, type VatRateInput } from "~/domain/records/schemas";
import {
  DEFAULT_TAX_SETTINGS,
  EXEMPTION_TEXT_MAX,
  formatRatePercent,
  isTaxRegime,
  orderRecordsApi,
  orderTaxCents,
  TAX_TEXT,
  taxChoice,
  type TaxSettings,
  type VatRate,
  RECORD_COLUMNS,
} from "~/domain/records/tax";
import { plnGrosze } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

/*
 * The tax regime (settings key 'tax'), the EU standard rates (vat_rates: rows are added, never
 * rewritten) and the record an order gets when it is paid (orders.tax_* and pln_*), docs/tax.md.
 */

export const TAX_SETTINGS_KEY = "tax";

/** The regime and the exemption wording; a missing or broken stored value falls back field by field. */
export async function getTaxSettings(db: DB): Promise<TaxSettings> {
  const stored = await getSetting<Partial<Record<keyof TaxSettings, unknown>>>(db, TAX_SETTINGS_KEY, {});
  const text = typeof stored.exemptionText === "string" ? stored.exemptionText.trim() : "";
  return {
    taxRegime: isTaxRegime(stored.taxRegime) ? stored.taxRegime : DEFAULT_TAX_SETTINGS.taxRegime,
    exemptionText: text && text.length <= EXEMPTION_TEXT_MAX ? text : DEFAULT_TAX_SETTINGS.exemptionText,
  };
}

/** Saves the regime and the wording with their activity row; orders paid from now on are recorded under it. */
export async function saveTaxSettings(db: DB, input: TaxSettingsInput, actor: Actor = SYSTEM_ACTOR): Promise<TaxSettings> {
  const value: TaxSettings = { taxRegime: input.taxRegime, exemptionText: input.exemptionText };
  await saveLoggedSetting(
    db,
    TAX_SETTINGS_KEY,
    { ...value },
    { actor, kind: "settings.tax", summary: "Tax settings saved", defaults: { ...DEFAULT_TAX_SETTINGS } },
  );
  return value;
}

function vatRates(db: DB) {
  return db.selectFrom("vat_rates").select(["country", "rate_bp as rateBp", "effective_from as effectiveFrom"]);
}

/** Every stored rate row, by country then date. */
export function listVatRates(db: DB): Promise<VatRate[]> {
  return vatRates(db).orderBy("country").orderBy("effective_from").execute();
}

/** Adds a rate row from a day on (earlier orders keep the rate they were recorded at); 409 on the field when that country already has a row from that day. */
export async function addVatRate(db: DB, input: VatRateInput, actor: Actor = SYSTEM_ACTOR): Promise<VatRate> {
  const row: VatRate = { country: input.country, rateBp: input.rate, effectiveFrom: input.effectiveFrom };
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("vat_rates")
      .values({ country: row.country, rate_bp: row.rateBp, effective_from: row.effectiveFrom })
      .onConflict((oc) => oc.columns(["country", "effective_from"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new DomainError(TAX_TEXT.rateTaken, 409, "effectiveFrom");
    await logActivity(trx, {
      actor,
      kind: "settings.vat-rate",
      subjectType: "settings",
      summary: `VAT rate ${row.country} ${formatRatePercent(row.rateBp)} % from ${row.effectiveFrom}`,
      changes: { [`${row.country} ${row.effectiveFrom}`]: [null, formatRatePercent(row.rateBp)] },
    });
    return row;
  });
}

/** The złoty columns at the NBP rate of the last business day before `day`, or null while none is stored. */
async function plnColumns(db: DB, day: string, totalCents: number) {
  const rate = await rateBefore(db, day);
  if (!rate) return null;
  return { pln_mid: rate.mid, pln_table: rate.tableNo, pln_date: rate.effectiveDate, pln_total_grosze: plnGrosze(totalCents, rate.mid) };
}

/**
 * Writes an order's tax and złoty record as it becomes paid, in the caller's transaction (the
 * lifecycle's 'pay'): the regime in force, the country and rate of the payment's day in Warsaw,
 * the tax out of each line's paid amount and the shipping's; the złoty columns stay null until a
 * rate before that day is stored (fillMissingPlnRecords).
 */
export async function writeOrderTaxRecord(trx: DB, orderId: number, paidAt: Date): Promise<void> {
  const order = await trx
    .selectFrom("orders")
    .select(["shipping_country as country", "total_cents as totalCents"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  const shares = await readLineShares(trx, orderId);
  if (!order || !shares) return;
  const day = shopDay(paidAt);
  const { taxRegime } = await getTaxSettings(trx);
  const choice = taxChoice(taxRegime, order.country, day, await vatRates(trx).execute());
  const taxCents = choice
    ? orderTaxCents(
        shares.lines.map((l) => l.paidCents),
        shares.shippingPaidCents,
        choice.rateBp,
      )
    : 0;
  const pln = await plnColumns(trx, day, order.totalCents);
  await trx
    .updateTable("orders")
    .set({ tax_regime: taxRegime, tax_country: choice?.country ?? null, tax_rate_bp: choice?.rateBp ?? 0, tax_cents: taxCents, ...pln })
    .where("id", "=", orderId)
    .execute();
}

/**
 * Orders recorded at payment while no rate before their day was stored: their złoty columns, once
 * one is (the 'nbp-rates' job calls it after each fetch). Orders paid before the records existed
 * have no tax record and are left alone. Answers how many were filled.
 */
export async function fillMissingPlnRecords(db: DB): Promise<number> {
  const waiting = await db
    .selectFrom("orders")
    .select(["id", "paid_at as paidAt", "total_cents as totalCents"])
    .where("tax_regime", "is not", null)
    .where("pln_mid", "is", null)
    .where("paid_at", "is not", null)
    .orderBy("id")
    .execute();
  let filled = 0;
  for (const order of waiting) {
    const pln = await plnColumns(db, shopDay(new Date(order.paidAt!)), order.totalCents);
    if (!pln) continue;
    const done = await db.updateTable("orders").set(pln).where("id", "=", order.id).where("pln_mid", "is", null).executeTakeFirst();
    filled += Number(done.numUpdatedRows);
  }
  return filled;
}

/** An order's records as the admin order JSON and page carry them; both null for an unknown order. */
export async function readOrderRecords(db: DB, orderId: number) {
  const row = await db
    .selectFrom("orders")
    .select([...RECORD_COLUMNS])
    .where("id", "=", orderId)
    .executeTakeFirst();
  return row ? orderRecordsApi(row) : { tax: null, pln: null };
}
