import { shopMonth } from "~/domain/common/shop-time";

/*
 * The Orders tab's Reports card: the month's sales register for the accountant
 * (GET /admin/reports/sales.csv?month=YYYY-MM). A plain GET form: the browser downloads the file,
 * with JavaScript or without.
 */

/** The month before `now`'s month in the shop's own time (Warsaw), as YYYY-MM. */
export function lastMonth(now = new Date()): string {
  const [year, month] = shopMonth(now).split("-").map(Number);
  return month === 1 ? `${year! - 1}-12` : `${year}-${String(month! - 1).padStart(2, "0")}`;
}

export function SalesReportCard() {
  return (
    <section className="form-card sales-report" aria-labelledby="sales-report-title">
      <h2 id="sales-report-title">Reports</h2>
      <p className="muted small">
        The sales register of a month for the accountant (CSV): every order paid, refunded or cancelled after payment in that month (Warsaw time), with its tax,
        the NBP rate, the złoty totals, the invoice and the credit notes.
      </p>
      <form method="get" action="/admin/reports/sales.csv" className="sales-report-form">
        <div className="field">
          <label htmlFor="sales-report-month">Month</label>
          <input id="sales-report-month" name="month" type="month" required defaultValue={lastMonth()} pattern="\d{4}-\d{2}" />
        </div>
        <button type="submit" className="button">
          Download
        </button>
      </form>
    </section>
  );
}
