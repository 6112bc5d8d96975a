import { type LoaderFunctionArgs } from "@remix-run/node";
import { OAuth2Server } from "oauth2-mock-server";
import { apiRequest, args, call, get, postForm } from "../helpers/requests";

// Google sign-in end to end against a real local OAuth2 server (oauth2-mock-server): the
// route loaders are called directly, the browser's hops to the provider are plain fetches.
// getEnv() caches process.env on first use, so the app modules are imported only after the
// GOOGLE_* variables point at the mock (and re-imported with vi.resetModules without them).

type Loader = (args: LoaderFunctionArgs) => Promise<Response>;
type Routes = { start: Loader; callback: Loader; me: Loader };

const APP = process.env.APP_URL ?? "http://localhost:3000";
const GOOGLE_KEYS = ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_AUTH_URL", "GOOGLE_TOKEN_URL", "GOOGLE_USERINFO_URL"] as const;

let n = 0;
function uniqueEmail(prefix: string): string {
  n++;
  return `${prefix}-${n}-${Date.now().toString(36)}@example.com`;
}

async function loadRoutes(): Promise<Routes> {
  vi.resetModules();
  const [start, callback, me] = await Promise.all([
    import("~/routes/api.auth.google"),
    import("~/routes/api.auth.google.callback"),
    import("~/routes/api.auth.me"),
  ]);
  return { start: start.loader, callback: callback.loader, me: me.loader };
}

