import { getReturnTerms, markDelivered, processReturn, shipOrder } from "~/domain/orders/fulfilment.server";
import { ADMIN_ORDER_INTENTS } from "~/domain/orders/fulfilment";
import { getDashboardStats } from "~/domain/orders/reports.server";
import { takeOrderPoints } from "~/domain/orders/holds.server";
import { listActivity } from "~/domain/ops/activity.server";
import { createPaypalClient, type PaypalClient, setPaypalConfig } from "~/lib/paypal-client.server";
import { completePayment, startPayment } from "~/domain/payments/payments.server";
import { listRefunds } from "~/domain/payments/refunds.server";
import { renderMail, type MailDataByKind } from "~/domain/mail/templates";
import { withdrawalEligibility, WITHDRAWAL_TEXT, WITHDRAWAL_WRONG_TRIES_PER_HOUR } from "~/domain/withdrawals/rules";
import { remindUnhandledWithdrawals, submitWithdrawal } from "~/domain/withdrawals/withdrawals.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { loader as adminOrderLoader, action as adminOrderAction } from "~/routes/admin_.orders.$orderId";
import { loader as adminListApi } from "~/routes/api.admin.orders";
import { loader as adminOneApi } from "~/routes/api.admin.orders.$orderId";
import { loader as ordersApi } from "~/routes/api.orders";
import { loader as orderApi } from "~/routes/api.orders.$orderId";
import { action as withdrawalsApi } from "~/routes/api.withdrawals";
import { action as pageAction, loader as pageLoader } from "~/routes/withdrawal";
import { loader as receiptLoader } from "~/routes/withdrawal_.received";
import { startPaypalEmulator, type PaypalEmulator } from "../../tools/paypal-emulator";
import { makeProduct, makeUser } from "../helpers/kit";
import { args, get, getJson, ORIGIN, postForm, postJson, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";
import { createToastCookie } from "~/web/session.server";
import { emulatorClient } from "../helpers/paypal-emulator";
import { makeOrder, orderRow, pointsOf, productStock } from "./payments-fixtures";
import { type OrderStatus } from "~/domain/orders/status";

// The withdrawal function through both doors (the page's form action and POST /api/withdrawals),
// its abuse cases, the owner's two ways to handle it (against the PayPal emulator over HTTP), the
// reminder job and the orders' JSON.

const CLIENT_ID = "withdrawal-test-client";
const CLIENT_SECRET = "withdrawal-test-secret";
const DAY = 86_400_000;

let emulator: PaypalEmulator;
let pp: ReturnType<typeof emulatorClient>;
let paypal: PaypalClient;
let n = 0;
const freshIp = () => `10.77.${Math.floor(++n / 250)}.${n % 250}`;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${++n}@example.com`;

beforeAll(async () => {
  emulator = await startPaypalEmulator({ port: 0, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  pp = emulatorClient(emulator.url, CLIENT_ID, CLIENT_SECRET);
  const config = { mode: "emulator" as const, apiBase: emulator.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };
  setPaypalConfig(config);
  paypal = createPaypalClient(config);
});

afterAll(async () => {
  setPaypalConfig(undefined);
  await emulator?.close();
  await db.destroy();
});

/** An order in `status` with these dates, for `email` (no PayPal payment). */
async function order(status: OrderStatus, opts: { email?: string; shippedAt?: string | null; deliveredAt?: string | null; userId?: number | null } = {}) {
  const product = await makeProduct(db, { stock: 5, priceCents: 2400 });
  const made = await makeOrder(db, { lines: [{ productId: product.id, quantity: 1, title: "Rose Tea Dress" }], status, userId: opts.userId ?? null });
  const email = opts.email ?? uniqueEmail("buyer");
  await db
    .updateTable("orders")
    .set({ email, paid_at: status === "unpaid" ? null : new Date().toISOString(), shipped_at: opts.shippedAt ?? null, delivered_at: opts.deliveredAt ?? null })
    .where("id", "=", made.id)
    .execute();
  return { ...made, email, product };
}

/** A paid order through the PayPal emulator (stock taken, points earned), for `email`; `spend` points of `user` for a discount as placement does. */
async function paidOrder(email = uniqueEmail("paid"), opts: { user?: { id: number }; spend?: number; priceCents?: number } = {}) {
  const product = await makeProduct(db, { stock: 5, priceCents: opts.priceCents ?? 2400 });
  const user = opts.user ?? (await makeUser(db));
  const spend = opts.spend ?? 0;
  const made = await makeOrder(db, {
    lines: [{ productId: product.id, quantity: 2, title: product.title, unitPriceCents: opts.priceCents ?? 2400 }],
    userId: user.id,
    loyaltyPointsUsed: spend,
    loyaltyDiscountCents: spend,
  });
  await db.updateTable("orders").set({ email }).where("id", "=", made.id).execute();
  if (spend) await db.transaction().execute((trx) => takeOrderPoints(trx, made.id));
  const started = await startPayment(db, made.id, { appUrl: ORIGIN });
  await pp.approve(started.paypalOrderId);
  await completePayment(db, made.id, started.paypalOrderId);
  return { ...made, email, product, user };
}

function apiPost(body: unknown, ip = freshIp()) {
  return run(() => withdrawalsApi(args(postJson("/api/withdrawals", body, { ip }))));
}

function pagePost(fields: Record<string, string | number>, ip = freshIp(), cookie?: string) {
  const body = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  return run(() => pageAction(args(postForm("/withdrawal", body, { ip, cookie }))));
}

/** Step one then 'Confirm withdrawal', as the page's two forms post them (`cookie`: signed in). */
async function withdrawByPage(fields: { orderId: number; email: string; name: string; statement?: string }, ip = freshIp(), cookie?: string) {
  const step1 = await pagePost({ intent: "check", ...fields }, ip, cookie);
  const data = (await step1
    .clone()
    .json()
    .catch(() => null)) as { step?: string } | null;
  if (step1.status !== 200 || data?.step !== "two") return { step1, confirm: null };
  const confirm = await pagePost({ intent: "confirm", ...fields }, ip, cookie);
  return { step1, confirm };
}

async function outbox(orderId: number) {
  return db
    .selectFrom("outbox")
    .select(["kind", "to_address as to", "event_key as eventKey", "data"])
    .where("event_key", "like", `%withdrawal%:${orderId}`)
    .orderBy("id")
    .execute();
}

async function withdrawalRow(orderId: number) {
  return db
    .selectFrom("withdrawals")
    .select(["received_at as receivedAt", "handled_at as handledAt", "reminded_at as remindedAt", "client_ip as ip", "name", "statement"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
}

describe("who may withdraw", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

  it("before shipping always; never from unpaid, cancelled or returned orders", () => {
    for (const status of ["paid", "processing", "cancel_request"]) {
      expect(withdrawalEligibility({ status, shippedAt: null, deliveredAt: null }, now)).toMatchObject({ state: "open", shipped: false });
    }
    for (const status of ["unpaid", "cancelled", "unpaidcancelled", "returned"]) {
      expect(withdrawalEligibility({ status, shippedAt: ago(1), deliveredAt: null }, now).state).toBe("not-withdrawable");
    }
  });

  it("after shipping: 14 days from delivery; without a delivery date, 14 days from shipping plus the longest delivery estimate", () => {
    expect(withdrawalEligibility({ status: "delivered", shippedAt: ago(20), deliveredAt: ago(13) }, now).state).toBe("open");
    expect(withdrawalEligibility({ status: "delivered", shippedAt: ago(20), deliveredAt: ago(15) }, now).state).toBe("over");
    expect(withdrawalEligibility({ status: "shipped", shippedAt: ago(27), deliveredAt: null }, now).state).toBe("open");
    expect(withdrawalEligibility({ status: "shipped", shippedAt: ago(30), deliveredAt: null }, now).state).toBe("over");
    // The last day counts whole (UTC): delivered exactly 14 days ago at 23:00 is still open.
    expect(withdrawalEligibility({ status: "delivered", shippedAt: null, deliveredAt: "2026-11-12T23:00:00.000Z" }, now).state).toBe("open");
  });

  it("delivered 13 days ago is accepted; 15 days ago says the period is over plainly and records nothing", async () => {
    const open = await order("delivered", {
      shippedAt: new Date(Date.now() - 20 * DAY).toISOString(),
      deliveredAt: new Date(Date.now() - 13 * DAY).toISOString(),
    });
    expect((await apiPost({ orderId: open.id, email: open.email, name: "Ada Lovelace" })).status).toBe(201);

    const late = await order("delivered", {
      shippedAt: new Date(Date.now() - 20 * DAY).toISOString(),
      deliveredAt: new Date(Date.now() - 15 * DAY).toISOString(),
    });
    const api = await apiPost({ orderId: late.id, email: late.email, name: "Ada Lovelace" });
    expect(api.status).toBe(409);
    expect((await api.json()).message).toMatch(new RegExp(`^The withdrawal period for order #${late.id} ended on `));
    const page = await pagePost({ intent: "check", orderId: late.id, email: late.email, name: "Ada Lovelace" });
    expect(page.status).toBe(409);
    expect(JSON.stringify(await page.json())).toContain("can no longer be withdrawn from here. Nothing was recorded.");
    const confirm = await pagePost({ intent: "confirm", orderId: late.id, email: late.email, name: "Ada Lovelace" });
    expect(confirm.status).toBe(409);
    expect(await withdrawalRow(late.id)).toBeUndefined();
    expect(await outbox(late.id)).toEqual([]);
  });

  it("a shipped order without a delivery date is open for 28 days from shipping", async () => {
    const recent = await order("shipped", { shippedAt: new Date(Date.now() - 25 * DAY).toISOString() });
    expect((await apiPost({ orderId: recent.id, email: recent.email, name: "A" })).status).toBe(201);
    const old = await order("shipped", { shippedAt: new Date(Date.now() - 29 * DAY).toISOString() });
    expect((await apiPost({ orderId: old.id, email: old.email, name: "A" })).status).toBe(409);
  });

  it("unpaid and cancelled orders answer 409 and record nothing", async () => {
    for (const status of ["unpaid", "cancelled"] as const) {
      const o = await order(status);
      const res = await apiPost({ orderId: o.id, email: o.email, name: "A" });
      expect(res.status).toBe(409);
      expect((await res.json()).message).toContain(`Order #${o.id} cannot be withdrawn from`);
      expect(await withdrawalRow(o.id)).toBeUndefined();
    }
  });
});

