import { getSessionStorage } from "~/domain/auth/guards.server";

/** The Cookie header value of a signed-in session for this user (for calling route loaders and actions directly). */
export async function cookieFor(userId: number): Promise<string> {
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("userId", userId);
  return (await storage.commitSession(session)).split(";")[0]!;
}

/** Calls a loader or action and gives back its Response, thrown (redirects, errors) or returned. */
export async function run(fn: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await fn();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
