import { Form, Link, useActionData } from "@remix-run/react";
import { type FormEvent, type ReactNode } from "react";
import { useToastEffect } from "~/components/ui/toaster";
import type { StoreActionData } from "~/web/admin/store-tabs.server";

const DATE_FORMAT = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** The same text on the server and in the browser (UTC), so hydration never differs. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_FORMAT.format(date);
}

/** The action's answer when it concerns one of `intents` (a refused form renders again from it). */
export function useStoreReply(...intents: string[]): StoreActionData | null {
  const data = useActionData() as StoreActionData | undefined;
  const reply = data && typeof data === "object" && "intent" in data && intents.includes(data.intent) ? data : null;
  useToastEffect(reply?.failure ?? null);
  return reply;
}

/** What was typed (after a refused post) or else the stored value. */
export function valueFrom(reply: StoreActionData | null, name: string, stored: string): string {
  const submitted = reply?.result?.initialValue;
  if (!submitted) return stored;
  const v = submitted[name];
  return typeof v === "string" ? v : "";
}

export function errorFrom(reply: StoreActionData | null, name: string): string | undefined {
  return reply?.result?.error?.[name]?.[0] ?? undefined;
}

/** With JavaScript a confirm() prompt; without it, the server answers with a confirmation step. */
export function confirmFirst(message: string) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (!window.confirm(message)) {
      event.preventDefault();
      return;
    }
    const input = event.currentTarget.elements.namedItem("confirmed");
    if (input instanceof HTMLInputElement) input.value = "yes";
  };
}

/** The no-JavaScript confirmation step: the question, a "Yes" form and a Cancel link. */
export function ConfirmStep({
  question,
  detail,
  action,
  intent,
  fields,
  yes,
  cancelTo,
}: {
  question: string;
  detail?: ReactNode;
  action: string;
  intent: string;
  fields?: Record<string, string | number>;
  yes: string;
  cancelTo: string;
}) {
  return (
    <section className="confirm-box" role="alertdialog" aria-labelledby="store-confirm-title">
      <p id="store-confirm-title" className="strong">
        {question}
      </p>
      {detail ? <p className="muted">{detail}</p> : null}
      <div className="actions">
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className="button button-danger">
            {yes}
          </button>
        </Form>
        <Link to={cancelTo} className="button button-secondary">
          Cancel
        </Link>
      </div>
    </section>
  );
}

/** Previous / Page N of M / Next links for an admin list; `here` is the list's current URL. */
export function Pager({ here, page, pageCount, label }: { here: string; page: number; pageCount: number; label: string }) {
  const to = (p: number) => {
    const url = new URL(here, "http://x");
    url.searchParams.set("page", String(p));
    return url.pathname + url.search;
  };
  return (
    <nav className="admin-orders-pager" aria-label={label}>
      {page > 1 ? <Link to={to(page - 1)}>Previous</Link> : <span />}
      <span className="muted small">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? <Link to={to(page + 1)}>Next</Link> : <span />}
    </nav>
  );
}
