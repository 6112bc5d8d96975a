import { json } from "@remix-run/node";
import { getProfile, registerUser, toApiUser } from "~/domain/auth/accounts.server";
import { signInUser } from "~/web/auth/sign-in-session.server";
import { type RegisterInput } from "~/domain/auth/schemas";
import { db } from "~/lib/db.server";
import { getClientIp } from "~/web/http.server";

/** The API door of registration: creates the customer, starts a fresh session, answers 201 with the user. */
export async function registerAndSignIn(request: Request, input: RegisterInput): Promise<Response> {
  const user = await registerUser(db, input, getClientIp(request));
  const cookie = await signInUser(request, user.id);
  const profile = await getProfile(db, user.id);
  return json(toApiUser(profile!), { status: 201, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}
