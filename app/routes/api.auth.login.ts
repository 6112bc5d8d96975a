import { type ActionFunctionArgs, json } from "@remix-run/node";
import { z } from "zod";
import { getProfile, toApiUser } from "~/domain/auth/accounts.server";
import { authenticateWithPassword } from "~/web/auth/authenticator.server";
import { signInUser } from "~/web/auth/sign-in-session.server";
import { AUTH_TEXT, LoginSchema } from "~/domain/auth/schemas";
import { verifySecondFactor } from "~/domain/auth/totp.server";
import { DomainError } from "~/domain/common/errors";
import { db } from "~/lib/db.server";
import { logAccountSignIn } from "~/domain/ops/activity.server";
import { apiAction, getClientIp, jsonError, methodNotAllowed, parseJsonBody, parseValue } from "~/web/http.server";

export function loader() {
  return methodNotAllowed();
}

const isBlank = (v: unknown) => typeof v !== "string" || v.trim() === "";

/** POST /api/auth/login {email, password}: the same form strategy as the login page; answers the user. */
export function action({ request }: ActionFunctionArgs) {
  return apiAction(request, {
    POST: async () => {
      const body = await parseJsonBody(request, z.record(z.unknown()));
      if (isBlank(body.email) || isBlank(body.password)) throw jsonError(AUTH_TEXT.missingBoth, 400);
      const input = parseValue(body, LoginSchema);
      const form = new FormData();
      form.set("email", input.email);
      form.set("password", input.password);
      const user = await authenticateWithPassword(request, form, getClientIp(request));
      if (user.hasTotp) {
        // The API takes the second factor in the same call: {email, password, code}.
        if (isBlank(body.code)) throw jsonError("Two-factor code required", 401);
        try {
          await verifySecondFactor(db, user.id, String(body.code));
        } catch (error) {
          if (error instanceof DomainError) await logAccountSignIn(db, { userId: user.id, ok: false, reason: "wrong code", ip: getClientIp(request) });
          if (error instanceof DomainError && error.status === 400) throw jsonError(error.message, 401);
          throw error;
        }
      }
      const cookie = await signInUser(request, user.id);
      const profile = await getProfile(db, user.id);
      return json(toApiUser(profile!), { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
    },
  });
}
