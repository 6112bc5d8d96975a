import { enqueueWelcomeMail } from "~/domain/mail/account-mail.server";
import { sql } from "kysely";
import { AUTH_TEXT, type LoginInput, type ProfileInput, type RegisterInput } from "~/domain/auth/schemas";
import { hashPassword, verifyPassword } from "~/domain/auth/password.server";
import { assertPasswordAllowed } from "~/domain/auth/password-policy.server";
import { assertSignupAllowed } from "~/domain/auth/rate-limit.server";
import {
  assertEmailAvailable,
  EMAIL_TOKEN_LIMITS,
  enqueueEmailVerification,
  getPendingEmail,
  requestEmailChange,
  voidUndoLinks,
} from "~/domain/auth/email-tokens.server";
import { EMAIL_TOKEN_TEXT } from "~/domain/auth/email-texts";
import { HOUR_MS, takeRateSlot } from "~/domain/auth/rate-limit.server";
import { verifyAccountOwner } from "~/domain/auth/security.server";
import { DomainError } from "~/domain/common/errors";
import { displayName } from "~/domain/auth/display-name";
import { type DB } from "~/lib/sqlite.server";
import { logAccountSignIn } from "~/domain/ops/activity.server";
import { forgetKnownSignIns, recordKnownSignIn } from "~/domain/auth/known-signins.server";

/**
 * Sign-in throttling, per 15-minute window: a strict limit per e-mail and address pair (a
 * person mistyping, or one attacker), a looser one per e-mail (one account guessed from many
 * addresses), and one per address (one address spraying many accounts). An attempt is counted
 * before its password is checked and uncounted when it succeeds, so successes never count.
 */
/** A pair that signed in within this many days is known (see countAttempt). */
export const KNOWN_SIGNIN_DAYS = 90;

export const LOGIN_LIMITS = {
  windowMinutes: 15,
  perPair: 5,
  perAccount: 20,
  perAddress: 50,
} as const;

export interface AuthUser {
  id: number;
  email: string;
  isAdmin: boolean;
  /** A second factor is on: the sign-in is not complete until a TOTP or recovery code is given. */
  hasTotp?: boolean;
}

export interface Profile {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  shippingFirstName: string | null;
  shippingLastName: string | null;
  shippingAddressLine1: string | null;
  shippingAddressLine2: string | null;
  shippingCity: string | null;
  shippingState: string | null;
  shippingPostalCode: string | null;
  shippingCountry: string | null;
  loyaltyPoints: number;
  isAdmin: boolean;
  hasPassword: boolean;
  hasGoogle: boolean;
  createdAt: string;
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

// Checked against when the e-mail is unknown, so both failures cost one scrypt run.
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-password-of-anyone");
  return dummyHash;
}

function windowStart(now: Date): string {
  return new Date(now.getTime() - LOGIN_LIMITS.windowMinutes * 60_000).toISOString();
}

/**
 * In one (IMMEDIATE) transaction: throws 429 while the pair, the e-mail or the address has
 * reached its limit, else records this attempt as a failure and returns its row id. Counting
 * before the password is checked means simultaneous guesses cannot all get past the limit.
 */
