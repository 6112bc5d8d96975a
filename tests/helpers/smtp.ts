import nodemailer from "nodemailer";
import { type CaughtMail, type MailCatcher, startMailCatcher } from "../../tools/mail-catcher";

export type { CaughtMail, MailCatcher };

/**
 * A real SMTP server on a free loopback port (smtp-server), whose messages are parsed with
 * mailparser, and a nodemailer transport that talks to it: what the shop's sender uses.
 */
export async function startSmtp(port = 0) {
  const catcher = await startMailCatcher({ port, quiet: true });
  const transport = nodemailer.createTransport({ url: catcher.url, connectionTimeout: 2000, greetingTimeout: 2000, socketTimeout: 5000 } as Parameters<
    typeof nodemailer.createTransport
  >[0]);
  return { catcher, transport };
}

/** The messages sent to one address. */
export function mailTo(catcher: MailCatcher, address: string): CaughtMail[] {
  return catcher.messages.filter((m) => m.envelopeTo.includes(address));
}
