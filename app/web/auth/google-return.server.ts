import { createCookie } from "@remix-run/node";
import { getEnv } from "~/lib/env.server";
import { safeRedirect } from "~/web/http.server";

/**
 * Where to go after Google sign-in: the `redirectTo` of /api/auth/google, kept across the
 * round trip to Google in a small signed cookie (10 minutes, HttpOnly, SameSite=Lax so it
 * comes back on Google's top-level redirect to the callback).
 */
const COOKIE_NAME = "__google_return";

let cookie: ReturnType<typeof createCookie> | undefined;

function returnCookie() {
  cookie ??= createCookie(COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().APP_URL.startsWith("https://"),
    path: "/",
    maxAge: 10 * 60,
    secrets: [getEnv().SESSION_SECRET],
  });
  return cookie;
}

/** Set-Cookie that remembers a (validated) return path. */
export function rememberGoogleReturn(redirectTo: string | null | undefined): Promise<string> {
  return returnCookie().serialize(safeRedirect(redirectTo, "/"));
}

/** The remembered return path (checked again), or "/". */
export async function readGoogleReturn(request: Request): Promise<string> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${COOKIE_NAME}=`)) return "/";
  const value: unknown = await returnCookie().parse(header);
  return safeRedirect(typeof value === "string" ? value : null, "/");
}

/** Set-Cookie that forgets the return path. */
export function clearGoogleReturn(): Promise<string> {
  return returnCookie().serialize("", { maxAge: 0 });
}
