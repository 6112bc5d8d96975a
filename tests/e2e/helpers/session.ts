import { createHmac, randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { type APIRequest, type APIRequestContext } from "@playwright/test";
import Database from "better-sqlite3";

/**
 * Signs a user in for the e2e tests without going through a login form: the user and a
 * session row are written straight into the e2e database, and the `__session` cookie is
 * signed exactly as Remix's createCookie does (cookie-signature over base64 JSON).
 */

export const E2E_DB_PATH = process.env.E2E_DATABASE_PATH ?? fileURLToPath(new URL("../../.tmp/e2e.sqlite", import.meta.url));
export const E2E_SESSION_SECRET = process.env.E2E_SESSION_SECRET ?? "e2e-secret-e2e-secret-e2e-secret";
export const E2E_BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const SESSION_DAYS = 30;

export interface SessionCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Lax";
}

export interface TestUserOptions {
  firstName?: string;
  lastName?: string;
  isAdmin?: boolean;
  loyaltyPoints?: number;
  shippingCountry?: string | null;
}

/** Opens the e2e database for one synchronous piece of work (waiting up to 5 s for SQLite's lock), then closes it. */
export function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(E2E_DB_PATH);
  try {
    db.pragma("busy_timeout = 5000");
    return fn(db);
  } finally {
    db.close();
  }
}

/** Creates the user when the email is new (case-insensitive); returns its id. */
export function ensureUser(email: string, opts: TestUserOptions = {}): number {
  return withDb((db) => {
    const existing = db.prepare("SELECT id FROM users WHERE email = ? COLLATE NOCASE").get(email) as { id: number } | undefined;
    if (existing) return existing.id;
    const result = db
      .prepare(
        "INSERT INTO users (email, first_name, last_name, is_admin, loyalty_points, shipping_country) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(email, opts.firstName ?? "Test", opts.lastName ?? "Customer", opts.isAdmin ? 1 : 0, opts.loyaltyPoints ?? 0, opts.shippingCountry ?? null);
    return Number(result.lastInsertRowid);
  });
}

/** Remix's cookie value: base64 of the JSON value, then `value.signature` (HMAC-SHA256, base64 without `=`). */
export function signCookieValue(value: unknown, secret = E2E_SESSION_SECRET): string {
  const encoded = Buffer.from(JSON.stringify(value), "utf8").toString("base64");
  const signature = createHmac("sha256", secret).update(encoded).digest("base64").replace(/=+$/, "");
  return `${encoded}.${signature}`;
}

/**
 * Inserts a session row for the user and returns the `__session` cookie (value already
 * URL-encoded as `cookie.serialize` writes it), ready for storageState or
 * `browserContext.addCookies`.
 */
export function sessionCookieFor(userId: number, baseURL = E2E_BASE_URL): SessionCookie {
  const id = randomBytes(24).toString("base64url");
  const expires = new Date(Date.now() + SESSION_DAYS * 864e5);
  withDb((db) =>
    db
      .prepare("INSERT INTO sessions (id, user_id, data, expires_at) VALUES (?, ?, ?, ?)")
      .run(id, userId, JSON.stringify({ userId }), expires.toISOString()),
  );
  return {
    name: "__session",
    value: encodeURIComponent(signCookieValue(id)),
    domain: new URL(baseURL).hostname,
    path: "/",
    expires: Math.floor(expires.getTime() / 1000),
    httpOnly: true,
    secure: false,
    sameSite: "Lax",
  };
}

/**
 * A new API request context signed in as `email` (the user is created if needed).
 * Pass Playwright's `playwright.request`; dispose the returned context when done.
 */
export async function signInAs(
  request: APIRequest,
  email: string,
  opts: TestUserOptions & { baseURL?: string } = {},
): Promise<{ request: APIRequestContext; userId: number; cookie: SessionCookie }> {
  const baseURL = opts.baseURL ?? E2E_BASE_URL;
  const userId = ensureUser(email, opts);
  const cookie = sessionCookieFor(userId, baseURL);
  const context = await request.newContext({ baseURL, storageState: { cookies: [cookie], origins: [] } });
  return { request: context, userId, cookie };
}

/** A unique email per call, so parallel tests never share a user. */
export function uniqueEmail(prefix = "customer"): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}@example.com`;
}
