import { redirect } from "@remix-run/node";
import { type OrderViewer } from "~/domain/orders/access.server";
import { type Actor } from "~/domain/ops/activity.server";
import { actorOf } from "~/web/actor.server";
import { jsonError } from "~/web/http.server";
import { type CurrentUser, getOptionalUser, getSession } from "~/web/session.server";
import { fileNotFound } from "~/web/upload-files.server";

// The guards: one per flavour of answer. Every loader and action calls its own; none checks the
// user or the admin flag by hand.

function pathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** The login page, coming back to `returnTo` once signed in. */
export function loginRedirect(returnTo: string): Response {
  return redirect(`/login?redirectTo=${encodeURIComponent(returnTo)}`);
}

/**
 * Page door: the signed-in user. Anyone else gets `otherwise`: by default the login page, coming
 * back to this page; it may throw an error of its own instead, for the page to show.
 */
export async function requireUser(
  request: Request,
  otherwise: () => Response | Promise<Response> = () => loginRedirect(pathOf(request)),
): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (!user) throw await otherwise();
  return user;
}

/**
 * Sign-in pages: whoever is already signed in for this door is sent on to `to`: anyone on the
 * customers' door, an admin on the admin's (where a customer may still sign in as an admin).
 * Returns who is signed in otherwise.
 */
export async function requireAnonymous(request: Request, to: string, door: "customer" | "admin" = "customer"): Promise<CurrentUser | null> {
  const user = await getOptionalUser(request);
  if (user && (door === "customer" || user.isAdmin)) throw redirect(to);
  return user;
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

/** API door of an admin's change: requireApiAdmin, and the admin as the Actor the change is logged under. */
export async function requireApiAdminActor(request: Request): Promise<Actor> {
  return actorOf(await requireApiAdmin(request), request);
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
  return redirect(`/admin-login?redirectTo=${encodeURIComponent(pathOf(request))}`);
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

/**
 * Files only the owner may see yet (a review's photo before it is approved): anyone but an
 * admin gets 404, as if there were no such file.
 */
export async function requireAdminFile(request: Request): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (!user?.isAdmin) throw fileNotFound();
  return user;
}

/** Admin downloads (CSV exports): 403 `{message}` for anyone but an admin, signed in or not. */
export async function requireAdminDownload(request: Request): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (!user?.isAdmin) throw jsonError(ADMIN_REQUIRED, 403);
  return user;
}
