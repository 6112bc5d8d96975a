import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The e-mails the e2e server really sent: tests/e2e/start-server.ts runs a real SMTP server
 * (tools/mail-catcher/) that writes every message it receives into this folder.
 */
export const E2E_MAIL_DIR = fileURLToPath(new URL("../../.tmp/e2e-mail", import.meta.url));

export interface E2EMail {
  id: string;
  envelopeTo: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export function readMail(): E2EMail[] {
  let names: string[];
  try {
    names = readdirSync(E2E_MAIL_DIR).filter((n) => n.endsWith(".json"));
  } catch {
    return [];
  }
  return names.sort().map((n) => JSON.parse(readFileSync(path.join(E2E_MAIL_DIR, n), "utf8")) as E2EMail);
}

/** The messages delivered to this address (the SMTP envelope). */
export function mailTo(address: string): E2EMail[] {
  return readMail().filter((m) => m.envelopeTo.includes(address.toLowerCase()) || m.envelopeTo.includes(address));
}

/** Waits (the sender runs every 2 s, and right after a commit) for a message to the address whose subject matches. */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 15_000): Promise<E2EMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = mailTo(address).find((m) => subject.test(m.subject));
    if (found) return found;
    if (Date.now() > until)
      throw new Error(
        `No e-mail to ${address} matching ${subject} within ${timeoutMs} ms (got: ${
          mailTo(address)
            .map((m) => m.subject)
            .join(" | ") || "nothing"
        })`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in a text body that starts with `prefix`. */
export function linkIn(mail: E2EMail, prefix: string): string {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\S+`));
  if (!match) throw new Error(`No link starting with ${prefix} in: ${mail.text}`);
  return match[0];
}
