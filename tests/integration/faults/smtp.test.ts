import nodemailer from "nodemailer";
import { adminCancelOrder } from "~/domain/orders/fulfilment.server";
import { deliverPendingMail, type MailTransport } from "~/domain/mail/sender.server";
import { completePayment, startPayment } from "~/domain/payments/payments.server";
import { db } from "~/lib/db.server";
import { makeOrder, makeProduct } from "../../helpers/kit";
import { useEmulator } from "../../helpers/paypal-emulator";
import { type CaughtMail, startSmtp } from "../../helpers/smtp";

// The mail server failing under the shop's real outbox: a real SMTP server (tests/helpers/smtp.ts)
// stopped and started again on the same port, stopped in the middle of a batch, and one that keeps
// a message but answers too late. The messages come from real changes (payments, a cancellation).

const { pp } = useEmulator({ clientId: "faults-smtp-client", clientSecret: "faults-smtp-secret" });

let smtp: Awaited<ReturnType<typeof startSmtp>>;
/** Every message any of this file's SMTP servers received, across restarts. */
const received: CaughtMail[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
});
// Whatever a test left (a failed one), the next starts with its server up and nothing due.
afterEach(async () => {
  if (stopped) await restartSmtp(smtp.catcher.port);
  await deliver(24 * 60 * 60_000);
});
afterAll(async () => {
  await smtp.catcher.close().catch(() => undefined);
  await db.destroy();
});

let stopped = false;
async function restartSmtp(port: number) {
  smtp = await startSmtp(port);
  stopped = false;
}
async function stopSmtp() {
  received.push(...smtp.catcher.messages);
  stopped = true;
  await smtp.catcher.close();
}
const allReceived = () => [...received, ...smtp.catcher.messages];

let clock = Date.now();
/** One run of the sender, `advanceMs` after the last one (backoff never hides a due message by accident). */
async function deliver(advanceMs = 0, transport: MailTransport = smtp.transport) {
  clock = Math.max(clock, Date.now()) + advanceMs;
  return deliverPendingMail(db, transport, new Date(clock));
}

let n = 0;
/** A paid order through the real payment code: its confirmation and the owner's alert are queued. */
async function paidOrder() {
  const product = await makeProduct(db, { stock: 5, priceCents: 2400 });
  const order = await makeOrder(db, { status: "unpaid", email: `faults-smtp-${++n}-${Date.now()}@example.com`, lines: [{ productId: product.id }] });
  const started = await startPayment(db, order.id, { appUrl: "http://localhost:3000" });
  await pp.approve(started.paypalOrderId);
  await completePayment(db, order.id, started.paypalOrderId);
  return order;
}

async function newestOutboxId(): Promise<number> {
  return (await db.selectFrom("outbox").select("id").orderBy("id", "desc").executeTakeFirst())?.id ?? 0;
}

async function outboxSince(id: number) {
  return db
    .selectFrom("outbox")
    .select(["id", "event_key as key", "to_address as to", "status", "attempts", "subject", "message_id as messageId"])
    .where("id", ">", id)
    .orderBy("id")
    .execute();
}

/** Each of the rows reached its address exactly once; answers what each copy's Message-ID was. */
async function expectEachDeliveredOnce(since: number) {
  const rows = await outboxSince(since);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row, row.key).toMatchObject({ status: "sent" });
    const copies = allReceived().filter((m) => m.envelopeTo.includes(row.to) && m.subject === row.subject);
    expect(copies, `${row.key} to ${row.to}`).toHaveLength(1);
  }
  const ids = rows.map((r) => r.messageId);
  expect(new Set(ids).size).toBe(rows.length);
  return rows;
}

describe("the mail server down for a while", () => {
  it("keeps every message queued meanwhile and sends each exactly once when it is back on the same port", async () => {
    const port = smtp.catcher.port;
    await stopSmtp();
    const since = await newestOutboxId();
    const orders = [await paidOrder(), await paidOrder(), await paidOrder()];
    await adminCancelOrder(db, orders[2]!.id);
    const queued = await outboxSince(since);
    // Each buyer's confirmation, the owner's alert of each payment, and the cancellation.
    expect(queued.map((r) => r.key.split(":")[0]).sort()).toEqual([
      "order-cancelled",
      "order-paid",
      "order-paid",
      "order-paid",
      "order-paid-owner",
      "order-paid-owner",
      "order-paid-owner",
    ]);

    // Three runs while it is down, minutes apart: every message kept, failing, with the reason.
    for (const advance of [0, 60_000, 5 * 60_000]) {
      const report = await deliver(advance);
      expect(report).toMatchObject({ sent: 0, failed: queued.length });
    }
    for (const row of await outboxSince(since)) expect(row).toMatchObject({ status: "failing", attempts: 3 });

    await restartSmtp(port);
    expect(await deliver(60 * 60_000)).toMatchObject({ sent: queued.length, failed: 0 });
    expect((await deliver(60 * 60_000)).claimed).toBe(0);
    await expectEachDeliveredOnce(since);
  });

  it("going away in the middle of a batch: what it took is not sent again, the rest goes once it is back", async () => {
    const since = await newestOutboxId();
    await paidOrder();
    await paidOrder();
    const queued = await outboxSince(since);
    let sends = 0;
    const port = smtp.catcher.port;
    // The real server stops after taking two messages; the sender's next connection is refused.
    const dying: MailTransport = {
      async sendMail(message) {
        if (sends++ === 2) await stopSmtp();
        return smtp.transport.sendMail(message);
      },
    };
    expect(await deliver(0, dying)).toMatchObject({ sent: 2, failed: queued.length - 2 });
    await restartSmtp(port);
    expect(await deliver(60 * 60_000)).toMatchObject({ sent: queued.length - 2, failed: 0 });
    expect((await deliver(60 * 60_000)).claimed).toBe(0);
    await expectEachDeliveredOnce(since);
  });
});

describe("a mail server that keeps a message but answers after the shop gave up", () => {
  it("gets that message twice, both copies with the same Message-ID; every other message once", async () => {
    const since = await newestOutboxId();
    await paidOrder();
    const [first, second] = await outboxSince(since);
    // The shop's sender waits 15 s for an answer; this one waits 300 ms, the server answers after a second.
    const impatient = nodemailer.createTransport({ url: smtp.catcher.url, connectionTimeout: 2000, greetingTimeout: 2000, socketTimeout: 300 } as Parameters<
      typeof nodemailer.createTransport
    >[0]);
    smtp.catcher.answerNextLate(1, 1000);
    expect(await deliver(0, impatient)).toMatchObject({ sent: 1, failed: 1 });
    expect((await outboxSince(since))[0]).toMatchObject({ status: "failing", attempts: 1 });
    expect(await deliver(60_000, impatient)).toMatchObject({ sent: 1, failed: 0 });

    const rows = await outboxSince(since);
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
    const copies = allReceived().filter((m) => m.envelopeTo.includes(first!.to) && m.subject === rows[0]!.subject);
    expect(copies).toHaveLength(2);
    expect(copies[0]!.messageId).toBe(copies[1]!.messageId);
    expect(allReceived().filter((m) => m.envelopeTo.includes(second!.to) && m.subject === rows[1]!.subject)).toHaveLength(1);
  });
});
