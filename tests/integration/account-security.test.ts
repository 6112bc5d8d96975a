import { getSessionStorage, SESSION_LIMITS } from "~/web/session.server";
import { hashPassword, verifyPassword } from "~/domain/auth/password.server";
import { COMMON_PASSWORD_MESSAGE } from "~/domain/auth/password-policy.server";
import { PASSWORD_CHANGE_TRIES } from "~/domain/auth/security.server";
import { totpCodeAt, verifySecondFactor } from "~/domain/auth/totp.server";
import { db } from "~/lib/db.server";
import { action as securityAction, loader as securityLoader } from "~/routes/account_.security";
import { action as twoFactorAction, loader as twoFactorLoader } from "~/routes/account_.two-factor";
import { loader as adminLoader } from "~/routes/admin";
import { action as adminLoginAction } from "~/routes/admin-login";
import { action as apiLogin } from "~/routes/api.auth.login";
import { loader as apiMe } from "~/routes/api.auth.me";
import { action as loginAction } from "~/routes/login";
import { action as secondStepAction, loader as secondStepLoader } from "~/routes/login_.two-factor";
import { args, get, postForm, postJson, run } from "../helpers/requests";

let ipN = 0;
const freshIp = () => `10.30.${Math.floor(++ipN / 250)}.${ipN % 250}`;

// Each form post comes from a new address, so per-address limits never mix tests.
const form = (path: string, fields: Record<string, string>, cookie?: string) => postForm(path, fields, { cookie, ip: freshIp() });
const sessionCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    ?.split(";")[0];

async function me(cookie: string | undefined) {
  const res = await run(() => apiMe(args(get("/api/auth/me", { cookie }))));
  return res.status;
}

