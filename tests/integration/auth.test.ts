import { vi } from "vitest";

// Counts scrypt checks so the tests can see that an unknown e-mail costs the same work as a wrong password.
const verifyCalls = vi.hoisted(() => ({ n: 0 }));
vi.mock("~/domain/auth/password.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/domain/auth/password.server")>();
  return {
    ...real,
    verifyPassword: async (...args: Parameters<typeof real.verifyPassword>) => {
      verifyCalls.n++;
      return real.verifyPassword(...args);
    },
  };
});

import { action as adminLoginAction } from "~/routes/admin-login";
import { action as apiLogin } from "~/routes/api.auth.login";
import { action as apiLogout } from "~/routes/api.auth.logout";
import { loader as apiMe } from "~/routes/api.auth.me";
import { action as apiRegister } from "~/routes/api.auth.register";
import { action as apiRegisterCheckout } from "~/routes/api.auth.register-checkout";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { addToCart, getCart } from "~/domain/cart/cart.server";
import { LOGIN_LIMITS } from "~/domain/auth/accounts.server";
import { hashPassword } from "~/domain/auth/password.server";
import { createShopSessionStorage } from "~/web/session.server";
import { db } from "~/lib/db.server";
import { makeProduct, seedPalette } from "../helpers/kit";
import { args, get, postForm, postJson, type RequestOptions, run } from "../helpers/requests";

