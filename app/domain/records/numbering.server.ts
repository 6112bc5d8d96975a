import { shopMonth } from "~/domain/common/shop-time";
import { sql } from "kysely";
import { type InvoiceKind } from "~/lib/db-schema/records";
import { type DB } from "~/lib/sqlite.server";

/*
 * Invoice and credit-note numbers, consecutive per kind and month with no gap (the VAT Act's
 * Art. 106e(1)(2) asks for one running series). The counter is raised in the transaction that
 * writes the document, so a document that is not written takes no number: the rollback takes
 * the counter back with it.
 */

export const NUMBER_PREFIX: Record<InvoiceKind, string> = { invoice: "FV", credit: "KOR" };

export interface DocumentNumber {
  number: string;
  /** YYYY-MM */
  period: string;
  seq: number;
}

/** The month a document is numbered in: its issue date's, in the shop's own time (Warsaw). */
export function numberingPeriod(issuedAt: Date): string {
  return shopMonth(issuedAt);
}

/**
 * The next number of `kind` for the month of `issuedAt`, e.g. FV/2026/11/7. Call it inside the
 * transaction that inserts the document (SQLite's one writer makes the raise and the insert one
 * step for every other request).
 */
export async function nextDocumentNumber(trx: DB, kind: InvoiceKind, issuedAt: Date): Promise<DocumentNumber> {
  const period = numberingPeriod(issuedAt);
  const row = await trx
    .insertInto("invoice_counters")
    .values({ kind, period, last: 1 })
    .onConflict((oc) => oc.columns(["kind", "period"]).doUpdateSet({ last: sql`last + 1` }))
    .returning("last")
    .executeTakeFirstOrThrow();
  const [year, month] = period.split("-");
  return { number: `${NUMBER_PREFIX[kind]}/${year}/${month}/${row.last}`, period, seq: row.last };
}
