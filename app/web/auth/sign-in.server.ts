import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type AuthUser, registerUser } from "~/domain/auth/accounts.server";
import { authenticateWithPassword } from "~/web/auth/authenticator.server";
import { json, redirect } from "@remix-run/node";
import { beginSignIn, signInUser } from "~/web/auth/sign-in-session.server";
import { type Toast, toastHeader } from "~/web/toast.server";
import { requestWantsJson } from "~/lib/wants-json";
import { AUTH_TOAST_TEXT, loginFailed, registrationFailed } from "~/domain/auth/texts";
import { LoginSchema, RegisterSchema } from "~/domain/auth/schemas";
import { DomainError } from "~/domain/common/errors";
import { db } from "~/lib/db.server";
import { getClientIp, safeRedirect } from "~/web/http.server";
import { browserTarget, pageToast, redirectTarget } from "~/web/auth/page-language.server";

/** What a sign-in or sign-up form action hands back to its page when it did not succeed. */
export interface FormFailure {
  ok: false;
  status: number;
  result: SubmissionResult<string[]>;
  alert: Toast;
}

export interface FormSuccess {
  ok: true;
  user: AuthUser;
  /** Set-Cookie of the new session. */
  cookie: string;
}

function isBlank(value: FormDataEntryValue | null): boolean {
  return typeof value !== "string" || value.trim() === "";
}

/**
 * The HTML door of e-mail sign-in (login and admin-login pages): checks the form with
 * LoginSchema, then remix-auth's form strategy, then starts a fresh session.
 */
export async function signInWithForm(request: Request, formData: FormData): Promise<FormSuccess | FormFailure> {
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    const missing = isBlank(formData.get("email")) || isBlank(formData.get("password"));
    return {
      ok: false,
      status: 400,
      result: submission.reply({ hideFields: ["password"] }),
      alert: missing ? { ...AUTH_TOAST_TEXT.missingInformation } : loginFailed(firstMessage(submission.error)),
    };
  }
  try {
    const user = await authenticateWithPassword(request, formData, getClientIp(request));
    if (user.hasTotp) {
      // The password was right; the second factor's page finishes the sign-in.
      const next = await beginSignIn(request, user.id, safeRedirect(formData.get("redirectTo"), user.isAdmin ? "/admin" : "/"));
      throw redirect(next.location, { headers: { "Set-Cookie": next.cookie } });
    }
    return { ok: true, user, cookie: await signInUser(request, user.id) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      ok: false,
      status: error.status,
      result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }),
      alert: loginFailed(error.message),
    };
  }
}

/** The HTML door of registration: RegisterSchema, registerUser, then a fresh signed-in session. */
export async function registerWithForm(request: Request, formData: FormData): Promise<FormSuccess | FormFailure> {
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  if (submission.status !== "success") {
    return {
      ok: false,
      status: 400,
      result: submission.reply({ hideFields: ["password"] }),
      alert: registrationFailed(firstMessage(submission.error)),
    };
  }
  try {
    const user = await registerUser(db, submission.value, getClientIp(request));
    return { ok: true, user, cookie: await signInUser(request, user.id) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      ok: false,
      status: error.status,
      result: submission.reply({ ...error.toConform(), hideFields: ["password"] }),
      alert: registrationFailed(error.message),
    };
  }
}

function firstMessage(errors: Record<string, string[] | null> | null | undefined): string | undefined {
  if (!errors) return undefined;
  for (const list of Object.values(errors)) if (list?.[0]) return list[0];
  return undefined;
}

export const SIGN_IN_TOAST: Toast = { ...AUTH_TOAST_TEXT.loginSuccess };

/**
 * Ends a sign-in that went through: post/redirect/get for a plain form; for the browser module
 * (which asked for JSON) where to go, with the same cookies (browser/behaviors/sign-in.ts follows
 * after the spec's pause). Either way the notification travels in its cookie and the page she
 * lands on shows it, once, in that page's language; a Polish page's `redirectTo` has no prefix.
 */
export async function answerSignedIn(request: Request, redirectTo: string, toast: Toast | null, cookies: (string | null)[]): Promise<Response> {
  const headers = new Headers();
  if (toast) headers.append("Set-Cookie", await toastHeader(pageToast(request, toast, redirectTo)));
  for (const c of cookies) if (c) headers.append("Set-Cookie", c);
  if (!requestWantsJson(request)) return redirect(redirectTarget(request, redirectTo), { headers });
  return json({ ok: true as const, redirectTo: browserTarget(request, redirectTo) }, { headers });
}

/** A redirect a sign-in step throws (to the second factor's page), answered to the browser module as where to go next. */
export async function answerThrownRedirect(request: Request, thrown: unknown): Promise<Response | null> {
  if (!(thrown instanceof Response) || thrown.status < 300 || thrown.status >= 400 || !requestWantsJson(request)) return null;
  const location = thrown.headers.get("Location");
  if (!location) return null;
  const cookies = thrown.headers.getSetCookie();
  return answerSignedIn(request, location, null, cookies);
}
