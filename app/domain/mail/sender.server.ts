import { createHash, randomBytes } from "node:crypto";
import { hostname } from "node:os";
import nodemailer, { type Transporter } from "nodemailer";
import { getLegalSettings, getStoreSettings } from "~/domain/common/settings.server";
import { onMailEnqueued } from "~/domain/mail/outbox.server";
import { isMailKind, type MailContext, type MailDataByKind, type MailKind, renderMail, reviewUnsubscribeUrl } from "~/domain/mail/templates";
import { getEnv } from "~/lib/env.server";
import { type DB } from "~/lib/sqlite.server";

/**
 * Delivers the outbox over SMTP. Every server process runs the sender; a row is CLAIMED with one
 * conditional UPDATE (due, not locked by anyone) that sets locked_until and this run's holder,
 * so two processes never send the same row at the same time. A sent row is marked with the SMTP
 * server's answer; a failure is retried with exponential backoff (30 s doubling up to 10 min)
 * and never given up: it stays 'failing', visible in the admin's E-mails view.
 */

/** How the sender talks to SMTP (nodemailer's transporter, or anything with its sendMail). */
/** Kinds whose data holds a single-use link. */
const SECRET_KINDS = new Set(["password-reset", "verify-email", "email-changed", "account-delete-link", "back-in-stock-confirm"]);

export type MailTransport = Pick<Transporter, "sendMail">;

export const BACKOFF = { firstMs: 30_000, maxMs: 10 * 60_000 } as const;
/** A claimed row stays locked this long: longer than one SMTP exchange can take (timeouts below). */
export const LOCK_MS = 2 * 60_000;
const BATCH = 20;

export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** Math.max(0, attempts - 1));
}

let cachedTransport: { url: string; transport: Transporter } | null = null;

/** The SMTP transport of SMTP_URL, or null when e-mail is not configured (messages then wait). */
export function getMailTransport(): Transporter | null {
  const url = getEnv().SMTP_URL;
  if (!url) return null;
  if (cachedTransport?.url !== url) {
    // Short timeouts: an SMTP server that hangs must not hold a claimed row past its lock.
    const transport = nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 } as Parameters<
      typeof nodemailer.createTransport
    >[0]);
    cachedTransport = { url, transport };
  }
  return cachedTransport.transport;
}

export function isMailConfigured(): boolean {
  return !!getEnv().SMTP_URL;
}

async function mailContext(db: DB): Promise<MailContext & { from: string | { name: string; address: string } }> {
  const env = getEnv();
  const [store, legal] = await Promise.all([getStoreSettings(db, env.SHOP_EMAIL), getLegalSettings(db, env.SHOP_EMAIL)]);
  return {
    storeName: store.name,
    appUrl: env.APP_URL,
    shopEmail: store.email,
    seller: { legalName: legal.legalName, address: legal.address, email: legal.email, phone: legal.phone, vatLine: legal.vatLine },
    // An address object: nodemailer encodes the name, so a store name cannot inject a header.
    from: env.MAIL_FROM ?? { name: store.name, address: env.SHOP_EMAIL },
  };
}

/** A Message-ID made from the event key: a receiver sees a resent copy as the same message. */
function messageIdFor(eventKey: string): string {
  const hash = createHash("sha256").update(eventKey).digest("hex").slice(0, 32);
  return `<${hash}@${hostname().replace(/[^a-zA-Z0-9.-]/g, "") || "shop"}>`;
}

function errorText(error: unknown): string {
  const e = error as { message?: unknown; response?: unknown; code?: unknown };
  const text = [
    typeof e?.code === "string" ? e.code : null,
    typeof e?.response === "string" ? e.response : typeof e?.message === "string" ? e.message : String(error),
  ]
    .filter(Boolean)
    .join(": ");
  return text.slice(0, 1000);
}

export interface DeliveryReport {
  claimed: number;
  sent: number;
  failed: number;
}

/**
 * Claims the due rows and sends them through `transport`. Safe to call from several processes
 * (or twice in one) at the same time. Drives the whole sender in tests: `now` is the clock.
 */