describe("abuse: nobody learns which orders exist, and mail only goes to the order's address", () => {
  it("an unknown order and a wrong e-mail get the same 404 message through both doors, and nothing is queued", async () => {
    const o = await order("paid");
    const before = await db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const unknown = await apiPost({ orderId: 987654, email: o.email, name: "Eve" });
    const wrong = await apiPost({ orderId: o.id, email: "eve@example.com", name: "Eve" });
    expect(unknown.status).toBe(404);
    expect(wrong.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: WITHDRAWAL_TEXT.notFound });
    expect(await wrong.json()).toEqual({ message: WITHDRAWAL_TEXT.notFound });

    const pageUnknown = await pagePost({ intent: "check", orderId: 987654, email: o.email, name: "Eve" });
    const pageWrong = await pagePost({ intent: "confirm", orderId: o.id, email: "eve@example.com", name: "Eve" });
    expect(pageUnknown.status).toBe(404);
    expect(pageWrong.status).toBe(404);
    const a = (await pageUnknown.json()) as { result: { error: Record<string, string[]> } };
    const b = (await pageWrong.json()) as { result: { error: Record<string, string[]> } };
    expect(a.result.error[""]).toEqual([WITHDRAWAL_TEXT.notFound]);
    expect(b.result.error[""]).toEqual([WITHDRAWAL_TEXT.notFound]);

    expect(await withdrawalRow(o.id)).toBeUndefined();
    const after = await db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("someone else's order number with a guessed e-mail is refused", async () => {
    const victim = await order("paid", { email: "clara.bloom@example.com" });
    for (const guess of ["clara@example.com", "clara.bloom@example.org", "bloom@example.com", "admin@example.com"]) {
      const res = await apiPost({ orderId: victim.id, email: guess, name: "Clara Bloom" });
      expect(res.status).toBe(404);
    }
    expect(await withdrawalRow(victim.id)).toBeUndefined();
    expect(await outbox(victim.id)).toEqual([]);
  });

  it("the e-mail is compared trimmed and case-insensitive; the receipt goes to the order's stored address, never to one the request names", async () => {
    const o = await order("processing", { email: "Maria.Nowak@example.com" });
    const res = await apiPost({
      orderId: o.id,
      email: "  maria.NOWAK@EXAMPLE.com ",
      name: "Maria Nowak",
      receiptTo: "attacker@evil.test",
      to: "attacker@evil.test",
    });
    expect(res.status).toBe(201);
    const mails = await outbox(o.id);
    const receipt = mails.find((m) => m.kind === "withdrawal-received")!;
    expect(receipt.to).toBe("Maria.Nowak@example.com");
    expect(mails.some((m) => m.to.includes("evil"))).toBe(false);
  });

  it("requests per client address are limited: 429 on the API, a form error on the page, nothing recorded", async () => {
    const o = await order("paid");
    const ip = freshIp();
    const now = new Date().toISOString();
    await db
      .insertInto("rate_events")
      .values(Array.from({ length: getEnv().WITHDRAWAL_LIMIT_PER_HOUR }, () => ({ bucket: "withdrawal", key: ip, created_at: now })))
      .execute();
    const api = await apiPost({ orderId: o.id, email: o.email, name: "A" }, ip);
    expect(api.status).toBe(429);
    expect((await api.json()).message).toMatch(/^Too many withdrawal requests from your network\. Please wait \d+ minutes? and try again\.$/);
    const page = await pagePost({ intent: "check", orderId: o.id, email: o.email, name: "A" }, ip);
    expect(page.status).toBe(429);
    expect(JSON.stringify(await page.json())).toContain("Too many withdrawal requests from your network.");
    expect(await withdrawalRow(o.id)).toBeUndefined();
    // Another address is not affected.
    expect((await apiPost({ orderId: o.id, email: o.email, name: "A" })).status).toBe(201);
  });

  it("bad input is a 400 with {message} on the API and field errors on the page", async () => {
    const res = await apiPost({ orderId: "12", email: "not-an-email", name: "" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(typeof body.message).toBe("string");
    const long = await apiPost({ orderId: 1, email: "a@example.com", name: "A", statement: "x".repeat(1001) });
    expect(long.status).toBe(400);
    expect((await long.json()).message).toContain(WITHDRAWAL_TEXT.statementTooLong);
    // '#12' is how the e-mails write it (accepted); letters are not an order number.
    const page = await pagePost({ intent: "check", orderId: "12x", email: "a@example.com", name: "" });
    expect(page.status).toBe(400);
    const data = (await page.json()) as { result: { error: Record<string, string[]> } };
    expect(data.result.error.orderId).toEqual([WITHDRAWAL_TEXT.orderIdInvalid]);
    expect(data.result.error.name).toEqual([WITHDRAWAL_TEXT.nameRequired]);
  });
});

describe("abuse: a stranger who knows the order number and e-mail learns nothing of the order", () => {
  /** What a stranger's answers must never hold: the items, the total, an earlier withdrawal's name and statement. */
  const secrets = (o: { totalCents: number }) => ["Rose Tea Dress", String(o.totalCents), (o.totalCents / 100).toFixed(2), "Clara Bloom", "Too small"];
  const expectNothingOf = async (res: Response, o: { totalCents: number }) => {
    const body = JSON.stringify(await res.clone().json());
    for (const secret of secrets(o)) expect(body).not.toContain(secret);
  };

  it("step two and the acknowledgement show only what was typed; a repeat shows neither the earlier name nor the statement", async () => {
    const owner = await makeUser(db);
    const o = await order("paid", { userId: owner.id });
    // The owner withdrew first, with her name and statement.
    expect((await apiPost({ orderId: o.id, email: o.email, name: "Clara Bloom", statement: "Too small for my doll." })).status).toBe(201);

    const fresh = await order("paid");
    const { step1, confirm } = await withdrawByPage({ orderId: fresh.id, email: fresh.email, name: "Eve", statement: "Cancel it." });
    await expectNothingOf(step1, fresh);
    expect(await step1.json()).toMatchObject({ step: "two", summary: null, values: { orderId: fresh.id, name: "Eve", statement: "Cancel it." } });
    const sent = confirm!.headers.get("Location")!;
    expect(sent).toMatch(new RegExp(`^/withdrawal/received\\?orderId=${fresh.id}&sent=`));
    const shown = await run(() => receiptLoader(args(get(sent))));
    expect(await shown.json()).toEqual({ state: "sent", orderId: fresh.id, receivedAt: (await withdrawalRow(fresh.id))!.receivedAt });
    // The `sent` signature does not open the acknowledgement with the order.
    const swapped = await run(() => receiptLoader(args(get(sent.replace("&sent=", "&receipt=")))));
    expect(swapped.status).toBe(404);

    // Someone else with the owner's order number and e-mail, through the page (JavaScript on or off: the same action).
    for (const intent of ["check", "confirm"]) {
      const res = await pagePost({ intent, orderId: o.id, email: o.email, name: "Eve" });
      expect(res.status).toBe(302);
      const location = res.headers.get("Location")!;
      expect(location).toContain("&sent=");
      const ack = await run(() => receiptLoader(args(get(location))));
      await expectNothingOf(ack, o);
      expect(await ack.json()).toMatchObject({ state: "sent", orderId: o.id });
    }
    // Signed in as another customer is no different.
    const other = await cookieFor((await makeUser(db)).id);
    const signedIn = await pagePost({ intent: "check", orderId: o.id, email: o.email, name: "Eve" }, freshIp(), other);
    expect(signedIn.headers.get("Location")).toContain("&sent=");
  });

  it("the receipt at the order's address links the acknowledgement with the order, the name and the statement", async () => {
    const o = await order("paid");
    await withdrawByPage({ orderId: o.id, email: o.email, name: "Clara Bloom", statement: "Too small for my doll." });
    const receipt = (await outbox(o.id)).find((m) => m.kind === "withdrawal-received")!;
    expect(receipt.to).toBe(o.email);
    const data = JSON.parse(receipt.data) as MailDataByKind["withdrawal-received"];
    const mail = renderMail("withdrawal-received", data, { storeName: "Shop", appUrl: ORIGIN, shopEmail: "shop@example.com" });
    const link = mail.text.match(/with your statement: (http\S+)/)![1]!;
    expect(link).toBe(`${ORIGIN}${data.receiptPath}`);
    const ack = await run(() => receiptLoader(args(get(link.slice(ORIGIN.length)))));
    expect(await ack.json()).toMatchObject({
      state: "ok",
      name: "Clara Bloom",
      statement: "Too small for my doll.",
      summary: { id: o.id, totalCents: o.totalCents, items: [expect.objectContaining({ title: "Rose Tea Dress" })] },
    });
  });

  it("the order's signed-in owner sees her order at step two and after confirming", async () => {
    const owner = await makeUser(db);
    const o = await order("paid", { userId: owner.id });
    const cookie = await cookieFor(owner.id);
    const { step1, confirm } = await withdrawByPage({ orderId: o.id, email: o.email, name: "Clara Bloom" }, freshIp(), cookie);
    expect(await step1.json()).toMatchObject({ step: "two", summary: { id: o.id, totalCents: o.totalCents } });
    const location = confirm!.headers.get("Location")!;
    expect(location).toContain("&receipt=");
    expect(await (await run(() => receiptLoader(args(get(location))))).json()).toMatchObject({ state: "ok", summary: { id: o.id } });
  });

  it("wrong tries are limited per order and per e-mail, from any network, on both doors; right ones do not count and the signed-in owner is not held up", async () => {
    const owner = await makeUser(db);
    const victim = await order("paid", { userId: owner.id });
    for (let i = 0; i < WITHDRAWAL_WRONG_TRIES_PER_HOUR; i++) {
      expect((await apiPost({ orderId: victim.id, email: `guess-${i}@example.com`, name: "Eve" })).status).toBe(404);
    }
    const api = await apiPost({ orderId: victim.id, email: "guess-x@example.com", name: "Eve" });
    expect(api.status).toBe(429);
    expect((await api.json()).message).toMatch(/^Too many tries with this order number or e-mail address .* Please wait \d+ minutes? and try again\.$/);
    // The right pair is refused too now, through both doors, and nothing is recorded.
    expect((await apiPost({ orderId: victim.id, email: victim.email, name: "Eve" })).status).toBe(429);
    const page = await pagePost({ intent: "check", orderId: victim.id, email: victim.email, name: "Eve" });
    expect(page.status).toBe(429);
    expect(JSON.stringify(await page.json())).toContain(WITHDRAWAL_TEXT.tooManyTries);
    expect(await withdrawalRow(victim.id)).toBeUndefined();
    // The signed-in owner proves the order by her account: she is not held up.
    const mine = await pagePost({ intent: "check", orderId: victim.id, email: victim.email, name: "Clara" }, freshIp(), await cookieFor(owner.id));
    expect(await mine.json()).toMatchObject({ step: "two", summary: { id: victim.id } });

    // One e-mail address against many order numbers.
    const known = uniqueEmail("known");
    for (let i = 0; i < WITHDRAWAL_WRONG_TRIES_PER_HOUR; i++) expect((await apiPost({ orderId: 800_000 + i, email: known, name: "Eve" })).status).toBe(404);
    expect((await apiPost({ orderId: 800_100, email: known.toUpperCase(), name: "Eve" })).status).toBe(429);

    // Right pairs give their slots back: a customer going back and forth is never held up.
    const mineToo = await order("paid");
    for (let i = 0; i <= WITHDRAWAL_WRONG_TRIES_PER_HOUR; i++) {
      expect((await pagePost({ intent: "check", orderId: mineToo.id, email: mineToo.email, name: "Ada" })).status).toBe(200);
    }
  });
});

describe("a withdrawal received", () => {
  it("records the row, the history line, the receipt to the order's address with the date and time, and the owner's alert", async () => {
    const o = await order("paid");
    const res = await apiPost({ orderId: o.id, email: o.email, name: "Ada Lovelace", statement: "I hereby withdraw." }, "192.0.2.44");
    expect(res.status).toBe(201);
    const body = (await res.json()) as { orderId: number; receivedAt: string };
    expect(body).toEqual({ orderId: o.id, receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(await withdrawalRow(o.id)).toMatchObject({
      receivedAt: body.receivedAt,
      handledAt: null,
      ip: "192.0.2.44",
      name: "Ada Lovelace",
      statement: "I hereby withdraw.",
    });
    const events = await db.selectFrom("order_events").select(["type", "message"]).where("order_id", "=", o.id).execute();
    expect(events).toContainEqual({ type: "withdrawal", message: 'Withdrawal from the contract received from Ada Lovelace: "I hereby withdraw."' });
    const mails = await outbox(o.id);
    expect(mails.map((m) => [m.kind, m.to])).toEqual([
      ["withdrawal-received", o.email],
      ["owner-withdrawal", getEnv().SHOP_EMAIL],
    ]);
    const data = JSON.parse(mails[0]!.data) as { receivedAt: string; items: unknown[]; shipped: boolean };
    expect(data.receivedAt).toBe(body.receivedAt);
    expect(data.items).toHaveLength(1);
    expect(data.shipped).toBe(false);
  });

  it("withdrawing twice answers with the first receipt and queues no second e-mail (API and page)", async () => {
    const o = await order("paid");
    const first = (await (await apiPost({ orderId: o.id, email: o.email, name: "A" })).json()) as { receivedAt: string };
    await new Promise((r) => setTimeout(r, 5));
    const again = await apiPost({ orderId: o.id, email: o.email.toUpperCase(), name: "Someone else" });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ orderId: o.id, receivedAt: first.receivedAt });
    // The page's step one goes straight to the first acknowledgement (without the order: nobody is signed in).
    const page = await pagePost({ intent: "check", orderId: o.id, email: o.email, name: "A" });
    expect(page.status).toBe(302);
    const receipt = page.headers.get("Location")!;
    expect(receipt).toMatch(new RegExp(`^/withdrawal/received\\?orderId=${o.id}&sent=`));
    const shown = await run(() => receiptLoader(args(get(`${receipt}`))));
    expect(await shown.json()).toEqual({ state: "sent", orderId: o.id, receivedAt: first.receivedAt });
    expect((await outbox(o.id)).filter((m) => m.kind === "withdrawal-received")).toHaveLength(1);
    expect((await withdrawalRow(o.id))!.name).toBe("A");
  });

  it("both doors give the same result for the same payload", async () => {
    const customer = await makeUser(db);
    const cookie = await cookieFor(customer.id);
    const viaApi = await order("processing");
    const viaPage = await order("processing", { userId: customer.id });
    const payload = (o: { id: number; email: string }) => ({ orderId: o.id, email: o.email, name: "Ada Lovelace", statement: "Too small for my doll." });
    expect((await apiPost(payload(viaApi))).status).toBe(201);
    const { step1, confirm } = await withdrawByPage(payload(viaPage), freshIp(), cookie);
    const two = (await step1.json()) as { step: string; summary: { id: number; items: unknown[]; totalCents: number; shipped: boolean } };
    expect(two).toMatchObject({ step: "two", summary: { id: viaPage.id, totalCents: viaPage.totalCents, shipped: false } });
    expect(confirm!.status).toBe(302);
    const strip = (row: Awaited<ReturnType<typeof withdrawalRow>>) => ({ ...row, receivedAt: typeof row?.receivedAt, ip: undefined });
    expect(strip(await withdrawalRow(viaPage.id))).toEqual(strip(await withdrawalRow(viaApi.id)));
    expect((await outbox(viaPage.id)).map((m) => m.kind)).toEqual((await outbox(viaApi.id)).map((m) => m.kind));
    // The acknowledgement needs the signed link: a forged one shows nothing of the order.
    const location = confirm!.headers.get("Location")!;
    const ok = await run(() => receiptLoader(args(get(`${location}`))));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ state: "ok", summary: { id: viaPage.id } });
    const forged = await run(() => receiptLoader(args(get(`/withdrawal/received?orderId=${viaApi.id}&receipt=${location.split("receipt=")[1]}`))));
    expect(forged.status).toBe(404);
    expect(await forged.json()).toEqual({ state: "invalid" });
  });

  it("?orderId= fills in the order; its signed-in owner gets the e-mail too, a stranger does not", async () => {
    const owner = await makeUser(db);
    const o = await order("paid", { userId: owner.id });
    const anon = await run(() => pageLoader(args(get(`/withdrawal?orderId=${o.id}`))));
    expect((await anon.json()).prefill).toEqual({ orderId: String(o.id), email: "", name: "" });
    const stranger = await cookieFor((await makeUser(db)).id);
    const other = await run(() => pageLoader(args(get(`/withdrawal?orderId=${o.id}`, { cookie: stranger }))));
    expect((await other.json()).prefill.email).toBe("");
    const ownerCookie = await cookieFor(owner.id);
    const mine = await run(() => pageLoader(args(get(`/withdrawal?orderId=${o.id}`, { cookie: ownerCookie }))));
    expect((await mine.json()).prefill).toMatchObject({ orderId: String(o.id), email: o.email });
  });
});

describe("the owner handles it", () => {
  it("before shipping: 'Cancel and refund in full' refunds through PayPal, puts stock back and sets handled_at, with an activity row", async () => {
    const o = await paidOrder();
    expect((await productStock(db, o.product.id)).stock).toBe(3);
    await submitWithdrawal(db, { orderId: o.id, email: o.email, name: "Ada" });
    expect((await getDashboardStats(db)).withdrawalsToHandle).toBeGreaterThan(0);
    const admin = await makeUser(db, { isAdmin: true });
    const cookie = await cookieFor(admin.id);
    const page = await run(() => adminOrderLoader(args(get(`/admin/orders/${o.id}`, { cookie: cookie }), { orderId: String(o.id) })));
    expect((await page.json()).withdrawal).toMatchObject({ name: "Ada", handledAt: null, canRefundInFull: true });

    const res = await run(() =>
      adminOrderAction(args(postForm(`/admin/orders/${o.id}`, { intent: ADMIN_ORDER_INTENTS.withdrawalRefund }, { cookie }), { orderId: String(o.id) })),
    );
    expect(res.status).toBe(302);
    expect((await orderRow(db, o.id)).status).toBe("cancelled");
    expect((await productStock(db, o.product.id)).stock).toBe(5);
    const [refund] = await listRefunds(db, o.id);
    expect(refund).toMatchObject({ kind: "cancel", status: "COMPLETED", amountCents: o.totalCents });
    expect((await pp.api("GET", `/v2/payments/refunds/${refund!.paypalRefundId}`)).body.status).toBe("COMPLETED");
    expect((await withdrawalRow(o.id))!.handledAt).not.toBeNull();
    const activity = await listActivity(db, { kind: "order.withdrawal", subjectType: "order", subjectId: o.id });
    expect(activity.rows).toHaveLength(1);
    expect(activity.rows[0]).toMatchObject({ actorEmail: admin.email });
    // The order's JSON says so.
    const json = await run(() => adminOneApi(args(get(`/api/admin/orders/${o.id}`, { cookie: cookie }), { orderId: String(o.id) })));
    expect((await json.json()).withdrawal).toEqual({ receivedAt: expect.any(String), handledAt: expect.any(String) });
  });

  it("after shipping: the return form is prefilled with every item and the shipping; processing the return sets handled_at", async () => {
    const o = await paidOrder();
    await shipOrder(db, o.id, "RR123456789PL");
    await markDelivered(db, o.id, new Date(Date.now() - 3 * DAY));
    const plain = await getReturnTerms(db, o.id);
    expect(plain).toMatchObject({ withdrawn: false, suggestedCents: o.totalCents - 500 });
    await submitWithdrawal(db, { orderId: o.id, email: o.email, name: "Ada" });
    // Even long after delivery, no reason is asked for a withdrawal received in time.
    const terms = await getReturnTerms(db, o.id, new Date(Date.now() + 30 * DAY));
    expect(terms).toMatchObject({ withdrawn: true, suggestedCents: o.totalCents, late: false });
    const items = await db.selectFrom("order_items").select(["id", "quantity"]).where("order_id", "=", o.id).execute();
    await processReturn(db, o.id, { amountCents: terms!.suggestedCents, restock: items.map((i) => ({ orderItemId: i.id, quantity: i.quantity })) }, { paypal });
    expect((await orderRow(db, o.id)).status).toBe("returned");
    expect((await withdrawalRow(o.id))!.handledAt).not.toBeNull();
    expect((await listRefunds(db, o.id))[0]).toMatchObject({ kind: "return", status: "COMPLETED", amountCents: o.totalCents });
  });

  it("'Cancel and refund in full' is refused once the order has shipped, and without an open withdrawal", async () => {
    const { cancelAndRefundWithdrawal } = await import("~/domain/withdrawals/withdrawals.server");
    const shipped = await order("shipped", { shippedAt: new Date().toISOString() });
    await submitWithdrawal(db, { orderId: shipped.id, email: shipped.email, name: "A" });
    await expect(cancelAndRefundWithdrawal(db, shipped.id)).rejects.toMatchObject({ status: 409 });
    const none = await order("paid");
    await expect(cancelAndRefundWithdrawal(db, none.id)).rejects.toMatchObject({ status: 409 });
    expect((await orderRow(db, none.id)).status).toBe("paid");
  });

  it("abuse: a direct POST of 'Cancel and refund in full' is refused for an order with a personalised piece, and refunds nothing", async () => {
    const o = await paidOrder();
    // The first line was made to the buyer's own measurements: exempt from the withdrawal.
    await db.updateTable("order_items").set({ is_personalised: 1 }).where("order_id", "=", o.id).execute();
    const plain = await makeProduct(db, { stock: 5, title: "Plain Hat" });
    await db
      .insertInto("order_items")
      .values({ order_id: o.id, product_id: plain.id, title: "Plain Hat", unit_price_cents: 1000, quantity: 1, color_id: null, variation_code: null })
      .execute();
    expect((await apiPost({ orderId: o.id, email: o.email, name: "Ada" })).status).toBe(201);
    const cookie = await cookieFor((await makeUser(db, { isAdmin: true })).id);
    const post = () =>
      run(() =>
        adminOrderAction(args(postForm(`/admin/orders/${o.id}`, { intent: ADMIN_ORDER_INTENTS.withdrawalRefund }, { cookie }), { orderId: String(o.id) })),
      );
    const res = await post();
    expect(res.status).toBe(302);
    const toast = res.headers.getSetCookie().find((c) => c.startsWith("__toast="))!;
    expect(((await createToastCookie().parse(toast)) as { description: string }).description).toContain("the customer cannot withdraw from");
    expect((await orderRow(db, o.id)).status).toBe("paid");
    expect(await listRefunds(db, o.id)).toEqual([]);
    expect((await withdrawalRow(o.id))!.handledAt).toBeNull();
    const { cancelAndRefundWithdrawal } = await import("~/domain/withdrawals/withdrawals.server");
    await expect(cancelAndRefundWithdrawal(db, o.id, { paypal })).rejects.toMatchObject({ status: 409 });
  });

  it("points: earned on A, spent on B, then A withdrawn and refunded by the owner: never below zero, the rest owed by A and settled when B goes", async () => {
    const user = await makeUser(db);
    const a = await paidOrder(uniqueEmail("points-a"), { user, priceCents: 5000 });
    const earnedA = await pointsOf(db, user.id);
    expect(earnedA).toBeGreaterThan(0);
    const b = await paidOrder(uniqueEmail("points-b"), { user, spend: earnedA, priceCents: 1000 });
    const earnedB = await pointsOf(db, user.id);
    expect(earnedB).toBeLessThan(earnedA);

    const cookie = await cookieFor((await makeUser(db, { isAdmin: true })).id);
    const withdrawAndRefund = async (o: { id: number; email: string }) => {
      expect((await apiPost({ orderId: o.id, email: o.email, name: "Ada" })).status).toBe(201);
      const res = await run(() =>
        adminOrderAction(args(postForm(`/admin/orders/${o.id}`, { intent: ADMIN_ORDER_INTENTS.withdrawalRefund }, { cookie }), { orderId: String(o.id) })),
      );
      expect(res.status).toBe(302);
      expect((await orderRow(db, o.id)).status).toBe("cancelled");
    };
    const owed = async (id: number) => (await db.selectFrom("orders").select("points_owed").where("id", "=", id).executeTakeFirstOrThrow()).points_owed;

    await withdrawAndRefund(a);
    expect(await pointsOf(db, user.id)).toBe(0);
    expect(await owed(a.id)).toBe(earnedA - earnedB);

    // B withdrawn too: its discount's points come back, pay A's debt first, and B's own are taken.
    await withdrawAndRefund(b);
    expect(await pointsOf(db, user.id)).toBe(0);
    expect((await owed(a.id)) + (await owed(b.id))).toBe(0);
    const history = await db.selectFrom("loyalty_events").select("points_after as after").where("user_id", "=", user.id).execute();
    expect(history.every((line) => line.after >= 0)).toBe(true);
  });

  it("the reminder job e-mails the owner once for a withdrawal unhandled after 7 days", async () => {
    const o = await order("paid");
    const received = new Date(Date.now() - 8 * DAY);
    await submitWithdrawal(db, { orderId: o.id, email: o.email, name: "A" }, { now: received });
    const fresh = await order("paid");
    await submitWithdrawal(db, { orderId: fresh.id, email: fresh.email, name: "B" }, { now: new Date(Date.now() - 6 * DAY) });
    const now = new Date();
    expect(await remindUnhandledWithdrawals(db, now)).toBeGreaterThanOrEqual(1);
    expect(await remindUnhandledWithdrawals(db, now)).toBe(0);
    const mails = await outbox(o.id);
    expect(mails.filter((m) => m.kind === "owner-withdrawal-reminder")).toEqual([expect.objectContaining({ to: getEnv().SHOP_EMAIL })]);
    expect((await withdrawalRow(o.id))!.remindedAt).toBe(now.toISOString());
    expect((await outbox(fresh.id)).some((m) => m.kind === "owner-withdrawal-reminder")).toBe(false);
    // A handled one is never reminded, even when due.
    const handled = await order("paid");
    await submitWithdrawal(db, { orderId: handled.id, email: handled.email, name: "C" }, { now: received });
    await db.updateTable("withdrawals").set({ handled_at: now.toISOString() }).where("order_id", "=", handled.id).execute();
    await remindUnhandledWithdrawals(db, new Date(now.getTime() + DAY));
    expect((await outbox(handled.id)).some((m) => m.kind === "owner-withdrawal-reminder")).toBe(false);
  });
});

describe("orders as JSON carry the withdrawal", () => {
  it("customer views (list and one order) and admin views (list and one order): null, then {receivedAt, handledAt}", async () => {
    const customer = await makeUser(db);
    const admin = await makeUser(db, { isAdmin: true });
    const o = await order("paid", { userId: customer.id });
    const other = await order("paid", { userId: customer.id });
    const c = await cookieFor(customer.id);
    const a = await cookieFor(admin.id);
    const get = (fn: typeof ordersApi, path: string, cookie: string, params: Record<string, string> = {}) =>
      run(() => fn(args(getJson(path, { cookie }), params)));

    const { receivedAt } = (await (await apiPost({ orderId: o.id, email: o.email, name: "A" })).json()) as { receivedAt: string };
    const expected = { receivedAt, handledAt: null };

    const list = (await (await get(ordersApi, "/api/orders", c)).json()) as { id: number; withdrawal: unknown }[];
    expect(list.find((r) => r.id === o.id)!.withdrawal).toEqual(expected);
    expect(list.find((r) => r.id === other.id)!.withdrawal).toBeNull();
    expect((await (await get(orderApi, `/api/orders/${o.id}`, c, { orderId: String(o.id) })).json()).withdrawal).toEqual(expected);
    expect((await (await get(orderApi, `/api/orders/${other.id}`, c, { orderId: String(other.id) })).json()).withdrawal).toBeNull();

    const adminList = (await (await get(adminListApi, "/api/admin/orders", a)).json()) as { orders: { id: number; withdrawal: unknown }[] };
    expect(adminList.orders.find((r) => r.id === o.id)!.withdrawal).toEqual(expected);
    expect(adminList.orders.find((r) => r.id === other.id)!.withdrawal).toBeNull();
    expect((await (await get(adminOneApi, `/api/admin/orders/${o.id}`, a, { orderId: String(o.id) })).json()).withdrawal).toEqual(expected);
  });
});
