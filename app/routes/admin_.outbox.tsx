import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmailsTab } from "~/components/admin/emails-tab";
import { formatDay } from "~/components/admin/store-parts";
import { requireAdmin } from "~/web/guards.server";
import { loadOutboxView, outboxAction } from "~/web/admin/outbox.server";
import { actorOf } from "~/web/actor.server";
import { getCaughtMail, listCaughtMail } from "~/domain/mail/caught.server";
import { db } from "~/lib/db.server";
import { jsonError, readFormData } from "~/web/http.server";
import { adminPageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) => adminPageMeta(args, "Outbox");

/** /admin/outbox: the outbox, and in the demo the messages its local SMTP catcher received (?message= opens one). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const messageId = url.searchParams.get("message");
  const [outbox, caught, message] = await Promise.all([
    loadOutboxView(db, url),
    listCaughtMail(),
    messageId ? getCaughtMail(messageId) : Promise.resolve(null),
  ]);
  return json({ outbox, caught, message });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readFormData(request);
  const response = await outboxAction(formData, String(formData.get("intent") ?? ""), "/admin/outbox", actorOf(admin, request));
  if (!response) throw jsonError("Unknown action", 400);
  return response;
}

export default function AdminOutboxPage() {
  const { outbox, caught, message } = useLoaderData<typeof loader>();
  return (
    <div className="container">
      <p className="small">
        <Link to="/admin?tab=emails">← Admin</Link>
      </p>
      <h1>Outbox</h1>
      {message ? (
        <section className="caught-mail" aria-labelledby="caught-title">
          <h2 id="caught-title">{message.subject}</h2>
          <p className="muted small">
            From {message.from} to {message.to}, received {formatDay(message.receivedAt)} {message.receivedAt.slice(11, 19)} UTC ·{" "}
            <Link to="/admin/outbox">Close</Link>
          </p>
          {/* The message's own HTML, sandboxed: no scripts, no same-origin access. */}
          <iframe title={`E-mail: ${message.subject}`} sandbox="" srcDoc={message.html} />
          <details>
            <summary>Plain text</summary>
            <pre className="store-break">{message.text}</pre>
          </details>
        </section>
      ) : null}
      {caught ? (
        <section className="store-tab" aria-labelledby="inbox-title">
          <div className="store-tab-head">
            <h2 id="inbox-title">Caught by the demo's SMTP server</h2>
            <p className="muted">{caught.length === 0 ? "Nothing received yet." : `The newest ${caught.length}`}</p>
          </div>
          {caught.length > 0 ? (
            <ul className="caught-list">
              {caught.map((m) => (
                <li key={m.id}>
                  <Link to={`/admin/outbox?message=${m.id}`}>{m.subject || "(no subject)"}</Link>{" "}
                  <span className="muted small">
                    to {m.envelopeTo.join(", ")} · {m.receivedAt.slice(0, 19).replace("T", " ")} UTC
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      <EmailsTab data={outbox} here="/admin/outbox" />
    </div>
  );
}
