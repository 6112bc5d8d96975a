import { sql } from "kysely";
import { getSessionStorage } from "~/web/session.server";
import { hashPassword } from "~/domain/auth/password.server";
import { PASSWORD_CHANGE_TRIES } from "~/domain/auth/security.server";
import { deliverPendingMail } from "~/domain/mail/sender.server";
import { deleteAccount } from "~/domain/privacy/deletion.server";
import { exportAccountData } from "~/domain/privacy/export.server";
import { PRIVACY_TEXT } from "~/domain/privacy/texts";
import { db } from "~/lib/db.server";
import { action as dataAction, loader as dataLoader } from "~/routes/account_.data";
import { action as linkAction, loader as linkLoader } from "~/routes/account_.data_.delete";
import { action as adminDeleteAction, loader as adminDeleteLoader } from "~/routes/admin_.users.$userId.delete";
import { loader as adminExportLoader } from "~/routes/admin_.users.$userId.export";
import { action as apiDelete } from "~/routes/api.account.delete";
import { loader as apiExport } from "~/routes/api.account.export";
import { loader as apiMe } from "~/routes/api.auth.me";
import { loader as detailsByToken } from "~/routes/order-details.$orderId_.$token";
import { loader as confirmationByToken } from "~/routes/orders.$orderId.$token";
import { makeProduct } from "../helpers/kit";
import { args, get, postForm, postJson, run } from "../helpers/requests";
import { mailTo, startSmtp } from "../helpers/smtp";

/**
 * Data rights: the export holds the person's data and nobody else's, and no secret; deletion
 * removes the account and what hangs on it in one transaction, keeps the orders detached with
 * their token links working, and is refused for a wrong password, too many tries and the last
 * admin; the e-mailed link of passwordless accounts; the form and the API agree; the admin's
 * export and deletion are logged and closed to customers.
 */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let n = 0;
const ip = () => `203.0.113.${(++n % 250) + 1}`;

beforeAll(async () => {
  smtp = await startSmtp();
  // The shop's owner: deleting customers never touches the last-admin rule through her.
  await db.insertInto("users").values({ email: "owner-privacy@example.com", first_name: "Olga", last_name: "Owner", is_admin: 1 }).execute();
});
afterAll(async () => {
  await smtp?.catcher.close();
  await db.destroy();
});

// Each request comes from a new address, so per-address limits never mix tests.
const formReq = (path: string, fields: Record<string, string>, cookie?: string) => postForm(path, fields, { cookie, ip: ip() });
const jsonReq = (path: string, body: unknown, cookie?: string) => postJson(path, body, { cookie, ip: ip() });
const setCookies = (res: Response) => res.headers.getSetCookie();

async function sessionFor(userId: number): Promise<string> {
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("userId", userId);
  return (await storage.commitSession(session)).split(";")[0]!;
}
async function me(cookie: string): Promise<number> {
  return (await run(() => apiMe(args(get("/api/auth/me", { cookie }))))).status;
}

let emailN = 0;
const PASSWORD = "lace-and-linen-7";

interface Person {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  street: string;
  ip: string;
  orders: { id: number; token: string }[];
  productTitle: string;
  secrets: string[];
}

