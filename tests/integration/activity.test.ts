import { sql } from "kysely";
import { getCart, rememberCartCountry } from "~/domain/cart/cart.server";
import { listShippingZones } from "~/domain/shipping/zones.server";
import { getLoyaltyConfig } from "~/domain/loyalty/loyalty.server";
import { countThrottledAdminSignIn, listActivity, logAccountSignIn, logActivity, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { db } from "~/lib/db.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { action as adminLoginAction } from "~/routes/admin-login";
import { action as apiLoginAction } from "~/routes/api.auth.login";
import { action as loginAction } from "~/routes/login";
import { action as secondStepAction } from "~/routes/login_.two-factor";
import { enableTotp, getTotpEnrolment, totpCodeAt } from "~/domain/auth/totp.server";
import { action as productApiAction } from "~/routes/api.admin.products.$id";
import { action as cancelApiAction } from "~/routes/api.admin.orders.$orderId.cancel";
import { makeProduct, makeUser } from "../helpers/kit";
import { apiRequest, args, get, postForm, postJson, putJson, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";
import { hashPassword } from "~/domain/auth/password.server";
import { STORE_INTENTS } from "~/domain/common/settings-texts";

afterAll(() => db.destroy());

let admin: { id: number; email: string; cookie: string };
let customer: { id: number; email: string; cookie: string };

beforeAll(async () => {
  const a = await makeUser(db, { isAdmin: true, email: "owner@example.com" });
  const c = await makeUser(db, { email: "buyer@example.com" });
  admin = { ...a, cookie: await cookieFor(a.id) };
  customer = { ...c, cookie: await cookieFor(c.id) };
});

async function lastRow(kind?: string) {
  const { rows } = await listActivity(db, { kind });
  return rows[0];
}

describe("activity log", () => {
  it("is append-only: the database refuses UPDATE and DELETE", async () => {
    await logActivity(db, { actor: SYSTEM_ACTOR, kind: "maintenance.clean", summary: "test row" });
    await expect(sql`update activity_log set summary = 'forged'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from activity_log`.execute(db)).rejects.toThrow(/append-only/);
    expect((await lastRow("maintenance.clean"))?.summary).toBe("test row");
  });

  it("records a product edit through the API with who, before and after for the changed fields only", async () => {
    const product = await makeProduct(db, { title: "Velvet Cape", priceCents: 2400, stock: 5 });
    const res = await run(() =>
      productApiAction(
        args(
          putJson(
            `/api/admin/products/${product.id}`,
            { title: "Velvet Cape", price: "29.50", stock: 3, description: "A lovely handmade piece.", categories: [] },
            { cookie: admin.cookie, ip: "198.51.100.2" },
          ),
          { id: String(product.id) },
        ),
      ),
    );
    expect(res.status).toBe(200);
    const row = await lastRow("product.update");
    expect(row).toMatchObject({ actorEmail: admin.email, subjectType: "product", subjectId: product.id, clientIp: "198.51.100.2" });
    expect(row!.changes).toMatchObject({ price: ["24.00", "29.50"], stock: [5, 3] });
    expect(row!.changes).not.toHaveProperty("title");
  });

  it("writes nothing when the change is refused, and the row and the change commit together", async () => {
    const before = (await listActivity(db)).total;
    const res = await run(() => cancelApiAction(args(apiRequest("PATCH", "/api/admin/orders/999999/cancel", { cookie: admin.cookie }), { orderId: "999999" })));
    expect(res.status).toBe(404);
    // A customer may not write at all.
    const denied = await run(() =>
      adminAction(args(postForm("/admin?tab=functions", { intent: STORE_INTENTS.backupNow }, { cookie: customer.cookie, ip: "203.0.113.7" }))),
    );
    expect(denied.status).toBe(403);
    expect((await listActivity(db)).total).toBe(before);
  });

  it("records admin sign-ins, granted and refused, with the client address", async () => {
    const password = "correct horse battery";
    const boss = await makeUser(db, { isAdmin: true, email: "signin-boss@example.com" });
    await db
      .updateTable("users")
      .set({ password_hash: await hashPassword(password) })
      .where("id", "=", boss.id)
      .execute();
    const bad = await run(() => adminLoginAction(args(postForm("/admin-login", { email: boss.email, password: "wrong-password" }, { ip: "192.0.2.9" }))));
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(await lastRow("admin.signin-refused")).toMatchObject({ actorEmail: boss.email, clientIp: "192.0.2.9" });
    const good = await run(() => adminLoginAction(args(postForm("/admin-login", { email: boss.email, password }, { ip: "192.0.2.10" }))));
    expect(good.status).toBe(302);
    expect(await lastRow("admin.signin")).toMatchObject({ actorEmail: boss.email, clientIp: "192.0.2.10", subjectId: boss.id });
  });

  it("records an admin's sign-in through every door once: /login, the API, and the second step of an admin with TOTP", async () => {
    const password = "correct horse battery";
    const boss = await makeUser(db, { isAdmin: true, email: "doors-boss@example.com" });
    await db
      .updateTable("users")
      .set({ password_hash: await hashPassword(password) })
      .where("id", "=", boss.id)
      .execute();
    const count = async (kind: string) => (await listActivity(db, { kind })).rows.filter((r) => r.subjectId === boss.id).length;

    const viaLogin = await run(() => loginAction(args(postForm("/login", { intent: "signin", email: boss.email, password }, { ip: "192.0.2.21" }))));
    expect(viaLogin.status).toBe(302);
    expect(await lastRow("admin.signin")).toMatchObject({ actorEmail: boss.email, clientIp: "192.0.2.21" });
    expect(await count("admin.signin")).toBe(1);

    const wrongApi = await run(() => apiLoginAction(args(postJson("/api/auth/login", { email: boss.email, password: "nope-nope" }, { ip: "192.0.2.22" }))));
    expect(wrongApi.status).toBe(401);
    expect(await lastRow("admin.signin-refused")).toMatchObject({ actorEmail: boss.email, clientIp: "192.0.2.22" });

    // With TOTP on: the password alone logs nothing; a wrong code is refused, the right one signs in.
    const secret = (await getTotpEnrolment(db, boss.id)).secret;
    await enableTotp(db, boss.id, { code: totpCodeAt(secret), currentPassword: password }, null);
    const before = await count("admin.signin");
    const half = await run(() => adminLoginAction(args(postForm("/admin-login", { email: boss.email, password }, { ip: "192.0.2.23" }))));
    expect(half.status).toBe(302);
    expect(await count("admin.signin")).toBe(before);
    const pending = half.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))!
      .split(";")[0]!;
    const wrongCode = await run(() => secondStepAction(args(postForm("/login/two-factor", { code: "000000" }, { cookie: pending, ip: "192.0.2.23" }))));
    expect(wrongCode.status).toBe(400);
    expect(await lastRow("admin.signin-refused")).toMatchObject({
      actorEmail: boss.email,
      clientIp: "192.0.2.23",
      summary: expect.stringContaining("wrong code"),
    });
    const done = await run(() =>
      secondStepAction(args(postForm("/login/two-factor", { code: totpCodeAt(secret, Date.now() + 30_000) }, { cookie: pending, ip: "192.0.2.23" }))),
    );
    expect(done.status).toBe(302);
    expect(await count("admin.signin")).toBe(before + 1);
    expect(await lastRow("admin.signin")).toMatchObject({ clientIp: "192.0.2.23" });
  });

  // About 60 password checks (scrypt) run before the limits close: a long timeout for a busy machine.
  it("a flood of refused sign-ins at /admin-login does not grow the log: unknown e-mails write nothing, an admin's e-mail one row per address and window", async () => {
    const boss = await makeUser(db, { isAdmin: true, email: "flood-boss@example.com" });
    await db
      .updateTable("users")
      .set({ password_hash: await hashPassword("the right one, surely") })
      .where("id", "=", boss.id)
      .execute();
    const refusedRows = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from activity_log where kind = 'admin.signin-refused'`.execute(db)).rows[0]!.n);
    const before = await refusedRows();
    const attempt = (email: string, ip: string) =>
      run(() => adminLoginAction(args(postForm("/admin-login", { email, password: "guess-guess-guess" }, { ip }))));

    // 250 random e-mails, then 250 tries at the admin's e-mail, from one address.
    for (let i = 0; i < 250; i++)
      expect((await attempt(`nobody-${i}-${Math.random().toString(36).slice(2)}@example.com`, "198.51.100.66")).status).toBeGreaterThanOrEqual(400);
    expect(await refusedRows()).toBe(before);
    for (let i = 0; i < 250; i++) expect((await attempt(boss.email, "198.51.100.67")).status).toBeGreaterThanOrEqual(400);
    expect(await refusedRows()).toBe(before + 1);
    // The one row counts what it stands for.
    const row = (await listActivity(db, { kind: "admin.signin-refused" })).rows[0]!;
    expect(row).toMatchObject({ actorEmail: boss.email, clientIp: "198.51.100.67" });
    expect(row.summary).toMatch(/250 refused attempts/);
    // A second address in the same window gets its own row; a customer at the admin door gets none.
    await attempt(boss.email, "198.51.100.68");
    expect(await refusedRows()).toBe(before + 2);
    const shopper = await makeUser(db, { email: "door-shopper@example.com" });
    await db
      .updateTable("users")
      .set({ password_hash: await hashPassword("shopper password ok") })
      .where("id", "=", shopper.id)
      .execute();
    for (let i = 0; i < 5; i++) {
      await run(() => adminLoginAction(args(postForm("/admin-login", { email: shopper.email, password: "shopper password ok" }, { ip: "198.51.100.69" }))));
    }
    expect(await refusedRows()).toBe(before + 2);
  }, 120_000);

  it("a refusal window starts at the address's first refusal: throttled attempts across a quarter hour count on the same row", async () => {
    const boss = await makeUser(db, { isAdmin: true, email: "quarter-boss@example.com" });
    const ip = "198.51.100.90";
    const at = (iso: string) => new Date(iso);
    await logAccountSignIn(db, { userId: boss.id, ok: false, reason: "wrong password", ip }, at("2026-11-26T12:14:59.000Z"));
    await countThrottledAdminSignIn(db, { email: boss.email, ip }, at("2026-11-26T12:15:01.000Z"));
    await countThrottledAdminSignIn(db, { email: boss.email, ip }, at("2026-11-26T12:29:00.000Z"));
    const rows = await db.selectFrom("admin_signin_refusals").select(["attempts"]).where("client_ip", "=", ip).execute();
    expect(rows).toEqual([{ attempts: 3 }]);
    // Once the window has passed, the next refusal starts a row of its own.
    await logAccountSignIn(db, { userId: boss.id, ok: false, reason: "wrong password", ip }, at("2026-11-26T12:30:00.000Z"));
    expect(await db.selectFrom("admin_signin_refusals").select(["attempts"]).where("client_ip", "=", ip).orderBy("window_start").execute()).toEqual([
      { attempts: 3 },
      { attempts: 1 },
    ]);
  });

  it("the Activity tab lists newest first, filters by kind and by product, 50 a page", async () => {
    const product = await makeProduct(db, { title: "Paged Hat" });
    for (let i = 0; i < 55; i++) {
      await logActivity(db, { actor: SYSTEM_ACTOR, kind: "product.latest", subjectType: "product", subjectId: product.id, summary: `toggle ${i}` });
    }
    const load = async (query: string) => {
      const res = await run(() => adminLoader(args(get(`/admin?tab=activity${query}`, { cookie: admin.cookie }))));
      return (await res.json()) as {
        activity: { rows: { summary: string; subjectId: number }[]; total: number; pages: number; page: number; filter: { id: string }; constraints: unknown };
      };
    };
    const first = await load(`&kind=product.latest&subject=product&id=${product.id}`);
    expect(first.activity.total).toBe(55);
    expect(first.activity.rows).toHaveLength(50);
    expect(first.activity.rows[0]!.summary).toBe("toggle 54");
    expect((await load(`&subject=product&id=%20%23${product.id}%20`)).activity.filter.id).toBe(String(product.id));
    expect(first.activity.constraints).toEqual({ id: { maxLength: 13, pattern: "^(?=.*(?:^#?\\d{1,12}$)).*$" } });
    const second = await load(`&kind=product.latest&subject=product&id=${product.id}&page=2`);
    expect(second.activity.rows.map((r) => r.summary)).toEqual(["toggle 4", "toggle 3", "toggle 2", "toggle 1", "toggle 0"]);
    // Hostile query values are ignored, not errors.
    const odd = await load("&kind=%27%3Bdrop&subject=users&id=-1&page=99999");
    expect(odd.activity.page).toBe(odd.activity.pages);
    expect(odd.activity.filter.id).toBe("");
    expect((await load("&subject=product&id=1234567890123")).activity.filter.id).toBe("");
    const denied = await run(() => adminLoader(args(get(`/admin?tab=activity`, { cookie: customer.cookie }))));
    expect(denied.status).toBe(403);
  });
});

describe("shipping and loyalty settings", () => {
  it("saves a shipping zone's prices, logs the change, and new carts to its countries use them at once", async () => {
    const product = await makeProduct(db, { title: "Rate Dress", priceCents: 3000 });
    const cart = await db.insertInto("carts").values({ user_id: customer.id }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("cart_items").values({ cart_id: cart.id, product_id: product.id, quantity: 1 }).execute();
    await rememberCartCountry(db, { userId: customer.id }, "US");
    const zone = (await listShippingZones(db)).find((z) => z.countries.includes("US"))!;
    const fields = {
      intent: STORE_INTENTS.zoneSave,
      id: String(zone.id),
      name: zone.name,
      countries: zone.countries.join(", "),
      standardPrice: "9.25",
      largePrice: "21",
      freeShippingFrom: "",
      shipped: "yes",
      message: "",
    };
    const res = await run(() => adminAction(args(postForm("/admin?tab=settings", fields, { cookie: admin.cookie, ip: "203.0.113.7" }))));
    expect(res.status).toBe(302);
    expect((await listShippingZones(db)).find((z) => z.id === zone.id)).toMatchObject({ standardCents: 925, largeCents: 2100 });
    const row = await lastRow("settings.shipping");
    expect(row!.changes).toEqual({ standardPrice: ["8.00", "9.25"], largePrice: ["18.00", "21.00"] });
    const owned = await getCart(db, { userId: customer.id });
    expect(owned.totals.shippingCents).toBe(925);
    expect(owned.totals.shippingName).toBe("Standard Shipping");
  });

  it("refuses a bad zone and bad rules with field errors and changes nothing", async () => {
    const before = await listShippingZones(db);
    const rows = (await listActivity(db)).total;
    const bad = await run(() =>
      adminAction(
        args(
          postForm(
            "/admin?tab=settings",
            { intent: STORE_INTENTS.zoneSave, name: "", countries: "US, Narnia", standardPrice: "-3", largePrice: "1e9", shipped: "yes" },
            { cookie: admin.cookie, ip: "203.0.113.7" },
          ),
        ),
      ),
    );
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { result: { error: Record<string, string[]> } };
    expect(Object.keys(body.result.error)).toEqual(expect.arrayContaining(["name", "countries", "standardPrice", "largePrice"]));
    expect(await listShippingZones(db)).toEqual(before);
    expect((await listActivity(db)).total).toBe(rows);
    const badLoyalty = await run(() =>
      adminAction(
        args(
          postForm(
            "/admin?tab=settings",
            {
              intent: STORE_INTENTS.loyaltySave,
              dollarsPerPoint: "0",
              minimumOrderForPoints: "0",
              pointsRequired: "2.5",
              discountAmount: "5.001",
              minimumOrderValue: "30",
            },
            { cookie: admin.cookie, ip: "203.0.113.7" },
          ),
        ),
      ),
    );
    expect(badLoyalty.status).toBe(400);
  });

  it("saves loyalty rules and logs them", async () => {
    const fields = {
      intent: STORE_INTENTS.loyaltySave,
      dollarsPerPoint: "2",
      minimumOrderForPoints: "10",
      pointsRequired: "100",
      discountAmount: "7.5",
      minimumOrderValue: "40",
    };
    const res = await run(() => adminAction(args(postForm("/admin?tab=settings", fields, { cookie: admin.cookie, ip: "203.0.113.7" }))));
    expect(res.status).toBe(302);
    expect(await getLoyaltyConfig(db)).toEqual({
      dollarsPerPoint: 2,
      minimumOrderForPoints: 10,
      discountExchange: { pointsRequired: 100, discountAmount: 7.5, minimumOrderValue: 40 },
    });
    expect((await lastRow("settings.loyalty"))!.changes).toMatchObject({ "discountExchange.pointsRequired": [expect.anything(), 100] });
  });
});

describe("e-mails and health", () => {
  it("'Send again' of a failing e-mail is logged; /healthz counts the e-mails not sent yet", async () => {
    const { retryMail } = await import("~/domain/mail/outbox.server");
    const { checkHealth } = await import("~/domain/ops/health.server");
    const before = (await checkHealth(db, process.env.DATABASE_PATH!)).health.outboxPending;
    const rows = await db
      .insertInto("outbox")
      .values([
        { event_key: `t-${Math.random()}`, kind: "order-confirmation", to_address: "a@example.com", status: "failing" },
        { event_key: `t-${Math.random()}`, kind: "order-confirmation", to_address: "b@example.com", status: "pending" },
        { event_key: `t-${Math.random()}`, kind: "order-confirmation", to_address: "c@example.com", status: "sent" },
      ])
      .returning("id")
      .execute();
    const health = await checkHealth(db, process.env.DATABASE_PATH!);
    expect(health.ok).toBe(true);
    expect(health.health.outboxPending).toBe(before + 2);
    expect(await retryMail(db, rows[0]!.id, new Date(), { id: admin.id, email: admin.email, ip: "192.0.2.1" })).toBe(true);
    expect(await lastRow("mail.resend")).toMatchObject({ actorEmail: admin.email, subjectType: "email", subjectId: rows[0]!.id });
    // A message that is not failing is not requeued, and nothing is logged.
    const count = (await listActivity(db, { kind: "mail.resend" })).total;
    expect(await retryMail(db, rows[2]!.id)).toBe(false);
    expect((await listActivity(db, { kind: "mail.resend" })).total).toBe(count);
  });
});
