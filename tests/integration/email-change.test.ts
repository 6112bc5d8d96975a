// @vitest-environment node
import { findOrCreateGoogleUser, GoogleLinkNeedsPassword } from "~/domain/auth/accounts.server";
import { EMAIL_TOKEN_TEXT } from "~/domain/auth/email-texts";
import { EMAIL_TOKEN_LIMITS } from "~/domain/auth/email-tokens.server";
import { getSessionStorage } from "~/domain/auth/guards.server";
import { hashPassword } from "~/domain/auth/password.server";
import { deliverPendingMail } from "~/domain/mail/sender.server";
import { db } from "~/lib/db.server";
import { CLIENT_IP_HEADER } from "~/lib/http.server";
import { action as apiRegister } from "~/routes/api.auth.register";
import { loader as apiMe } from "~/routes/api.auth.me";
import { action as apiUndo } from "~/routes/api.auth.undo-email-change";
import { action as apiVerify } from "~/routes/api.auth.verify-email";
import { action as apiProfile } from "~/routes/api.profile";
import { action as undoAction, loader as undoLoader } from "~/routes/undo-email-change";
import { action as verifyAction, loader as verifyLoader } from "~/routes/verify-email";
import { mailTo, startSmtp } from "../helpers/smtp";
import { run } from "../helpers/routes";

/**
 * Issue 20: registration sends a confirmation link (the address counts as verified only after a
 * click), and an e-mail change is announced to the old address with a link that undoes it and
 * signs out everywhere. Every message goes through the outbox to a real SMTP server.
 */
const ORIGIN = "http://localhost:3000";
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let n = 0;
const ip = () => `198.51.100.${(++n % 250) + 1}`;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.catcher.close();
  await db.destroy();
});

const deliver = () => deliverPendingMail(db, smtp.transport, new Date(Date.now() + 1000));
const args = (request: Request) => ({ request, params: {}, context: {} });

