import { mergeGuestCart } from "~/domain/cart/cart.server";
import { adoptGuestOrders } from "~/domain/orders/orders.server";
import { hasSecondFactor } from "~/domain/auth/totp.server";
import { logAccountSignIn } from "~/domain/ops/activity.server";
import { db } from "~/lib/db.server";
import { getClientIp } from "~/web/http.server";
import { getSession, getSessionStorage } from "~/web/session.server";

// Where every sign-in door ends: a fresh session for the user, or for a sign-in half-way in.

/**
 * Starts a signed-in session for the user and returns its Set-Cookie header. The old
 * session is destroyed and a new id issued (no fixation); the guest's cart is merged into
 * the customer's cart, and the guest key kept so orders placed as a guest stay reachable.
 */
export async function signInUser(request: Request, userId: number): Promise<string> {
  const sessionStorage = getSessionStorage();
  const old = await getSession(request);
  const cartKey = old.get("cartKey");
  if (cartKey) {
    await mergeGuestCart(db, cartKey, userId);
    // Orders placed as a guest in this session now belong to the account ('View Order History').
    await adoptGuestOrders(db, cartKey, userId);
  }
  if (old.id) await sessionStorage.destroySession(old);
  const fresh = await sessionStorage.getSession();
  fresh.set("userId", userId);
  if (cartKey) fresh.set("cartKey", cartKey);
  const cookie = await sessionStorage.commitSession(fresh);
  // Every door ends here, so an admin's sign-in is logged once, whichever door it came through.
  await logAccountSignIn(db, { userId, ok: true, ip: getClientIp(request) });
  return cookie;
}

export const SECOND_FACTOR_PATH = "/login/two-factor";
const PENDING_MS = 10 * 60_000;

/**
 * Starts a sign-in whose first factor passed: straight in (signInUser) when the account has no
 * second factor, else a fresh session that only remembers who is half-way in, and the second
 * step's page. Returns the Set-Cookie and where to go.
 */
export async function beginSignIn(request: Request, userId: number, redirectTo: string): Promise<{ cookie: string; location: string }> {
  if (!(await hasSecondFactor(db, userId))) return { cookie: await signInUser(request, userId), location: redirectTo };
  const sessionStorage = getSessionStorage();
  const old = await getSession(request);
  const cartKey = old.get("cartKey");
  if (old.id) await sessionStorage.destroySession(old);
  const fresh = await sessionStorage.getSession();
  fresh.set("pending", { userId, redirectTo, at: Date.now() });
  if (cartKey) fresh.set("cartKey", cartKey);
  return { cookie: await sessionStorage.commitSession(fresh), location: SECOND_FACTOR_PATH };
}

export const GOOGLE_LINK_PATH = "/login/link-google";

/** Remembers a Google sign-in that waits for the account's password (a fresh session); returns its Set-Cookie. */
export async function beginGoogleLink(request: Request, userId: number, googleId: string, redirectTo: string): Promise<string> {
  const sessionStorage = getSessionStorage();
  const old = await getSession(request);
  const cartKey = old.get("cartKey");
  if (old.id) await sessionStorage.destroySession(old);
  const fresh = await sessionStorage.getSession();
  fresh.set("googleLink", { userId, googleId, redirectTo, at: Date.now() });
  if (cartKey) fresh.set("cartKey", cartKey);
  return sessionStorage.commitSession(fresh);
}

export async function getGoogleLink(request: Request): Promise<{ userId: number; googleId: string; redirectTo: string } | null> {
  const link = (await getSession(request)).get("googleLink");
  if (!link || Date.now() - link.at > PENDING_MS) return null;
  return { userId: link.userId, googleId: link.googleId, redirectTo: link.redirectTo };
}

/** The half-way sign-in of this session, or null (none, or older than 10 minutes). */
export async function getPendingSignIn(request: Request): Promise<{ userId: number; redirectTo: string } | null> {
  const pending = (await getSession(request)).get("pending");
  if (!pending || Date.now() - pending.at > PENDING_MS) return null;
  return { userId: pending.userId, redirectTo: pending.redirectTo };
}
