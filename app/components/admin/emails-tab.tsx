import { Form, Link } from "@remix-run/react";
import { formatDay, Pager } from "~/components/admin/store-parts";
import { Alert } from "~/components/ui/field";
import type { OutboxViewData } from "~/web/admin/outbox.server";
import { MAIL_ADMIN_TEXT, MAIL_INTENTS } from "~/domain/mail/texts";

const STATUS_LABEL = { pending: "Pending", sent: "Sent", failing: "Failing" } as const;

/** The outbox: every message with its status, the SMTP answer or the last error, and 'Send again' for a failing one. */
export function EmailsTab({ data, here }: { data: OutboxViewData; here: string }) {
  const filterLink = (status: string | null) => {
    const url = new URL(here, "http://x");
    url.searchParams.delete("page");
    if (status) url.searchParams.set("status", status);
    else url.searchParams.delete("status");
    return url.pathname + url.search;
  };
  const pageHere = data.status ? filterLink(data.status) : here;
  return (
    <section className="store-tab" aria-labelledby="emails-title">
      <div className="store-tab-head">
        <h2 id="emails-title">E-mails</h2>
        <p className="muted">
          {data.totals.pending} pending · {data.totals.sent} sent · {data.totals.failing} failing
        </p>
      </div>
      {!data.configured ? (
        <Alert title={MAIL_ADMIN_TEXT.notConfigured} tone="info">
          {MAIL_ADMIN_TEXT.notConfiguredText}
        </Alert>
      ) : null}
      <nav className="tabs" aria-label="Filter e-mails by status">
        <Link to={filterLink(null)} aria-current={data.status === null ? "page" : undefined}>
          All
        </Link>
        {(["pending", "sent", "failing"] as const).map((s) => (
          <Link key={s} to={filterLink(s)} aria-current={data.status === s ? "page" : undefined}>
            {STATUS_LABEL[s]}
          </Link>
        ))}
      </nav>
      {data.rows.length === 0 ? (
        <p className="muted">No e-mails here yet.</p>
      ) : (
        <div className="store-table-wrap">
          <table className="store-table outbox-table">
            <caption className="sr-only">Outbox</caption>
            <thead>
              <tr>
                <th scope="col">Message</th>
                <th scope="col">To</th>
                <th scope="col">Status</th>
                <th scope="col">Queued</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.id} data-testid={`outbox-row-${r.id}`}>
                  <th scope="row" data-label="Message">
                    {r.subject ?? r.kindLabel}
                    <br />
                    <span className="muted small">{r.eventKey}</span>
                  </th>
                  <td data-label="To" className="store-break">
                    {r.to}
                  </td>
                  <td data-label="Status">
                    <span className={`outbox-status outbox-status-${r.status}`}>{STATUS_LABEL[r.status] ?? r.status}</span>
                    {r.status === "sent" && r.smtpResponse ? <p className="muted small store-break">{r.smtpResponse}</p> : null}
                    {r.status === "failing" ? (
                      <p className="outbox-error">
                        {r.attempts} attempt{r.attempts === 1 ? "" : "s"}, next {new Date(r.nextAttemptAt).toISOString().slice(11, 19)} UTC: {r.lastError}
                      </p>
                    ) : null}
                  </td>
                  <td data-label="Queued">{formatDay(r.createdAt)}</td>
                  <td data-label="Actions">
                    {r.status === "failing" ? (
                      <Form method="post" action={here}>
                        <input type="hidden" name="intent" value={MAIL_INTENTS.retry} />
                        <input type="hidden" name="id" value={r.id} />
                        <button type="submit" className="button button-secondary">
                          Send again
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.pageCount > 1 ? <Pager here={pageHere} page={data.page} pageCount={data.pageCount} label="Outbox pages" /> : null}
    </section>
  );
}
