import { randomBytes } from "node:crypto";
import { type CartOwner } from "~/domain/cart/cart.server";
import { commitSession, getSession } from "~/web/session.server";

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