/** An account with something in every table the export and the deletion cover. */
async function person(tag: string, opts: { admin?: boolean; password?: boolean } = {}): Promise<Person> {
  const k = ++emailN;
  const email = `${tag}-${k}@example.com`;
  const firstName = `${tag}First${k}`;
  const lastName = `${tag}Last${k}`;
  const street = `${k} ${tag} Lane`;
  const personIp = `192.0.2.${k}`;
  const passwordHash = opts.password === false ? null : await hashPassword(PASSWORD);
  const totpSecret = `TOTPSECRET${tag.toUpperCase()}${k}ABCDEFGH`;
  const user = await db
    .insertInto("users")
    .values({
      email,
      password_hash: passwordHash,
      first_name: firstName,
      last_name: lastName,
      shipping_first_name: firstName,
      shipping_last_name: lastName,
      shipping_address_line1: street,
      shipping_city: `${tag}ville`,
      shipping_postal_code: "00-950",
      shipping_country: "PL",
      is_admin: opts.admin ? 1 : 0,
      loyalty_points: 15,
      email_verified_at: new Date().toISOString(),
      totp_secret: totpSecret,
      totp_enabled_at: opts.admin ? new Date().toISOString() : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const product = await makeProduct(db, { title: `${tag} Only Bonnet ${k}` });
  const orders: { id: number; token: string }[] = [];
  for (let i = 0; i < 2; i++) {
    const token = `tok-${tag}-${k}-${i}-abcdefghijklmnop`;
    const order = await db
      .insertInto("orders")
      .values({
        user_id: user.id,
        session_key: `cart-${tag}-${k}`,
        email,
        status: "paid",
        subtotal_cents: 2400,
        shipping_cents: 800,
        shipping_name: "Standard Shipping",
        total_cents: 3200,
        confirmation_token: token,
        shipping_first_name: firstName,
        shipping_last_name: lastName,
        shipping_address_line1: street,
        shipping_city: `${tag}ville`,
        shipping_postal_code: "00-950",
        shipping_country: "PL",
        // Paid a minute after placement, as a real order is (created_at is the insert's own time).
        paid_at: new Date(Date.now() + 60_000).toISOString(),
        paypal_order_id: `PAYPAL-${tag}-${k}-${i}`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("order_items")
      .values({ order_id: order.id, product_id: product.id, title: product.title, unit_price_cents: 2400, quantity: 1 })
      .execute();
    orders.push({ id: order.id, token });
  }
  await db.insertInto("favorites").values({ user_id: user.id, product_id: product.id }).execute();
  const cart = await db.insertInto("carts").values({ user_id: user.id }).returning("id").executeTakeFirstOrThrow();
  await db.insertInto("cart_items").values({ cart_id: cart.id, product_id: product.id, quantity: 2 }).execute();
  await db
    .insertInto("loyalty_events")
    .values({ user_id: user.id, order_id: orders[0]!.id, event_type: "order_gain", description: `Points for ${tag} order`, points: 15, points_after: 15 })
    .execute();
  // Rows keyed to the account, as the shop writes them (tests/integration/privacy-account-keys.test.ts: how).
  await db.insertInto("back_in_stock_requests").values({ email, product_id: product.id, confirmed_at: new Date().toISOString(), user_id: user.id }).execute();
  await db
    .insertInto("login_attempts")
    .values({ email, ip: `198.18.0.${k}` })
    .execute();
  // Password-reset throttling rows carry the address too.
  await db
    .insertInto("login_attempts")
    .values({ email: `reset:${email}`, ip: `reset:198.18.0.${k}` })
    .execute();
  await db.insertInto("known_signins").values({ email, ip: personIp, last_at: new Date().toISOString(), user_id: user.id }).execute();
  const recovery = `recoveryhash-${tag}-${k}`;
  await db.insertInto("recovery_codes").values({ user_id: user.id, code_hash: recovery }).execute();
  const tokenHash = `tokenhash-${tag}-${k}`;
  await db
    .insertInto("auth_tokens")
    .values({ token_hash: tokenHash, user_id: user.id, purpose: "verify-email", expires_at: new Date(Date.now() + 86_400_000).toISOString() })
    .execute();
  await db
    .insertInto("outbox")
    .values({
      event_key: `welcome:test-${tag}-${k}`,
      kind: "welcome",
      to_address: email,
      data: "{}",
      status: "sent",
      subject: `Welcome ${firstName}`,
      user_id: user.id,
    })
    .execute();
  return {
    id: user.id,
    email,
    firstName,
    lastName,
    street,
    ip: personIp,
    orders,
    productTitle: product.title,
    secrets: [passwordHash ?? "no-password-hash", totpSecret, recovery, tokenHash],
  };
}

/** What remains of an account in every table deletion covers (all zero once deleted). */
async function remains(p: Person) {
  const count = async (table: "users" | "favorites" | "loyalty_events" | "recovery_codes" | "auth_tokens" | "sessions", column: "id" | "user_id") =>
    (await db.selectFrom(table).select(db.fn.countAll<number>().as("n")).where(column, "=", p.id).executeTakeFirstOrThrow()).n;
  const byEmail = async (table: "back_in_stock_requests" | "known_signins" | "login_attempts") =>
    (await db.selectFrom(table).select(db.fn.countAll<number>().as("n")).where("email", "=", p.email).executeTakeFirstOrThrow()).n;
  const carts = (await db.selectFrom("carts").select(db.fn.countAll<number>().as("n")).where("user_id", "=", p.id).executeTakeFirstOrThrow()).n;
  return {
    users: await count("users", "id"),
    sessions: await count("sessions", "user_id"),
    favorites: await count("favorites", "user_id"),
    carts,
    loyalty: await count("loyalty_events", "user_id"),
    recovery: await count("recovery_codes", "user_id"),
    tokens: await count("auth_tokens", "user_id"),
    backInStock: await byEmail("back_in_stock_requests"),
    knownSignIns: await byEmail("known_signins"),
    loginAttempts: await byEmail("login_attempts"),
  };
}
const GONE = { users: 0, sessions: 0, favorites: 0, carts: 0, loyalty: 0, recovery: 0, tokens: 0, backInStock: 0, knownSignIns: 0, loginAttempts: 0 };

async function ordersOf(p: Person) {
  return db
    .selectFrom("orders")
    .select(["id", "user_id as userId", "session_key as sessionKey", "email"])
    .where(
      "id",
      "in",
      p.orders.map((o) => o.id),
    )
    .orderBy("id")
    .execute();
}

async function expectOrderLinksWork(p: Person) {
  for (const o of p.orders) {
    const params = { orderId: String(o.id), token: o.token };
    expect((await run(() => detailsByToken(args(get(`/order-details/${o.id}/${o.token}`), params)))).status).toBe(200);
    expect((await run(() => confirmationByToken(args(get(`/orders/${o.id}/${o.token}`), params)))).status).toBe(200);
  }
}

describe("the export", () => {
  it("holds the person's own data: profile, orders with items and addresses, favorites, cart, loyalty, back-in-stock, sign-ins", async () => {
    const a = await person("alma");
    const cookie = await sessionFor(a.id);
    const data = (await exportAccountData(db, a.id))!;
    expect(data.profile).toMatchObject({
      id: a.id,
      email: a.email,
      firstName: a.firstName,
      lastName: a.lastName,
      emailConfirmed: true,
      passwordSet: true,
      googleLinked: false,
      secondFactorOn: false,
    });
    expect(data.profile.shippingAddress.addressLine1).toBe(a.street);
    expect(data.orders.map((o) => o.id)).toEqual(a.orders.map((o) => o.id));
    expect(data.orders[0]).toMatchObject({
      status: "paid",
      totalCents: 3200,
      shippingAddress: { addressLine1: a.street },
      items: [{ title: a.productTitle, quantity: 1 }],
    });
    expect(data.orders[0]!.detailsPath).toBe(`/order-details/${a.orders[0]!.id}/${a.orders[0]!.token}`);
    expect(data.orders[0]!.history.map((h) => h.event)).toEqual(["Order placed", "Payment received"]);
    expect(data.favorites).toEqual([expect.objectContaining({ productTitle: a.productTitle })]);
    expect(data.cart).toEqual([expect.objectContaining({ productTitle: a.productTitle, quantity: 2 })]);
    expect(data.loyaltyHistory).toEqual([expect.objectContaining({ eventType: "order_gain", points: 15 })]);
    expect(data.backInStockRequests).toEqual([expect.objectContaining({ productTitle: a.productTitle, closedAt: null })]);
    expect(data.signInHistory.knownSignIns).toEqual([expect.objectContaining({ ipAddress: a.ip })]);
    expect(data.signInHistory.failedSignIns).toHaveLength(1);
    expect(data.signInHistory.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.emails).toEqual([expect.objectContaining({ kind: "welcome", status: "sent" })]);
    expect(typeof data.about).toBe("string");
    expect(Date.parse(data.exportedAt)).not.toBeNaN();
    // The JSON door: an attachment named by the day.
    const res = await run(() => apiExport(args(get("/api/account/export", { cookie }))));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect((await res.json()).profile.email).toBe(a.email);
  });

  it("holds nobody else's data: not another customer's, not a guest order that only names the address", async () => {
    const a = await person("anna");
    const b = await person("bert");
    // Someone checked out as a guest with Anna's address typed in: not hers to read.
    await db
      .insertInto("orders")
      .values({
        user_id: null,
        session_key: "stranger-cart",
        email: a.email,
        subtotal_cents: 100,
        shipping_cents: 0,
        shipping_name: "Standard Shipping",
        total_cents: 100,
        confirmation_token: "stranger-token-0123456789",
        shipping_first_name: "Stranger",
        shipping_last_name: "Danger",
        shipping_address_line1: "7 Stranger Street",
        shipping_city: "Elsewhere",
        shipping_postal_code: "1",
        shipping_country: "DE",
      })
      .execute();
    // The owner's alerts to the address of an admin are about other people's orders.
    await db
      .insertInto("outbox")
      .values({ event_key: `owner-alert-${a.id}`, kind: "owner-new-order", to_address: a.email, data: "{}", subject: `New paid order: ${b.firstName}` })
      .execute();
    const text = JSON.stringify(await exportAccountData(db, a.id));
    expect(text).toContain(a.email);
    for (const foreign of [
      b.email,
      b.firstName,
      b.lastName,
      b.street,
      b.ip,
      b.productTitle,
      ...b.orders.map((o) => o.token),
      "Stranger",
      "stranger-token",
      "owner-new-order",
    ]) {
      expect(text, foreign).not.toContain(foreign);
    }
    const ids = (JSON.parse(text) as { orders: { id: number }[] }).orders.map((o) => o.id);
    for (const o of b.orders) expect(ids).not.toContain(o.id);
  });

  it("holds no secret: no password hash, TOTP secret, recovery code, link token or session id", async () => {
    const a = await person("sita", { admin: true });
    const cookie = await sessionFor(a.id);
    const sessionId = (await getSessionStorage().getSession(cookie)).id;
    const text = JSON.stringify(await exportAccountData(db, a.id));
    for (const secret of [...a.secrets, sessionId]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/password_?hash|totp_?secret|code_?hash|token_?hash|"token"/i);
    expect(text).not.toContain("PAYPAL-");
  });

  it("is for signed-in people only: 401 {message} on the API, the login page for /account/data", async () => {
    const res = await run(() => apiExport(args(get("/api/account/export"))));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: expect.any(String) });
    const page = await run(() => dataLoader(args(get("/account/data"))));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Faccount%2Fdata/);
  });
});

describe("deleting one's account with the password", () => {
  const del = (cookie: string, password: string) => run(() => dataAction(args(formReq("/account/data", { intent: "delete-account", password }, cookie))));

  it("removes the account and everything on it in one go, keeps the orders detached with working links, signs out everywhere and e-mails the former address", async () => {
    const a = await person("dora");
    const b = await person("dave");
    const here = await sessionFor(a.id);
    const phone = await sessionFor(a.id);
    const res = await del(here, PASSWORD);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    const cookies = setCookies(res);
    expect(cookies.some((c) => c.startsWith("__session=;") || /^__session=[^;]*;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith("__toast="))).toBe(true);
    expect(await remains(a)).toEqual(GONE);
    expect(await db.selectFrom("login_attempts").select("id").where("email", "=", `reset:${a.email}`).execute()).toEqual([]);
    expect(await db.selectFrom("login_attempts").select("id").where("email", "=", `reset:${b.email}`).execute()).toHaveLength(1);
    expect(await me(here)).toBe(401);
    expect(await me(phone)).toBe(401);
    const orders = await ordersOf(a);
    expect(orders).toEqual(a.orders.map((o) => ({ id: o.id, userId: null, sessionKey: null, email: a.email })));
    await expectOrderLinksWork(a);
    const items = await db
      .selectFrom("order_items")
      .select("order_id")
      .where(
        "order_id",
        "in",
        a.orders.map((o) => o.id),
      )
      .execute();
    expect(items).toHaveLength(2);
    // Account-only e-mails already sent are gone; the confirmation is queued and delivered.
    expect(await db.selectFrom("outbox").select("kind").where("to_address", "=", a.email).execute()).toEqual([{ kind: "account-deleted" }]);
    await deliverPendingMail(db, smtp.transport, new Date(Date.now() + 1000));
    const mail = mailTo(smtp.catcher, a.email).find((m) => /deleted/i.test(m.subject));
    expect(mail?.text).toContain("2 orders stay with us");
    const log = await db
      .selectFrom("activity_log")
      .select(["kind", "subject_id", "summary", "actor_email"])
      .where("kind", "=", "user.delete")
      .where("subject_id", "=", a.id)
      .execute();
    expect(log).toEqual([expect.objectContaining({ actor_email: a.email, summary: expect.stringContaining(a.email) })]);
    // The other customer is untouched.
    expect(Object.values(await remains(b)).slice(0, 1)).toEqual([1]);
    expect((await remains(b)).favorites).toBe(1);
    expect((await ordersOf(b)).every((o) => o.userId === b.id)).toBe(true);
  });

  it("is one transaction: when any step fails, nothing at all is deleted or detached", async () => {
    const a = await person("tina");
    const cookie = await sessionFor(a.id);
    const before = await remains(a);
    await db.executeQuery(
      sql`CREATE TRIGGER privacy_test_refuse BEFORE DELETE ON users WHEN old.id = ${sql.lit(a.id)} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`.compile(
        db,
      ),
    );
    try {
      await expect(deleteAccount(db, a.id, "password")).rejects.toThrow(/refused by the test/);
    } finally {
      await db.executeQuery(sql`DROP TRIGGER privacy_test_refuse`.compile(db));
    }
    expect(await remains(a)).toEqual(before);
    expect((await ordersOf(a)).every((o) => o.userId === a.id && o.sessionKey !== null)).toBe(true);
    expect(await db.selectFrom("outbox").select("kind").where("to_address", "=", a.email).execute()).toEqual([{ kind: "welcome" }]);
    expect(await me(cookie)).toBe(200);
  });

  it("refuses a wrong password with the field error and deletes nothing", async () => {
    const a = await person("wren");
    const cookie = await sessionFor(a.id);
    const before = await remains(a);
    const res = await del(cookie, "not-my-password");
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.result.error.password).toEqual([PRIVACY_TEXT.passwordWrong]);
    expect(JSON.stringify(body)).not.toContain("not-my-password");
    expect(await remains(a)).toEqual(before);
    expect(await me(cookie)).toBe(200);
    const empty = await del(cookie, "");
    expect(empty.status).toBe(400);
    expect(await remains(a)).toEqual(before);
  });

  it("counts password tries with the password change's limiter: after 10 even the right one waits", async () => {
    const a = await person("tess");
    const cookie = await sessionFor(a.id);
    for (let i = 0; i < PASSWORD_CHANGE_TRIES; i++) expect((await del(cookie, `guess-${i}`)).status).toBe(403);
    const blocked = await del(cookie, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(JSON.stringify(await blocked.json())).toContain(PRIVACY_TEXT.tooManyTries);
    expect((await remains(a)).users).toBe(1);
    const api = await run(() => apiDelete(args(jsonReq("/api/account/delete", { password: PASSWORD }, cookie))));
    expect(api.status).toBe(429);
    expect((await remains(a)).users).toBe(1);
  });

  it("the shop's last admin cannot delete itself (409 on the API); an admin who is not the last may", async () => {
    // Only this test's admins exist while it runs: the owner is demoted for a moment.
    await db.updateTable("users").set({ is_admin: 0 }).where("email", "=", "owner-privacy@example.com").execute();
    try {
      await db.updateTable("users").set({ is_admin: 0 }).where("is_admin", "=", 1).execute();
      const last = await person("lina", { admin: true });
      const cookie = await sessionFor(last.id);
      const page = await (await run(() => dataLoader(args(get("/account/data", { cookie }))))).json();
      expect(page.lastAdmin).toBe(true);
      const form = await del(cookie, PASSWORD);
      expect(form.status).toBe(409);
      expect(JSON.stringify(await form.json())).toContain(PRIVACY_TEXT.lastAdmin);
      const api = await run(() => apiDelete(args(jsonReq("/api/account/delete", { password: PASSWORD }, cookie))));
      expect(api.status).toBe(409);
      expect(await api.json()).toEqual({ message: PRIVACY_TEXT.lastAdmin });
      await expect(deleteAccount(db, last.id, "password")).rejects.toMatchObject({ status: 409 });
      expect((await remains(last)).users).toBe(1);

      const second = await person("mona", { admin: true });
      const res = await del(await sessionFor(second.id), PASSWORD);
      expect(res.status).toBe(302);
      expect((await remains(second)).users).toBe(0);
      expect((await remains(last)).users).toBe(1);
    } finally {
      await db.updateTable("users").set({ is_admin: 1 }).where("email", "=", "owner-privacy@example.com").execute();
    }
  });
});

describe("the API door", () => {
  it("401 signed out; 400 without a password; 403 a wrong one; 200 deletes and clears the cookie, so the old cookie is anonymous", async () => {
    expect((await run(() => apiDelete(args(jsonReq("/api/account/delete", { password: "x" }))))).status).toBe(401);
    const a = await person("ines");
    const cookie = await sessionFor(a.id);
    const missing = await run(() => apiDelete(args(jsonReq("/api/account/delete", {}, cookie))));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: PRIVACY_TEXT.passwordRequired });
    const wrong = await run(() => apiDelete(args(jsonReq("/api/account/delete", { password: "nope-nope" }, cookie))));
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ message: PRIVACY_TEXT.passwordWrong });
    expect((await remains(a)).users).toBe(1);
    const ok = await run(() => apiDelete(args(jsonReq("/api/account/delete", { password: PASSWORD }, cookie))));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: PRIVACY_TEXT.deleted });
    expect(setCookies(ok).some((c) => c.startsWith("__session="))).toBe(true);
    expect(await me(cookie)).toBe(401);
    expect(await remains(a)).toEqual(GONE);
  });

  it("gives the same result as the form", async () => {
    const viaForm = await person("form");
    const viaApi = await person("json");
    const formCookie = await sessionFor(viaForm.id);
    const apiCookie = await sessionFor(viaApi.id);
    expect((await run(() => dataAction(args(formReq("/account/data", { intent: "delete-account", password: PASSWORD }, formCookie))))).status).toBe(302);
    expect((await run(() => apiDelete(args(jsonReq("/api/account/delete", { password: PASSWORD }, apiCookie))))).status).toBe(200);
    expect(await remains(viaForm)).toEqual(await remains(viaApi));
    const shape = async (p: Person) => (await ordersOf(p)).map(({ userId, sessionKey }) => ({ userId, sessionKey }));
    expect(await shape(viaForm)).toEqual(await shape(viaApi));
    const outbox = async (p: Person) => await db.selectFrom("outbox").select(["kind", "status"]).where("to_address", "=", p.email).execute();
    expect(await outbox(viaForm)).toEqual(await outbox(viaApi));
    await expectOrderLinksWork(viaApi);
  });
});