let ipCounter = 0;
/** Each test gets its own client address, so per-address limits don't leak between tests. */
function freshIp() {
  ipCounter++;
  return `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

// Requests without their own address share one, as a single client would.
const SHARED_IP = "10.9.9.9";
const formRequest = (path: string, fields: Record<string, string>, opts: RequestOptions = {}) => postForm(path, fields, { ip: SHARED_IP, ...opts });
const jsonRequest = (path: string, body: unknown, opts: RequestOptions = {}) => postJson(path, body, { ip: SHARED_IP, accept: null, ...opts });

function sessionCookie(res: Response): string | undefined {
  const found = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  return found?.split(";")[0];
}

function toastOf(res: Response): { title: string; description?: string } | null {
  const raw = res.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  if (!raw) return null;
  const value = decodeURIComponent(raw.split(";")[0]!.slice("__toast=".length));
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8"));
}

async function me(cookie: string | undefined) {
  const res = await run(() => apiMe(args(get("/api/auth/me", { cookie }))));
  return { status: res.status, body: await res.json() };
}

async function makeAccount(email: string, password = "secret123", isAdmin = false) {
  return db
    .insertInto("users")
    .values({ email, password_hash: await hashPassword(password), first_name: "Clara", last_name: "Stitch", is_admin: isAdmin ? 1 : 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
}

const signIn = (fields: Record<string, string>, opts?: { cookie?: string; ip?: string }) =>
  run(() => loginAction(args(formRequest("/login", { intent: "signin", ...fields }, opts))));

describe("sign-in form (/login)", () => {
  beforeAll(async () => {
    await makeAccount("clara@example.com");
  });

  it("signs in, issues a new session id and follows a safe redirectTo", async () => {
    const res = await signIn({ email: "Clara@Example.com", password: "secret123", redirectTo: "/account?tab=loyalty" }, { ip: freshIp() });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/account?tab=loyalty");
    const cookie = sessionCookie(res);
    expect(cookie).toBeDefined();
    expect((await me(cookie)).body.email).toBe("clara@example.com");
  });

  it("never follows a redirectTo off the site", async () => {
    for (const redirectTo of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const res = await signIn({ email: "clara@example.com", password: "secret123", redirectTo }, { ip: freshIp() });
      expect(res.headers.get("Location")).toBe("/");
    }
  });

  it("replaces a guest session (no fixation) and destroys the old one", async () => {
    const storage = createShopSessionStorage(db);
    const guest = await storage.getSession(null);
    guest.set("cartKey", "fixation-test");
    const guestCookie = (await storage.commitSession(guest)).split(";")[0]!;
    const guestId = (await storage.getSession(guestCookie)).id;
    const res = await signIn({ email: "clara@example.com", password: "secret123" }, { cookie: guestCookie, ip: freshIp() });
    const fresh = sessionCookie(res)!;
    expect(fresh).not.toBe(guestCookie);
    const freshId = (await storage.getSession(fresh)).id;
    expect(freshId).not.toBe(guestId);
    expect(await db.selectFrom("sessions").select("id").where("id", "=", guestId).executeTakeFirst()).toBeUndefined();
    expect((await me(guestCookie)).status).toBe(401);
  });

  it("answers the browser module (Accept: application/json) with where to go, the new session and the notification for the next page", async () => {
    const res = await run(() =>
      loginAction(
        args(
          formRequest(
            "/login",
            { intent: "signin", email: "clara@example.com", password: "secret123", redirectTo: "/account?tab=loyalty" },
            { ip: freshIp(), accept: "application/json" },
          ),
        ),
      ),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, redirectTo: "/account?tab=loyalty" });
    const cookies = res.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/toast/i);
    expect((await me(sessionCookie(res))).body.email).toBe("clara@example.com");
  });

  it("answers 'Missing information' when a field is empty", async () => {
    const res = await signIn({ email: "", password: "" }, { ip: freshIp() });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.alert).toMatchObject({ title: "Missing information", description: "Please enter both email and password" });
    expect(body.result.error.password).toEqual(["Password is required"]);
  });

  it("checks the e-mail format ('Invalid email address')", async () => {
    const res = await signIn({ email: "not-an-email", password: "whatever" }, { ip: freshIp() });
    expect(res.status).toBe(400);
    expect((await res.json()).result.error.email).toEqual(["Invalid email address"]);
  });

  it("gives a wrong password and an unknown e-mail the same answer after the same scrypt work", async () => {
    const ip = freshIp();
    verifyCalls.n = 0;
    const wrong = await signIn({ email: "clara@example.com", password: "nope-nope" }, { ip });
    expect(verifyCalls.n).toBe(1);
    const unknown = await signIn({ email: "nobody@example.com", password: "nope-nope" }, { ip });
    expect(verifyCalls.n).toBe(2);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a.alert).toEqual({ title: "Login failed", description: "Invalid credentials", type: "error" });
    expect(b.alert).toEqual(a.alert);
    expect(a.result.initialValue.password).toBeUndefined();
  });

  it("refuses a Google-only account without a password the same way", async () => {
    await db.insertInto("users").values({ email: "google-only@example.com", google_id: "g-only" }).execute();
    const res = await signIn({ email: "google-only@example.com", password: "anything1" }, { ip: freshIp() });
    expect(res.status).toBe(401);
  });

  // A foreign origin is refused by the server before the action: tests/e2e/api/every-write-route.spec.ts.
  it("refuses a body that is not a form", async () => {
    const notForm = jsonRequest("/login", { intent: "signin" });
    expect((await run(() => loginAction(args(notForm)))).status).toBe(400);
  });

  it("sends a signed-in visitor of /login on to the account", async () => {
    const res = await signIn({ email: "clara@example.com", password: "secret123" }, { ip: freshIp() });
    const page = await run(() => loginLoader(args(get("/login", { cookie: sessionCookie(res)! }))));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/account");
  });
});

describe("registration (/login?tab=signup)", () => {
  const signUp = (fields: Record<string, string>, cookie?: string) =>
    run(() => loginAction(args(formRequest("/login", { intent: "signup", ...fields }, { cookie }))));

  it("shows the spec's messages beside each field", async () => {
    const res = await signUp({ email: "bad", password: "123", firstName: " ", lastName: "" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.result.error).toMatchObject({
      email: ["Invalid email address"],
      password: ["Password must be at least 6 characters"],
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
    });
    expect(body.alert.title).toBe("Registration failed");
  });

  it("creates the customer with a scrypt hash and signs them in", async () => {
    const res = await signUp({ email: "New.Customer@example.com", password: "sewing1", firstName: "Nina", lastName: "Needle" });
    expect(res.status).toBe(302);
    const row = await db
      .selectFrom("users")
      .select(["email", "password_hash", "is_admin"])
      .where("email", "=", "new.customer@example.com")
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain("sewing1");
    expect(row.is_admin).toBe(0);
    expect((await me(sessionCookie(res))).body).toMatchObject({ email: "new.customer@example.com", firstName: "Nina", isAdmin: false });
  });

  it("refuses an e-mail that already has an account, on the email field", async () => {
    const res = await signUp({ email: "NEW.customer@example.com", password: "sewing1", firstName: "N", lastName: "N" });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.result.error.email).toEqual(["An account with this email already exists"]);
    expect(body.alert).toMatchObject({ title: "Registration failed" });
  });
});

describe("the guest's cart on sign-in", () => {
  it("merges into the customer's cart without going above stock, and drops the guest cart", async () => {
    await seedPalette(db);
    const apron = await makeProduct(db, { title: "Merge Apron", stock: 3 });
    const hat = await makeProduct(db, { title: "Merge Hat", stock: 5 });
    const user = await makeAccount("merge@example.com");
    await addToCart(db, { userId: user.id }, { productId: apron.id, quantity: 2 });
    const storage = createShopSessionStorage(db);
    const guest = await storage.getSession(null);
    guest.set("cartKey", "guest-merge-key");
    const guestCookie = (await storage.commitSession(guest)).split(";")[0]!;
    await addToCart(db, { cartKey: "guest-merge-key" }, { productId: apron.id, quantity: 3 });
    await addToCart(db, { cartKey: "guest-merge-key" }, { productId: hat.id, quantity: 1 });

    const res = await signIn({ email: "merge@example.com", password: "secret123" }, { cookie: guestCookie, ip: freshIp() });
    expect(res.status).toBe(302);
    const cart = await getCart(db, { userId: user.id });
    const qty = Object.fromEntries(cart.items.map((i) => [i.product.title, i.quantity]));
    expect(qty).toEqual({ "Merge Apron": 3, "Merge Hat": 1 });
    expect((await getCart(db, { cartKey: "guest-merge-key" })).items).toHaveLength(0);
    expect(await db.selectFrom("carts").select("id").where("session_key", "=", "guest-merge-key").executeTakeFirst()).toBeUndefined();
  });
});

describe("sign-in throttling", () => {
  it(`answers 429 after ${LOGIN_LIMITS.perPair} failures of one e-mail from one address, even with the right password`, async () => {
    await makeAccount("pair@example.com");
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perPair; i++) {
      expect((await signIn({ email: "pair@example.com", password: "wrong-one" }, { ip })).status).toBe(401);
    }
    expect((await signIn({ email: "pair@example.com", password: "secret123" }, { ip })).status).toBe(429);
    // The owner elsewhere is not locked out by one address's guesses.
    expect((await signIn({ email: "pair@example.com", password: "secret123" }, { ip: freshIp() })).status).toBe(302);
  });

  it("checks at most the pair's limit of 20 simultaneous guesses; the rest get 429 without a password check", async () => {
    await makeAccount("parallel@example.com");
    const ip = freshIp();
    verifyCalls.n = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn({ email: "parallel@example.com", password: `guess-${i}` }, { ip })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perPair);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LOGIN_LIMITS.perPair);
    expect(verifyCalls.n).toBe(LOGIN_LIMITS.perPair);
  });

  it("counts IPv6 clients per /56: a new address, or another /64 of the same /56, is the same client", async () => {
    await makeAccount("six@example.com");
    for (let i = 1; i <= LOGIN_LIMITS.perPair; i++) {
      // Each guess from another /64 of one /56, as a client holding a /56 can.
      expect((await signIn({ email: "six@example.com", password: "wrong-one" }, { ip: `2001:db8:aa:${i.toString(16)}::${i}` })).status).toBe(401);
    }
    expect((await signIn({ email: "six@example.com", password: "secret123" }, { ip: "2001:db8:aa:bb:ffff::9" })).status).toBe(429);
    expect((await signIn({ email: "six@example.com", password: "secret123" }, { ip: "2001:db8:aa:1cc::1" })).status).toBe(302);
  });

  it(`answers 429 after ${LOGIN_LIMITS.perAccount} failures for one e-mail from many addresses, even with the right password`, async () => {
    await makeAccount("throttle@example.com");
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      // Spread over addresses: the e-mail limit alone must trip.
      expect((await signIn({ email: "throttle@example.com", password: "wrong-one" }, { ip: freshIp() })).status).toBe(401);
    }
    const blocked = await signIn({ email: "throttle@example.com", password: "secret123" }, { ip: freshIp() });
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).alert.description).toMatch(/Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\./);
    const viaApi = await run(() => apiLogin(args(jsonRequest("/api/auth/login", { email: "throttle@example.com", password: "secret123" }, { ip: freshIp() }))));
    expect(viaApi.status).toBe(429);
    expect((await viaApi.json()).message).toMatch(/Too many failed sign-in attempts/);
  });

  it("cannot lock the owner out where she signed in before: the account limit spares a known address", async () => {
    await makeAccount("owner-known@example.com");
    const home = freshIp();
    expect((await signIn({ email: "owner-known@example.com", password: "secret123" }, { ip: home })).status).toBe(302);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      expect((await signIn({ email: "owner-known@example.com", password: "wrong-one" }, { ip: freshIp() })).status).toBe(401);
    }
    // Strangers' addresses are shut out; the owner's own still gets in.
    expect((await signIn({ email: "owner-known@example.com", password: "secret123" }, { ip: freshIp() })).status).toBe(429);
    expect((await signIn({ email: "owner-known@example.com", password: "secret123" }, { ip: home })).status).toBe(302);
    // A known address still has its own strict limit.
    for (let i = 0; i < LOGIN_LIMITS.perPair; i++) await signIn({ email: "owner-known@example.com", password: "wrong-one" }, { ip: home });
    expect((await signIn({ email: "owner-known@example.com", password: "secret123" }, { ip: home })).status).toBe(429);
  });

  it("lets the e-mail in again once the window has passed", async () => {
    await makeAccount("window@example.com");
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perPair; i++) await signIn({ email: "window@example.com", password: "wrong-one" }, { ip });
    expect((await signIn({ email: "window@example.com", password: "secret123" }, { ip })).status).toBe(429);
    const old = new Date(Date.now() - (LOGIN_LIMITS.windowMinutes * 60_000 + 1000)).toISOString();
    await db.updateTable("login_attempts").set({ created_at: old }).where("email", "=", "window@example.com").execute();
    expect((await signIn({ email: "window@example.com", password: "secret123" }, { ip })).status).toBe(302);
  });

  it("does not count successful sign-ins", async () => {
    await makeAccount("often@example.com");
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perPair + 3; i++) {
      expect((await signIn({ email: "often@example.com", password: "secret123" }, { ip })).status).toBe(302);
    }
  });

  it(`answers 429 after ${LOGIN_LIMITS.perAddress} failures from one address, for any e-mail`, async () => {
    await makeAccount("victim@example.com");
    const ip = freshIp();
    const now = new Date().toISOString();
    await db
      .insertInto("login_attempts")
      .values(Array.from({ length: LOGIN_LIMITS.perAddress - 1 }, (_, i) => ({ email: `spray${i}@example.com`, ip, created_at: now })))
      .execute();
    expect((await signIn({ email: "spray-last@example.com", password: "wrong-one" }, { ip })).status).toBe(401);
    expect((await signIn({ email: "victim@example.com", password: "secret123" }, { ip })).status).toBe(429);
    // Another address is not affected.
    expect((await signIn({ email: "victim@example.com", password: "secret123" }, { ip: freshIp() })).status).toBe(302);
  });
});

describe("admin sign-in (/admin-login)", () => {
  beforeAll(async () => {
    await makeAccount("owner@example.com", "admin-pass", true);
    await makeAccount("shopper@example.com", "shop-pass");
  });
  const adminSignIn = (fields: Record<string, string>) => run(() => adminLoginAction(args(formRequest("/admin-login", fields, { ip: freshIp() }))));

  it("sends an admin to /admin with 'Admin login successful'", async () => {
    const res = await adminSignIn({ email: "owner@example.com", password: "admin-pass" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin");
    expect(toastOf(res)?.title).toBe("Admin login successful");
    expect((await me(sessionCookie(res))).body).toMatchObject({ isAdmin: true, is_admin: true });
  });

  it("tells a customer 'Access denied: Admin privileges required' without redirecting", async () => {
    const res = await adminSignIn({ email: "shopper@example.com", password: "shop-pass" });
    expect(res.status).toBe(403);
    expect(res.headers.get("Location")).toBeNull();
    expect((await res.json()).alert.title).toBe("Access denied: Admin privileges required");
  });

  it("shows the login failures too", async () => {
    const res = await adminSignIn({ email: "owner@example.com", password: "wrong-pass" });
    expect(res.status).toBe(401);
    expect((await res.json()).alert).toMatchObject({ title: "Login failed", description: "Invalid credentials" });
    const missing = await adminSignIn({ email: "owner@example.com", password: "" });
    expect((await missing.json()).alert.title).toBe("Missing information");
  });
});

describe("auth API", () => {
  beforeAll(async () => {
    await makeAccount("api@example.com", "api-secret");
  });
  const post = (fn: typeof apiLogin, path: string, body: unknown, cookie?: string) => run(() => fn(args(jsonRequest(path, body, { ip: freshIp(), cookie }))));

  it("POST /api/auth/login answers the user with isAdmin and a session", async () => {
    const res = await post(apiLogin, "/api/auth/login", { email: "api@example.com", password: "api-secret" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ email: "api@example.com", isAdmin: false, firstName: "Clara" });
    expect(body.password_hash).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain("scrypt");
    expect((await me(sessionCookie(res))).status).toBe(200);
  });

  it("POST /api/auth/login refuses bad input with {message}", async () => {
    const cases: [unknown, number, string | RegExp][] = [
      [{}, 400, "Please enter both email and password"],
      [{ email: "api@example.com" }, 400, "Please enter both email and password"],
      [{ email: "nope", password: "x" }, 400, /Invalid email address/],
      [{ email: "api@example.com", password: "wrong" }, 401, "Invalid credentials"],
      [{ email: "ghost@example.com", password: "wrong" }, 401, "Invalid credentials"],
      ["{not json", 400, "Request body must be valid JSON"],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(apiLogin, "/api/auth/login", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      const json = await res.json();
      expect(json.message).toMatch(message);
    }
  });

  it("POST /api/auth/register creates and signs in (201); checks every field", async () => {
    const res = await post(apiRegister, "/api/auth/register", { email: "fresh@example.com", password: "abcdef", firstName: "F", lastName: "G" });
    expect(res.status).toBe(201);
    expect((await res.json()).email).toBe("fresh@example.com");
    expect((await me(sessionCookie(res))).body.email).toBe("fresh@example.com");

    const again = await post(apiRegister, "/api/auth/register", { email: "FRESH@example.com", password: "abcdef", firstName: "F", lastName: "G" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("An account with this email already exists");

    const bad = await post(apiRegister, "/api/auth/register", { email: "x", password: "123", firstName: "", lastName: "" });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.errors).toMatchObject({
      email: ["Invalid email address"],
      password: ["Password must be at least 6 characters"],
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
    });
    expect(await db.selectFrom("users").select("id").where("email", "=", "x").executeTakeFirst()).toBeUndefined();
  });

  it("POST /api/auth/register-checkout follows the same rules and answers {message} when it fails", async () => {
    const ok = await post(apiRegisterCheckout, "/api/auth/register-checkout", {
      email: "checkout@example.com",
      password: "abcdef",
      firstName: "C",
      lastName: "O",
      createAccount: true,
    });
    expect(ok.status).toBe(201);
    const dup = await post(apiRegisterCheckout, "/api/auth/register-checkout", {
      email: "checkout@example.com",
      password: "abcdef",
      firstName: "C",
      lastName: "O",
      createAccount: true,
    });
    expect(dup.status).toBe(409);
    expect((await dup.json()).message).toBe("An account with this email already exists");
    const short = await post(apiRegisterCheckout, "/api/auth/register-checkout", {
      email: "c2@example.com",
      password: "12",
      firstName: "C",
      lastName: "O",
      createAccount: true,
    });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toMatch("Password must be at least 6 characters");
  });

  it("the same registration payload gives the same result through the form and the API", async () => {
    const payload = { email: "twodoors@example.com", password: "abcdef", firstName: "Two", lastName: "Doors" };
    const viaApi = await post(apiRegister, "/api/auth/register", payload);
    expect(viaApi.status).toBe(201);
    const viaForm = await run(() => loginAction(args(formRequest("/login", { intent: "signup", ...payload, email: "twodoors2@example.com" }))));
    expect(viaForm.status).toBe(302);
    const rows = await db
      .selectFrom("users")
      .select(["first_name", "last_name", "is_admin"])
      .where("email", "in", ["twodoors@example.com", "twodoors2@example.com"])
      .execute();
    expect(rows).toEqual([
      { first_name: "Two", last_name: "Doors", is_admin: 0 },
      { first_name: "Two", last_name: "Doors", is_admin: 0 },
    ]);
  });

  it("GET /api/auth/me answers 401 to guests", async () => {
    expect(await me(undefined)).toEqual({ status: 401, body: { message: "You need to be logged in" } });
  });

  it("logout destroys the session (API and form), POST only", async () => {
    const signedIn = await post(apiLogin, "/api/auth/login", { email: "api@example.com", password: "api-secret" });
    const cookie = sessionCookie(signedIn)!;
    const out = await post(apiLogout, "/api/auth/logout", {}, cookie);
    expect(out.status).toBe(200);
    expect(await out.json()).toMatchObject({ message: "Logged out successfully" });
    expect((await me(cookie)).status).toBe(401);

    const again = sessionCookie(await post(apiLogin, "/api/auth/login", { email: "api@example.com", password: "api-secret" }))!;
    const form = await run(() => logoutAction(args(formRequest("/logout", {}, { cookie: again }))));
    expect(form.status).toBe(302);
    expect(form.headers.get("Location")).toBe("/");
    expect(toastOf(form)).toMatchObject({ title: "Logged out successfully", description: "See you next time!" });
    expect((await me(again)).status).toBe(401);
  });
});
