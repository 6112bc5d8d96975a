import { adminCancelOrder, shipOrder } from "~/domain/orders/fulfilment.server";
import { registerUser } from "~/domain/auth/accounts.server";
import { enqueueMail, listOutbox, retryMail } from "~/domain/mail/outbox.server";
import { BACKOFF, backoffMs, deliverPendingMail } from "~/domain/mail/sender.server";
import { requestCancellation } from "~/domain/orders/order-actions.server";
import { setPaypalConfig } from "~/lib/paypal-client.server";
import { completePayment, startPayment } from "~/domain/payments/payments.server";
import { db } from "~/lib/db.server";
import { openDatabase } from "~/lib/sqlite.server";
import { startPaypalEmulator, type PaypalEmulator } from "../../tools/paypal-emulator";
import { makeProduct, makeUser, seedPalette } from "../helpers/kit";
import { type CaughtMail, mailTo, startSmtp } from "../helpers/smtp";
import { emulatorClient } from "../helpers/paypal-emulator";
import { makeOrder } from "./payments-fixtures";
import { awardPoints } from "~/domain/loyalty/awards.server";

const CLIENT_ID = "mail-test-client";
const CLIENT_SECRET = "mail-test-secret";
const APP_URL = "http://localhost:3000";

let emulator: PaypalEmulator;
let pp: ReturnType<typeof emulatorClient>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  emulator = await startPaypalEmulator({ port: 0, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  pp = emulatorClient(emulator.url, CLIENT_ID, CLIENT_SECRET);
  setPaypalConfig({ mode: "emulator", apiBase: emulator.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  smtp = await startSmtp();
  await seedPalette(db);
});

afterAll(async () => {
  setPaypalConfig(undefined);
  await emulator?.close();
  await smtp?.catcher.close();
  await db.destroy();
});

let clock = Date.now();
/** The sender's clock moves forward on every call, so backoff never hides a due row by accident. */
async function deliver(transport = smtp.transport, advanceMs = 0) {
  clock = Math.max(clock, Date.now()) + advanceMs;
  return deliverPendingMail(db, transport, new Date(clock));
}

async function outboxRow(eventKey: string) {
  return db.selectFrom("outbox").selectAll().where("event_key", "=", eventKey).executeTakeFirstOrThrow();
}

let buyerN = 0;
/** A paid order through the real payment code (PayPal emulator): the paid transition queues the mail. */
async function paidOrder(opts: { email?: string; firstName?: string; message?: string | null; userId?: number | null } = {}) {
  const product = await makeProduct(db, { title: "Rose Tea Dress", colors: [{ colorId: 7, stock: 5 }], priceCents: 2400 });
  const order = await makeOrder(db, { lines: [{ productId: product.id, quantity: 2, title: "Rose Tea Dress", colorId: 7 }], userId: opts.userId ?? null });
  const email = opts.email ?? `buyer${++buyerN}-${Date.now()}@example.com`;
  await db
    .updateTable("orders")
    .set({ email, customer_message: opts.message === undefined ? "Please wrap it as a gift" : opts.message, shipping_first_name: opts.firstName ?? "Ada" })
    .where("id", "=", order.id)
    .execute();
  const started = await startPayment(db, order.id, { appUrl: APP_URL });
  await pp.approve(started.paypalOrderId);
  await completePayment(db, order.id, started.paypalOrderId);
  return { ...order, email, product };
}

function only(messages: CaughtMail[], subject: RegExp): CaughtMail {
  const found = messages.filter((m) => subject.test(m.subject));
  expect(found, `messages matching ${subject}: ${messages.map((m) => m.subject).join(" | ")}`).toHaveLength(1);
  return found[0]!;
}

describe("the order confirmation", () => {
  it("is queued by the paid transition and delivered over SMTP with every detail, in HTML and plain text", async () => {
    const order = await paidOrder();
    expect((await outboxRow(`order-paid:${order.id}`)).status).toBe("pending");
    const report = await deliver();
    expect(report.failed).toBe(0);

    const mail = only(mailTo(smtp.catcher, order.email), new RegExp(`Order #${order.id} confirmed`));
    const link = `${APP_URL}/order-details/${order.id}/${order.token}`;
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Rose Tea Dress");
      expect(body).toContain("Pink");
      expect(body).toContain("$24.00");
      expect(body).toContain("$48.00"); // the line: 2 × $24.00
      expect(body).toContain("Standard Shipping");
      expect(body).toContain("$5.00");
      expect(body).toContain("$53.00");
      expect(body).toContain("1 Lace Lane");
      expect(body).toContain("Please wrap it as a gift");
      expect(body).toContain(link.replace(/&/g, "&amp;"));
    }
    expect(mail.text).toMatch(/2 x \$24\.00 = \$48\.00/);
    expect(mail.from).toContain("hello@example.com");

    const row = await outboxRow(`order-paid:${order.id}`);
    expect(row.status).toBe("sent");
    expect(row.smtp_response).toMatch(/^250 .*Message queued as/);
    expect(row.subject).toBe(mail.subject);
  });

  it("tells the owner too (SHOP_EMAIL, or the contact e-mail saved in Settings)", async () => {
    const first = await paidOrder();
    await deliver();
    const alert = only(mailTo(smtp.catcher, "hello@example.com"), new RegExp(`New paid order #${first.id}:`));
    expect(alert.text).toContain(first.email);
    expect(alert.text).toContain(`${APP_URL}/admin/orders/${first.id}`);

    await db
      .insertInto("settings")
      .values({ key: "store", value: JSON.stringify({ name: "Tiny Threads", email: "owner@tiny.example" }) })
      .execute();
    try {
      const second = await paidOrder();
      await deliver();
      const next = only(mailTo(smtp.catcher, "owner@tiny.example"), new RegExp(`New paid order #${second.id}:`));
      expect(next.from).toContain("Tiny Threads");
    } finally {
      await db.deleteFrom("settings").where("key", "=", "store").execute();
    }
  });

  it("survives an SMTP outage: kept, retried with backoff, delivered exactly once when SMTP is back", async () => {
    const port = smtp.catcher.port;
    await smtp.catcher.close();
    const order = await paidOrder();
    const key = `order-paid:${order.id}`;

    await deliver();
    let row = await outboxRow(key);
    expect(row.status).toBe("failing");
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/ECONNREFUSED|ESOCKET|connect/i);
    expect(Date.parse(row.next_attempt_at) - clock).toBe(BACKOFF.firstMs);

    // Not due yet: nothing is tried.
    expect((await deliver(smtp.transport, 10_000)).claimed).toBe(0);
    await deliver(smtp.transport, 30_000);
    row = await outboxRow(key);
    expect(row.attempts).toBe(2);
    expect(Date.parse(row.next_attempt_at) - clock).toBe(2 * BACKOFF.firstMs);

    // An hour later the server is back on the same address.
    smtp = await startSmtp(port);
    await deliver(smtp.transport, 60 * 60_000);
    await deliver(smtp.transport, 60 * 60_000);
    const delivered = mailTo(smtp.catcher, order.email).filter((m) => m.subject.includes(`#${order.id} confirmed`));
    expect(delivered).toHaveLength(1);
    row = await outboxRow(key);
    expect(row.status).toBe("sent");
    expect(row.last_error).toBeNull();
  });
});