describe("accounts without a password confirm by the e-mailed link", () => {
  async function requestLink(p: Person, door: "form" | "api") {
    const cookie = await sessionFor(p.id);
    if (door === "api") {
      const res = await run(() => apiDelete(args(jsonReq("/api/account/delete", {}, cookie))));
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ message: PRIVACY_TEXT.linkSent });
    } else {
      const res = await run(() => dataAction(args(formReq("/account/data", { intent: "send-delete-link" }, cookie))));
      expect(res.status).toBe(200);
      expect((await res.json()).linkSentTo).toBe(p.email);
    }
    expect((await remains(p)).users).toBe(1);
    await deliverPendingMail(db, smtp.transport, new Date(Date.now() + 1000));
    const mail = mailTo(smtp.catcher, p.email)
      .filter((m) => /confirm the deletion/i.test(m.subject))
      .at(-1);
    const match = mail?.text.match(/http:\/\/localhost:3000\/account\/data\/delete\?token=([A-Za-z0-9_-]+)/);
    if (!match) throw new Error(`no deletion link in ${mail?.text}`);
    return { cookie, token: match[1]! };
  }

  it("opening the link asks; the POST deletes, in any browser; the link works once; only its hash is stored", async () => {
    const g = await person("gina", { password: false });
    const { cookie, token } = await requestLink(g, "api");
    const stored = await db.selectFrom("auth_tokens").select("token_hash").where("purpose", "=", "delete-account").where("user_id", "=", g.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    const page = await run(() => linkLoader(args(get(`/account/data/delete?token=${token}`))));
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ email: g.email, problem: null });
    expect((await remains(g)).users).toBe(1);
    // Posted from another browser (no session at all): the link is the proof.
    const res = await run(() => linkAction(args(formReq("/account/data/delete", { token }))));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(await remains(g)).toEqual(GONE);
    expect(await me(cookie)).toBe(401);
    await expectOrderLinksWork(g);
    const again = await run(() => linkAction(args(formReq("/account/data/delete", { token }))));
    expect(again.status).toBe(400);
    expect((await run(() => linkLoader(args(get(`/account/data/delete?token=${token}`))))).status).toBe(400);
  });

  it("an expired link deletes nothing; the form door sends the same link", async () => {
    const h = await person("hedy", { password: false });
    const { token } = await requestLink(h, "form");
    await db
      .updateTable("auth_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", h.id)
      .where("purpose", "=", "delete-account")
      .execute();
    const page = await run(() => linkLoader(args(get(`/account/data/delete?token=${token}`))));
    expect(page.status).toBe(400);
    expect((await page.json()).problem).toBe(PRIVACY_TEXT.link.expired);
    const res = await run(() => linkAction(args(formReq("/account/data/delete", { token }))));
    expect(res.status).toBe(400);
    expect((await remains(h)).users).toBe(1);
    const bogus = await run(() => linkAction(args(formReq("/account/data/delete", { token: "made-up-token" }))));
    expect(bogus.status).toBe(400);
    expect((await remains(h)).users).toBe(1);
  });

  it("sends at most 3 links an hour", async () => {
    const p = await person("pia", { password: false });
    const cookie = await sessionFor(p.id);
    const ask = async () => (await run(() => apiDelete(args(jsonReq("/api/account/delete", {}, cookie))))).status;
    for (let i = 0; i < 3; i++) expect(await ask()).toBe(202);
    expect(await ask()).toBe(429);
  });
});

