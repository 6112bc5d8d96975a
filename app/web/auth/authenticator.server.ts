import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy } from "remix-auth-google";
import { type AuthUser, findOrCreateGoogleUser, verifyLogin } from "~/domain/auth/accounts.server";
import { getSessionStorage } from "~/web/session.server";
import { LoginSchema } from "~/domain/auth/schemas";
import { DomainError } from "~/domain/common/errors";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";

// remix-auth checks credentials; the session itself is started by signInUser() (new id, cart merge).
const authenticator = new Authenticator<AuthUser>(getSessionStorage(), { throwOnError: true });

interface FormContext {
  formData: FormData;
  clientIp: string;
}

authenticator.use(
  new FormStrategy<AuthUser>(async ({ form, context }) => {
    const parsed = LoginSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
    if (!parsed.success) throw new DomainError(parsed.error.issues[0]?.message ?? "Invalid credentials", 400);
    return verifyLogin(db, parsed.data, (context as unknown as FormContext).clientIp);
  }),
  "form",
);

function unwrap(error: unknown): never {
  if (error instanceof AuthorizationError) {
    if (error.cause instanceof DomainError) throw error.cause;
    throw new DomainError(error.message || "Invalid credentials", 401);
  }
  throw error;
}

/** E-mail sign-in through remix-auth's form strategy. Throws DomainError 400/401/429. */
export async function authenticateWithPassword(request: Request, formData: FormData, clientIp: string): Promise<AuthUser> {
  try {
    // remix-auth copies the request (`new Request(url, request)`), which fails once the body has
    // been read: it gets a body-less copy, and the form arrives through the context.
    const bodyless = new Request(request.url, { method: request.method, headers: request.headers });
    return await authenticator.authenticate("form", bodyless, { context: { formData, clientIp } satisfies FormContext });
  } catch (error) {
    return unwrap(error);
  }
}

export function isGoogleConfigured(): boolean {
  const env = getEnv();
  return !!(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

let googleRegistered = false;

function ensureGoogleStrategy(): void {
  if (googleRegistered) return;
  const env = getEnv();
  const strategy = new GoogleStrategy<AuthUser>(
    {
      clientID: env.GOOGLE_CLIENT_ID!,
      clientSecret: env.GOOGLE_CLIENT_SECRET!,
      callbackURL: `${env.APP_URL}/api/auth/google/callback`,
      prompt: "select_account",
    },
    async ({ profile }) => {
      const raw = profile._json as { email_verified?: boolean | string; given_name?: string; family_name?: string };
      return findOrCreateGoogleUser(db, {
        googleId: profile.id,
        email: profile.emails?.[0]?.value,
        emailVerified: raw.email_verified === true || raw.email_verified === "true",
        firstName: raw.given_name,
        lastName: raw.family_name,
      });
    },
  );
  // remix-auth-google hard-codes Google's endpoints; tests point them at a local OAuth2 server.
  const mutable = strategy as unknown as { authorizationURL: string; tokenURL: string; userInfoURL: string };
  if (env.GOOGLE_AUTH_URL) mutable.authorizationURL = env.GOOGLE_AUTH_URL;
  if (env.GOOGLE_TOKEN_URL) mutable.tokenURL = env.GOOGLE_TOKEN_URL;
  if (env.GOOGLE_USERINFO_URL) mutable.userInfoURL = env.GOOGLE_USERINFO_URL;
  authenticator.use(strategy, "google");
  googleRegistered = true;
}

/**
 * Google sign-in. On /api/auth/google it throws the redirect to Google (with the OAuth
 * `state` kept in the session); on the callback it checks `state`, trades the code and
 * returns the user. Throws DomainError 401 when Google or the state check says no.
 */
export async function authenticateWithGoogle(request: Request): Promise<AuthUser> {
  if (!isGoogleConfigured()) throw new DomainError("Google sign-in is not available on this shop", 404);
  ensureGoogleStrategy();
  try {
    return await authenticator.authenticate("google", request, { throwOnError: true });
  } catch (error) {
    if (error instanceof Response) throw error;
    return unwrap(error);
  }
}
