import { type DB } from "../../../app/lib/sqlite.server";

/** A stored NBP rate, as the daily 'nbp-rates' job leaves it (tests cannot wait for a business day). */
export async function makeExchangeRate(db: DB, spec: { date: string; mid: number; table?: string; currency?: string }): Promise<void> {
  await db
    .insertInto("exchange_rates")
    .values({ currency: spec.currency ?? "USD", effective_date: spec.date, table_no: spec.table ?? `001/A/NBP/${spec.date.slice(0, 4)}`, mid: spec.mid })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
