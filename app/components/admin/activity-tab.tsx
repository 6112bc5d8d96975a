import { Form, Link } from "@remix-run/react";
import { Pager } from "~/components/admin/store-parts";
import { ACTIVITY_KINDS, type ActivityKind } from "~/domain/ops/activity-kinds";
import { isOrderStatus, orderStatusLabel } from "~/domain/orders/status";
import type { ActivityTabData } from "~/web/admin/activity-tab.server";

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** An order's status reads as its label ('Payment Pending', not 'unpaid'); "paid/processing" as "Paid or Processing". */
function showChange(subjectType: string | null, field: string, value: unknown): string {
  if (subjectType !== "order" || field !== "status" || typeof value !== "string" || value === "") return show(value);
  return value
    .split("/")
    .map((s) => (isOrderStatus(s) ? orderStatusLabel(s) : s))
    .join(" or ");
}

function when(iso: string): string {
  return iso.replace("T", " ").replace(/\.\d+Z$|Z$/, " UTC");
}

/** The admin's Activity tab: every admin change and sign-in, newest first, 50 a page; a GET form filters it. */
export function ActivityTab({ data }: { data: ActivityTabData }) {
  const { rows, filter, total, page, pages, here } = data;
  const filtered = Boolean(filter.kind || (filter.subject && filter.id));
  return (
    <section className="store-tab" aria-labelledby="activity-title">
      <div className="admin-orders-head">
        <h2 id="activity-title">Activity</h2>
        <p className="muted small">
          {total} {total === 1 ? "entry" : "entries"}
          {filtered ? " match" : ""}
        </p>
      </div>
      <Form method="get" action="/admin" className="admin-orders-filter" role="search" aria-label="Filter activity">
        <input type="hidden" name="tab" value="activity" />
        <div className="field">
          <label htmlFor="activity-kind">What</label>
          <select id="activity-kind" name="kind" defaultValue={filter.kind}>
            <option value="">Everything</option>
            {(Object.keys(ACTIVITY_KINDS) as ActivityKind[]).map((k) => (
              <option key={k} value={k}>
                {ACTIVITY_KINDS[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="activity-subject">Of</label>
          <select id="activity-subject" name="subject" defaultValue={filter.subject}>
            <option value="">Any product or order</option>
            <option value="product">Product #</option>
            <option value="order">Order #</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="activity-id">Number</label>
          <input id="activity-id" name="id" inputMode="numeric" {...data.constraints.id} defaultValue={filter.id} />
        </div>
        <div className="admin-orders-filter-actions">
          <button type="submit" className="button">
            Filter
          </button>
          {filtered ? (
            <Link to="/admin?tab=activity" className="button button-ghost">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      {rows.length === 0 ? (
        <p className="empty-state">{filtered ? "Nothing matches this filter." : "Nothing has been recorded yet."}</p>
      ) : (
        <table className="admin-orders-table activity-table">
          <caption className="sr-only">Activity, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-kind={row.kind}>
                <td data-label="When">
                  <time dateTime={row.createdAt}>{when(row.createdAt)}</time>
                </td>
                <td data-label="Who">
                  {row.actorEmail}
                  {row.clientIp ? <span className="muted small"> · {row.clientIp}</span> : null}
                </td>
                <td data-label="What">
                  <strong>{ACTIVITY_KINDS[row.kind as ActivityKind] ?? row.kind}</strong>
                  <br />
                  {row.subjectType === "order" && row.subjectId ? <Link to={`/admin/orders/${row.subjectId}`}>{row.summary}</Link> : row.summary}
                </td>
                <td data-label="Changes">
                  {row.changes ? (
                    <ul className="activity-changes">
                      {Object.entries(row.changes).map(([field, [before, after]]) => (
                        <li key={field}>
                          <span className="activity-field">{field}</span>: {showChange(row.subjectType, field, before)} →{" "}
                          {showChange(row.subjectType, field, after)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 ? <Pager here={here} page={page} pageCount={pages} label="Activity pages" /> : null}
    </section>
  );
}
