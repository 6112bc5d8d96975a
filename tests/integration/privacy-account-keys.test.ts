import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { findOrCreateGoogleUser, registerUser, verifyLogin } from "~/domain/auth/accounts.server";
import { confirmEmail, confirmEmailChange, requestEmailChange } from "~/domain/auth/email-tokens.server";
import { confirmBackInStock, requestBackInStock } from "~/domain/mail/back-in-stock.server";
import { enqueueOrderRefundedMail, enqueueOrderShippedMail } from "~/domain/mail/order-mail.server";
import { deliverPendingMail } from "~/domain/mail/sender.server";
import { addOrderEvent } from "~/domain/orders/events.server";
import { rememberAttempt } from "~/domain/payments/attempts.server";
import { deleteAccount } from "~/domain/privacy/deletion.server";
import { EXPORT_LIMIT, exportAccountData } from "~/domain/privacy/export.server";
import { PRIVACY_TEXT } from "~/domain/privacy/texts";
import { queueReviewRequests } from "~/domain/reviews/request-mail.server";
import { getSessionStorage } from "~/web/session.server";
import { db } from "~/lib/db.server";
import { loader as dataLoader } from "~/routes/account_.data";
import { loader as pageDownload } from "~/routes/account_.data_.export";
import { loader as adminExport } from "~/routes/admin_.users.$userId.export";
import { loader as apiExport } from "~/routes/api.account.export";
import { migrations } from "../../db/migrations";
import { newDbFile } from "../helpers/db";
import { expireEmailLinks, makeOrder, makeProduct, makeUser } from "../helpers/kit";
import { args, get, run } from "../helpers/requests";
import { startSmtp } from "../helpers/smtp";

/**
 * The export and the deletion take an account's rows by the account, never by its address: the
 * outbox, the known sign-ins and the back-in-stock requests are keyed when they are written. A
 * squatter who registers a guest buyer's address, or an address its owner moved away from, gets
 * nothing of hers and deletes nothing of hers; the account's own rows are all in its export; the
 * download is limited per account; the migration keys the rows of before only where provable.
 */

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.catcher.close();
  await db.destroy();
});

let n = 0;
const ip = () => `198.51.100.${(++n % 250) + 1}`;
const PASSWORD = "tulle-and-taffeta-9";
const unique = (tag: string) => `${tag}-${Date.now()}-${++n}@example.com`;
const soon = () => new Date(Date.now() + 1000);

/** The newest mail of this kind to this address: its link's token (the mail's data, as the template reads it). */
async function tokenOf(kind: string, to: string): Promise<string> {
  const row = await db
    .selectFrom("outbox")
    .select("data")
    .where("kind", "=", kind)
    .where("to_address", "=", to)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return (JSON.parse(row.data) as { token: string }).token;
}

async function register(email: string, firstName: string) {
  return registerUser(db, { email, password: PASSWORD, firstName, lastName: "Test" }, ip());
}

/** A registered account whose owner clicked the confirmation link. */
async function confirmedAccount(email: string, firstName: string) {
  const user = await register(email, firstName);
  await confirmEmail(db, await tokenOf("verify-email", email));
  return user;
}