describe("the sender", () => {
  it("backs off exponentially up to ten minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 600_000, 600_000, 600_000]);
  });

  it("queues one row per event key, however often the event is reported", async () => {
    const key = `test-event:${Date.now()}`;
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        db
          .transaction()
          .execute((trx) => enqueueMail(trx, { eventKey: key, to: "once@example.com", kind: "welcome", data: { firstName: "Once" }, userId: null })),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await db.selectFrom("outbox").select("id").where("event_key", "=", key).execute();
    expect(rows).toHaveLength(1);
  });

  it("with two processes' senders on one database, delivers every message exactly once", async () => {
    const other = openDatabase(process.env.DATABASE_PATH!);
    try {
      const stamp = Date.now();
      const addresses = Array.from({ length: 30 }, (_, i) => `race${i}-${stamp}@example.com`);
      await db.transaction().execute(async (trx) => {
        for (const [i, to] of addresses.entries())
          await enqueueMail(trx, { eventKey: `race:${stamp}:${i}`, to, kind: "welcome", data: { firstName: `R${i}` }, userId: null });
      });
      const now = new Date(Math.max(clock, Date.now()));
      const reports = await Promise.all([
        deliverPendingMail(db, smtp.transport, now, { limit: 7 }),
        deliverPendingMail(other, smtp.transport, now, { limit: 7 }),
        deliverPendingMail(db, smtp.transport, now, { limit: 7 }),
        deliverPendingMail(other, smtp.transport, now, { limit: 7 }),
        deliverPendingMail(db, smtp.transport, now),
        deliverPendingMail(other, smtp.transport, now),
      ]);
      await deliverPendingMail(other, smtp.transport, now);
      expect(reports.reduce((a, r) => a + r.sent, 0)).toBeGreaterThanOrEqual(30);
      for (const to of addresses) expect(mailTo(smtp.catcher, to), to).toHaveLength(1);
      const states = await db.selectFrom("outbox").select("status").where("event_key", "like", `race:${stamp}:%`).execute();
      expect(states.every((s) => s.status === "sent")).toBe(true);
    } finally {
      await other.destroy();
    }
  });

  it("a temporary SMTP refusal (451) keeps the message failing with the server's answer; 'Send again' makes it due now", async () => {
    const key = `refused:${Date.now()}`;
    await db
      .transaction()
      .execute((trx) => enqueueMail(trx, { eventKey: key, to: "refused@example.com", kind: "welcome", data: { firstName: "Re" }, userId: null }));
    smtp.catcher.failNext(1);
    await deliver();
    let row = await outboxRow(key);
    expect(row.status).toBe("failing");
    expect(row.last_error).toMatch(/451/);
    expect((await listOutbox(db, { status: "failing" })).rows.some((r) => r.eventKey === key)).toBe(true);

    expect(await retryMail(db, row.id, new Date(clock))).toBe(true);
    row = await outboxRow(key);
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(0);
    await deliver();
    expect(mailTo(smtp.catcher, "refused@example.com")).toHaveLength(1);
    // A sent message is not sent again.
    expect(await retryMail(db, row.id, new Date(clock))).toBe(false);
  });
});

