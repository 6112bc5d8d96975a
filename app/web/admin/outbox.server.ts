import { type Actor } from "~/domain/ops/activity.server";
import { json } from "@remix-run/node";
import { redirectWithToast } from "~/web/toast.server";
import { MAIL_ADMIN_TEXT, MAIL_INTENTS } from "~/domain/mail/texts";
import { listOutbox, type OutboxStatus, retryMail } from "~/domain/mail/outbox.server";
import { isMailConfigured } from "~/domain/mail/sender.server";
import { MAIL_KIND_LABELS, isMailKind } from "~/domain/mail/templates";
import { db } from "~/lib/db.server";
import { type DB } from "~/lib/sqlite.server";

/** The admin's E-mails view (/admin?tab=emails and /admin/outbox): the outbox and 'Send again'. */

const STATUSES: OutboxStatus[] = ["pending", "sent", "failing"];

export async function loadOutboxView(db: DB, url: URL) {
  const raw = url.searchParams.get("status");
  const status = STATUSES.find((s) => s === raw);
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  const outbox = await listOutbox(db, { status, page, perPage: 50 });
  return {
    configured: isMailConfigured(),
    status: status ?? null,
    page,
    pageCount: Math.max(1, Math.ceil(outbox.total / outbox.perPage)),
    totals: outbox.totals,
    rows: outbox.rows.map((r) => ({ ...r, kindLabel: isMailKind(r.kind) ? MAIL_KIND_LABELS[r.kind] : r.kind })),
  };
}

export type OutboxViewData = Awaited<ReturnType<typeof loadOutboxView>>;

/** The 'Send again' form; returns null for an intent it does not know. `back` is the page to return to. */
export async function outboxAction(formData: FormData, intent: string, back: string, actor?: Actor): Promise<Response | null> {
  if (intent !== MAIL_INTENTS.retry) return null;
  const id = Number(formData.get("id"));
  if (!Number.isInteger(id) || id <= 0) return json({ message: "Unknown message" }, { status: 400 });
  const done = await retryMail(db, id, new Date(), actor);
  return redirectWithToast(back, done ? { title: MAIL_ADMIN_TEXT.retried, type: "success" } : { title: MAIL_ADMIN_TEXT.notFailing, type: "error" });
}
