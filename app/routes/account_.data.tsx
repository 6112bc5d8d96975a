import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert, firstError, type FieldErrors, PasswordField } from "~/components/ui/field";
import { ACCOUNT_DELETE_CONFIRM, confirmFirst } from "~/lib/behavior-contract";
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

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Your data", noindex: true });

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
  headers.append("Set-Cookie", await toastHeader({ title: PRIVACY_TEXT.deleted, type: "success" }));
  return redirect("/", { headers });
}

export default function AccountDataPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as DataActionData | undefined;
  const errors = (actionData?.result?.error ?? null) as FieldErrors;
  const years = data.retentionYears === 1 ? "1 year" : `${data.retentionYears} years`;
  return (
    <div className="container account-page data-page">
      <div className="page-head">
        <h1>Your data</h1>
        <p className="muted">
          <Link to="/account" prefetch="none">
            My Account
          </Link>{" "}
          · {data.email}
        </p>
      </div>

      <section className="form-card" aria-labelledby="export-title">
        <h2 id="export-title">Download my data</h2>
        <p>
          One file (JSON, readable by people and programs) with everything we keep about your account: your profile and saved address, your orders with their
          items, addresses and totals, favorites, cart, loyalty history, back-in-stock requests, sign-in history and the e-mails we sent you. Passwords and
          sign-in secrets are never in it.
        </p>
        {data.exportRefused ? (
          <Alert title={PRIVACY_TEXT.exportLimitedTitle} tone="info">
            {data.exportRefused}
          </Alert>
        ) : null}
        {/* No download attribute: the file comes as an attachment, and a refusal comes back to this page. */}
        <a href="/account/data/export" className="button">
          Download my data
        </a>
      </section>

      <section className="form-card data-delete" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete my account</h2>
        <p>
          Deleting your account removes your profile and saved address, favorites, cart, loyalty points and their history, back-in-stock requests and sign-in
          history, and signs you out on every device. It cannot be undone.
        </p>
        <p>
          Your orders stay with us for {years}, as the accounting rules require, but no longer linked to any account; the links in your order e-mails keep
          working. Read more in our <Link to="/privacy">Privacy Policy</Link>.
        </p>
        {data.lastAdmin ? (
          <Alert title="This account cannot be deleted" tone="info">
            {PRIVACY_TEXT.lastAdmin}
          </Alert>
        ) : actionData?.linkSentTo ? (
          <Alert title="Check your e-mail" tone="success">
            {PRIVACY_TEXT.linkSent} <strong>{actionData.linkSentTo}</strong>
          </Alert>
        ) : (
          <>
            {actionData?.failure ? <Alert title="Account not deleted">{actionData.failure}</Alert> : null}
            {data.hasPassword ? (
              <Form method="post" className="form-stack" aria-label="Delete my account" {...confirmFirst(ACCOUNT_DELETE_CONFIRM)}>
                <input type="hidden" name="intent" value={DELETE_INTENTS.withPassword} />
                <PasswordField
                  label="Current password"
                  autoComplete="current-password"
                  constraint={data.constraints.password}
                  error={firstError(errors, "password")}
                />
                <div className="actions">
                  <button type="submit" className="button button-delete">
                    Delete my account
                  </button>
                </div>
              </Form>
            ) : (
              <Form method="post" className="form-stack" aria-label="Delete my account" {...confirmFirst(ACCOUNT_DELETE_CONFIRM)}>
                <input type="hidden" name="intent" value={DELETE_INTENTS.sendLink} />
                <p className="muted">Your account has no password, so we confirm by e-mail: we send a link to {data.email}, valid for one hour.</p>
                <div className="actions">
                  <button type="submit" className="button button-delete">
                    Delete my account
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
