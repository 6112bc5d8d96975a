import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert, firstError, type FieldErrors, PasswordField } from "~/components/ui/field";
import { confirmFirst } from "~/lib/behavior-contract";
import { getProfile } from "~/domain/auth/accounts.server";
import { destroySession, getSession } from "~/web/session.server";
import { requireUser } from "~/web/guards.server";
import { toastHeader } from "~/web/toast.server";
import { DomainError } from "~/domain/common/errors";
import { getLegalSettings } from "~/domain/common/settings.server";
import { isLastAdmin, requestAccountDeletion } from "~/domain/privacy/deletion.server";
import { exportRefusal } from "~/domain/privacy/export.server";
import { DeleteAccountSchema } from "~/domain/privacy/schemas";
import { DELETE_INTENTS, PRIVACY_TEXT } from "~/domain/privacy/texts";
import { db } from "~/lib/db.server";
import { jsonError, readFormData } from "~/web/http.server";
import { pageMeta } from "~/lib/meta";
import { formConstraints } from "~/web/form-constraints.server";
import { useI18n } from "~/i18n/context";
import { metaI18n, pageToast } from "~/web/auth/page-language.server";

export const meta: MetaFunction = (args) => pageMeta(args, { title: metaI18n(args.matches).t("privacy.data.title"), noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [profile, legal, lastAdmin, exportRefused] = await Promise.all([
    getProfile(db, user.id),
    getLegalSettings(db),
    isLastAdmin(db, user.id),
    exportRefusal(db, user.id),
  ]);
  return json({
    email: user.email,
    // Past the download limit the download sends the browser back here, and the page says why.
    exportRefused,
    hasPassword: profile?.hasPassword ?? false,
    lastAdmin,
    retentionYears: legal.orderRetentionYears,
    // The schema cannot know the account: the domain requires the password of an account that has
    // one (400), and only such an account is shown the password form.
    constraints: formConstraints(DeleteAccountSchema, { required: ["password"] }),
  });
}

interface DataActionData {
  result?: { error?: Record<string, string[] | null | undefined> | null };
  linkSentTo?: string;
  failure?: string;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent !== DELETE_INTENTS.withPassword && intent !== DELETE_INTENTS.sendLink) return jsonError("Unknown action", 400);
  const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
  const hidden = { hideFields: ["password"] };
  if (submission.status !== "success") return json<DataActionData>({ result: submission.reply(hidden) }, { status: 400 });
  try {
    // The same domain call as POST /api/account/delete: the account decides between password and link.
    const done = await requestAccountDeletion(db, user.id, submission.value);
    if (done.status === "link-sent") return json<DataActionData>({ linkSentTo: done.email });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.field) return json<DataActionData>({ result: submission.reply({ ...error.toConform(), ...hidden }) }, { status: error.status });
    return json<DataActionData>({ failure: error.message }, { status: error.status });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(await getSession(request)));
  headers.append("Set-Cookie", await toastHeader(pageToast(request, { title: PRIVACY_TEXT.deleted, type: "success" })));
  return redirect("/", { headers });
}

export default function AccountDataPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as DataActionData | undefined;
  const errors = (actionData?.result?.error ?? null) as FieldErrors;
  const { t, text, rich, path } = useI18n();
  // The browser module asks this question as written here: in the page's language.
  const confirm = confirmFirst(t("privacy.data.confirm"));
  return (
    <div className="container account-page data-page">
      <div className="page-head">
        <h1>{t("privacy.data.title")}</h1>
        <p className="muted">
          <Link to="/account" prefetch="none">
            {t("privacy.data.myAccount")}
          </Link>{" "}
          · {data.email}
        </p>
      </div>

      <section className="form-card" aria-labelledby="export-title">
        <h2 id="export-title">{t("privacy.data.exportTitle")}</h2>
        <p>{t("privacy.data.exportText")}</p>
        {data.exportRefused ? (
          <Alert title={text(PRIVACY_TEXT.exportLimitedTitle)} tone="info">
            {text(data.exportRefused)}
          </Alert>
        ) : null}
        {/* No download attribute: the file comes as an attachment, and a refusal comes back to this page. */}
        <a href={path("/account/data/export")} className="button">
          {t("privacy.data.exportButton")}
        </a>
      </section>

      <section className="form-card data-delete" aria-labelledby="delete-title">
        <h2 id="delete-title">{t("privacy.data.deleteTitle")}</h2>
        <p>{t("privacy.data.deleteText")}</p>
        <p>{rich("privacy.data.ordersStay", { years: data.retentionYears, link: <Link to="/privacy">{t("privacy.data.privacyLink")}</Link> })}</p>
        {data.lastAdmin ? (
          <Alert title={t("privacy.data.cannotDelete")} tone="info">
            {text(PRIVACY_TEXT.lastAdmin)}
          </Alert>
        ) : actionData?.linkSentTo ? (
          <Alert title={t("privacy.data.checkEmail")} tone="success">
            {text(PRIVACY_TEXT.linkSent)} <strong>{actionData.linkSentTo}</strong>
          </Alert>
        ) : (
          <>
            {actionData?.failure ? <Alert title={t("privacy.data.notDeleted")}>{text(actionData.failure)}</Alert> : null}
            {data.hasPassword ? (
              <Form method="post" className="form-stack" aria-label={t("privacy.data.deleteTitle")} {...confirm}>
                <input type="hidden" name="intent" value={DELETE_INTENTS.withPassword} />
                <PasswordField
                  label={t("privacy.data.currentPassword")}
                  autoComplete="current-password"
                  constraint={data.constraints.password}
                  error={firstError(errors, "password")}
                />
                <div className="actions">
                  <button type="submit" className="button button-delete">
                    {t("privacy.data.deleteButton")}
                  </button>
                </div>
              </Form>
            ) : (
              <Form method="post" className="form-stack" aria-label={t("privacy.data.deleteTitle")} {...confirm}>
                <input type="hidden" name="intent" value={DELETE_INTENTS.sendLink} />
                <p className="muted">{t("privacy.data.byEmail", { email: data.email })}</p>
                <div className="actions">
                  <button type="submit" className="button button-delete">
                    {t("privacy.data.deleteButton")}
                  </button>
                </div>
              </Form>
            )}
          </>
        )}
      </section>
    </div>
  );
}
