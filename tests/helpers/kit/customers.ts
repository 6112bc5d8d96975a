import { randomBytes } from "node:crypto";
import { hashPassword } from "../../../app/domain/auth/password.server";
import { type DB } from "../../../app/lib/sqlite.server";

let n = 0;

export interface ShippingAddressSpec {
  line1: string;
  city: string;
  postalCode: string;
}

export interface UserSpec {
  /** A new unique address when left out. */
  email?: string;
  firstName?: string;
  lastName?: string;
  isAdmin?: boolean;
  loyaltyPoints?: number;
  shippingCountry?: string | null;
  /** The saved address checkout fills in for a signed-in customer. */
  shippingAddress?: ShippingAddressSpec;
}

/** Inserts a user (a customer, or an admin with `isAdmin`); returns its id and address. */
export async function makeUser(db: DB, spec: UserSpec = {}) {
  n++;
  return db
    .insertInto("users")
    .values({
      email: spec.email ?? `user${n}-${Date.now()}@example.com`,
      first_name: spec.firstName ?? "Ada",
      last_name: spec.lastName ?? "Lovelace",
      is_admin: spec.isAdmin ? 1 : 0,
      ...(spec.loyaltyPoints === undefined ? {} : { loyalty_points: spec.loyaltyPoints }),
      ...(spec.shippingCountry === undefined ? {} : { shipping_country: spec.shippingCountry }),
      ...(spec.shippingAddress
        ? {
            shipping_address_line1: spec.shippingAddress.line1,
            shipping_city: spec.shippingAddress.city,
            shipping_postal_code: spec.shippingAddress.postalCode,
          }
        : {}),
    })
    .returning(["id", "email"])
    .executeTakeFirstOrThrow();
}

/** The id of the user with this address (case-insensitive), made with `spec` when there is none. */
export async function ensureUser(db: DB, email: string, spec: Omit<UserSpec, "email"> = {}): Promise<number> {
  const existing = await db
    .selectFrom("users")
    .select("id")
    .where(db.fn("lower", ["email"]), "=", email.toLowerCase())
    .executeTakeFirst();
  return existing ? existing.id : (await makeUser(db, { ...spec, email })).id;
}

/** Gives the account this password (hashed as the shop hashes it), for tests that sign in or confirm with it. */
export async function setPassword(db: DB, userId: number, password: string) {
  await db
    .updateTable("users")
    .set({ password_hash: await hashPassword(password) })
    .where("id", "=", userId)
    .execute();
}

/** An account whose address is not confirmed yet (a new account's is, through its sign-up link). */
export async function markEmailUnconfirmed(db: DB, userId: number) {
  await db.updateTable("users").set({ email_verified_at: null }).where("id", "=", userId).execute();
}

/** An account made through Google: linked to this Google id, its address confirmed by Google. */
export async function linkGoogleAccount(db: DB, userId: number, googleId: string) {
  await db.updateTable("users").set({ google_id: googleId, email_verified_at: new Date().toISOString() }).where("id", "=", userId).execute();
}

/** Turns on two-factor sign-in with this base32 TOTP secret, as if the user had set it up. */
export async function enableTwoFactor(db: DB, userId: number, totpSecret: string) {
  await db.updateTable("users").set({ totp_secret: totpSecret, totp_enabled_at: new Date().toISOString() }).where("id", "=", userId).execute();
}

/** A session row holding `data` (a signed-in user's id, a guest's cart key); returns its id for the cookie. */
export async function makeSession(db: DB, data: { userId?: number; cartKey?: string }, expiresAt: Date): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  await db
    .insertInto("sessions")
    .values({ id, user_id: data.userId ?? null, data: JSON.stringify(data), expires_at: expiresAt.toISOString() })
    .execute();
  return id;
}

export interface LoyaltyEventSpec {
  eventType?: "order_gain" | "order_spend" | "admin_reward" | "other";
  description?: string;
  /** Signed: positive earns, negative spends. */
  points: number;
  pointsAfter: number;
  createdAt?: string;
}

/** Writes the user's point history (no customer-facing call writes one); returns the events' ids. */
export async function makeLoyaltyEvents(db: DB, userId: number, events: LoyaltyEventSpec[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const e of events) {
      const row = await trx
        .insertInto("loyalty_events")
        .values({
          user_id: userId,
          event_type: e.eventType ?? "admin_reward",
          description: e.description ?? "",
          points: e.points,
          points_after: e.pointsAfter,
          created_at: e.createdAt ?? new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  });
}

/** The account's open e-mail links run out now, as their days passing would (an undo link then no longer holds the old address). */
export async function expireEmailLinks(db: DB, userId: number) {
  await db
    .updateTable("auth_tokens")
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}
