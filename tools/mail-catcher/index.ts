import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { type AddressInfo } from "node:net";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { CaughtMessage } from "../../app/domain/mail/caught.server";

/**
 * A small local SMTP server that keeps what it receives: the demo's and the e2e server's mail
 * catcher, and the tests' SMTP server. smtp-server speaks SMTP, mailparser reads each message;
 * with `dir`, every message is also written there as JSON (what /admin/outbox shows).
 */

/** What the admin's inbox reads back (app/domain/mail/caught.server.ts), plus what tests check. */
export interface CaughtMail extends CaughtMessage {
  messageId: string | null;
  headers: Record<string, string>;
}

export interface MailCatcher {
  port: number;
  url: string;
  messages: CaughtMail[];
  /** Answers the next `count` messages with a temporary failure (451). */
  failNext(count: number): void;
  /** Keeps the next `count` messages but answers each only after `ms`: a sender that gave up by then sends it again. */
  answerNextLate(count: number, ms: number): void;
  /** Resolves with the first caught message that matches (waits up to `timeoutMs`). */
  waitFor(match: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

function toCaught(parsed: ParsedMail, envelopeTo: string[]): CaughtMail {
  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(":") + 1).trim();
  const addressText = (a: ParsedMail["to"]) => (Array.isArray(a) ? a.map((x) => x.text).join(", ") : (a?.text ?? ""));
  return {
    id: randomUUID(),
    receivedAt: new Date().toISOString(),
    envelopeTo,
    from: parsed.from?.text ?? "",
    to: addressText(parsed.to),
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : "",
    messageId: parsed.messageId ?? null,
    headers,
  };
}

export async function startMailCatcher(opts: { port?: number; host?: string; dir?: string; quiet?: boolean } = {}): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  let failures = 0;
  let late = { count: 0, ms: 0 };
  if (opts.dir) mkdirSync(opts.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    banner: "mail catcher",
    size: 10 * 1024 * 1024,
    onAuth(_auth, _session, callback) {
      callback(null, { user: "catcher" });
    },
    onData(stream, session, callback) {
      const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
      simpleParser(stream)
        .then((parsed) => {
          if (failures > 0) {
            failures--;
            const error = Object.assign(new Error("Temporary failure, try again later"), { responseCode: 451 });
            callback(error);
            return;
          }
          const mail = toCaught(parsed, envelopeTo);
          messages.push(mail);
          if (opts.dir) writeFileSync(path.join(opts.dir, `${mail.receivedAt.replace(/[:.]/g, "-")}-${mail.id}.json`), JSON.stringify(mail));
          for (const wake of waiters) wake();
          if (late.count > 0) {
            late = { ...late, count: late.count - 1 };
            setTimeout(() => callback(null, `Message queued as ${mail.id}`), late.ms);
            return;
          }
          callback(null, `Message queued as ${mail.id}`);
        })
        .catch((error: Error) => callback(error));
    },
  });
  server.on("error", (error) => {
    if (!opts.quiet) console.warn(`mail catcher: ${error.message}`);
  });
  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://${host}:${port}`,
    messages,
    failNext(count) {
      failures = count;
    },
    answerNextLate(count, ms) {
      late = { count, ms };
    },
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching e-mail within ${timeoutMs} ms (caught ${messages.length}: ${messages.map((m) => m.subject).join(" | ")})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