async function countAttempt(db: DB, email: string, clientIp: string, now: Date): Promise<number> {
  const since = windowStart(now);
  return db.transaction().execute(async (trx) => {
    const counts = await trx
      .selectFrom("login_attempts")
      .select([
        sql<number>`coalesce(sum(case when email = ${email} and ip = ${clientIp} then 1 else 0 end), 0)`.as("pair"),
        sql<number>`coalesce(sum(case when email = ${email} then 1 else 0 end), 0)`.as("account"),
        sql<number>`coalesce(sum(case when ip = ${clientIp} then 1 else 0 end), 0)`.as("address"),
        sql<string | null>`min(case when email = ${email} and ip = ${clientIp} then created_at end)`.as("pairOldest"),
        sql<string | null>`min(case when email = ${email} then created_at end)`.as("accountOldest"),
        sql<string | null>`min(case when ip = ${clientIp} then created_at end)`.as("addressOldest"),
      ])
      .where((eb) => eb.or([eb("email", "=", email), eb("ip", "=", clientIp)]))
      .where("created_at", ">", since)
      .executeTakeFirstOrThrow();
    // A pair that signed in before keeps only its own strict limit: guesses from elsewhere at
    // this account cannot lock its owner out where she usually signs in.
    const known = await trx
      .selectFrom("known_signins")
      .select("email")
      .where("email", "=", email)
      .where("ip", "=", clientIp)
      .where("last_at", ">", new Date(now.getTime() - KNOWN_SIGNIN_DAYS * 86_400_000).toISOString())
      .executeTakeFirst();
    const oldest =
      counts.pair >= LOGIN_LIMITS.perPair
        ? counts.pairOldest
        : !known && counts.account >= LOGIN_LIMITS.perAccount
          ? counts.accountOldest
          : counts.address >= LOGIN_LIMITS.perAddress
            ? counts.addressOldest
            : undefined;
    if (oldest !== undefined) {
      const freeAt = new Date(oldest ?? now.toISOString()).getTime() + LOGIN_LIMITS.windowMinutes * 60_000;
      const minutes = Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000));
      throw new DomainError(`Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, 429);
    }
    const row = await trx.insertInto("login_attempts").values({ email, ip: clientIp, created_at: now.toISOString() }).returning("id").executeTakeFirstOrThrow();
    // Keep the table small: rows older than the window no longer matter.
    if (Math.random() < 0.05) await trx.deleteFrom("login_attempts").where("created_at", "<=", since).execute();
    return row.id;
  });
}

/**
 * Checks e-mail and password. Throws DomainError 401 'Invalid credentials' for an unknown
 * e-mail, a wrong password or an account without a password (Google only), all after one
 * scrypt run; 429 while throttled (then no password is checked). A success uncounts the
 * attempt and clears the pair's earlier failures (the owner's own typos).
 */
export async function verifyLogin(db: DB, input: LoginInput, clientIp: string, now = new Date()): Promise<AuthUser> {
  const email = normaliseEmail(input.email);
  const attemptId = await countAttempt(db, email, clientIp, now);
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "password_hash as passwordHash", "is_admin as isAdmin", "totp_enabled_at as totpEnabledAt"])
    .where("email", "=", email)
    .executeTakeFirst();
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyHash()));
  if (!user || !user.passwordHash || !ok) {
    if (user?.isAdmin === 1) await logAccountSignIn(db, { userId: user.id, ok: false, reason: "wrong password", ip: clientIp });
    throw new DomainError(AUTH_TEXT.invalidCredentials, 401);
  }
  await db
    .deleteFrom("login_attempts")
    .where((eb) => eb.or([eb("id", "=", attemptId), eb.and([eb("email", "=", email), eb("ip", "=", clientIp)])]))
    .execute();
  await recordKnownSignIn(db, { userId: user.id, email, ip: clientIp, at: now.toISOString() });
  return { id: user.id, email: user.email, isAdmin: user.isAdmin === 1, hasTotp: !!user.totpEnabledAt };
}

const blank = (v: string | null | undefined) => (v == null || v.trim() === "" ? null : v.trim());

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && "code" in error && String((error as { code: unknown }).code).startsWith("SQLITE_CONSTRAINT");
}

/** A shipping address saved with a new account (checkout's "create an account with these details"). */
export interface NewAccountAddress {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2?: string | null;
  city: string;
  state?: string | null;
  postalCode: string;
  country: string;
}

/**
 * Creates a customer account, with `address` as its names and shipping address when given (one
 * insert, so the account never exists without it). Throws 400 on the password field for a common
 * password, 429 when the client's address made too many accounts this hour (SIGNUP_LIMIT_PER_HOUR),
 * 409 on the e-mail field when it is taken or held by another account's open undo link.
 */
export async function registerUser(db: DB, input: RegisterInput, clientIp: string, address?: NewAccountAddress): Promise<AuthUser> {
  assertPasswordAllowed(input.password);
  await assertSignupAllowed(db, clientIp);
  const email = normaliseEmail(input.email);
  await assertEmailAvailable(db, email, null);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      await assertEmailAvailable(trx, email, null);
      const row = await trx
        .insertInto("users")
        .values({
          email,
          password_hash: passwordHash,
          ...(address
            ? {
                first_name: blank(input.firstName) ?? "",
                last_name: blank(input.lastName) ?? "",
                shipping_first_name: blank(address.firstName),
                shipping_last_name: blank(address.lastName),
                shipping_address_line1: blank(address.addressLine1),
                shipping_address_line2: blank(address.addressLine2),
                shipping_city: blank(address.city),
                shipping_state: blank(address.state),
                shipping_postal_code: blank(address.postalCode),
                shipping_country: blank(address.country),
              }
            : { first_name: input.firstName, last_name: input.lastName }),
        })
        .returning(["id", "email"])
        .executeTakeFirstOrThrow();
      await enqueueWelcomeMail(trx, row.id, row.email, input.firstName);
      // The address is unconfirmed until its owner clicks the link (Google sign-in relies on it).
      await enqueueEmailVerification(trx, { id: row.id, email: row.email, firstName: input.firstName });
      return { id: row.id, email: row.email, isAdmin: false };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError(AUTH_TEXT.emailTaken, 409, "email");
    throw error;
  }
}

export interface GoogleProfileInput {
  googleId: string;
  email: string | null | undefined;
  emailVerified: boolean;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * Google's verified address matches a password account whose owner verified that address:
 * the person must enter that password once before Google is linked to it.
 */
export class GoogleLinkNeedsPassword extends DomainError {
  constructor(
    readonly userId: number,
    readonly googleId: string,
  ) {
    super("Enter the password of your account once to link Google sign-in to it", 409);
    this.name = "GoogleLinkNeedsPassword";
  }
}

/**
 * Signs in by Google identity: the account already linked to this Google id, else the
 * account with the same e-mail, else a new customer (its address verified by Google).
 * An existing password account whose address was never verified may have been registered by
 * someone else first (pre-hijack): Google's verified owner takes it over, its password is
 * removed and its sessions end. One whose address was verified throws GoogleLinkNeedsPassword.
 * Throws 401 when Google did not verify the e-mail.
 */
export async function findOrCreateGoogleUser(db: DB, profile: GoogleProfileInput): Promise<AuthUser> {
  if (!profile.googleId) throw new DomainError("Google did not return an account id", 401);
  return db.transaction().execute(async (trx) => {
    const linked = await trx.selectFrom("users").select(["id", "email", "is_admin as isAdmin"]).where("google_id", "=", profile.googleId).executeTakeFirst();
    if (linked) return { id: linked.id, email: linked.email, isAdmin: linked.isAdmin === 1 };
    if (!profile.email || !profile.emailVerified) {
      throw new DomainError("Your Google account has no verified email address", 401);
    }
    const email = normaliseEmail(profile.email);
    const existing = await trx
      .selectFrom("users")
      .select(["id", "email", "is_admin as isAdmin", "google_id as googleId", "password_hash as passwordHash", "email_verified_at as verifiedAt"])
      .where("email", "=", email)
      .executeTakeFirst();
    if (existing) {
      if (existing.googleId && existing.googleId !== profile.googleId) {
        throw new DomainError("This email is linked to another Google account", 409);
      }
      if (existing.passwordHash && existing.verifiedAt) throw new GoogleLinkNeedsPassword(existing.id, profile.googleId);
      const now = new Date().toISOString();
      // Google's owner of the address proves it: an undo link that could pull the account back to
      // whoever moved it here is void, and so are the sessions they left.
      const voided = await voidUndoLinks(trx, existing.id, now);
      if (existing.passwordHash) {
        // Unverified: whoever set that password never proved the address; Google's owner did.
        await trx
          .updateTable("users")
          .set({ google_id: profile.googleId, password_hash: null, email_verified_at: now })
          .where("id", "=", existing.id)
          .execute();
        await trx.deleteFrom("sessions").where("user_id", "=", existing.id).execute();
        // The addresses that password signed in from are its setter's, not the address's owner's.
        await forgetKnownSignIns(trx, existing.id);
      } else {
        await trx
          .updateTable("users")
          .set({ google_id: profile.googleId, email_verified_at: existing.verifiedAt ?? now })
          .where("id", "=", existing.id)
          .execute();
        if (voided > 0) await trx.deleteFrom("sessions").where("user_id", "=", existing.id).execute();
      }
      return { id: existing.id, email: existing.email, isAdmin: existing.isAdmin === 1 };
    }
    // An address another account may still take back with its undo link is not free.
    await assertEmailAvailable(trx, email, null);
    const row = await trx
      .insertInto("users")
      .values({
        email,
        google_id: profile.googleId,
        email_verified_at: new Date().toISOString(),
        first_name: (profile.firstName ?? "").slice(0, 100),
        last_name: (profile.lastName ?? "").slice(0, 100),
      })
      .returning(["id", "email"])
      .executeTakeFirstOrThrow();
    await enqueueWelcomeMail(trx, row.id, row.email, profile.firstName ?? "");
    return { id: row.id, email: row.email, isAdmin: false };
  });
}

/**
 * Links a Google id to the account after its password was checked (GoogleLinkNeedsPassword).
 * Throws 409 when the account meanwhile got another Google id.
 */
export async function linkGoogleAccount(db: DB, userId: number, googleId: string): Promise<void> {
  const result = await db
    .updateTable("users")
    .set({ google_id: googleId })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("google_id", "is", null), eb("google_id", "=", googleId)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError("This email is linked to another Google account", 409);
}

export async function getProfile(db: DB, userId: number): Promise<Profile | null> {
  const row = await db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "first_name as firstName",
      "last_name as lastName",
      "shipping_first_name as shippingFirstName",
      "shipping_last_name as shippingLastName",
      "shipping_address_line1 as shippingAddressLine1",
      "shipping_address_line2 as shippingAddressLine2",
      "shipping_city as shippingCity",
      "shipping_state as shippingState",
      "shipping_postal_code as shippingPostalCode",
      "shipping_country as shippingCountry",
      "loyalty_points as loyaltyPoints",
      "is_admin as isAdmin",
      "password_hash as passwordHash",
      "google_id as googleId",
      "created_at as createdAt",
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  const { passwordHash, googleId, ...rest } = row;
  return { ...rest, isAdmin: row.isAdmin === 1, hasPassword: !!passwordHash, hasGoogle: !!googleId };
}

const SET_PASSWORD_FIRST =
  "Please set a password on the Sign-in & Security page before you change your e-mail address: your Google sign-in belongs to the current address.";

export type ProfileUpdate = Profile & {
  /** The new address waiting for its confirmation link, when the save asked for one. */
  pendingEmail: string | null;
};

/**
 * Replaces the profile (PUT semantics: a field left out is cleared). A new e-mail address is
 * only asked for: the account must prove its owner (`currentPassword`, or `code` when a second
 * factor is on; an account with Google only sets a password first, 400), changes are limited
 * per account and per address (429), and only then must the address be free (409 on `email`),
 * so the answer says nothing about other accounts before the proof. The new
 * address then gets a link, and the address changes when it is confirmed (confirmEmailChange).
 * Throws 404 when the user is gone.
 */
export async function updateProfile(db: DB, userId: number, input: ProfileInput, now = new Date()): Promise<ProfileUpdate> {
  const email = normaliseEmail(input.email);
  const current = await db
    .selectFrom("users")
    .select(["email", "password_hash as passwordHash", "totp_enabled_at as totpEnabledAt"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!current) throw new DomainError("Account not found", 404);
  const changing = current.email !== email;
  if (changing) {
    // A changed address drops the Google sign-in (it belongs to the old address): an account
    // without a password would have no way in left, so it sets one first (by an e-mailed link).
    if (!current.passwordHash && !current.totpEnabledAt) throw new DomainError(SET_PASSWORD_FIRST, 400, "email");
    // Whether the address is taken is told only after the proof and inside the change limits:
    // a session alone must not test addresses for accounts, and every test is counted.
    await verifyAccountOwner(db, userId, { currentPassword: input.currentPassword, code: input.code });
    await takeRateSlot(
      db,
      [
        { bucket: "email-change", key: String(userId), max: EMAIL_TOKEN_LIMITS.changesPerHour, windowMs: HOUR_MS },
        { bucket: "email-change-to", key: email, max: EMAIL_TOKEN_LIMITS.changesPerAddressPerHour, windowMs: HOUR_MS },
      ],
      EMAIL_TOKEN_TEXT.changeLimited,
      now,
    );
    await assertEmailAvailable(db, email, userId, now);
  }
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("users")
      .set({
        first_name: blank(input.firstName) ?? "",
        last_name: blank(input.lastName) ?? "",
        shipping_first_name: blank(input.shippingFirstName),
        shipping_last_name: blank(input.shippingLastName),
        shipping_address_line1: blank(input.shippingAddressLine1),
        shipping_address_line2: blank(input.shippingAddressLine2),
        shipping_city: blank(input.shippingCity),
        shipping_state: blank(input.shippingState),
        shipping_postal_code: blank(input.shippingPostalCode),
        shipping_country: blank(input.shippingCountry),
      })
      .where("id", "=", userId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new DomainError("Account not found", 404);
    if (changing) await requestEmailChange(trx, { id: userId, oldEmail: current.email, newEmail: email }, now);
  });
  const profile = (await getProfile(db, userId))!;
  return { ...profile, pendingEmail: await getPendingEmail(db, userId, now) };
}

/** The User entity as the API answers it (no hash, no Google id). */
export function toApiUser(profile: Profile) {
  const { hasPassword, hasGoogle, ...user } = profile;
  return { ...user, is_admin: profile.isAdmin, hasPassword, hasGoogle };
}

export interface AccountRow {
  id: number;
  name: string;
  email: string;
  firstName: string;
  lastName: string;
  role: "Admin" | "Customer";
  isAdmin: boolean;
  loyaltyPoints: number;
  createdAt: string;
}

/** Users for the admin Users tab and GET /api/admin/users, newest first. */
export async function listAccounts(db: DB, limit = 1000): Promise<AccountRow[]> {
  const rows = await db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "first_name as firstName",
      "last_name as lastName",
      "is_admin as isAdmin",
      "loyalty_points as loyaltyPoints",
      "created_at as createdAt",
    ])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: displayName(r.firstName, r.lastName, r.email),
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    role: r.isAdmin === 1 ? "Admin" : "Customer",
    isAdmin: r.isAdmin === 1,
    loyaltyPoints: r.loyaltyPoints,
    createdAt: r.createdAt,
  }));
}

/** The account's e-mail address, or null when the account no longer exists. */
export async function getAccountEmail(db: DB, userId: number): Promise<string | null> {
  const row = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  return row?.email ?? null;
}