describe("the other messages", () => {
  it("shipped: the tracking number and the tracking link of the details page", async () => {
    const order = await paidOrder();
    await shipOrder(db, order.id, "  RR123456789PL ");
    await deliver();
    const mail = only(mailTo(smtp.catcher, order.email), /is on its way/);
    expect(mail.text).toContain("Tracking number: RR123456789PL");
    expect(mail.text).toContain("https://parcelsapp.com/en/tracking/RR123456789PL");
    expect(mail.html).toContain('href="https://parcelsapp.com/en/tracking/RR123456789PL"');
    expect(mail.text).toContain(`${APP_URL}/order-details/${order.id}/${order.token}`);
  });

  it("cancelled by the shop: the refund wording of the terms", async () => {
    const order = await paidOrder();
    await adminCancelOrder(db, order.id);
    await deliver();
    const mail = only(mailTo(smtp.catcher, order.email), /has been cancelled/);
    expect(mail.text).toContain("You can cancel with a full refund only if the order has not shipped yet.");
    expect(mail.text).toContain("$53.00 will be refunded");
  });

  it("cancellation request: a receipt to the buyer and an alert to the owner, once", async () => {
    const order = await paidOrder();
    await requestCancellation(db, order.id);
    await expect(requestCancellation(db, order.id)).rejects.toThrow(/only for a paid order/);
    await deliver();
    const receipt = only(mailTo(smtp.catcher, order.email), /cancellation request/i);
    expect(receipt.text).toContain("1-2 business days");
    const alert = only(mailTo(smtp.catcher, "hello@example.com"), new RegExp(`Cancellation requested: order #${order.id}$`));
    expect(alert.text).toContain(order.email);
  });

  it("welcome on registration", async () => {
    const email = `welcome-${Date.now()}@example.com`;
    await registerUser(db, { email, password: "wendy-moira-lace", firstName: "Wendy", lastName: "Moira" }, "10.0.0.1");
    await deliver();
    const mail = only(mailTo(smtp.catcher, email), /^Welcome to /);
    expect(mail.text).toContain("Dear Wendy,");
    expect(mail.text).toContain(`${APP_URL}/shop`);
  });

  it("points awarded by the owner: one e-mail per award", async () => {
    const user = await makeUser(db, { firstName: "Petra" });
    await awardPoints(db, { email: user.email.toUpperCase(), points: 40 });
    await awardPoints(db, { email: user.email, points: 10 });
    await deliver();
    const mails = mailTo(smtp.catcher, user.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(["You received 10 loyalty points", "You received 40 loyalty points"]);
    expect(mails.find((m) => m.subject.includes("10"))!.text).toContain("Your balance is now 50 points.");
  });
});

describe("hostile customer input", () => {
  it("escapes every customer value in the HTML and cannot inject a header", async () => {
    await db
      .insertInto("settings")
      .values({ key: "store", value: JSON.stringify({ name: "Shop\r\nBcc: thief@example.com" }) })
      .execute();
    const order = await paidOrder({
      firstName: "Eve\r\nBcc: victim@example.com\r\nSubject: hacked",
      message: '<script>alert("x")</script><img src=x onerror=alert(1)>',
    });
    await deliver();
    await db.deleteFrom("settings").where("key", "=", "store").execute();
    const mail = only(mailTo(smtp.catcher, order.email), new RegExp(`Order #${order.id} confirmed`));
    expect(smtp.catcher.messages.some((m) => m.envelopeTo.includes("thief@example.com"))).toBe(false);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.headers.bcc).toBeUndefined();
    expect(mail.subject).toBe(`Order #${order.id} confirmed: thank you!`);
    expect(smtp.catcher.messages.some((m) => m.envelopeTo.includes("victim@example.com"))).toBe(false);
    expect(Object.keys(mail.headers)).not.toContain("bcc");
  });
});