let emailN = 0;
async function account(opts: { admin?: boolean; password?: string } = {}) {
  const email = `sec-${++emailN}@example.com`;
  const password = opts.password ?? "tulle-and-lace";
  const row = await db
    .insertInto("users")
    .values({ email, password_hash: await hashPassword(password), first_name: "Ada", last_name: "Hem", is_admin: opts.admin ? 1 : 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password };
}

async function sessionFor(userId: number, cartKey?: string): Promise<{ cookie: string; id: string }> {
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("userId", userId);
  if (cartKey) session.set("cartKey", cartKey);
  const cookie = (await storage.commitSession(session)).split(";")[0]!;
  return { cookie, id: (await storage.getSession(cookie)).id };
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const HOUR = 3_600_000;

describe("session lifetimes", () => {
  it("signs a customer out 30 days after sign-in, or after 7 days unused, and keeps the guest cart key", async () => {
    const user = await account();
    const fresh = await sessionFor(user.id, "cart-keep-1");
    await db
      .updateTable("sessions")
      .set({ created_at: ago(29 * 24 * HOUR), last_seen_at: ago(6 * 24 * HOUR) })
      .where("id", "=", fresh.id)
      .execute();
    expect(await me(fresh.cookie)).toBe(200);

    const old = await sessionFor(user.id, "cart-keep-2");
    await db
      .updateTable("sessions")
      .set({ created_at: ago(SESSION_LIMITS.customer.absoluteMs + 60_000), last_seen_at: ago(60_000) })
      .where("id", "=", old.id)
      .execute();
    expect(await me(old.cookie)).toBe(401);
    const kept = await db.selectFrom("sessions").select(["data", "user_id"]).where("id", "=", old.id).executeTakeFirstOrThrow();
    expect(JSON.parse(kept.data)).toEqual({ cartKey: "cart-keep-2" });
    expect(kept.user_id).toBeNull();

    const idle = await sessionFor(user.id);
    await db
      .updateTable("sessions")
      .set({ last_seen_at: ago(SESSION_LIMITS.customer.idleMs + 60_000) })
      .where("id", "=", idle.id)
      .execute();
    expect(await me(idle.cookie)).toBe(401);
  });

  it("signs an admin out after 12 hours, or after 2 hours unused", async () => {
    const admin = await account({ admin: true });
    const ok = await sessionFor(admin.id);
    await db
      .updateTable("sessions")
      .set({ created_at: ago(11 * HOUR), last_seen_at: ago(HOUR) })
      .where("id", "=", ok.id)
      .execute();
    expect(await me(ok.cookie)).toBe(200);
    const long = await sessionFor(admin.id);
    await db
      .updateTable("sessions")
      .set({ created_at: ago(12 * HOUR + 60_000), last_seen_at: ago(60_000) })
      .where("id", "=", long.id)
      .execute();
    expect(await me(long.cookie)).toBe(401);
    const idle = await sessionFor(admin.id);
    await db
      .updateTable("sessions")
      .set({ created_at: ago(3 * HOUR), last_seen_at: ago(2 * HOUR + 60_000) })
      .where("id", "=", idle.id)
      .execute();
    expect(await me(idle.cookie)).toBe(401);
  });

  it("records use at most once a minute, so an active session stays", async () => {
    const user = await account();
    const s = await sessionFor(user.id);
    await db
      .updateTable("sessions")
      .set({ last_seen_at: ago(5 * 24 * HOUR) })
      .where("id", "=", s.id)
      .execute();
    expect(await me(s.cookie)).toBe(200);
    const row = await db.selectFrom("sessions").select("last_seen_at").where("id", "=", s.id).executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(row.last_seen_at!)).toBeLessThan(10_000);
  });
});

describe("password change and signing out everywhere (/account/security)", () => {
  const change = (cookie: string, fields: Record<string, string>) =>
    run(() => securityAction(args(form("/account/security", { intent: "change-password", ...fields }, cookie))));

  it("needs the current password and refuses a common new one", async () => {
    const user = await account();
    const s = await sessionFor(user.id);
    const wrong = await change(s.cookie, { currentPassword: "not-mine", newPassword: "fresh-linen-9", confirmPassword: "fresh-linen-9" });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain("Your current password is not correct");
    const common = await change(s.cookie, { currentPassword: user.password, newPassword: "password1", confirmPassword: "password1" });
    expect(common.status).toBe(400);
    expect(JSON.stringify(await common.json())).toContain(COMMON_PASSWORD_MESSAGE);
    const differ = await change(s.cookie, { currentPassword: user.password, newPassword: "fresh-linen-9", confirmPassword: "fresh-linen-8" });
    expect(differ.status).toBe(400);
    const row = await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(user.password, row.password_hash)).toBe(true);
  });

  it("counts tries of the current password: a stolen session cannot guess it", async () => {
    const user = await account();
    const s = await sessionFor(user.id);
    for (let i = 0; i < PASSWORD_CHANGE_TRIES; i++) {
      expect((await change(s.cookie, { currentPassword: `guess-${i}`, newPassword: "fresh-linen-9", confirmPassword: "fresh-linen-9" })).status).toBe(400);
    }
    // Even the right password waits now.
    const blocked = await change(s.cookie, { currentPassword: user.password, newPassword: "fresh-linen-9", confirmPassword: "fresh-linen-9" });
    expect(blocked.status).toBe(429);
    expect(JSON.stringify(await blocked.json())).toContain("Too many password change attempts.");
    const row = await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(user.password, row.password_hash)).toBe(true);
  });

  it("changes the password and ends every other session, keeping this one", async () => {
    const user = await account();
    const here = await sessionFor(user.id);
    const phone = await sessionFor(user.id);
    const laptop = await sessionFor(user.id);
    const res = await change(here.cookie, { currentPassword: user.password, newPassword: "fresh-linen-9", confirmPassword: "fresh-linen-9" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/account/security");
    expect(await me(here.cookie)).toBe(200);
    expect(await me(phone.cookie)).toBe(401);
    expect(await me(laptop.cookie)).toBe(401);
    const row = await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword("fresh-linen-9", row.password_hash)).toBe(true);
  });

  it("'Sign out of all devices' ends every session of the account, this one too", async () => {
    const user = await account();
    const here = await sessionFor(user.id);
    const other = await sessionFor(user.id);
    const res = await run(() => securityAction(args(form("/account/security", { intent: "sign-out-everywhere" }, here.cookie))));
    expect(res.status).toBe(302);
    expect(await me(here.cookie)).toBe(401);
    expect(await me(other.cookie)).toBe(401);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toHaveLength(0);
  });

  // A cross-site post is refused by the server before the action: tests/e2e/api/every-write-route.spec.ts.
  it("is only for signed-in people", async () => {
    const res = await run(() => securityLoader(args(get("/account/security"))));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("TOTP for admins", () => {
  async function enrolledAdmin() {
    const admin = await account({ admin: true });
    const s = await sessionFor(admin.id);
    const page = await run(() => twoFactorLoader(args(get("/account/two-factor", { cookie: s.cookie }))));
    const data = await page.json();
    expect(data.status.enabled).toBe(false);
    expect(data.enrolment.qrSvg).toMatch(/^<svg/);
    const secret: string = data.enrolment.secret;
    const now = Date.now();
    const enable = await run(() =>
      twoFactorAction(args(form("/account/two-factor", { intent: "enable", code: totpCodeAt(secret, now), currentPassword: admin.password }, s.cookie))),
    );
    expect(enable.status).toBe(200);
    const { codes } = await enable.json();
    return { ...admin, cookie: s.cookie, secret, codes: codes as string[], enabledAt: now };
  }

  it("nudges the admin until it is on; enrolment shows a QR code and gives ten recovery codes, stored hashed", async () => {
    const admin = await account({ admin: true });
    const s = await sessionFor(admin.id);
    // Settings always says whether the factor is on (the layout's reminder shows once per sign-in).
    const before = await (await run(() => adminLoader(args(get("/admin?tab=settings", { cookie: s.cookie }))))).json();
    expect(before.twoFactorOn).toBe(false);

    const page = await (await run(() => twoFactorLoader(args(get("/account/two-factor", { cookie: s.cookie }))))).json();
    const bad = await run(() =>
      twoFactorAction(args(form("/account/two-factor", { intent: "enable", code: "000000", currentPassword: admin.password }, s.cookie))),
    );
    expect(bad.status).toBe(400);
    const good = await run(() =>
      twoFactorAction(
        args(form("/account/two-factor", { intent: "enable", code: totpCodeAt(page.enrolment.secret), currentPassword: admin.password }, s.cookie)),
      ),
    );
    const { codes } = await good.json();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", admin.id).execute();
    expect(stored).toHaveLength(10);
    for (const c of codes) expect(JSON.stringify(stored)).not.toContain(c.replace("-", ""));
    const after = await (await run(() => adminLoader(args(get("/admin?tab=settings", { cookie: s.cookie }))))).json();
    expect(after.twoFactorOn).toBe(true);
  });

  it("is for admins only", async () => {
    const customer = await account();
    const s = await sessionFor(customer.id);
    expect((await run(() => twoFactorLoader(args(get("/account/two-factor", { cookie: s.cookie }))))).status).toBe(403);
  });

  it("tells the browser module that the login page's next step is the code page, signing nobody in yet", async () => {
    const admin = await enrolledAdmin();
    const body = { intent: "signin", email: admin.email, password: admin.password, redirectTo: "/admin" };
    const res = await run(() => loginAction(args(postForm("/login", body, { ip: freshIp(), accept: "application/json" }))));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, redirectTo: "/login/two-factor" });
    const pending = sessionCookie(res)!;
    expect(await me(pending)).toBe(401);
    expect((await run(() => secondStepLoader(args(get("/login/two-factor", { cookie: pending }))))).status).toBe(200);
  });

  it("makes the admin sign-in a two-step one: the password alone signs nobody in", async () => {
    const admin = await enrolledAdmin();
    const first = await run(() => adminLoginAction(args(form("/admin-login", { email: admin.email, password: admin.password, redirectTo: "/admin" }))));
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/login/two-factor");
    const pending = sessionCookie(first)!;
    expect(await me(pending)).toBe(401);
    expect((await run(() => secondStepLoader(args(get("/login/two-factor", { cookie: pending }))))).status).toBe(200);

    const wrong = await run(() => secondStepAction(args(form("/login/two-factor", { code: "123456" }, pending))));
    expect(wrong.status).toBe(400);
    // The code already used to turn it on does not work again.
    const replay = await run(() => secondStepAction(args(form("/login/two-factor", { code: totpCodeAt(admin.secret, admin.enabledAt) }, pending))));
    expect(replay.status).toBe(400);
    const ok = await run(() => secondStepAction(args(form("/login/two-factor", { code: totpCodeAt(admin.secret, admin.enabledAt + 30_000) }, pending))));
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/admin");
    expect(await me(sessionCookie(ok))).toBe(200);
    // The half-way session is gone.
    expect(await me(pending)).toBe(401);
  });

  it("takes each recovery code once", async () => {
    const admin = await enrolledAdmin();
    const signInWith = async (code: string) => {
      const first = await run(() => adminLoginAction(args(form("/admin-login", { email: admin.email, password: admin.password, redirectTo: "/admin" }))));
      return run(() => secondStepAction(args(form("/login/two-factor", { code }, sessionCookie(first)))));
    };
    expect((await signInWith(admin.codes[0]!.toUpperCase())).status).toBe(302);
    expect((await signInWith(admin.codes[0]!)).status).toBe(400);
  });

  it("stops guessing codes after ten tries in 15 minutes", async () => {
    const admin = await enrolledAdmin();
    const first = await run(() => adminLoginAction(args(form("/admin-login", { email: admin.email, password: admin.password, redirectTo: "/admin" }))));
    const pending = sessionCookie(first)!;
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => run(() => secondStepAction(args(form("/login/two-factor", { code: String(100000 + i) }, pending))))),
    );
    // One try was spent turning the factor on.
    expect(answers.filter((r) => r.status === 400)).toHaveLength(9);
    expect(answers.filter((r) => r.status === 302 && r.headers.get("Location") === "/login")).toHaveLength(6);
  });

  it("right codes do not use up the tries: only wrong ones count", async () => {
    const admin = await enrolledAdmin();
    // Twelve right codes in a row (a later 30-second step each, as a code works once), then
    // nine wrong ones still get their own answer (one try went on turning the factor on).
    for (let i = 1; i <= 12; i++)
      expect(await verifySecondFactor(db, admin.id, totpCodeAt(admin.secret, admin.enabledAt + i * 30_000), admin.enabledAt + i * 30_000)).toBe("totp");
    for (let i = 0; i < 9; i++) await expect(verifySecondFactor(db, admin.id, String(200000 + i))).rejects.toMatchObject({ status: 400 });
    await expect(verifySecondFactor(db, admin.id, "299999")).rejects.toMatchObject({ status: 429 });
  });

  it("the API sign-in asks for the code in the same call", async () => {
    const admin = await enrolledAdmin();
    const login = (body: Record<string, string>) => run(() => apiLogin(args(postJson("/api/auth/login", body, { ip: freshIp(), accept: null }))));
    const without = await login({ email: admin.email, password: admin.password });
    expect(without.status).toBe(401);
    expect(await without.json()).toEqual({ message: "Two-factor code required" });
    expect((await login({ email: admin.email, password: admin.password, code: "999999" })).status).toBe(401);
    const ok = await login({ email: admin.email, password: admin.password, code: admin.codes[1]! });
    expect(ok.status).toBe(200);
  });
});
