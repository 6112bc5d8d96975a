import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/lib/env.server";

/**
 * The demo's (and the e2e server's) mail catcher keeps each message it receives as JSON in
 * MAIL_CATCHER_DIR (tools/mail-catcher/); /admin/outbox shows them. Off without it.
 */

export interface CaughtMessage {
  id: string;
  receivedAt: string;
  /** The envelope: who the SMTP client said it sends to. */
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export function getCatcherDir(): string | null {
  return getEnv().MAIL_CATCHER_DIR ?? null;
}

/** The newest caught messages (without their bodies' HTML), or null when there is no catcher. */
export async function listCaughtMail(limit = 50): Promise<Omit<CaughtMessage, "html" | "text">[] | null> {
  const dir = getCatcherDir();
  if (!dir) return null;
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith(".json"));
  } catch {
    return [];
  }
  names.sort().reverse();
  const messages = await Promise.all(names.slice(0, limit).map((n) => readCaught(dir, n)));
  return messages.filter((m): m is CaughtMessage => m !== null).map(({ html: _html, text: _text, ...rest }) => rest);
}

async function readCaught(dir: string, name: string): Promise<CaughtMessage | null> {
  try {
    return JSON.parse(await readFile(path.join(dir, name), "utf8")) as CaughtMessage;
  } catch {
    return null;
  }
}

/** One caught message by id, or null. */
export async function getCaughtMail(id: string): Promise<CaughtMessage | null> {
  const dir = getCatcherDir();
  if (!dir || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(`-${id}.json`));
  return names[0] ? readCaught(dir, names[0]) : null;
}
