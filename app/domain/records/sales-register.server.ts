import { shopMonthStart } from "~/domain/common/shop-time";
import { sql } from "kysely";
import { csvStream, isoDate } from "~/domain/ops/exports.server";
import { orderStatusLabel } from "~/domain/orders/status";
import { centsToDecimal, plnGrosze } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

/*
 * The monthly sales register for the accountant (docs/tax.md): one row per order that, in the
 * month (Warsaw time), was paid, had a refund completed, or was cancelled after payment. An order
 * paid in one month and refunded in the next is in both months' registers: 'In month' says why
 * the row is there, and the refunded amounts and credit notes are the month's own.
 */

const PAGE = 500;

export const SALES_MONTH_TEXT = "Choose a month as YYYY-MM, e.g. 2026-11.";
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const SALES_REGISTER_HEADER = [
  "Order",
  "Placed at",
  "Paid at",
  "Status",
  "Country",
  "Subtotal USD",
  "Shipping USD",
  "Discount code",
  "Code discount USD",
  "Loyalty discount USD",
  "Total USD",
  "Refunded USD",
  "Tax regime",
  "Tax rate %",
  "Tax USD",
  "NBP table",
  "NBP date",
  "NBP rate",
  "Total PLN",
  "Refunded PLN",
  "Invoice",
  "Credit notes",
  "In month",
];

/** Midnight of the 1st of the month in Warsaw, as SQLite's UTC "YYYY-MM-DD HH:MM:SS". */
function warsawMonthStart(year: number, month: number): string {
  return shopMonthStart(year, month).slice(0, 19).replace("T", " ");
}

/** A month's bounds, [from, to) in UTC, from "YYYY-MM"; null for anything else. */
export function registerMonth(value: string | null): { month: string; from: string; to: string } | null {
  const match = value ? MONTH.exec(value) : null;
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < 2000 || year > 2999) return null;
  const next = month === 12 ? [year + 1, 1] : [year, month + 1];
  return { month: value!, from: warsawMonthStart(year, month), to: warsawMonthStart(next[0]!, next[1]!) };
}

/** The month's orders as CSV, newest order first. */
export function salesRegisterCsv(db: DB, bounds: { from: string; to: string }): ReadableStream<Uint8Array> {
  const within = (column: string) => sql<boolean>`datetime(${sql.ref(column)}) >= ${bounds.from} AND datetime(${sql.ref(column)}) < ${bounds.to}`;
  // Refunds that gave back the order's payment (an automatic refund of an unwanted capture is no part of the sale).
  const monthsRefunds = sql`FROM refunds r WHERE r.order_id = o.id AND r.status = 'COMPLETED' AND r.kind != 'automatic' AND ${within("r.updated_at")}`;
  const monthsCancel = sql`o.paid_at IS NOT NULL AND EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.type = 'cancelled' AND ${within("e.created_at")})`;
  const paidInMonth = sql<boolean>`o.paid_at IS NOT NULL AND ${within("o.paid_at")}`;
  return csvStream(SALES_REGISTER_HEADER, async (afterId) => {
    const rows = await db
      .selectFrom("orders as o")
      .where(sql<boolean>`(${paidInMonth} OR EXISTS (SELECT 1 ${monthsRefunds}) OR (${monthsCancel}))`)
      .$if(afterId !== null, (q) => q.where("o.id", "<", afterId!))
      .select([
        "o.id",
        "o.created_at as createdAt",
        "o.paid_at as paidAt",
        "o.status",
        "o.shipping_country as country",
        "o.subtotal_cents as subtotalCents",
        "o.shipping_cents as shippingCents",
        "o.discount_code as code",
        "o.discount_cents as codeCents",
        "o.loyalty_discount_cents as loyaltyCents",
        "o.total_cents as totalCents",
        "o.tax_regime as regime",
        "o.tax_rate_bp as rateBp",
        "o.tax_cents as taxCents",
        "o.pln_table as plnTable",
        "o.pln_date as plnDate",
        "o.pln_mid as plnMid",
        "o.pln_total_grosze as plnTotal",
        sql<number>`(SELECT coalesce(sum(r.amount_cents), 0) ${monthsRefunds})`.as("refundedCents"),
        sql<number>`(${paidInMonth})`.as("paidHere"),
        sql<number>`EXISTS (SELECT 1 ${monthsRefunds})`.as("refundedHere"),
        sql<number>`(${monthsCancel})`.as("cancelledHere"),
        sql<string | null>`(SELECT i.number FROM invoices i WHERE i.order_id = o.id AND i.kind = 'invoice')`.as("invoice"),
        sql<string | null>`(SELECT group_concat(number, ' ') FROM (SELECT i.number FROM invoices i
          WHERE i.order_id = o.id AND i.kind = 'credit' AND ${within("i.issued_at")} ORDER BY i.period, i.seq))`.as("credits"),
      ])
      .orderBy("o.id", "desc")
      .limit(PAGE)
      .execute();
    return rows.map((r) => {
      const refunded = Number(r.refundedCents);
      const why = [r.paidHere ? "paid" : "", r.refundedHere ? "refunded" : "", r.cancelledHere ? "cancelled" : ""].filter(Boolean).join(" ");
      return {
        id: r.id,
        cells: [
          r.id,
          isoDate(r.createdAt),
          isoDate(r.paidAt),
          orderStatusLabel(r.status),
          r.country,
          centsToDecimal(r.subtotalCents),
          centsToDecimal(r.shippingCents),
          r.code ?? "",
          centsToDecimal(r.codeCents),
          centsToDecimal(r.loyaltyCents),
          centsToDecimal(r.totalCents),
          centsToDecimal(refunded),
          r.regime ?? "",
          r.rateBp === null ? "" : String(r.rateBp / 100),
          r.taxCents === null ? "" : centsToDecimal(r.taxCents),
          r.plnTable ?? "",
          r.plnDate ?? "",
          r.plnMid === null ? "" : r.plnMid.toFixed(4),
          r.plnTotal === null ? "" : centsToDecimal(r.plnTotal),
          r.plnMid === null ? "" : centsToDecimal(plnGrosze(refunded, r.plnMid)),
          r.invoice ?? "",
          r.credits ?? "",
          why,
        ],
      };
    });
  });
}