export async function deliverPendingMail(
  db: DB,
  transport: MailTransport,
  now = new Date(),
  opts: { holder?: string; limit?: number } = {},
): Promise<DeliveryReport> {
  const holder = opts.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const nowIso = now.toISOString();
  const claimed = await db
    .updateTable("outbox")
    .set({ locked_until: new Date(now.getTime() + LOCK_MS).toISOString(), locked_by: holder })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("outbox")
        .select("id")
        .where("status", "in", ["pending", "failing"])
        .where("next_attempt_at", "<=", nowIso)
        .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<=", nowIso)]))
        .orderBy("id")
        .limit(opts.limit ?? BATCH),
    )
    // Checked again on the row itself: the UPDATE is one atomic statement under SQLite's write lock.
    .where("status", "in", ["pending", "failing"])
    .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<=", nowIso)]))
    .returning(["id", "event_key as eventKey", "kind", "to_address as to", "data", "attempts", "locale"])
    .execute();
  const report: DeliveryReport = { claimed: claimed.length, sent: 0, failed: 0 };
  if (claimed.length === 0) return report;
  const ctx = await mailContext(db);
  for (const row of claimed) {
    try {
      if (!isMailKind(row.kind)) throw new Error(`Unknown kind of e-mail: ${row.kind}`);
      const rendered = renderMail(row.kind as MailKind, JSON.parse(row.data) as MailDataByKind[MailKind], ctx, row.locale);
      const info = await transport.sendMail({
        from: ctx.from,
        to: row.to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        messageId: messageIdFor(row.eventKey),
        ...(row.kind === "back-in-stock" ? { list: { unsubscribe: backInStockUnsubscribe(row.data, ctx) } } : {}),
        ...(row.kind === "review-request" ? { list: { unsubscribe: reviewRequestUnsubscribe(row.data, ctx) } } : {}),
      });
      const response = [typeof info.response === "string" ? info.response : null, info.messageId ? `id ${info.messageId}` : null].filter(Boolean).join(" ");
      await db
        .updateTable("outbox")
        .set({
          status: "sent",
          sent_at: new Date().toISOString(),
          smtp_response: response.slice(0, 1000) || "accepted",
          message_id: info.messageId ?? null,
          subject: rendered.subject,
          attempts: row.attempts + 1,
          last_error: null,
          locked_until: null,
          locked_by: null,
          // A reset, confirmation or undo link is a secret: once delivered, the outbox forgets it.
          ...(SECRET_KINDS.has(row.kind) ? { data: JSON.stringify({ redacted: true }) } : {}),
        })
        .where("id", "=", row.id)
        .where("locked_by", "=", holder)
        .execute();
      report.sent++;
    } catch (error) {
      const attempts = row.attempts + 1;
      await db
        .updateTable("outbox")
        .set({
          status: "failing",
          attempts,
          last_error: errorText(error),
          next_attempt_at: new Date(now.getTime() + backoffMs(attempts)).toISOString(),
          locked_until: null,
          locked_by: null,
        })
        .where("id", "=", row.id)
        .where("locked_by", "=", holder)
        .execute();
      report.failed++;
    }
  }
  return report;
}

function reviewRequestUnsubscribe(data: string, ctx: MailContext): string {
  const parsed = JSON.parse(data) as MailDataByKind["review-request"];
  return reviewUnsubscribeUrl(ctx, parsed.unsubscribeToken);
}

function backInStockUnsubscribe(data: string, ctx: MailContext): string {
  const parsed = JSON.parse(data) as MailDataByKind["back-in-stock"];
  return `${ctx.appUrl}/back-in-stock/unsubscribe?token=${encodeURIComponent(parsed.unsubscribeToken)}`;
}

// ---- the process's sender -------------------------------------------------------------------

let busy: Promise<void> | null = null;
let again = false;

/**
 * One delivery run of this process (the mail job and the kick after an enqueue both land here):
 * runs never overlap within a process, and a request during a run makes one more run after it.
 */
export function runMailSender(db: DB, now?: Date): Promise<void> {
  const transport = getMailTransport();
  if (!transport) return Promise.resolve();
  if (busy) {
    again = true;
    return busy;
  }
  busy = (async () => {
    try {
      do {
        again = false;
        const report = await deliverPendingMail(db, transport, now ?? new Date());
        if (report.claimed === BATCH) again = true;
      } while (again);
    } finally {
      busy = null;
    }
  })();
  return busy;
}

let kickTimer: NodeJS.Timeout | null = null;
let unsubscribeKick: (() => void) | null = null;

/** Sends new messages right after the transaction that queued them commits (not only at the next tick). */
export function startMailKicks(db: DB): void {
  if (unsubscribeKick) return;
  unsubscribeKick = onMailEnqueued(() => {
    if (kickTimer) return;
    kickTimer = setTimeout(() => {
      kickTimer = null;
      runMailSender(db).catch((error) => console.error("mail sender failed:", error));
    }, 100);
    kickTimer.unref();
  });
}

/**
 * At shutdown (entry.server's shutdown()): no more kicks, and the delivery run in progress, if
 * any, finishes (up to `timeoutMs`) before the database closes. Messages not sent stay pending.
 */
export async function stopMailKicks(timeoutMs = 10_000): Promise<void> {
  unsubscribeKick?.();
  unsubscribeKick = null;
  if (kickTimer) clearTimeout(kickTimer);
  kickTimer = null;
  if (busy) await Promise.race([busy.catch(() => undefined), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
}