/** A request for a sold-out product, confirmed through its mailed link. */
async function backInStock(productId: number, email: string) {
  await requestBackInStock(db, { productId, email }, ip());
  await confirmBackInStock(db, await tokenOf("back-in-stock-confirm", email));
  return db.selectFrom("back_in_stock_requests").select(["id", "user_id as userId"]).where("email", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();
}

async function cookieFor(userId: number): Promise<string> {
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("userId", userId);
  return (await storage.commitSession(session)).split(";")[0]!;
}

const kinds = (data: { emails: { kind: string }[] }) => data.emails.map((e) => e.kind).sort();

describe("a squatter gets nothing of the address's owner", () => {
  it("registering a guest buyer's address: her order mails and back-in-stock requests are not in the export, and deleting the account leaves them", async () => {
    const victim = unique("guest-buyer");
    const product = await makeProduct(db, { title: `Sold-out Smock ${n}`, stock: 0 });
    const order = await makeOrder(db, { email: victim, lines: [{ productId: product.id }] });
    await enqueueOrderShippedMail(db, order.id);
    await enqueueOrderRefundedMail(db, order.id, 1, "12.00");
    const request = await backInStock(product.id, victim);
    expect(request.userId).toBeNull();

    const squatter = await register(victim, "Sly");
    const squatterIp = ip();
    await verifyLogin(db, { email: victim, password: PASSWORD }, squatterIp);
    const data = (await exportAccountData(db, squatter.id))!;
    expect(kinds(data)).toEqual(["verify-email", "welcome"]);
    expect(data.orders).toEqual([]);
    expect(data.backInStockRequests).toEqual([]);
    expect(data.signInHistory.knownSignIns).toEqual([expect.objectContaining({ ipAddress: squatterIp })]);
    const text = JSON.stringify(data);
    for (const hers of [product.title, order.token, "order-shipped", "order-refunded", "back-in-stock"]) expect(text, hers).not.toContain(hers);

    await deleteAccount(db, squatter.id, "password");
    expect(await db.selectFrom("back_in_stock_requests").select("id").where("id", "=", request.id).execute()).toHaveLength(1);
    const mails = await db.selectFrom("outbox").select("kind").where("to_address", "=", victim).where("kind", "like", "order-%").execute();
    expect(mails).toHaveLength(2);
  });

  it("registering an address its owner moved away from: her sign-in addresses, mails and requests moved with her account and stay hers", async () => {
    const old = unique("moved-old");
    const fresh = unique("moved-new");
    const product = await makeProduct(db, { title: `Waiting Pinafore ${n}`, stock: 0 });
    const alma = await confirmedAccount(old, "Alma");
    const almaIp = ip();
    await verifyLogin(db, { email: old, password: PASSWORD }, almaIp);
    const request = await backInStock(product.id, old);
    expect(request.userId).toBe(alma.id);
    const order = await makeOrder(db, { userId: alma.id, email: old, lines: [{ productId: product.id }] });
    await enqueueOrderShippedMail(db, order.id);
    await requestEmailChange(db, { id: alma.id, oldEmail: old, newEmail: fresh });
    await confirmEmailChange(db, await tokenOf("email-change-confirm", fresh));
    expect(await db.selectFrom("known_signins").select(["email", "user_id as userId"]).where("ip", "=", almaIp).execute()).toEqual([
      { email: fresh, userId: alma.id },
    ]);

    // Once the undo link no longer holds the old address, anyone may register it.
    await expireEmailLinks(db, alma.id);
    const squatter = await register(old, "Sly");
    const data = (await exportAccountData(db, squatter.id))!;
    expect(kinds(data)).toEqual(["verify-email", "welcome"]);
    expect(data.signInHistory.knownSignIns).toEqual([]);
    expect(data.backInStockRequests).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(almaIp);
    await deleteAccount(db, squatter.id, "password");

    const hers = (await exportAccountData(db, alma.id))!;
    expect(kinds(hers)).toEqual(["back-in-stock-confirm", "email-change-confirm", "email-changed", "order-shipped", "verify-email", "welcome"]);
    expect(hers.signInHistory.knownSignIns).toEqual([expect.objectContaining({ ipAddress: almaIp })]);
    expect(hers.backInStockRequests).toEqual([expect.objectContaining({ productTitle: product.title })]);
  });

  it("the address's owner taking a squatter's account over with Google does not see the squatter's sign-in addresses", async () => {
    const email = unique("takeover");
    const squatter = await register(email, "Sly");
    const squatterIp = ip();
    await verifyLogin(db, { email, password: PASSWORD }, squatterIp);
    const owner = await findOrCreateGoogleUser(db, { googleId: `google-${n}`, email, emailVerified: true, firstName: "Olive" });
    expect(owner.id).toBe(squatter.id);
    const data = (await exportAccountData(db, owner.id))!;
    expect(data.signInHistory.knownSignIns).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(squatterIp);
  });
});

describe("the account's own rows", () => {
  it("are all in its export (mails, sign-ins, back-in-stock, its orders' events and payment attempts) and go with the account", async () => {
    const email = unique("own");
    const product = await makeProduct(db, { title: `Own Bonnet ${n}`, stock: 0 });
    const cora = await confirmedAccount(email, "Cora");
    const coraIp = ip();
    await verifyLogin(db, { email, password: PASSWORD }, coraIp);
    await backInStock(product.id, email);
    const order = await makeOrder(db, {
      userId: cora.id,
      email,
      status: "delivered",
      deliveredAt: new Date(Date.now() - 40 * 86_400_000).toISOString(),
      lines: [{ productId: product.id }],
    });
    await addOrderEvent(db, order.id, "note", "Wrapped in tissue as asked.");
    await rememberAttempt(db, order.id, `PAYPAL-ATTEMPT-${n}`, "COMPLETED", 3200);
    await enqueueOrderShippedMail(db, order.id);
    expect(await queueReviewRequests(db, new Date(Date.now() + 60 * 86_400_000))).toBeGreaterThanOrEqual(1);

    const data = (await exportAccountData(db, cora.id))!;
    expect(kinds(data)).toEqual(["back-in-stock-confirm", "order-shipped", "review-request", "verify-email", "welcome"]);
    expect(data.signInHistory.knownSignIns).toEqual([expect.objectContaining({ ipAddress: coraIp })]);
    expect(data.backInStockRequests).toEqual([expect.objectContaining({ productTitle: product.title })]);
    expect(data.orders[0]!.events).toEqual([expect.objectContaining({ type: "note", message: "Wrapped in tissue as asked." })]);
    expect(data.orders[0]!.paymentAttempts).toEqual([expect.objectContaining({ status: "COMPLETED", amountCents: 3200 })]);
    expect(JSON.stringify(data)).not.toContain("PAYPAL-ATTEMPT-");

    await deliverPendingMail(db, smtp.transport, soon(), { limit: 500 });
    await deleteAccount(db, cora.id, "password");
    // Account-only mails went (review requests and the change link among them); the order's stays, detached.
    expect(await db.selectFrom("outbox").select(["kind", "user_id as userId"]).where("to_address", "=", email).orderBy("id").execute()).toEqual([
      { kind: "order-shipped", userId: null },
      { kind: "account-deleted", userId: null },
    ]);
    expect(await db.selectFrom("known_signins").select("ip").where("ip", "=", coraIp).execute()).toEqual([]);
    expect(await db.selectFrom("back_in_stock_requests").select("id").where("email", "=", email).execute()).toEqual([]);
  });
});

describe("the download's limit", () => {
  it(`${EXPORT_LIMIT.max} an hour per account, through the API and the page alike: then 429 {message} and the page says how long to wait`, async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    const cookie = await cookieFor(user.id);
    const page = async (c: string) =>
      (await (await run(() => dataLoader(args(get("/account/data", { cookie: c }))))).json()) as { exportRefused: string | null };
    expect((await page(cookie)).exportRefused).toBeNull();
    const viaPage = await run(() => pageDownload(args(get("/account/data/export", { cookie }))));
    expect(viaPage.status).toBe(200);
    expect(viaPage.headers.get("Content-Disposition")).toMatch(/^attachment; filename="my-data-/);
    for (let i = 1; i < EXPORT_LIMIT.max; i++) expect((await run(() => apiExport(args(get("/api/account/export", { cookie }))))).status).toBe(200);

    const refused = await run(() => apiExport(args(get("/api/account/export", { cookie }))));
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { message: string };
    expect(body).toEqual({ message: expect.stringContaining(PRIVACY_TEXT.exportLimited) });
    expect(body.message).toMatch(/Please wait (\d+) minutes? and try again\.$/);
    const back = await run(() => pageDownload(args(get("/account/data/export", { cookie }))));
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/account/data");
    expect((await page(cookie)).exportRefused).toMatch(
      /^You have already downloaded your data several times this hour\. Please wait \d+ minutes? and try again\.$/,
    );

    // Another account, and the admin answering a request for this one, are not held back.
    const otherCookie = await cookieFor(other.id);
    expect((await run(() => apiExport(args(get("/api/account/export", { cookie: otherCookie }))))).status).toBe(200);
    const adminCookie = await cookieFor((await makeUser(db, { isAdmin: true })).id);
    const byAdmin = await run(() => adminExport(args(get(`/admin/users/${user.id}/export`, { cookie: adminCookie }), { userId: String(user.id) })));
    expect(byAdmin.status).toBe(200);
  });
});

describe("the migration keys the rows of before only where they provably belong to the account", () => {
  const MINE = "2026_12_02_0001_account_keyed_rows";
  const names = Object.keys(migrations).sort();
  const before = names[names.indexOf(MINE) - 1]!;

  it("mail by what its event key names, sign-ins and requests by the address confirmed at the time; the rest stays without a key", async () => {
    const sqlite = new SQLite(newDbFile("keyed"));
    sqlite.pragma("foreign_keys = ON");
    const old = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
    const migrator = new Migrator({ db: old, provider: { getMigrations: async () => migrations } });
    try {
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      const confirmedAt = "2026-06-01T00:00:00.000Z";
      const exec = (text: string, ...params: unknown[]) => sqlite.prepare(text).run(...params);
      const conf = Number(
        exec("insert into users (email, first_name, last_name, email_verified_at) values ('conf@example.com', 'C', 'C', ?)", confirmedAt).lastInsertRowid,
      );
      const unconf = Number(exec("insert into users (email, first_name, last_name) values ('unconf@example.com', 'U', 'U')").lastInsertRowid);
      const order = (userId: number | null) =>
        Number(
          exec(
            `insert into orders (user_id, email, subtotal_cents, shipping_cents, shipping_name, total_cents, confirmation_token, shipping_first_name, shipping_last_name,
             shipping_address_line1, shipping_city, shipping_postal_code, shipping_country) values (?, 'conf@example.com', 1, 0, 'S', 1, ?, 'A', 'B', 'L', 'C', 'P', 'PL')`,
            userId,
            `token-${userId}-${Math.random()}`,
          ).lastInsertRowid,
        );
      const own = order(conf);
      const guest = order(null);
      exec("insert into auth_tokens (token_hash, user_id, purpose, expires_at) values (?, ?, 'verify-email', '2027-01-01')", `${"ab".repeat(16)}rest`, unconf);
      const request = (email: string, confirmed: string | null) => {
        const product = exec("insert into products (slug, title, price_cents) values (?, 'P', 100)", `p-${++n}`).lastInsertRowid;
        return Number(exec("insert into back_in_stock_requests (email, product_id, confirmed_at) values (?, ?, ?)", email, product, confirmed).lastInsertRowid);
      };
      const laterRequest = request("conf@example.com", "2026-07-01T00:00:00.000Z");
      const earlierRequest = request("conf@example.com", "2026-05-01T00:00:00.000Z");
      const unconfRequest = request("unconf@example.com", "2026-07-01T00:00:00.000Z");
      const openRequest = request("conf@example.com", null);
      const mail = (key: string, kind: string, to = "conf@example.com") =>
        exec("insert into outbox (event_key, kind, to_address) values (?, ?, ?)", key, kind, to);
      mail(`welcome:${conf}`, "welcome");
      mail(`welcome:${unconf}`, "welcome", "unconf@example.com");
      mail(`order-paid:${own}`, "order-confirmation");
      mail(`cancel-request:${own}:2026-07-02T00:00:00.000Z`, "cancel-request-received");
      mail(`order-paid:${guest}`, "order-confirmation");
      mail(`order-paid-owner:${own}`, "owner-new-order", "owner@example.com");
      mail(`verify-email:${"ab".repeat(16)}`, "verify-email", "unconf@example.com");
      mail(`back-in-stock-confirm:${laterRequest}`, "back-in-stock-confirm");
      mail(`back-in-stock:${laterRequest}`, "back-in-stock");
      mail(`back-in-stock:${earlierRequest}`, "back-in-stock");
      const signIn = (email: string, at: string) => exec("insert into known_signins (email, ip, last_at) values (?, ?, ?)", email, `10.0.0.${++n % 250}`, at);
      signIn("conf@example.com", "2026-07-01T00:00:00.000Z");
      signIn("conf@example.com", "2026-05-01T00:00:00.000Z");
      signIn("unconf@example.com", "2026-07-01T00:00:00.000Z");

      expect((await migrator.migrateTo(MINE)).error).toBeUndefined();
      const keyed = (text: string) => sqlite.prepare(text).all() as Record<string, unknown>[];
      expect(keyed("select event_key as k, user_id as u from outbox order by id")).toEqual([
        { k: `welcome:${conf}`, u: conf },
        { k: `welcome:${unconf}`, u: unconf },
        { k: `order-paid:${own}`, u: conf },
        { k: `cancel-request:${own}:2026-07-02T00:00:00.000Z`, u: conf },
        { k: `order-paid:${guest}`, u: null },
        { k: `order-paid-owner:${own}`, u: null },
        { k: `verify-email:${"ab".repeat(16)}`, u: unconf },
        { k: `back-in-stock-confirm:${laterRequest}`, u: conf },
        { k: `back-in-stock:${laterRequest}`, u: conf },
        { k: `back-in-stock:${earlierRequest}`, u: null },
      ]);
      expect(keyed("select id, user_id as u from back_in_stock_requests order by id")).toEqual([
        { id: laterRequest, u: conf },
        { id: earlierRequest, u: null },
        { id: unconfRequest, u: null },
        { id: openRequest, u: null },
      ]);
      expect(keyed("select last_at as at, user_id as u from known_signins order by rowid")).toEqual([
        { at: "2026-07-01T00:00:00.000Z", u: conf },
        { at: "2026-05-01T00:00:00.000Z", u: null },
        { at: "2026-07-01T00:00:00.000Z", u: null },
      ]);
      // And back down: the columns go, the rows stay.
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      expect(keyed("select name from pragma_table_info('outbox') where name = 'user_id'")).toEqual([]);
      expect(keyed("select count(*) as n from known_signins")).toEqual([{ n: 3 }]);
    } finally {
      await old.destroy();
    }
  });
});
