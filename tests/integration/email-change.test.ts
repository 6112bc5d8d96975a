import { findOrCreateGoogleUser, GoogleLinkNeedsPassword, linkGoogleAccount } from "~/domain/auth/accounts.server";
import { EMAIL_TOKEN_TEXT } from "~/domain/auth/email-texts";
import { EMAIL_TOKEN_LIMITS } from "~/domain/auth/email-tokens.server";
import { requestPasswordReset, RESET_LIMITS, resetPassword } from "~/domain/auth/password-reset.server";
import { AUTH_TEXT, SECURITY_TEXT } from "~/domain/auth/schemas";
import { PASSWORD_CHANGE_TRIES } from "~/domain/auth/security.server";
import { addToCart } from "~/domain/cart/cart.server";
import { placeCheckoutOrder } from "~/domain/orders/checkout-order.server";
import { getTotpEnrolment, totpCodeAt } from "~/domain/auth/totp.server";
import { getSessionStorage } from "~/web/session.server";
import { hashPassword } from "~/domain/auth/password.server";
import { deliverPendingMail } from "~/domain/mail/sender.server";
import { db } from "~/lib/db.server";
import { action as apiRegister } from "~/routes/api.auth.register";
import { action as apiRegisterCheckout } from "~/routes/api.auth.register-checkout";
import { action as loginAction } from "~/routes/login";
import { action as resetAction } from "~/routes/reset-password";
import { loader as apiMe } from "~/routes/api.auth.me";
import { action as apiUndo } from "~/routes/api.auth.undo-email-change";
import { action as apiVerify } from "~/routes/api.auth.verify-email";
import { action as apiConfirmChange } from "~/routes/api.auth.confirm-email-change";
import { action as accountAction } from "~/routes/account";
import { action as securityAction } from "~/routes/account_.security";
import { action as twoFactorAction } from "~/routes/account_.two-factor";
import { action as confirmChangeAction, loader as confirmChangeLoader } from "~/routes/confirm-email-change";
import { action as apiProfile } from "~/routes/api.profile";
import { action as undoAction, loader as undoLoader } from "~/routes/undo-email-change";
import { action as verifyAction, loader as verifyLoader } from "~/routes/verify-email";
import { makeProduct } from "../helpers/kit";
import { mailTo, startSmtp } from "../helpers/smtp";
import { args, get, postForm, run, sendJson } from "../helpers/requests";

/**
 * Registration sends a confirmation link (the address counts as verified only after a
 * click), and an e-mail change is announced to the old address with a link that undoes it and
 * signs out everywhere. Every message goes through the outbox to a real SMTP server.
 */
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

// Each request comes from a new address, so per-address limits never mix tests.
const jsonReq = (path: string, method: string, body: unknown, cookie?: string) => sendJson(method, path, body, { cookie, ip: ip() });
const formReq = (path: string, fields: Record<string, string>, cookie?: string) => postForm(path, fields, { cookie, ip: ip(), accept: null });
const sessionCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    ?.split(";")[0];

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
const verifiedAt = async (id: number) =>
  (await db.selectFrom("users").select("email_verified_at").where("id", "=", id).executeTakeFirstOrThrow()).email_verified_at;

