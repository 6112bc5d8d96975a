import { formatRatePercent } from "~/domain/records/tax";
import { stringify } from "csv-stringify/sync";
import { type AdminOrderFilter, filteredOrders } from "~/domain/orders/fulfilment.server";
import { OrderSearchSchema } from "~/domain/orders/schemas";
import { isOrderStatus } from "~/domain/orders/status";
import { orderStatusLabel } from "~/domain/orders/status";
import { centsToDecimal } from "~/lib/money";
import { sql } from "kysely";
import { getCustomsSettings } from "~/domain/customs/settings.server";
import { type DB } from "~/lib/sqlite.server";

/**
 * CSV exports for the owner's accountant: streamed in pages of 500 rows (each a short query,
 * so a long download never holds the database), UTF-8 with a BOM and a header row, money as
 * decimals, dates ISO 8601.
 */
const PAGE = 500;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a
 * leading single quote, so it shows as text (CSV formula injection).
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const CSV_OPTIONS = { cast: { string: neutralise, boolean: (b: boolean) => (b ? "yes" : "no") } } as const;

/** SQLite's "2026-11-24 10:00:00" or an ISO string, as ISO 8601 in UTC. */
export function isoDate(value: string | null): string {
  if (!value) return "";
  const text = value.includes("T") ? value : `${value.replace(" ", "T")}Z`;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The Orders tab's filter from a URL: status, q (order number or e-mail), from and to (YYYY-MM-DD). */
export function orderFilterFrom(url: URL): Required<Pick<AdminOrderFilter, "status" | "q" | "from" | "to">> {
  const p = url.searchParams;
  const status = p.get("status") ?? "";
  const day = (v: string | null) => (v && DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : null);
  return {
    status: isOrderStatus(status) ? status : null,
    q: OrderSearchSchema.parse(p.get("q")) || null,
    from: day(p.get("from")),
    to: day(p.get("to")),
  };
}

export function csvStream<T>(header: string[], page: (afterId: number | null) => Promise<{ id: number; cells: T[] }[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterId: number | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(stringify([header], { bom: true })));
        return;
      }
      const rows = await page(afterId);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      afterId = rows[rows.length - 1]!.id;
      controller.enqueue(
        encoder.encode(
          stringify(
            rows.map((r) => r.cells),
            CSV_OPTIONS,
          ),
        ),
      );
    },
  });
}

export const ORDER_CSV_HEADER = [
  "Order",
  "Placed at",
  "Status",
  "E-mail",
  "First name",
  "Last name",
  "City",
  "Country",
  "Items",
  "Weight (g)",
  "HS codes",
  "Subtotal",
  "Shipping",
  "Shipping method",
  "Shipping zone",
  "Loyalty discount",
  "Discount code",
  "Code discount",
  "Total",
  "Currency",
  "Paid at",
  "Shipped at",
  "Tracking number",
  "Tax regime",
  "Tax country",
  "Tax rate %",
  "Tax",
  "NBP table",
  "NBP date",
  "NBP rate",
  "Total PLN",
];

/**
 * The filtered orders as CSV, newest first. Weight (g): the products' weights × quantities, empty
 * when a line's product has none recorded; HS codes: the lines' codes (a product's own, else the
 * Settings' default), each once.
 */
