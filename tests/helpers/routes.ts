import { getSessionStorage } from "~/web/session.server";

/** The Cookie header value of a signed-in session for this user (for calling route loaders and actions directly). */
export async function cookieFor(userId: number): Promise<string> {
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("userId", userId);
  return (await storage.commitSession(session)).split(";")[0]!;
}
