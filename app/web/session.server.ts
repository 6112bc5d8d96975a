import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import { db } from "~/lib/db.server";
import { type DB } from "~/lib/sqlite.server";
import { getEnv } from "~/lib/env.server";

// The session and toast cookies, the request's session and its signed-in user (read once per request).

export interface SessionData {
  userId?: number;
  /** Keys the guest's cart in the database. */
  cartKey?: string;
  /** A sign-in that passed the password and waits for the second factor (10 minutes). */
  pending?: { userId: number; redirectTo: string; at: number };
  /** Google sign-in onto a verified password account, waiting for that password (10 minutes). */
  googleLink?: { userId: number; googleId: string; redirectTo: string; at: number };
  /** The admin has had the second-factor reminder this session (web/admin/admin-chrome.server.ts). */
  twoFactorReminded?: boolean;
}

const SESSION_DAYS = 30;
const HOUR = 3_600_000;

/**
 * How long a signed-in session lasts: from sign-in (absolute) and since the last request (idle).
 * A session past either limit is signed out; a guest's cart key in it stays.
 */
export const SESSION_LIMITS = {
  customer: { absoluteMs: 30 * 24 * HOUR, idleMs: 7 * 24 * HOUR },
  admin: { absoluteMs: 12 * HOUR, idleMs: 2 * HOUR },
} as const;

/** last_seen_at is written at most this often per session (one write a minute, not one per request). */
const TOUCH_EVERY_MS = 60_000;

/** Whether a signed-in session that started at `signedInAt` and was last used at `lastSeenAt` has ended. */
export function isSignedInSessionOver(isAdmin: boolean, signedInAt: string, lastSeenAt: string | null, now = Date.now()): boolean {
  const limits = isAdmin ? SESSION_LIMITS.admin : SESSION_LIMITS.customer;
  const started = Date.parse(signedInAt);
  const seen = Date.parse(lastSeenAt ?? signedInAt);
  return !(now - started < limits.absoluteMs) || !(now - seen < limits.idleMs);
}

function isSecure(): boolean {
  return getEnv().APP_URL.startsWith("https://");
}

/** Sessions live in the `sessions` table; the cookie only carries a random id. */
export function createShopSessionStorage(db: DB) {
  const cookie = createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(),
    path: "/",
    maxAge: SESSION_DAYS * 24 * 3600,
    secrets: [getEnv().SESSION_SECRET],
  });
  return createSessionStorage<SessionData>({
    cookie,
    async createData(data, expires) {
      const id = randomBytes(24).toString("base64url");
      // Now and then, sweep sessions that have expired (guest carts keep their own rows).
      if (Math.random() < 0.02) {
        await db.deleteFrom("sessions").where("expires_at", "<", new Date().toISOString()).execute();
      }
      await db
        .insertInto("sessions")
        .values({
          id,
          user_id: data.userId ?? null,
          data: JSON.stringify(data),
          expires_at: (expires ?? new Date(Date.now() + SESSION_DAYS * 864e5)).toISOString(),
        })
        .execute();
      return id;
    },
    async readData(id) {
      const row = await db
        .selectFrom("sessions")
        .leftJoin("users", "users.id", "sessions.user_id")
        .select([
          "sessions.data",
          "sessions.expires_at as expiresAt",
          "sessions.created_at as createdAt",
          "sessions.last_seen_at as lastSeenAt",
          "sessions.user_id as userId",
          "users.is_admin as isAdmin",
        ])
        .where("sessions.id", "=", id)
        .executeTakeFirst();
      if (!row) return null;
      const now = new Date();
      if (row.expiresAt < now.toISOString()) {
        await db.deleteFrom("sessions").where("id", "=", id).execute();
        return null;
      }
      let data: SessionData;
      try {
        data = JSON.parse(row.data) as SessionData;
      } catch {
        return null;
      }
      if (!data.userId) return data;
      if (row.userId === null || isSignedInSessionOver(row.isAdmin === 1, row.createdAt, row.lastSeenAt, now.getTime())) {
        // Signed out by time (or the account is gone): the guest's cart key stays.
        if (!data.cartKey) {
          await db.deleteFrom("sessions").where("id", "=", id).execute();
          return null;
        }
        const guest: SessionData = { cartKey: data.cartKey };
        await db
          .updateTable("sessions")
          .set({ data: JSON.stringify(guest), user_id: null, last_seen_at: null })
          .where("id", "=", id)
          .execute();
        return guest;
      }
      if (!row.lastSeenAt || now.getTime() - Date.parse(row.lastSeenAt) >= TOUCH_EVERY_MS) {
        await db.updateTable("sessions").set({ last_seen_at: now.toISOString() }).where("id", "=", id).execute();
      }
      return data;
    },
    async updateData(id, data, expires) {
      await db
        .updateTable("sessions")
        .set({
          data: JSON.stringify(data),
          user_id: data.userId ?? null,
          expires_at: (expires ?? new Date(Date.now() + SESSION_DAYS * 864e5)).toISOString(),
        })
        .where("id", "=", id)
        .execute();
    },
    async deleteData(id) {
      await db.deleteFrom("sessions").where("id", "=", id).execute();
    },
  });
}

export type ShopSession = Session<SessionData>;

export function createToastCookie() {
  return createCookie("__toast", {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(),
    path: "/",
    maxAge: 60,
    secrets: [getEnv().SESSION_SECRET],
  });
}

// The one place the request layer binds the shared database to sessions.
const sessionStorage = createShopSessionStorage(db);

const sessionCache = new WeakMap<Request, Promise<ShopSession>>();

/** The request's session (read once per request). */
export function getSession(request: Request): Promise<ShopSession> {
  let pending = sessionCache.get(request);
  if (!pending) {
    pending = sessionStorage.getSession(request.headers.get("Cookie"));
    sessionCache.set(request, pending);
  }
  return pending;
}

/** For remix-auth's Authenticator (auth/authenticator.server.ts) and for starting a fresh session. */
export function getSessionStorage() {
  return sessionStorage;
}

export function commitSession(session: ShopSession): Promise<string> {
  return sessionStorage.commitSession(session);
}

export function destroySession(session: ShopSession): Promise<string> {
  return sessionStorage.destroySession(session);
}

/** The id of the request's stored session ("" when it has none yet). */
export async function getSessionId(request: Request): Promise<string> {
  return (await getSession(request)).id;
}

export async function getUserId(request: Request): Promise<number | null> {
  const session = await getSession(request);
  return session.get("userId") ?? null;
}

export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  shippingCountry: string | null;
  loyaltyPoints: number;
  isAdmin: boolean;
}

const userCache = new WeakMap<Request, Promise<CurrentUser | null>>();

/** The signed-in user, read once per request however many loaders ask. */
export function getOptionalUser(request: Request): Promise<CurrentUser | null> {
  let pending = userCache.get(request);
  if (!pending) {
    pending = loadUser(request);
    userCache.set(request, pending);
  }
  return pending;
}

async function loadUser(request: Request): Promise<CurrentUser | null> {
  const userId = await getUserId(request);
  if (userId === null) return null;
  const row = await db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "first_name as firstName",
      "last_name as lastName",
      "shipping_country as shippingCountry",
      "loyalty_points as loyaltyPoints",
      "is_admin as isAdmin",
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row ? { ...row, isAdmin: row.isAdmin === 1 } : null;
}
