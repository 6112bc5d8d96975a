import { randomBytes } from "node:crypto";
import { redirect, redirectDocument } from "@remix-run/node";
import { type CartOwner, mergeGuestCart } from "~/domain/cart/cart.server";
import { adoptGuestOrders } from "~/domain/orders/orders.server";
import { type OrderViewer } from "~/domain/orders/access.server";
import { createShopSessionStorage, createToastCookie, type ShopSession, type Toast } from "~/web/session.server";
import { hasSecondFactor } from "~/domain/auth/totp.server";
import { db } from "~/lib/db.server";
import { logAccountSignIn } from "~/domain/ops/activity.server";
import { getClientIp, jsonError } from "~/web/http.server";

// The one place the request layer binds the shared database to sessions and permissions.
const sessionStorage = createShopSessionStorage(db);
const toastCookie = createToastCookie();

export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  shippingCountry: string | null;
  loyaltyPoints: number;
  isAdmin: boolean;
}

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

/** For remix-auth's Authenticator (authenticator.server.ts). */
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

/** API door: 401 `{message}` when nobody is signed in. */
export async function requireApiUser(request: Request): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (!user) throw jsonError("You need to be logged in", 401);
  return user;
}

/** API door: 401 for guests, 403 for customers. */
export async function requireApiAdmin(request: Request): Promise<CurrentUser> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw jsonError("Admin privileges required", 403);
  return user;
}

/**
 * Who is asking for an order (see domain/orders/access.server.ts): the signed-in user, the
 * guest session's key, the admin flag, and a token from the link if there is one.
 */
export async function getOrderViewer(request: Request, token?: string | null): Promise<OrderViewer> {
  const [session, user] = await Promise.all([getSession(request), getOptionalUser(request)]);
  return { userId: user?.id ?? null, sessionKey: session.get("cartKey") ?? null, isAdmin: user?.isAdmin ?? false, token: token ?? null };
}

const ADMIN_REQUIRED = "Access denied: Admin privileges required";

function toAdminLogin(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/admin-login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Page door for admin pages: signed out goes to /admin-login, a customer gets 403. */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (!user) throw toAdminLogin(request);
  if (!user.isAdmin) throw jsonError(ADMIN_REQUIRED, 403);
  return user;
}

/**
 * Page door for admin pages that show their own 'Access denied' view: a customer gets the view
 * (403); signed out goes to /admin-login, or with `guests: "deny"` gets the view too (401).
 */
export async function adminPageAccess(
  request: Request,
  opts: { guests: "sign-in" | "deny" } = { guests: "sign-in" },
): Promise<{ user: CurrentUser; denied: null } | { user: CurrentUser | null; denied: 401 | 403 }> {
  const user = await getOptionalUser(request);
  if (!user) {
    if (opts.guests === "sign-in") throw toAdminLogin(request);
    return { user: null, denied: 401 };
  }
  return user.isAdmin ? { user, denied: null } : { user, denied: 403 };
}

/** Form door of admin actions: 401 `{message}` when signed out, 403 for customers. */
export async function requireAdminAction(request: Request, deniedMessage = ADMIN_REQUIRED): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (!user) throw jsonError("You need to be logged in", 401);
  if (!user.isAdmin) throw jsonError(deniedMessage, 403);
  return user;
}

/** Admin downloads (CSV exports): 403 `{message}` for anyone but an admin, signed in or not. */
export async function requireAdminDownload(request: Request): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (!user?.isAdmin) throw jsonError(ADMIN_REQUIRED, 403);
  return user;
}

/**
 * Starts a signed-in session for the user and returns its Set-Cookie header. The old
 * session is destroyed and a new id issued (no fixation); the guest's cart is merged into
 * the customer's cart, and the guest key kept so orders placed as a guest stay reachable.
 */
export async function signInUser(request: Request, userId: number): Promise<string> {
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

/** Page door: a redirect to the login page when nobody is signed in. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/**
 * Whose cart this request works on. With `create`, a guest without a cart key gets a new one,
 * and `commit()` stores the session and gives the Set-Cookie to send: call it only once the
 * cart holds something, so a request that adds nothing stores nothing (a cookie-less loop of
 * failing adds cannot fill the sessions table).
 */
export async function getCartOwner(request: Request): Promise<CartOwner | null>;
export async function getCartOwner(request: Request, opts: { create: true }): Promise<{ owner: CartOwner; commit: () => Promise<string | null> }>;
export async function getCartOwner(
  request: Request,
  opts?: { create: true },
): Promise<CartOwner | null | { owner: CartOwner; commit: () => Promise<string | null> }> {
  const session = await getSession(request);
  const userId = session.get("userId");
  const cartKey = session.get("cartKey");
  if (!opts?.create) {
    if (userId) return { userId };
    return cartKey ? { cartKey } : null;
  }
  const nothingToStore = async () => null;
  if (userId) return { owner: { userId }, commit: nothingToStore };
  if (cartKey) return { owner: { cartKey }, commit: nothingToStore };
  const fresh = randomBytes(18).toString("base64url");
  return {
    owner: { cartKey: fresh },
    commit: async () => {
      session.set("cartKey", fresh);
      return commitSession(session);
    },
  };
}

export async function getToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__toast=")) return { toast: null, setCookie: null };
  const value = (await toastCookie.parse(header)) as Toast | null;
  return { toast: value ?? null, setCookie: await toastCookie.serialize("", { maxAge: 0 }) };
}

export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie.serialize(toast);
}

/** Post/redirect/get with a notification shown on the next page. */
export async function redirectWithToast(url: string, toast: Toast, extraCookies: (string | null)[] = [], opts: { document?: boolean } = {}): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await toastHeader(toast));
  for (const c of extraCookies) if (c) headers.append("Set-Cookie", c);
  // document: the browser loads the target as a new document even when JavaScript followed the
  // redirect (the payment page needs its own Content-Security-Policy, with PayPal's hosts).
  return opts.document ? redirectDocument(url, { headers }) : redirect(url, { headers });
}