export function ordersCsv(db: DB, filter: AdminOrderFilter): ReadableStream<Uint8Array> {
  return csvStream(ORDER_CSV_HEADER, async (afterId) => {
    const { hsCode: defaultHsCode } = await getCustomsSettings(db);
    const rows = await filteredOrders(db, filter)
      .$if(afterId !== null, (q) => q.where("o.id", "<", afterId!))
      .select([
        "o.id",
        "o.created_at as createdAt",
        "o.status",
        "o.email",
        "o.shipping_first_name as firstName",
        "o.shipping_last_name as lastName",
        "o.shipping_city as city",
        "o.shipping_country as country",
        "o.subtotal_cents as subtotalCents",
        "o.shipping_cents as shippingCents",
        "o.shipping_name as shippingName",
        "o.shipping_zone as shippingZone",
        "o.loyalty_discount_cents as discountCents",
        "o.discount_code as code",
        "o.discount_cents as codeCents",
        "o.total_cents as totalCents",
        "o.paid_at as paidAt",
        "o.shipped_at as shippedAt",
        "o.tracking_number as trackingNumber",
        "o.tax_regime as taxRegime",
        "o.tax_country as taxCountry",
        "o.tax_rate_bp as taxRateBp",
        "o.tax_cents as taxCents",
        "o.pln_table as plnTable",
        "o.pln_date as plnDate",
        "o.pln_mid as plnMid",
        "o.pln_total_grosze as plnTotalGrosze",
        (eb) =>
          eb
            .selectFrom("order_items as oi")
            .select((e) => e.fn.coalesce(e.fn.sum<number>("oi.quantity"), e.lit(0)).as("n"))
            .whereRef("oi.order_id", "=", "o.id")
            .as("items"),
        sql<number | null>`(SELECT CASE WHEN count(*) = count(p.weight_grams) THEN sum(oi.quantity * p.weight_grams) END
          FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id WHERE oi.order_id = o.id)`.as("weightGrams"),
        sql<string | null>`(SELECT group_concat(DISTINCT coalesce(p.hs_code, ${defaultHsCode}))
          FROM order_items oi LEFT JOIN products p ON p.id = oi.product_id WHERE oi.order_id = o.id)`.as("hsCodes"),
      ])
      .orderBy("o.id", "desc")
      .limit(PAGE)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      cells: [
        r.id,
        isoDate(r.createdAt),
        orderStatusLabel(r.status),
        r.email,
        r.firstName,
        r.lastName,
        r.city,
        r.country,
        Number(r.items ?? 0),
        r.weightGrams ?? "",
        (r.hsCodes ?? "").split(",").filter(Boolean).sort().join(" "),
        centsToDecimal(r.subtotalCents),
        centsToDecimal(r.shippingCents),
        r.shippingName,
        r.shippingZone ?? "",
        centsToDecimal(r.discountCents),
        r.code ?? "",
        centsToDecimal(r.codeCents),
        centsToDecimal(r.totalCents),
        "USD",
        isoDate(r.paidAt),
        isoDate(r.shippedAt),
        r.trackingNumber ?? "",
        // The tax and złoty record of a paid order (docs/decisions/tax-from-gross.md); empty before.
        r.taxRegime ?? "",
        r.taxCountry ?? "",
        r.taxRateBp === null ? "" : formatRatePercent(r.taxRateBp),
        r.taxCents === null ? "" : centsToDecimal(r.taxCents),
        r.plnTable ?? "",
        r.plnDate ?? "",
        r.plnMid === null ? "" : String(r.plnMid),
        r.plnTotalGrosze === null ? "" : centsToDecimal(r.plnTotalGrosze),
      ],
    }));
  });
}

export const USER_CSV_HEADER = ["User", "E-mail", "First name", "Last name", "Role", "Loyalty points", "Orders", "Joined at"];

/** Every account as CSV, newest first. */
export function usersCsv(db: DB): ReadableStream<Uint8Array> {
  return csvStream(USER_CSV_HEADER, async (afterId) => {
    const rows = await db
      .selectFrom("users as u")
      .$if(afterId !== null, (q) => q.where("u.id", "<", afterId!))
      .select([
        "u.id",
        "u.email",
        "u.first_name as firstName",
        "u.last_name as lastName",
        "u.is_admin as isAdmin",
        "u.loyalty_points as points",
        "u.created_at as createdAt",
        (eb) =>
          eb
            .selectFrom("orders as o")
            .select((e) => e.fn.countAll<number>().as("n"))
            .whereRef("o.user_id", "=", "u.id")
            .as("orders"),
      ])
      .orderBy("u.id", "desc")
      .limit(PAGE)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      cells: [r.id, r.email, r.firstName, r.lastName, r.isAdmin === 1 ? "Admin" : "Customer", r.points, Number(r.orders ?? 0), isoDate(r.createdAt)],
    }));
  });
}

/** The download's headers: a dated file name, never cached. */
export function csvHeaders(name: string, now = new Date()): HeadersInit {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
}