function jsonReq(path: string, method: string, body: unknown, cookie?: string) {
  return new Request(ORIGIN + path, {
    method,
    headers: { Origin: ORIGIN, "Content-Type": "application/json", Accept: "application/json", [CLIENT_IP_HEADER]: ip(), ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}
function formReq(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(ORIGIN + path, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: ip(), ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}
const get = (path: string, cookie?: string) => new Request(ORIGIN + path, { headers: cookie ? { Cookie: cookie } : {} });
const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("__session="))?.split(";")[0];

async function sessionFor(userId: number): Promise<string> {
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("userId", userId);
  return (await storage.commitSession(session)).split(";")[0]!;
}

function linkToken(text: string, path: string): string {
  const match = text.match(new RegExp(`http://localhost:3000${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${path} link in ${text}`);
  return match[1]!;
}

let emailN = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${++emailN}@example.com`;
const verifiedAt = async (id: number) => (await db.selectFrom("users").select("email_verified_at").where("id", "=", id).executeTakeFirstOrThrow()).email_verified_at;

async function register(email: string) {
  const res = await run(() => apiRegister(args(jsonReq("/api/auth/register", "POST", { email, password: "velvet-ribbon-42", firstName: "Mira", lastName: "Lind" }))));
  expect(res.status).toBe(201);
  const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return { id: user.id, cookie: sessionCookie(res)! };
}

async function passwordAccount(email: string) {
  const row = await db
    .insertInto("users")
    .values({ email, password_hash: await hashPassword("velvet-ribbon-42"), first_name: "Ona", last_name: "Berg", email_verified_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const profileBody = (email: string) => ({ email, firstName: "Ona", lastName: "Berg" });

describe("e-mail confirmation at registration", () => {
  it("sends a link of 256 random bits; opening it confirms nothing, the click does, once", async () => {
    const email = uniqueEmail("reg");
    const user = await register(email);
    expect(await verifiedAt(user.id)).toBeNull();
    await deliver();
    const mail = mailTo(smtp.catcher, email).find((m) => m.subject === "Please confirm your e-mail address");
    expect(mail).toBeDefined();
    const token = linkToken(mail!.text, "/verify-email");
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    // Delivered: the outbox forgets the link.
    const row = await db.selectFrom("outbox").select("data").where("kind", "=", "verify-email").where("to_address", "=", email).executeTakeFirstOrThrow();
    expect(row.data).not.toContain(token);

    const page = await run(() => verifyLoader(args(get(`/verify-email?token=${token}`))));
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ email, problem: null });
    expect(await verifiedAt(user.id)).toBeNull();

    const done = await run(() => verifyAction(args(formReq("/verify-email", { token }))));
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ done: "verified", email });
    expect(await verifiedAt(user.id)).not.toBeNull();

    const again = await run(() => verifyAction(args(formReq("/verify-email", { token }))));
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe(EMAIL_TOKEN_TEXT.verify.used);
  });

  it("a forged, truncated or expired link confirms nothing (page and API)", async () => {
    const email = uniqueEmail("forge");
    const user = await register(email);
    await deliver();
    const token = linkToken(mailTo(smtp.catcher, email).find((m) => m.subject.includes("confirm"))!.text, "/verify-email");
    for (const bad of ["A".repeat(43), token.slice(0, -1), "x".repeat(5000)]) {
      const res = await run(() => apiVerify(args(jsonReq("/api/auth/verify-email", "POST", { token: bad }))));
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBeTruthy();
    }
    const malformed = await run(() => apiVerify(args(jsonReq("/api/auth/verify-email", "POST", { token: 42 }))));
    expect(malformed.status).toBe(400);
    await db.updateTable("auth_tokens").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("user_id", "=", user.id).execute();
    const expired = await run(() => apiVerify(args(jsonReq("/api/auth/verify-email", "POST", { token }))));
    expect(expired.status).toBe(400);
    expect((await expired.json()).message).toBe(EMAIL_TOKEN_TEXT.verify.expired);
    expect(await verifiedAt(user.id)).toBeNull();
  });

  it("the pre-hijack: a stranger registers the victim's address; Google's verified owner takes the unconfirmed account over, a confirmed one asks for its password", async () => {
    const email = uniqueEmail("victim");
    const squatter = await register(email);
    const taken = await findOrCreateGoogleUser(db, { googleId: `g-${squatter.id}`, email, emailVerified: true, firstName: "Vic" });
    expect(taken.id).toBe(squatter.id);
    expect(await run(() => apiMe(args(get("/api/auth/me", squatter.cookie))))).toMatchObject({ status: 401 });

    const owner = uniqueEmail("owner");
    const real = await register(owner);
    await deliver();
    const token = linkToken(mailTo(smtp.catcher, owner).find((m) => m.subject.includes("confirm"))!.text, "/verify-email");
    expect((await run(() => apiVerify(args(jsonReq("/api/auth/verify-email", "POST", { token }))))).status).toBe(200);
    await expect(findOrCreateGoogleUser(db, { googleId: `g-${real.id}`, email: owner, emailVerified: true })).rejects.toBeInstanceOf(GoogleLinkNeedsPassword);
  });

  it("a signed-in customer asks for a new link: the old one stops working; at most 3 an hour", async () => {
    const email = uniqueEmail("resend");
    const user = await register(email);
    await deliver();
    const first = linkToken(mailTo(smtp.catcher, email).find((m) => m.subject.includes("confirm"))!.text, "/verify-email");
    const page = await run(() => verifyLoader(args(get("/verify-email", user.cookie))));
    expect(await page.json()).toMatchObject({ canResend: true, signedIn: true });
    for (let i = 1; i < EMAIL_TOKEN_LIMITS.resendPerHour; i++) {
      const res = await run(() => verifyAction(args(formReq("/verify-email", { intent: "resend" }, user.cookie))));
      expect(res.status).toBe(200);
    }
    const limited = await run(() => verifyAction(args(formReq("/verify-email", { intent: "resend" }, user.cookie))));
    expect(limited.status).toBe(429);
    expect((await limited.json()).error).toBe(EMAIL_TOKEN_TEXT.resendLimited);
    const signedOut = await run(() => verifyAction(args(formReq("/verify-email", { intent: "resend" }))));
    expect(signedOut.status).toBe(401);
    await deliver();
    const links = mailTo(smtp.catcher, email).filter((m) => m.subject.includes("confirm"));
    expect(links).toHaveLength(EMAIL_TOKEN_LIMITS.resendPerHour);
    const stale = await run(() => verifyAction(args(formReq("/verify-email", { token: first }))));
    expect(stale.status).toBe(400);
    const newest = linkToken(links.at(-1)!.text, "/verify-email");
    expect((await run(() => verifyAction(args(formReq("/verify-email", { token: newest }))))).status).toBe(200);
    const confirmed = await run(() => verifyAction(args(formReq("/verify-email", { intent: "resend" }, user.cookie))));
    expect(confirmed.status).toBe(400);
    expect((await confirmed.json()).error).toBe(EMAIL_TOKEN_TEXT.alreadyVerified);
  });
});

describe("an e-mail change (PUT /api/profile with the spec's payload)", () => {
  async function changed() {
    const oldEmail = uniqueEmail("old");
    const newEmail = uniqueEmail("new");
    const id = await passwordAccount(oldEmail);
    const here = await sessionFor(id);
    const phone = await sessionFor(id);
    const res = await run(() => apiProfile(args(jsonReq("/api/profile", "PUT", profileBody(newEmail), here))));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: newEmail });
    await deliver();
    return { id, oldEmail, newEmail, here, phone };
  }

  it("tells the old address with an undo link, asks the new one to confirm, and unconfirms the account", async () => {
    const { id, oldEmail, newEmail } = await changed();
    const told = mailTo(smtp.catcher, oldEmail);
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe("The e-mail address of your account was changed");
    expect(told[0]!.text).toContain(`changed to ${newEmail}`);
    linkToken(told[0]!.text, "/undo-email-change");
    expect(mailTo(smtp.catcher, newEmail).map((m) => m.subject)).toEqual(["Please confirm your e-mail address"]);
    expect(await verifiedAt(id)).toBeNull();
  });

  it("the same profile saved again (no new address) sends nothing", async () => {
    const email = uniqueEmail("same");
    const id = await passwordAccount(email);
    const cookie = await sessionFor(id);
    const res = await run(() => apiProfile(args(jsonReq("/api/profile", "PUT", profileBody(email.toUpperCase()), cookie))));
    expect(res.status).toBe(200);
    await deliver();
    expect(mailTo(smtp.catcher, email)).toHaveLength(0);
    expect(await verifiedAt(id)).not.toBeNull();
  });

  it("the undo link: opening changes nothing; the click restores the old address, ends every session, and closes the other links", async () => {
    const { id, oldEmail, newEmail, here, phone } = await changed();
    const token = linkToken(mailTo(smtp.catcher, oldEmail)[0]!.text, "/undo-email-change");
    const confirmToken = linkToken(mailTo(smtp.catcher, newEmail)[0]!.text, "/verify-email");

    const page = await run(() => undoLoader(args(get(`/undo-email-change?token=${token}`))));
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ oldEmail, newEmail, problem: null });
    expect((await db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email).toBe(newEmail);

    const done = await run(() => undoAction(args(formReq("/undo-email-change", { token }))));
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ done: true, email: oldEmail });
    const user = await db.selectFrom("users").select(["email", "email_verified_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(user.email).toBe(oldEmail);
    expect(user.email_verified_at).not.toBeNull();
    for (const cookie of [here, phone]) expect((await run(() => apiMe(args(get("/api/auth/me", cookie))))).status).toBe(401);
    // The new address (the taker's, perhaps) cannot confirm anything now, and the link works once.
    expect((await run(() => apiVerify(args(jsonReq("/api/auth/verify-email", "POST", { token: confirmToken }))))).status).toBe(400);
    const again = await run(() => apiUndo(args(jsonReq("/api/auth/undo-email-change", "POST", { token }))));
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(EMAIL_TOKEN_TEXT.undo.used);
  });

  it("two clicks at once: one restores, the other is told the link was used", async () => {
    const { oldEmail } = await changed();
    const token = linkToken(mailTo(smtp.catcher, oldEmail)[0]!.text, "/undo-email-change");
    const answers = await Promise.all([0, 1, 2].map(() => run(() => apiUndo(args(jsonReq("/api/auth/undo-email-change", "POST", { token }))))));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it("after a second change, the first undo link still brings back the first address", async () => {
    const { id, oldEmail, here } = await changed();
    const token = linkToken(mailTo(smtp.catcher, oldEmail)[0]!.text, "/undo-email-change");
    const third = uniqueEmail("third");
    expect((await run(() => apiProfile(args(jsonReq("/api/profile", "PUT", profileBody(third), here))))).status).toBe(200);
    expect((await run(() => apiUndo(args(jsonReq("/api/auth/undo-email-change", "POST", { token }))))).status).toBe(200);
    expect((await db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email).toBe(oldEmail);
  });

  it("refuses to restore an address another account took meanwhile, and changes nothing", async () => {
    const { id, oldEmail, newEmail, here } = await changed();
    const token = linkToken(mailTo(smtp.catcher, oldEmail)[0]!.text, "/undo-email-change");
    await register(oldEmail);
    const res = await run(() => undoAction(args(formReq("/undo-email-change", { token }))));
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(EMAIL_TOKEN_TEXT.undoTaken);
    expect((await db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email).toBe(newEmail);
    expect((await run(() => apiMe(args(get("/api/auth/me", here))))).status).toBe(200);
  });

  it("an attacker's Google account linked before moving the account onto the victim's address stops working", async () => {
    // The attacker signs up with her own Google account, then moves the account onto the victim's address.
    const attackerEmail = uniqueEmail("attacker");
    const victimEmail = uniqueEmail("victim");
    const googleId = `g-attacker-${emailN}`;
    const account = await findOrCreateGoogleUser(db, { googleId, email: attackerEmail, emailVerified: true, firstName: "Eve" });
    await db.updateTable("users").set({ password_hash: await hashPassword("eve-knows-this-9") }).where("id", "=", account.id).execute();
    const cookie = await sessionFor(account.id);
    expect((await run(() => apiProfile(args(jsonReq("/api/profile", "PUT", profileBody(victimEmail), cookie))))).status).toBe(200);
    expect((await db.selectFrom("users").select("google_id").where("id", "=", account.id).executeTakeFirstOrThrow()).google_id).toBeNull();
    // The victim's own Google sign-in takes the (unconfirmed) account over; the attacker's Google
    // account no longer leads into it.
    const victim = await findOrCreateGoogleUser(db, { googleId: `g-victim-${emailN}`, email: victimEmail, emailVerified: true });
    expect(victim.id).toBe(account.id);
    const attackerAgain = await findOrCreateGoogleUser(db, { googleId, email: attackerEmail, emailVerified: true });
    expect(attackerAgain.id).not.toBe(account.id);
  });

  it("undo removes a Google sign-in linked and a password set since the change; an untouched password stays", async () => {
    const { id, oldEmail, newEmail } = await changed();
    const token = linkToken(mailTo(smtp.catcher, oldEmail)[0]!.text, "/undo-email-change");
    // With a stolen session the attacker moved the account to her Google address, signed in with
    // Google (taking over the unconfirmed account: the victim's password is removed) and set a password.
    const taken = await findOrCreateGoogleUser(db, { googleId: `g-thief-${emailN}`, email: newEmail, emailVerified: true });
    expect(taken.id).toBe(id);
    await db.updateTable("users").set({ password_hash: await hashPassword("thief-pass-77") }).where("id", "=", id).execute();
    expect((await run(() => apiUndo(args(jsonReq("/api/auth/undo-email-change", "POST", { token }))))).status).toBe(200);
    const after = await db.selectFrom("users").select(["email", "google_id", "password_hash"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(after).toEqual({ email: oldEmail, google_id: null, password_hash: null });

    // A change undone without anything touched keeps the owner's password.
    const second = await changed();
    const hash = (await db.selectFrom("users").select("password_hash").where("id", "=", second.id).executeTakeFirstOrThrow()).password_hash;
    const undo = linkToken(mailTo(smtp.catcher, second.oldEmail)[0]!.text, "/undo-email-change");
    expect((await run(() => apiUndo(args(jsonReq("/api/auth/undo-email-change", "POST", { token: undo }))))).status).toBe(200);
    expect((await db.selectFrom("users").select("password_hash").where("id", "=", second.id).executeTakeFirstOrThrow()).password_hash).toBe(hash);
  });

  it("an account with only a Google sign-in sets a password before it changes its address", async () => {
    const email = uniqueEmail("google-only");
    const account = await findOrCreateGoogleUser(db, { googleId: `g-only-${emailN}`, email, emailVerified: true });
    const cookie = await sessionFor(account.id);
    const res = await run(() => apiProfile(args(jsonReq("/api/profile", "PUT", profileBody(uniqueEmail("elsewhere")), cookie))));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain("set a password");
    expect((await db.selectFrom("users").select("email").where("id", "=", account.id).executeTakeFirstOrThrow()).email).toBe(email);
  });

  it("a forged or expired undo link is refused on the page", async () => {
    const forged = await run(() => undoLoader(args(get(`/undo-email-change?token=${"B".repeat(43)}`))));
    expect(forged.status).toBe(400);
    expect((await forged.json()).problem).toBe(EMAIL_TOKEN_TEXT.undo.invalid);
    const { id, oldEmail } = await changed();
    const token = linkToken(mailTo(smtp.catcher, oldEmail)[0]!.text, "/undo-email-change");
    await db.updateTable("auth_tokens").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("user_id", "=", id).execute();
    const expired = await run(() => undoAction(args(formReq("/undo-email-change", { token }))));
    expect(expired.status).toBe(400);
    expect((await expired.json()).error).toBe(EMAIL_TOKEN_TEXT.undo.expired);
  });
});
