import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { ensureUser as ensureKitUser, makeSession, type UserSpec } from "../../helpers/kit";
import { e2eDb } from "./db";

/**
 * Signs a user in for the e2e tests without going through a login form: the user and a
 * session row are written into the e2e database by the fixture kit, and the `__session` cookie
 * is made by Remix's own createCookie with the server's secret. Specs use these through the
 * fixtures in tests/e2e/fixtures.ts (loginAsCustomer, loginAsAdmin).
 */

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

export type TestUserOptions = Omit<UserSpec, "email">;

/** Creates the user when the email is new (case-insensitive), named Test Customer unless told; returns its id. */
export function ensureUser(email: string, opts: TestUserOptions = {}): Promise<number> {
  return ensureKitUser(e2eDb(), email, { ...opts, firstName: opts.firstName ?? "Test", lastName: opts.lastName ?? "Customer" });
}

/** The shop's session cookie as the e2e server defines it (name, options, secret); `secret` only for forged-cookie tests. */
function sessionCookieDefinition(secret = E2E_SESSION_SECRET) {
  return createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: false,
    path: "/",
    maxAge: SESSION_DAYS * 24 * 3600,
    secrets: [secret],
  });
}

/** The signed `__session` value carrying this session id, URL-encoded as it goes on the wire. */
export async function signedSessionValue(sessionId: string, secret = E2E_SESSION_SECRET): Promise<string> {
  const header = await sessionCookieDefinition(secret).serialize(sessionId);
  return header.slice("__session=".length, header.indexOf(";"));
}

/** Inserts a session row with this data and returns its `__session` cookie for storageState or `browserContext.addCookies`. */
export async function sessionCookieWith(data: { userId?: number; cartKey?: string }, baseURL = E2E_BASE_URL): Promise<SessionCookie> {
  const expires = new Date(Date.now() + SESSION_DAYS * 864e5);
  const id = await makeSession(e2eDb(), data, expires);
  return {
    name: "__session",
    value: await signedSessionValue(id),
    domain: new URL(baseURL).hostname,
    path: "/",
    expires: Math.floor(expires.getTime() / 1000),
    httpOnly: true,
    secure: false,
    sameSite: "Lax",
  };
}

/** A signed-in session for the user: its `__session` cookie. */
export function sessionCookieFor(userId: number, baseURL = E2E_BASE_URL): Promise<SessionCookie> {
  return sessionCookieWith({ userId }, baseURL);
}

/** A unique email per call, so parallel tests never share a user. */
export function uniqueEmail(prefix = "customer"): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}@example.com`;
}
