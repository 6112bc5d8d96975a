import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/field";
import { EmailTokenSchema } from "~/domain/auth/email-schemas";
import { EMAIL_TOKEN_TEXT } from "~/domain/auth/email-texts";
import { confirmEmail, isEmailVerified, readVerifyToken, resendEmailVerification } from "~/domain/auth/email-tokens.server";
import { getOptionalUser } from "~/web/session.server";
import { DomainError } from "~/domain/common/errors";
import { db } from "~/lib/db.server";
import { readFormData } from "~/web/http.server";
import { requireUser } from "~/web/guards.server";
import { pageMeta } from "~/lib/meta";
import { useI18n } from "~/i18n/context";
import { metaI18n } from "~/web/auth/page-language.server";

// The token is in the URL: no canonical link, no indexing, no Referer to other sites.
export const meta: MetaFunction = (args) => [
  ...pageMeta(args, { title: metaI18n(args.matches).t("auth.verify.title"), noindex: true, canonical: false }),
  { name: "referrer", content: "same-origin" },
];

/**
 * Opening the link confirms nothing (mail scanners open links, and a stranger may have
 * registered the address): the page shows the address and asks for one click. A signed-in
 * customer whose address is unconfirmed can ask for a new link here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [{ state, email }, user] = await Promise.all([readVerifyToken(db, token), getOptionalUser(request)]);
  const canResend = user ? !(await isEmailVerified(db, user.id)) : false;
  const problem = token && state !== "valid" ? EMAIL_TOKEN_TEXT.verify[state] : null;
  return json({ token: state === "valid" ? token : "", email, problem, signedIn: Boolean(user), canResend }, { status: problem ? 400 : 200 });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  try {
    if (formData.get("intent") === "resend") {
      const user = await requireUser(request, () => {
        throw new DomainError("Please sign in to ask for a new link.", 401);
      });
      const { email } = await resendEmailVerification(db, user.id);
      return json({ done: "resent" as const, email, error: null });
    }
    const submission = parseWithZod(formData, { schema: EmailTokenSchema });
    if (submission.status !== "success") throw new DomainError(EMAIL_TOKEN_TEXT.verify.invalid, 400);
    const { email } = await confirmEmail(db, submission.value.token);
    return json({ done: "verified" as const, email, error: null });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json({ done: null, email: null, error: error.message }, { status: error.status });
  }
}

export default function VerifyEmailPage() {
  const { token, email, problem, signedIn, canResend } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData?.error ?? problem;
  const { t, text, rich } = useI18n();
  const resendForm = (
    <Form method="post" className="form-stack">
      <input type="hidden" name="intent" value="resend" />
      <button type="submit" className="button button-block">
        {t("auth.verify.sendNew")}
      </button>
    </Form>
  );
  return (
    <div className="container auth-page">
      <h1>{t("auth.verify.title")}</h1>
      <div className="form-card">
        {actionData?.done === "verified" ? (
          <Alert title={t("auth.verify.confirmed")} tone="success">
            {text(EMAIL_TOKEN_TEXT.verified)} <strong>{actionData.email}</strong>
          </Alert>
        ) : actionData?.done === "resent" ? (
          <Alert title={t("auth.link.sent")} tone="success">
            {text(EMAIL_TOKEN_TEXT.resent)} <strong>{actionData.email}</strong>
          </Alert>
        ) : error ? (
          <>
            <Alert title={t("auth.link.cannotUse")}>{text(error)}</Alert>
            {canResend ? (
              resendForm
            ) : signedIn ? null : (
              <p className="center">
                <Link to="/login?redirectTo=%2Fverify-email" className="button">
                  {t("auth.verify.signIn")}
                </Link>
              </p>
            )}
          </>
        ) : token ? (
          <Form method="post" className="form-stack">
            <input type="hidden" name="token" value={token} />
            <p>{rich("auth.verify.question", { email: <strong>{email}</strong> })}</p>
            <button type="submit" className="button button-lg button-block">
              {t("auth.verify.confirm")}
            </button>
          </Form>
        ) : canResend ? (
          <>
            <p>{t("auth.verify.notConfirmed")}</p>
            {resendForm}
          </>
        ) : (
          <p>{signedIn ? text(EMAIL_TOKEN_TEXT.alreadyVerified) : t("auth.verify.openLink")}</p>
        )}
        <p className="small center">
          <Link to="/shop">{t("auth.link.backToShop")}</Link>
        </p>
      </div>
    </div>
  );
}
