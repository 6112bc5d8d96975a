import { createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { checkCurrentPassword } from "~/domain/auth/current-password.server";
import { releaseRateSlot, takeRateSlot } from "~/domain/auth/rate-limit.server";
import { DomainError } from "~/domain/common/errors";
import { type DB } from "~/lib/sqlite.server";

/** TOTP (RFC 6238) for admins, through the otpauth library: SHA-1, 6 digits, 30 s, ±1 step of clock drift. */
const ISSUER = "Little Stitches Atelier";
const RECOVERY_CODES = 10;
export const SECOND_FACTOR_TEXT = {
  wrongCode: "That code is not valid. Try the current code from your app, or a recovery code.",
  tooMany: "Too many codes tried.",
  notEnrolled: "Start the set-up again: scan the new QR code.",
  setPasswordFirst: "Set a password first: the second factor comes on top of a password.",
} as const;

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function normaliseRecovery(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, "");
}

export interface TotpStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export async function getTotpStatus(db: DB, userId: number): Promise<TotpStatus> {
  const [user, codes] = await Promise.all([
    db.selectFrom("users").select("totp_enabled_at as enabledAt").where("id", "=", userId).executeTakeFirst(),
    db
      .selectFrom("recovery_codes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return { enabled: !!user?.enabledAt, recoveryCodesLeft: codes.n };
}

export interface TotpEnrolment {
  secret: string;
  uri: string;
  /** The otpauth URI as an SVG QR code (markup made by the qrcode library from our own URI). */
  qrSvg: string;
}

/**
 * The set-up of a second factor that is not on yet: keeps one pending secret per account (a
 * reload shows the same QR code) until a code from it is confirmed. Throws 409 when it is on.
 */
export async function getTotpEnrolment(db: DB, userId: number): Promise<TotpEnrolment> {
  const user = await db
    .selectFrom("users")
    .select(["email", "totp_secret as secret", "totp_enabled_at as enabledAt"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new DomainError("Account not found", 404);
  if (user.enabledAt) throw new DomainError("Two-factor authentication is already on", 409);
  let secret = user.secret;
  if (!secret) {
    secret = new Secret({ size: 20 }).base32;
    await db.updateTable("users").set({ totp_secret: secret }).where("id", "=", userId).where("totp_secret", "is", null).execute();
    secret = (await db.selectFrom("users").select("totp_secret").where("id", "=", userId).executeTakeFirstOrThrow()).totp_secret!;
  }
  const uri = totpFor(secret, user.email).toString();
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { secret, uri, qrSvg };
}

/** Ten new single-use recovery codes (xxxxx-xxxxx); only their SHA-256 is stored, the old ones stop working. */
async function replaceRecoveryCodes(db: DB, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBytes(8).toString("hex").slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("recovery_codes")
    .values(codes.map((code) => ({ user_id: userId, code_hash: sha256(normaliseRecovery(code)) })))
    .execute();
  return codes;
}

/**
 * Checks a six-digit code against the secret, once: a code accepted for a step (or an
 * earlier one) is refused afterwards. Returns whether it was accepted.
 */
async function acceptTotpCode(db: DB, userId: number, secret: string, label: string, code: string, now: number): Promise<boolean> {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return false;
  const totp = totpFor(secret, label);
  const delta = totp.validate({ token, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = totp.counter({ timestamp: now }) + delta;
  const result = await db
    .updateTable("users")
    .set({ totp_last_step: step })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Turns the second factor on with the current password and a code from the pending secret;
 * returns the recovery codes (shown once). The factor then proves the owner for sensitive
 * changes, so a session alone may not turn it on, and every other session ends (one that saw
 * the pending secret could otherwise make codes). Throws 400 on `currentPassword` or `code`,
 * 409 when it is already on.
 */
export async function enableTotp(
  db: DB,
  userId: number,
  input: { code: string; currentPassword?: string | null },
  keepSessionId: string | null,
  now = Date.now(),
): Promise<string[]> {
  const user = await db
    .selectFrom("users")
    .select(["email", "totp_secret as secret", "totp_enabled_at as enabledAt", "password_hash as passwordHash"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new DomainError("Account not found", 404);
  if (user.enabledAt) throw new DomainError("Two-factor authentication is already on", 409);
  if (!user.secret) throw new DomainError(SECOND_FACTOR_TEXT.notEnrolled, 400, "code");
  if (!user.passwordHash) throw new DomainError(SECOND_FACTOR_TEXT.setPasswordFirst, 400, "currentPassword");
  await checkCurrentPassword(db, userId, user.passwordHash, input.currentPassword);
  await assertCodeAttemptAllowed(db, userId);
  if (!(await acceptTotpCode(db, userId, user.secret, user.email, input.code, now))) throw new DomainError(SECOND_FACTOR_TEXT.wrongCode, 400, "code");
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ totp_enabled_at: new Date(now).toISOString() })
      .where("id", "=", userId)
      .execute();
    let others = trx.deleteFrom("sessions").where("user_id", "=", userId);
    if (keepSessionId) others = others.where("id", "!=", keepSessionId);
    await others.execute();
    return replaceRecoveryCodes(trx, userId);
  });
}

/** Turns the second factor off (a valid code required); forgets the secret and the recovery codes. */
export async function disableTotp(db: DB, userId: number, code: string, now = Date.now()): Promise<void> {
  await verifySecondFactor(db, userId, code, now);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null }).where("id", "=", userId).execute();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  });
}

/** New recovery codes (a valid code required); the old ones stop working. */
export async function regenerateRecoveryCodes(db: DB, userId: number, code: string, now = Date.now()): Promise<string[]> {
  await verifySecondFactor(db, userId, code, now);
  return db.transaction().execute((trx) => replaceRecoveryCodes(trx, userId));
}

/** At most 10 wrong codes per account in 15 minutes: each is counted before it is checked, and a right one is given back. */
function assertCodeAttemptAllowed(db: DB, userId: number): Promise<void> {
  return takeRateSlot(db, [{ bucket: "totp", key: String(userId), max: 10, windowMs: 15 * 60_000 }], SECOND_FACTOR_TEXT.tooMany);
}

function releaseCodeAttempt(db: DB, userId: number): Promise<void> {
  return releaseRateSlot(db, "totp", String(userId));
}

/**
 * The second step of signing in (and of changing the factor): a current TOTP code, used once,
 * or an unused recovery code, which is then spent. Throws 400 for a wrong code, 429 after too
 * many tries, 409 when the account has no second factor.
 */
export async function verifySecondFactor(db: DB, userId: number, code: string, now = Date.now()): Promise<"totp" | "recovery"> {
  const user = await db
    .selectFrom("users")
    .select(["email", "totp_secret as secret", "totp_enabled_at as enabledAt"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user?.enabledAt || !user.secret) throw new DomainError("Two-factor authentication is not on", 409);
  await assertCodeAttemptAllowed(db, userId);
  if (await acceptTotpCode(db, userId, user.secret, user.email, code, now)) {
    await releaseCodeAttempt(db, userId);
    return "totp";
  }
  const recovery = normaliseRecovery(code);
  if (recovery.length === 10) {
    const spent = await db
      .updateTable("recovery_codes")
      .set({ used_at: new Date(now).toISOString() })
      .where("user_id", "=", userId)
      .where("code_hash", "=", sha256(recovery))
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) === 1) {
      await releaseCodeAttempt(db, userId);
      return "recovery";
    }
  }
  throw new DomainError(SECOND_FACTOR_TEXT.wrongCode, 400, "code");
}

export async function hasSecondFactor(db: DB, userId: number): Promise<boolean> {
  const row = await db.selectFrom("users").select("totp_enabled_at as enabledAt").where("id", "=", userId).executeTakeFirst();
  return !!row?.enabledAt;
}

/** For tests and the enrolment page's own check: the code of `secret` at `now`. */
export function totpCodeAt(secret: string, now = Date.now()): string {
  return totpFor(secret, "x").generate({ timestamp: now });
}