describe("the admin's Users tab: export and delete a customer on request", () => {
  async function admin() {
    const row = await db
      .insertInto("users")
      .values({ email: `admin-${++emailN}@example.com`, first_name: "Ad", last_name: "Min", is_admin: 1 })
      .returning(["id", "email"])
      .executeTakeFirstOrThrow();
    return { ...row, cookie: await sessionFor(row.id) };
  }

  it("exports the same file, logged as user.export naming the customer", async () => {
    const boss = await admin();
    const c = await person("cora");
    const res = await run(() => adminExportLoader(args(get(`/admin/users/${c.id}/export`, { cookie: boss.cookie }), { userId: String(c.id) })));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="my-data-/);
    const body = await res.json();
    expect(body.profile.email).toBe(c.email);
    expect(body.orders).toHaveLength(2);
    const log = await db
      .selectFrom("activity_log")
      .select(["actor_id", "subject_type", "subject_id", "summary"])
      .where("kind", "=", "user.export")
      .where("subject_id", "=", c.id)
      .execute();
    expect(log).toEqual([{ actor_id: boss.id, subject_type: "user", subject_id: c.id, summary: expect.stringContaining(c.email) }]);
  });

  it("deletes after the customer's address is typed again, logged as user.delete; a wrong address or an admin account is refused", async () => {
    const boss = await admin();
    const c = await person("cleo");
    const params = { userId: String(c.id) };
    expect((await run(() => adminDeleteLoader(args(get(`/admin/users/${c.id}/delete`, { cookie: boss.cookie }), params)))).status).toBe(200);
    const wrong = await run(() => adminDeleteAction(args(formReq(`/admin/users/${c.id}/delete`, { email: "someone@example.com" }, boss.cookie), params)));
    expect(wrong.status).toBe(400);
    expect((await remains(c)).users).toBe(1);
    const res = await run(() => adminDeleteAction(args(formReq(`/admin/users/${c.id}/delete`, { email: c.email.toUpperCase() }, boss.cookie), params)));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin?tab=users");
    expect(await remains(c)).toEqual(GONE);
    await expectOrderLinksWork(c);
    expect(await me(boss.cookie)).toBe(200);
    const log = await db.selectFrom("activity_log").select(["actor_id", "summary"]).where("kind", "=", "user.delete").where("subject_id", "=", c.id).execute();
    expect(log).toEqual([{ actor_id: boss.id, summary: expect.stringContaining(c.email) }]);

    const other = await admin();
    const refused = await run(() =>
      adminDeleteAction(args(formReq(`/admin/users/${other.id}/delete`, { email: other.email }, boss.cookie), { userId: String(other.id) })),
    );
    expect(refused.status).toBe(403);
    expect(await me(other.cookie)).toBe(200);
  });

  it("a customer calling the admin export or delete gets 403 and changes nothing", async () => {
    const c = await person("carl");
    const victim = await person("vera");
    const params = { userId: String(victim.id) };
    const cookie = await sessionFor(c.id);
    expect((await run(() => adminExportLoader(args(get(`/admin/users/${victim.id}/export`, { cookie }), params)))).status).toBe(403);
    expect((await run(() => adminDeleteLoader(args(get(`/admin/users/${victim.id}/delete`, { cookie }), params)))).status).toBe(403);
    const res = await run(() => adminDeleteAction(args(formReq(`/admin/users/${victim.id}/delete`, { email: victim.email }, cookie), params)));
    expect(res.status).toBe(403);
    expect((await remains(victim)).users).toBe(1);
    expect(
      await db.selectFrom("activity_log").select("id").where("subject_id", "=", victim.id).where("kind", "in", ["user.export", "user.delete"]).execute(),
    ).toHaveLength(0);
  });
});