/** A tiny cookie jar: the name=value pairs a browser would send back. */
class Jar {
  private values = new Map<string, string>();
  take(res: Response): this {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (!value || /max-age=0\b|expires=thu, 01 jan 1970/i.test(line)) this.values.delete(name);
      else this.values.set(name, value);
    }
    return this;
  }
  has(name: string): boolean {
    return this.values.has(name);
  }
  without(name: string): Jar {
    const copy = new Jar();
    for (const [k, v] of this.values) if (k !== name) copy.values.set(k, v);
    return copy;
  }
  toString(): string {
    return [...this.values].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

async function toastOf(res: Response): Promise<{ title: string; description?: string } | null> {
  const { createToastCookie } = await import("~/web/session.server");
  const line = res.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  return line ? ((await createToastCookie().parse(line.split(";")[0]!)) as { title: string; description?: string }) : null;
}

describe("Google sign-in against a local OAuth2 server", () => {
  const oauth = new OAuth2Server();
  let routes: Routes;
  let db: typeof import("~/lib/db.server").db;
  const saved: Partial<Record<string, string | undefined>> = {};

  beforeAll(async () => {
    await oauth.issuer.keys.generate("RS256");
    await oauth.start(0, "127.0.0.1");
    const issuer = oauth.issuer.url!;
    for (const key of GOOGLE_KEYS) saved[key] = process.env[key];
    Object.assign(process.env, {
      GOOGLE_CLIENT_ID: "test-google-client",
      GOOGLE_CLIENT_SECRET: "test-google-secret",
      GOOGLE_AUTH_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    });
    routes = await loadRoutes();
    db = (await import("~/lib/db.server")).db;
  });

  afterAll(async () => {
    await oauth.stop();
    for (const key of GOOGLE_KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  afterEach(() => {
    oauth.service.removeAllListeners("beforeUserinfo");
  });

  interface GoogleProfile {
    sub: string;
    email: string;
    email_verified: boolean;
    given_name?: string;
    family_name?: string;
  }

  function answerUserinfo(profile: GoogleProfile) {
    oauth.service.once("beforeUserinfo", (userInfoResponse) => {
      userInfoResponse.body = { ...profile };
      userInfoResponse.statusCode = 200;
    });
  }

  /** First leg: the shop's redirect to the provider, and the provider's redirect back. */
  async function toProviderAndBack(redirectTo?: string) {
    const jar = new Jar();
    const start = await call(routes.start, get(`${APP}/api/auth/google${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`));
    expect(start.status).toBe(302);
    jar.take(start);
    expect(jar.has("__session")).toBe(true);
    expect(jar.has("__google_return")).toBe(true);
    const authorize = new URL(start.headers.get("Location")!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${oauth.issuer.url}/authorize`);
    expect(authorize.searchParams.get("client_id")).toBe("test-google-client");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${APP}/api/auth/google/callback`);
    const state = authorize.searchParams.get("state");
    expect(state).toBeTruthy();

    const provider = await fetch(authorize, { redirect: "manual" });
    expect(provider.status).toBe(302);
    const callbackUrl = new URL(provider.headers.get("Location")!);
    expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(`${APP}/api/auth/google/callback`);
    expect(callbackUrl.searchParams.get("state")).toBe(state);
    expect(callbackUrl.searchParams.get("code")).toBeTruthy();
    return { jar, callbackUrl };
  }

  /** The whole flow for a profile; returns the callback's answer and the browser's cookies after it. */
  async function signInWithGoogle(profile: GoogleProfile, redirectTo?: string) {
    answerUserinfo(profile);
    const { jar, callbackUrl } = await toProviderAndBack(redirectTo);
    const res = await call(routes.callback, get(callbackUrl.toString(), { cookie: jar.toString() }));
    jar.take(res);
    return { res, jar };
  }

  async function me(jar: Jar) {
    return call(routes.me, get(`${APP}/api/auth/me`, { cookie: jar.toString() }));
  }

  async function expectLoginFailed(res: Response, jar: Jar, description: string | RegExp) {
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    const toast = await toastOf(res);
    expect(toast?.title).toBe("Login failed");
    expect(toast?.description).toMatch(description);
    expect(JSON.stringify(toast)).not.toMatch(/at \w+ \(|node_modules|Error:|State doesn't match|Missing/);
    expect((await me(jar)).status).toBe(401);
  }

  it("creates a customer for a new Google account and signs them in", async () => {
    const email = uniqueEmail("new-google");
    const { res, jar } = await signInWithGoogle({ sub: `g-${email}`, email, email_verified: true, given_name: "Greta", family_name: "Garbo" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
    expect(await toastOf(res)).toMatchObject({ title: "Welcome back!", type: "success" });
    expect(jar.has("__google_return")).toBe(false);

    const answer = await me(jar);
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body).toMatchObject({ email, firstName: "Greta", lastName: "Garbo", isAdmin: false });
    const row = await db.selectFrom("users").select(["google_id", "password_hash"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(row).toEqual({ google_id: `g-${email}`, password_hash: null });
  });

  it("takes over an unverified password account with the same e-mail (pre-hijack): the password goes, its sessions end; found again by Google id", async () => {
    const { hashPassword } = await import("~/domain/auth/password.server");
    const email = uniqueEmail("linked");
    // Someone registered the victim's address first, with a password of their own, and stays signed in.
    const existing = await db
      .insertInto("users")
      .values({ email, password_hash: await hashPassword("secret-password"), first_name: "Paula", last_name: "Password" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("sessions")
      .values({ id: `squatter-${n}`, user_id: existing.id, data: JSON.stringify({ userId: existing.id }), expires_at: "2999-01-01T00:00:00.000Z" })
      .execute();
    const sub = `g-link-${n}`;

    const first = await signInWithGoogle({ sub, email: email.toUpperCase(), email_verified: true, given_name: "Other", family_name: "Name" });
    expect(first.res.status).toBe(302);
    const body = await (await me(first.jar)).json();
    expect(body).toMatchObject({ id: existing.id, email, firstName: "Paula", isAdmin: false });
    const rows = await db.selectFrom("users").select(["id", "google_id", "password_hash"]).where("email", "=", email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.google_id).toBe(sub);
    expect(rows[0]!.password_hash).toBeNull();
    expect(await db.selectFrom("sessions").select("id").where("id", "=", `squatter-${n}`).executeTakeFirst()).toBeUndefined();

    // Second sign-in: same `sub`, even with another e-mail at Google, is the same account.
    const second = await signInWithGoogle({ sub, email: uniqueEmail("renamed"), email_verified: true });
    expect(second.res.status).toBe(302);
    expect((await (await me(second.jar)).json()).id).toBe(existing.id);
    const count = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("google_id", "=", sub)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("onto a verified password account, asks that password once before linking", async () => {
    const { hashPassword } = await import("~/domain/auth/password.server");
    const email = uniqueEmail("verified");
    const existing = await db
      .insertInto("users")
      .values({
        email,
        password_hash: await hashPassword("verified-pass-1"),
        first_name: "Vera",
        last_name: "Fied",
        email_verified_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const sub = `g-verified-${n}`;
    const { res, jar } = await signInWithGoogle({ sub, email, email_verified: true }, "/account");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login/link-google");
    expect((await me(jar)).status).toBe(401);
    expect((await db.selectFrom("users").select("google_id").where("id", "=", existing.id).executeTakeFirstOrThrow()).google_id).toBeNull();

    const link = await import("~/routes/login_.link-google");
    const post = (password: string) =>
      link
        .action({
          request: postForm(`${APP}/login/link-google`, { password }, { cookie: jar.toString(), origin: APP, accept: null }),
          params: {},
          context: {},
        })
        .catch((thrown: unknown) => thrown as Response);
    const page = await link.loader(args(get(`${APP}/login/link-google`, { cookie: jar.toString() })));
    expect(await page.json()).toEqual({ email, constraints: { password: { required: true, maxLength: 200 } } });
    expect((await post("not-the-password")).status).toBe(401);
    expect((await db.selectFrom("users").select("google_id").where("id", "=", existing.id).executeTakeFirstOrThrow()).google_id).toBeNull();
    const ok = await post("verified-pass-1");
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/account");
    jar.take(ok);
    expect((await (await me(jar)).json()).id).toBe(existing.id);
    const row = await db.selectFrom("users").select(["google_id", "password_hash"]).where("id", "=", existing.id).executeTakeFirstOrThrow();
    expect(row.google_id).toBe(sub);
    expect(row.password_hash).toBeTruthy();
  });

  it("follows redirectTo when it is a path on this site", async () => {
    const email = uniqueEmail("return");
    const { res } = await signInWithGoogle({ sub: `g-${email}`, email, email_verified: true }, "/account");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/account");
  });

  it("ignores a redirectTo to another site", async () => {
    for (const target of ["https://evil.example", "//evil.example/x"]) {
      const email = uniqueEmail("evil");
      const { res, jar } = await signInWithGoogle({ sub: `g-${email}`, email, email_verified: true }, target);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/");
      expect((await me(jar)).status).toBe(200);
    }
  });

  it("refuses a tampered state", async () => {
    const { jar, callbackUrl } = await toProviderAndBack();
    callbackUrl.searchParams.set("state", "forged-state");
    const res = await call(routes.callback, get(callbackUrl.toString(), { cookie: jar.toString() }));
    jar.take(res);
    await expectLoginFailed(res, jar, "Google sign-in failed. Please try again.");
  });

  it("refuses a callback without the session that holds the state", async () => {
    const { jar, callbackUrl } = await toProviderAndBack();
    const bare = jar.without("__session");
    const res = await call(routes.callback, get(callbackUrl.toString(), { cookie: bare.toString() }));
    bare.take(res);
    await expectLoginFailed(res, bare, "Google sign-in failed. Please try again.");
    // And with no cookies at all.
    const none = new Jar();
    const res2 = await call(routes.callback, get(callbackUrl.toString()));
    none.take(res2);
    await expectLoginFailed(res2, none, "Google sign-in failed. Please try again.");
  });

  it("refuses an unverified e-mail and creates nobody", async () => {
    const email = uniqueEmail("unverified");
    const { res, jar } = await signInWithGoogle({ sub: `g-${email}`, email, email_verified: false });
    await expectLoginFailed(res, jar, /verified email/);
    expect(await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  it("says so when the person cancels at Google", async () => {
    const { jar, callbackUrl } = await toProviderAndBack();
    const cancelled = new URL(`${APP}/api/auth/google/callback`);
    cancelled.searchParams.set("error", "access_denied");
    cancelled.searchParams.set("state", callbackUrl.searchParams.get("state")!);
    const res = await call(routes.callback, get(cancelled.toString(), { cookie: jar.toString() }));
    jar.take(res);
    await expectLoginFailed(res, jar, "Google sign-in was cancelled.");
  });

  it("answers a refused code exchange with /login, not a 500", async () => {
    const { jar, callbackUrl } = await toProviderAndBack();
    oauth.service.once("beforeResponse", (tokenResponse) => {
      tokenResponse.body = { error: "invalid_grant" };
      tokenResponse.statusCode = 400;
    });
    const res = await call(routes.callback, get(callbackUrl.toString(), { cookie: jar.toString() }));
    jar.take(res);
    await expectLoginFailed(res, jar, "Google sign-in failed. Please try again.");
  });

  it("answers 405 to writes", async () => {
    const { action } = await import("~/routes/api.auth.google");
    const { action: callbackAction } = await import("~/routes/api.auth.google.callback");
    for (const act of [action, callbackAction]) {
      const res = await act(args(apiRequest("POST", `${APP}/api/auth/google`, { origin: null, accept: null })));
      expect(res.status).toBe(405);
      expect(await res.json()).toEqual({ message: "Method not allowed" });
    }
  });
});

describe("Google sign-in when the shop has no Google credentials", () => {
  const saved: Partial<Record<string, string | undefined>> = {};

  beforeAll(() => {
    for (const key of GOOGLE_KEYS) {
      saved[key] = process.env[key];
      delete process.env[key];
    }
  });

  afterAll(() => {
    for (const key of GOOGLE_KEYS) if (saved[key] !== undefined) process.env[key] = saved[key];
  });

  it("answers 404 with a message on /api/auth/google and sends the callback back to /login", async () => {
    const routes = await loadRoutes();
    const res = await call(routes.start, get(`${APP}/api/auth/google?redirectTo=/account`));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Google sign-in is not available on this shop" });

    const cb = await call(routes.callback, get(`${APP}/api/auth/google/callback?code=x&state=y`));
    expect(cb.status).toBe(302);
    expect(cb.headers.get("Location")).toBe("/login");
    expect((await toastOf(cb))?.description).toBe("Google sign-in is not available on this shop");
  });
});