async function register(email: string) {
  const res = await run(() =>
    apiRegister(args(jsonReq("/api/auth/register", "POST", { email, password: "velvet-ribbon-42", firstName: "Mira", lastName: "Lind" }))),
  );
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

const PASSWORD = "velvet-ribbon-42";
const CHECKOUT_DETAILS = {
  addressLine1: "12 Lace Lane",
  addressLine2: null,
  city: "Paris",
  state: null,
  postalCode: "75001",
  country: "FR",
  customerMessage: null,
  agreeToTerms: true,
  useLoyaltyPoints: false,
  discountCode: null,
  isGift: false,
} as const;
const profileBody = (email: string, currentPassword?: string) => ({
  email,
  firstName: "Ona",
  lastName: "Berg",
  ...(currentPassword ? { currentPassword } : {}),
});
const emailOf = async (id: number) => (await db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;
const putProfile = (body: unknown, cookie: string) => run(() => apiProfile(args(jsonReq("/api/profile", "PUT", body, cookie))));
const confirmVia = (token: string) => run(() => apiConfirmChange(args(jsonReq("/api/auth/confirm-email-change", "POST", { token }))));
const undoVia = (token: string) => run(() => apiUndo(args(jsonReq("/api/auth/undo-email-change", "POST", { token }))));

/** The newest link of a kind the catcher got for an address. */
function latestLink(address: string, subject: RegExp, path: string): string {
  const mail = mailTo(smtp.catcher, address)
    .filter((m) => subject.test(m.subject))
    .at(-1);
  if (!mail) throw new Error(`no mail to ${address} matching ${subject}`);
  return linkToken(mail.text, path);
}
const CONFIRM_SUBJECT = /^Confirm your new e-mail address$/;
const NOTICE_SUBJECT = /^The e-mail address of your account was changed$/;

/** Asks for and confirms a change through the API, as the account's owner (password) would. */
async function moveAccount(cookie: string, to: string, password = PASSWORD): Promise<{ undo: (from: string) => string }> {
  const res = await putProfile(profileBody(to, password), cookie);
  expect(res.status).toBe(200);
  await deliver();
  expect((await confirmVia(latestLink(to, CONFIRM_SUBJECT, "/confirm-email-change"))).status).toBe(200);
  await deliver();
  return { undo: (from: string) => latestLink(from, NOTICE_SUBJECT, "/undo-email-change") };
}

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
    await db
      .updateTable("auth_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
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
    expect(await run(() => apiMe(args(get("/api/auth/me", { cookie: squatter.cookie }))))).toMatchObject({ status: 401 });

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
    const page = await run(() => verifyLoader(args(get("/verify-email", { cookie: user.cookie }))));
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

describe("an e-mail change: the owner proves herself, and the new address confirms", () => {
  it("a session alone moves nothing: the change asks for the current password, through both doors", async () => {
    const oldEmail = uniqueEmail("proof-old");
    const newEmail = uniqueEmail("proof-new");
    const id = await passwordAccount(oldEmail);
    const cookie = await sessionFor(id);
    const without = await putProfile(profileBody(newEmail), cookie);
    expect(without.status).toBe(400);
    expect(await without.json()).toEqual({ message: SECURITY_TEXT.currentPasswordRequired });
    const wrong = await putProfile(profileBody(newEmail, "not-the-password"), cookie);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe(SECURITY_TEXT.currentPasswordWrong);
    const form = await run(() => accountAction(args(formReq("/account?tab=profile&edit=1", { intent: "update-profile", ...profileBody(newEmail) }, cookie))));
    expect(form.status).toBe(400);
    expect((await form.json()).result.error.currentPassword).toEqual([SECURITY_TEXT.currentPasswordRequired]);
    await deliver();
    expect(await emailOf(id)).toBe(oldEmail);
    expect(mailTo(smtp.catcher, newEmail)).toHaveLength(0);
    expect(mailTo(smtp.catcher, oldEmail)).toHaveLength(0);
  });

  it("the address changes only when the new address confirms; the old one then gets the undo link", async () => {
    const oldEmail = uniqueEmail("old");
    const newEmail = uniqueEmail("new");
    const id = await passwordAccount(oldEmail);
    const cookie = await sessionFor(id);
    // The form door: the same domain function, the password in the form.
    const form = await run(() =>
      accountAction(args(formReq("/account?tab=profile&edit=1", { intent: "update-profile", ...profileBody(newEmail), currentPassword: PASSWORD }, cookie))),
    );
    expect(form.status).toBe(302);
    expect(await emailOf(id)).toBe(oldEmail);
    await deliver();
    const confirmMail = mailTo(smtp.catcher, newEmail);
    expect(confirmMail.map((m) => m.subject)).toEqual(["Confirm your new e-mail address"]);
    // Nothing the requester typed but the address: not even the name.
    expect(confirmMail[0]!.text).not.toContain("Ona");
    expect(mailTo(smtp.catcher, oldEmail)).toHaveLength(0);
    const token = latestLink(newEmail, CONFIRM_SUBJECT, "/confirm-email-change");

    const page = await run(() => confirmChangeLoader(args(get(`/confirm-email-change?token=${token}`))));
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ newEmail, problem: null });
    expect(await emailOf(id)).toBe(oldEmail);

    const done = await run(() => confirmChangeAction(args(formReq("/confirm-email-change", { token }))));
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ done: true, email: newEmail });
    const user = await db.selectFrom("users").select(["email", "email_verified_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(user.email).toBe(newEmail);
    expect(user.email_verified_at).not.toBeNull();
    expect((await confirmVia(token)).status).toBe(400);
    await deliver();
    const told = mailTo(smtp.catcher, oldEmail);
    expect(told.map((m) => m.subject)).toEqual(["The e-mail address of your account was changed"]);
    expect(told[0]!.text).toContain(`changed to ${newEmail}`);
    linkToken(told[0]!.text, "/undo-email-change");
  });

  it("the same profile saved again (no new address) asks for nothing and sends nothing", async () => {
    const email = uniqueEmail("same");
    const id = await passwordAccount(email);
    const cookie = await sessionFor(id);
    const res = await putProfile(profileBody(email.toUpperCase()), cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email, pendingEmail: null });
    await deliver();
    expect(mailTo(smtp.catcher, email)).toHaveLength(0);
    expect(await verifiedAt(id)).not.toBeNull();
  });

  it("with a second factor on, the change asks for a code from it", async () => {
    const oldEmail = uniqueEmail("totp-old");
    const id = await passwordAccount(oldEmail);
    await db.updateTable("users").set({ is_admin: 1 }).where("id", "=", id).execute();
    const cookie = await sessionFor(id);
    const { secret } = await getTotpEnrolment(db, id);
    const now = Date.now();
    expect(
      (
        await run(() =>
          twoFactorAction(args(formReq("/account/two-factor", { intent: "enable", code: totpCodeAt(secret, now), currentPassword: PASSWORD }, cookie))),
        )
      ).status,
    ).toBe(200);
    const newEmail = uniqueEmail("totp-new");
    const passwordOnly = await putProfile(profileBody(newEmail, PASSWORD), cookie);
    expect(passwordOnly.status).toBe(400);
    expect(await passwordOnly.json()).toEqual({ message: SECURITY_TEXT.codeRequired });
    const ok = await putProfile({ ...profileBody(newEmail), code: totpCodeAt(secret, now + 30_000) }, cookie);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ email: oldEmail, pendingEmail: newEmail });
  });

  it("changes are limited per account and per new address", async () => {
    const id = await passwordAccount(uniqueEmail("busy"));
    const cookie = await sessionFor(id);
    for (let i = 0; i < EMAIL_TOKEN_LIMITS.changesPerHour; i++) expect((await putProfile(profileBody(uniqueEmail("many"), PASSWORD), cookie)).status).toBe(200);
    const limited = await putProfile(profileBody(uniqueEmail("many"), PASSWORD), cookie);
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toContain(EMAIL_TOKEN_TEXT.changeLimited);

    // One address, asked for by several accounts: its mailbox gets at most the limit.
    const target = uniqueEmail("target");
    for (let i = 0; i < EMAIL_TOKEN_LIMITS.changesPerAddressPerHour; i++) {
      const other = await passwordAccount(uniqueEmail("asker"));
      expect((await putProfile(profileBody(target, PASSWORD), await sessionFor(other))).status).toBe(200);
    }
    const one = await passwordAccount(uniqueEmail("asker"));
    expect((await putProfile(profileBody(target, PASSWORD), await sessionFor(one))).status).toBe(429);
    await deliver();
    expect(mailTo(smtp.catcher, target)).toHaveLength(EMAIL_TOKEN_LIMITS.changesPerAddressPerHour);
  });

  it("the undo link: opening changes nothing; the click restores the old address, ends every session, removes the password and closes the other links", async () => {
    const oldEmail = uniqueEmail("undo-old");
    const newEmail = uniqueEmail("undo-new");
    const id = await passwordAccount(oldEmail);
    const here = await sessionFor(id);
    const phone = await sessionFor(id);
    const { undo } = await moveAccount(here, newEmail);
    const token = undo(oldEmail);

    const page = await run(() => undoLoader(args(get(`/undo-email-change?token=${token}`))));
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ oldEmail, newEmail, problem: null });
    expect(await emailOf(id)).toBe(newEmail);

    // A reset link asked for meanwhile (from the new address) must not outlive the undo.
    await requestPasswordReset(db, newEmail, ip());
    const done = await run(() => undoAction(args(formReq("/undo-email-change", { token }))));
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ done: true, email: oldEmail });
    const user = await db.selectFrom("users").select(["email", "email_verified_at", "password_hash"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: oldEmail, password_hash: null });
    expect(user.email_verified_at).not.toBeNull();
    for (const cookie of [here, phone]) expect((await run(() => apiMe(args(get("/api/auth/me", { cookie }))))).status).toBe(401);
    expect(await db.selectFrom("password_reset_tokens").select("id").where("user_id", "=", id).where("used_at", "is", null).execute()).toEqual([]);
    const again = await undoVia(token);
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(EMAIL_TOKEN_TEXT.undo.used);
  });

  it("two clicks at once: one restores, the other is told the link was used", async () => {
    const oldEmail = uniqueEmail("twice-old");
    const id = await passwordAccount(oldEmail);
    const { undo } = await moveAccount(await sessionFor(id), uniqueEmail("twice-new"));
    const token = undo(oldEmail);
    const answers = await Promise.all([0, 1, 2].map(() => undoVia(token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it("a confirm link whose change no longer applies (a later request, or an undo since) moves nothing", async () => {
    const oldEmail = uniqueEmail("stale-old");
    const id = await passwordAccount(oldEmail);
    const cookie = await sessionFor(id);
    const first = uniqueEmail("stale-first");
    expect((await putProfile(profileBody(first, PASSWORD), cookie)).status).toBe(200);
    const second = uniqueEmail("stale-second");
    expect((await putProfile(profileBody(second, PASSWORD), cookie)).status).toBe(200);
    await deliver();
    expect((await confirmVia(latestLink(first, CONFIRM_SUBJECT, "/confirm-email-change"))).status).toBe(400);
    expect(await emailOf(id)).toBe(oldEmail);
    expect((await confirmVia(latestLink(second, CONFIRM_SUBJECT, "/confirm-email-change"))).status).toBe(200);
    expect(await emailOf(id)).toBe(second);
  });

  it("an attacker's Google account linked before moving the account onto another address stops working", async () => {
    const attackerEmail = uniqueEmail("attacker");
    const elsewhere = uniqueEmail("elsewhere");
    const googleId = `g-attacker-${emailN}`;
    const account = await findOrCreateGoogleUser(db, { googleId, email: attackerEmail, emailVerified: true, firstName: "Eve" });
    await db
      .updateTable("users")
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where("id", "=", account.id)
      .execute();
    await moveAccount(await sessionFor(account.id), elsewhere);
    expect((await db.selectFrom("users").select("google_id").where("id", "=", account.id).executeTakeFirstOrThrow()).google_id).toBeNull();
    // Her Google account no longer leads into the moved account; and while its undo link is
    // open, her old address is the account's, so no new account takes it either.
    await expect(findOrCreateGoogleUser(db, { googleId, email: attackerEmail, emailVerified: true })).rejects.toMatchObject({ status: 409 });
  });

  it("a forged or expired undo link is refused on the page", async () => {
    const forged = await run(() => undoLoader(args(get(`/undo-email-change?token=${"B".repeat(43)}`))));
    expect(forged.status).toBe(400);
    expect((await forged.json()).problem).toBe(EMAIL_TOKEN_TEXT.undo.invalid);
    const oldEmail = uniqueEmail("expire-old");
    const id = await passwordAccount(oldEmail);
    const { undo } = await moveAccount(await sessionFor(id), uniqueEmail("expire-new"));
    const token = undo(oldEmail);
    await db
      .updateTable("auth_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", id)
      .execute();
    const expired = await run(() => undoAction(args(formReq("/undo-email-change", { token }))));
    expect(expired.status).toBe(400);
    expect((await expired.json()).error).toBe(EMAIL_TOKEN_TEXT.undo.expired);
  });
});

describe("a session thief cannot defeat the undo link", () => {
  it("the old address stays reserved while its undo link is open: registration, Google sign-up and another account's change are refused", async () => {
    const victim = uniqueEmail("reserved-victim");
    const id = await passwordAccount(victim);
    const { undo } = await moveAccount(await sessionFor(id), uniqueEmail("reserved-thief"));
    const token = undo(victim);

    const signup = await run(() =>
      apiRegister(args(jsonReq("/api/auth/register", "POST", { email: victim, password: "other-pass-99", firstName: "T", lastName: "Hief" }))),
    );
    expect(signup.status).toBe(409);
    expect((await signup.json()).message).toBe(AUTH_TEXT.emailTaken);
    await expect(findOrCreateGoogleUser(db, { googleId: `g-reserved-${emailN}`, email: victim, emailVerified: true })).rejects.toMatchObject({
      status: 409,
      message: AUTH_TEXT.emailTaken,
    });
    const other = await passwordAccount(uniqueEmail("reserved-other"));
    const move = await putProfile(profileBody(victim, PASSWORD), await sessionFor(other));
    expect(move.status).toBe(409);
    expect((await move.json()).message).toBe(AUTH_TEXT.emailTaken);
    expect(await db.selectFrom("users").select("id").where("email", "=", victim).execute()).toEqual([]);

    // The undo still brings it back; afterwards the address is the account's again.
    expect((await undoVia(token)).status).toBe(200);
    expect(await emailOf(id)).toBe(victim);
  });

  it("a change asked for while the address was free cannot take it once another account holds it", async () => {
    const wanted = uniqueEmail("race-wanted");
    const slow = await passwordAccount(uniqueEmail("race-slow"));
    expect((await putProfile(profileBody(wanted, PASSWORD), await sessionFor(slow))).status).toBe(200);
    const fast = await passwordAccount(uniqueEmail("race-fast"));
    await moveAccount(await sessionFor(fast), wanted);
    // The first confirmation link to that address is the slow account's.
    const slowLink = linkToken(mailTo(smtp.catcher, wanted).find((m) => CONFIRM_SUBJECT.test(m.subject))!.text, "/confirm-email-change");
    const late = await confirmVia(slowLink);
    expect(late.status).toBe(409);
    expect(await emailOf(slow)).not.toBe(wanted);
  });

  it("a second change and its own undo link never close the first undo link, which brings back the original address", async () => {
    const original = uniqueEmail("chain-a");
    const second = uniqueEmail("chain-b");
    const third = uniqueEmail("chain-c");
    const id = await passwordAccount(original);
    const cookie = await sessionFor(id);
    const first = (await moveAccount(cookie, second)).undo(original);
    const thiefUndo = (await moveAccount(cookie, third)).undo(second);
    // The thief uses the undo link of her own change first: the account is back on her address...
    expect((await undoVia(thiefUndo)).status).toBe(200);
    expect(await emailOf(id)).toBe(second);
    // ...and the victim's link still works and restores the original address.
    const restored = await undoVia(first);
    expect(restored.status).toBe(200);
    expect(await emailOf(id)).toBe(original);
  });

  it("the first undo link also closes the undo links of the changes made after it", async () => {
    const original = uniqueEmail("order-a");
    const second = uniqueEmail("order-b");
    const id = await passwordAccount(original);
    const cookie = await sessionFor(id);
    const first = (await moveAccount(cookie, second)).undo(original);
    const later = (await moveAccount(cookie, uniqueEmail("order-c"))).undo(second);
    expect((await undoVia(first)).status).toBe(200);
    expect((await undoVia(later)).status).toBe(400);
    expect(await emailOf(id)).toBe(original);
  });

  it("a Google-only account cannot set a password with its session: the first password comes by a link to its address", async () => {
    const email = uniqueEmail("google-only");
    const account = await findOrCreateGoogleUser(db, { googleId: `g-only-${emailN}`, email, emailVerified: true });
    const cookie = await sessionFor(account.id);
    const move = await putProfile(profileBody(uniqueEmail("elsewhere")), cookie);
    expect(move.status).toBe(400);
    expect((await move.json()).message).toContain("set a password");
    const set = await run(() =>
      securityAction(
        args(formReq("/account/security", { intent: "change-password", newPassword: "thief-sets-this-9", confirmPassword: "thief-sets-this-9" }, cookie)),
      ),
    );
    expect(set.status).toBe(400);
    expect(JSON.stringify(await set.json())).toContain(SECURITY_TEXT.setPasswordByLink);
    expect((await db.selectFrom("users").select("password_hash").where("id", "=", account.id).executeTakeFirstOrThrow()).password_hash).toBeNull();

    const link = await run(() => securityAction(args(formReq("/account/security", { intent: "send-password-link" }, cookie))));
    expect(link.status).toBe(302);
    await deliver();
    expect(mailTo(smtp.catcher, email).map((m) => m.subject)).toContain("Set a password for your account");
    expect(await emailOf(account.id)).toBe(email);
  });

  it("turning the second factor on asks for the current password and ends the other sessions", async () => {
    const id = await passwordAccount(uniqueEmail("totp-on"));
    await db.updateTable("users").set({ is_admin: 1 }).where("id", "=", id).execute();
    const here = await sessionFor(id);
    const thief = await sessionFor(id);
    const { secret } = await getTotpEnrolment(db, id);
    const now = Date.now();
    const without = await run(() => twoFactorAction(args(formReq("/account/two-factor", { intent: "enable", code: totpCodeAt(secret, now) }, thief))));
    expect(without.status).toBe(400);
    expect(JSON.stringify(await without.json())).toContain(SECURITY_TEXT.currentPasswordRequired);
    expect((await db.selectFrom("users").select("totp_enabled_at").where("id", "=", id).executeTakeFirstOrThrow()).totp_enabled_at).toBeNull();
    const ok = await run(() =>
      twoFactorAction(args(formReq("/account/two-factor", { intent: "enable", code: totpCodeAt(secret, now), currentPassword: PASSWORD }, here))),
    );
    expect(ok.status).toBe(200);
    expect((await run(() => apiMe(args(get("/api/auth/me", { cookie: thief }))))).status).toBe(401);
    expect((await run(() => apiMe(args(get("/api/auth/me", { cookie: here }))))).status).toBe(200);
  });
});

describe("a pre-account takeover through an e-mail change, from an address the account never confirmed", () => {
  async function attackerOnVictimAddress() {
    const attackerEmail = uniqueEmail("pre-attacker");
    const victim = uniqueEmail("pre-victim");
    const id = await passwordAccount(attackerEmail);
    // A squatter's account: its address was never proved, so its undo link is the one a proof
    // of the new address may void (an undo link to a confirmed address holds: see below).
    await db.updateTable("users").set({ email_verified_at: null }).where("id", "=", id).execute();
    const attacker = await sessionFor(id);
    // The victim clicks the confirmation she did not ask for; the attacker keeps the undo link.
    const { undo } = await moveAccount(attacker, victim);
    return { id, attacker, victim, undo: undo(attackerEmail) };
  }
  const openUndoLinks = (id: number) =>
    db
      .selectFrom("auth_tokens")
      .select("token_hash")
      .where("user_id", "=", id)
      .where("purpose", "=", "undo-email-change")
      .where("used_at", "is", null)
      .execute();

  it("the victim's password reset voids the attacker's undo link, sessions and password, in one transaction", async () => {
    const { id, attacker, victim, undo } = await attackerOnVictimAddress();
    await requestPasswordReset(db, victim, ip());
    await deliver();
    const reset = linkToken(mailTo(smtp.catcher, victim).find((m) => m.subject === "Reset your password")!.text, "/reset-password");
    await resetPassword(db, { token: reset, password: "victims-own-7", confirmPassword: "victims-own-7" });
    expect(await openUndoLinks(id)).toEqual([]);
    expect((await run(() => apiMe(args(get("/api/auth/me", { cookie: attacker }))))).status).toBe(401);
    const pulled = await undoVia(undo);
    expect(pulled.status).toBe(400);
    expect(await emailOf(id)).toBe(victim);
  });

  it("the victim's Google sign-in onto the account voids the attacker's undo link and sessions", async () => {
    const { id, attacker, victim, undo } = await attackerOnVictimAddress();
    // The state Google takes over: an address nobody proved (an account moved there before
    // changes needed confirming) or an account left without a password.
    await db.updateTable("users").set({ email_verified_at: null }).where("id", "=", id).execute();
    const taken = await findOrCreateGoogleUser(db, { googleId: `g-victim-${emailN}`, email: victim, emailVerified: true });
    expect(taken.id).toBe(id);
    expect(await openUndoLinks(id)).toEqual([]);
    expect((await db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow()).password_hash).toBeNull();
    expect((await run(() => apiMe(args(get("/api/auth/me", { cookie: attacker }))))).status).toBe(401);
    expect((await undoVia(undo)).status).toBe(400);
  });

  it("the confirmation link of the victim's address voids the attacker's undo link, sessions and password", async () => {
    const { id, attacker, victim, undo } = await attackerOnVictimAddress();
    await db.updateTable("users").set({ email_verified_at: null }).where("id", "=", id).execute();
    const cookie = await sessionFor(id);
    expect((await run(() => verifyAction(args(formReq("/verify-email", { intent: "resend" }, cookie))))).status).toBe(200);
    await deliver();
    const token = latestLink(victim, /confirm your e-mail/i, "/verify-email");
    expect((await run(() => apiVerify(args(jsonReq("/api/auth/verify-email", "POST", { token }))))).status).toBe(200);
    expect(await openUndoLinks(id)).toEqual([]);
    expect((await db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow()).password_hash).toBeNull();
    expect((await run(() => apiMe(args(get("/api/auth/me", { cookie: attacker }))))).status).toBe(401);
    expect((await undoVia(undo)).status).toBe(400);
  });
});

describe("a password thief who proves the new address cannot void the owner's undo link", () => {
  /** The owner's confirmed account, moved by someone who knows its password onto her own address. */
  async function thiefHoldsAccount() {
    const owner = uniqueEmail("robbed-owner");
    const thiefEmail = uniqueEmail("robbed-thief");
    const id = await passwordAccount(owner);
    const thief = await sessionFor(id);
    const { undo } = await moveAccount(thief, thiefEmail);
    return { id, owner, thiefEmail, thief, undo: undo(owner) };
  }
  const ways = async (id: number) => db.selectFrom("users").select(["email", "password_hash", "google_id"]).where("id", "=", id).executeTakeFirstOrThrow();
  const signedIn = async (cookie: string) => (await run(() => apiMe(args(get("/api/auth/me", { cookie }))))).status === 200;

  /** The owner clicks her link: her address comes back and everything the thief holds goes. */
  async function ownerUndoes(id: number, owner: string, token: string, thiefCookies: string[]) {
    const page = await run(() => undoLoader(args(get(`/undo-email-change?token=${token}`))));
    expect(page.status).toBe(200);
    const done = await run(() => undoAction(args(formReq("/undo-email-change", { token }))));
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ done: true, email: owner });
    expect(await ways(id)).toEqual({ email: owner, password_hash: null, google_id: null });
    for (const cookie of thiefCookies) expect(await signedIn(cookie)).toBe(false);
  }

  it("the thief's password reset at her address: the owner's link still restores the account and removes the reset password", async () => {
    const { id, owner, thiefEmail, thief, undo } = await thiefHoldsAccount();
    await requestPasswordReset(db, thiefEmail, ip());
    await deliver();
    const token = latestLink(thiefEmail, /^Reset your password$/, "/reset-password");
    const reset = await run(() => resetAction(args(formReq("/reset-password", { token, password: "thief-resets-77", confirmPassword: "thief-resets-77" }))));
    expect(reset.status).toBe(302);
    const afterReset = sessionCookie(reset)!;
    expect(await signedIn(afterReset)).toBe(true);
    expect((await ways(id)).password_hash).not.toBeNull();

    await ownerUndoes(id, owner, undo, [thief, afterReset]);
    // The thief's address leads nowhere now; the owner sets a password of her own by a reset.
    await requestPasswordReset(db, thiefEmail, ip());
    await deliver();
    expect(mailTo(smtp.catcher, thiefEmail).filter((m) => m.subject === "Reset your password")).toHaveLength(1);
  });

  it("after the thief's reset the old address stays reserved until the link expires: registration, checkout, Google and other accounts are refused", async () => {
    const { id, owner, thiefEmail } = await thiefHoldsAccount();
    await requestPasswordReset(db, thiefEmail, ip());
    await deliver();
    const token = latestLink(thiefEmail, /^Reset your password$/, "/reset-password");
    await resetPassword(db, { token, password: "thief-resets-77", confirmPassword: "thief-resets-77" });

    const newcomer = { email: owner, password: "other-pass-99", firstName: "T", lastName: "Hief" };
    const api = await run(() => apiRegister(args(jsonReq("/api/auth/register", "POST", newcomer))));
    expect(api.status).toBe(409);
    expect(await api.json()).toEqual({ message: AUTH_TEXT.emailTaken });
    const atCheckout = await run(() => apiRegisterCheckout(args(jsonReq("/api/auth/register-checkout", "POST", { ...newcomer, createAccount: true }))));
    expect(atCheckout.status).toBe(409);
    expect(await atCheckout.json()).toEqual({ message: AUTH_TEXT.emailTaken });
    const form = await run(() => loginAction(args(formReq("/login", { intent: "signup", ...newcomer }))));
    expect(form.status).toBe(409);
    expect((await form.json()).result.error.email).toEqual([AUTH_TEXT.emailTaken]);
    const product = await makeProduct(db, { priceCents: 1200 });
    const cartKey = `undo-reserved-${emailN}`;
    await addToCart(db, { cartKey }, { productId: product.id, quantity: 1 });
    const checkout = await placeCheckoutOrder(
      db,
      {
        checkout: { ...CHECKOUT_DETAILS, ...newcomer, createAccount: true, confirmPassword: newcomer.password },
        userId: null,
        owner: { cartKey },
        clientIp: ip(),
        shown: {},
      },
      async () => {},
    );
    expect(checkout).toMatchObject({ kind: "account-refused", error: { status: 409, message: AUTH_TEXT.emailTaken, field: "email" } });
    await expect(findOrCreateGoogleUser(db, { googleId: `g-squat-${emailN}`, email: owner, emailVerified: true })).rejects.toMatchObject({ status: 409 });
    const other = await passwordAccount(uniqueEmail("robbed-other"));
    expect((await putProfile(profileBody(owner, PASSWORD), await sessionFor(other))).status).toBe(409);
    expect(await db.selectFrom("users").select("id").where("email", "=", owner).execute()).toEqual([]);

    // Once the link has expired, the address is free again.
    await db
      .updateTable("auth_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", id)
      .where("purpose", "=", "undo-email-change")
      .execute();
    expect((await run(() => apiRegister(args(jsonReq("/api/auth/register", "POST", newcomer))))).status).toBe(201);
  });

  it("the thief's Google sign-in at her address, linked with the password or taking over an unproved address: the owner's link still works and removes it", async () => {
    for (const way of ["link", "take-over"] as const) {
      const { id, owner, thiefEmail, thief, undo } = await thiefHoldsAccount();
      const googleId = `g-thief-${way}-${emailN}`;
      if (way === "link") {
        // A confirmed address with a password: Google asks for the password once, which she has.
        await expect(findOrCreateGoogleUser(db, { googleId, email: thiefEmail, emailVerified: true })).rejects.toBeInstanceOf(GoogleLinkNeedsPassword);
        await linkGoogleAccount(db, id, googleId);
      } else {
        // The state in which Google's owner of the address takes the account over.
        await db.updateTable("users").set({ email_verified_at: null }).where("id", "=", id).execute();
        expect((await findOrCreateGoogleUser(db, { googleId, email: thiefEmail, emailVerified: true })).id).toBe(id);
      }
      expect((await ways(id)).google_id).toBe(googleId);
      await ownerUndoes(id, owner, undo, [thief, await sessionFor(id)]);
      // Her Google account no longer leads in.
      await expect(findOrCreateGoogleUser(db, { googleId, email: thiefEmail, emailVerified: true })).resolves.not.toMatchObject({ id });
    }
  });

  it("the thief's confirmation link of her address: the owner's link still works", async () => {
    const { id, owner, thiefEmail, thief, undo } = await thiefHoldsAccount();
    await db.updateTable("users").set({ email_verified_at: null }).where("id", "=", id).execute();
    expect((await run(() => verifyAction(args(formReq("/verify-email", { intent: "resend" }, thief))))).status).toBe(200);
    await deliver();
    const token = latestLink(thiefEmail, /confirm your e-mail/i, "/verify-email");
    expect((await run(() => apiVerify(args(jsonReq("/api/auth/verify-email", "POST", { token }))))).status).toBe(200);
    expect(await signedIn(thief)).toBe(true);
    await ownerUndoes(id, owner, undo, [thief]);
  });
});

describe("an e-mail change tells nothing about other accounts before the proof", () => {
  const accountForm = (fields: Record<string, string>, cookie: string) =>
    run(() => accountAction(args(formReq("/account?tab=profile&edit=1", { intent: "update-profile", ...fields }, cookie))));
  /** What an answer tells, without the address it echoes back into the form. */
  async function told(res: Response) {
    const body = await res.json();
    return { status: res.status, said: "result" in body ? { error: body.result.error, failure: body.failure } : body };
  }

  it("taken, reserved and free addresses get the same answer without the password, with a wrong one, and on a Google-only account (API and form)", async () => {
    const taken = uniqueEmail("enum-taken");
    await passwordAccount(taken);
    const reservedOwner = await passwordAccount(uniqueEmail("enum-reserved"));
    const reserved = await emailOf(reservedOwner);
    await moveAccount(await sessionFor(reservedOwner), uniqueEmail("enum-moved"));
    const free = uniqueEmail("enum-free");

    const cookie = await sessionFor(await passwordAccount(uniqueEmail("enum-prober")));
    const google = await findOrCreateGoogleUser(db, { googleId: `g-enum-${emailN}`, email: uniqueEmail("enum-google"), emailVerified: true });
    const googleCookie = await sessionFor(google.id);
    for (const [who, proof] of [
      [cookie, {}],
      [cookie, { currentPassword: "not-the-password" }],
      [googleCookie, { currentPassword: "not-the-password" }],
    ] as const) {
      const api = await Promise.all([taken, reserved, free].map(async (email) => told(await putProfile({ ...profileBody(email), ...proof }, who))));
      expect(api[0]!.status).toBe(400);
      expect(api[1]).toEqual(api[0]);
      expect(api[2]).toEqual(api[0]);
      const forms = await Promise.all([taken, reserved, free].map(async (email) => told(await accountForm({ ...profileBody(email), ...proof }, who))));
      expect(forms[0]!.status).toBe(400);
      expect(forms[1]).toEqual(forms[0]);
      expect(forms[2]).toEqual(forms[0]);
    }
    // With the password, the documented answer.
    expect((await putProfile(profileBody(taken, PASSWORD), cookie)).status).toBe(409);
    expect((await putProfile(profileBody(reserved, PASSWORD), cookie)).status).toBe(409);
    expect((await putProfile(profileBody(free, PASSWORD), cookie)).status).toBe(200);
  });

  it("every try is counted: after the limit of password tries even the right password gets 429, on both doors", async () => {
    const taken = uniqueEmail("limit-taken");
    await passwordAccount(taken);
    const cookie = await sessionFor(await passwordAccount(uniqueEmail("limit-prober")));
    for (let i = 0; i < PASSWORD_CHANGE_TRIES; i++) {
      const res = await (i % 2
        ? putProfile(profileBody(taken, `guess-${i}`), cookie)
        : accountForm({ ...profileBody(taken), currentPassword: `guess-${i}` }, cookie));
      expect(res.status).toBe(400);
    }
    const api = await putProfile(profileBody(taken, PASSWORD), cookie);
    expect(api.status).toBe(429);
    expect((await api.json()).message).toMatch(/^Too many password change attempts/);
    expect((await accountForm({ ...profileBody(taken), currentPassword: PASSWORD }, cookie)).status).toBe(429);
  });
});

describe("forgot password under parallel requests", () => {
  it("takes its slot atomically: 20 requests at once send at most the limit", async () => {
    const email = uniqueEmail("parallel-reset");
    await passwordAccount(email);
    const answers = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => requestPasswordReset(db, email, `203.0.113.${i + 1}`)));
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(RESET_LIMITS.perEmail);
    for (const a of answers) if (a.status === "rejected") expect(a.reason).toMatchObject({ status: 429 });
    await deliver();
    expect(mailTo(smtp.catcher, email)).toHaveLength(RESET_LIMITS.perEmail);
  });
});
