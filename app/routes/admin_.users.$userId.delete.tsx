import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { type FormEvent } from "react";
import { Alert, EmailField, firstError, type FieldErrors } from "~/components/ui/field";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import { DomainError } from "~/domain/common/errors";
import { getLegalSettings } from "~/domain/common/settings.server";
import { actorOf } from "~/web/actor.server";
import { deleteCustomerAsAdmin } from "~/domain/privacy/deletion.server";
import { AdminDeleteSchema } from "~/domain/privacy/schemas";
import { PRIVACY_TEXT } from "~/domain/privacy/texts";
import { db } from "~/lib/db.server";
import { jsonError, readFormData, requireIdParam } from "~/web/http.server";
import { pageMeta } from "~/lib/meta";
import { displayName } from "~/domain/auth/display-name";
import { formConstraints } from "~/web/form-constraints.server";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Delete a customer account", noindex: true });

const USERS_TAB = "/admin?tab=users";

async function loadCustomer(userId: number) {
  const row = await db
    .selectFrom("users")
    .select(["id", "email", "first_name as firstName", "last_name as lastName", "is_admin as isAdmin"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) throw jsonError(PRIVACY_TEXT.notFound, 404);
  const orders = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return { id: row.id, email: row.email, name: displayName(row.firstName, row.lastName, row.email), isAdmin: row.isAdmin === 1, orders: Number(orders.n) };
}

/**
 * The shop deletes a customer's account on request: a second step (works without JavaScript)
 * where the admin types the customer's e-mail address again. Admin accounts are not deleted here.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const customer = await loadCustomer(requireIdParam(params.userId, PRIVACY_TEXT.notFound));
  const legal = await getLegalSettings(db);
  return json({ customer, retentionYears: legal.orderRetentionYears, constraints: formConstraints(AdminDeleteSchema) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const userId = requireIdParam(params.userId, PRIVACY_TEXT.notFound);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: AdminDeleteSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), failure: null }, { status: 400 });
  try {
    const done = await deleteCustomerAsAdmin(db, userId, submission.value.email, actorOf(admin, request));
    return redirectWithToast(USERS_TAB, { title: PRIVACY_TEXT.adminDeleted, description: done.email, type: "success" });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.field) return json({ result: submission.reply(error.toConform()), failure: null }, { status: error.status });
    return json({ result: null, failure: error.message }, { status: error.status });
  }
}

function confirmFirst(event: FormEvent<HTMLFormElement>) {
  if (!window.confirm("Delete this customer's account? This cannot be undone.")) event.preventDefault();
}

export default function AdminDeleteUserPage() {
  const { customer, retentionYears, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = (actionData?.result?.error ?? null) as FieldErrors;
  return (
    <div className="container narrow account-page">
      <div className="page-head">
        <h1>Delete a customer account</h1>
        <p className="muted">
          <Link to={USERS_TAB}>Users</Link> · {customer.name}
        </p>
      </div>
      <section className="form-card" aria-labelledby="delete-user-title">
        <h2 id="delete-user-title" className="store-break">
          {customer.email}
        </h2>
        {customer.isAdmin ? (
          <Alert title="Admin account" tone="info">
            {PRIVACY_TEXT.adminOnlyCustomers}
          </Alert>
        ) : (
          <>
            <p>
              This removes the account, its sessions, favorites, cart, loyalty history and back-in-stock requests, and e-mails the customer a confirmation.{" "}
              {customer.orders === 0
                ? "It has no orders."
                : `${customer.orders === 1 ? "Its order stays" : `Its ${customer.orders} orders stay`} for ${retentionYears} ${retentionYears === 1 ? "year" : "years"}, detached from the account.`}{" "}
              It cannot be undone.
            </p>
            {actionData?.failure ? <Alert title="Account not deleted">{actionData.failure}</Alert> : null}
            <Form method="post" className="form-stack" aria-label="Delete the account" onSubmit={confirmFirst}>
              <EmailField
                label="Type the customer's e-mail address to confirm"
                autoComplete="off"
                constraint={constraints.email}
                error={firstError(errors, "email")}
              />
              <div className="actions">
                <button type="submit" className="button button-delete">
                  Delete account
                </button>
                <Link to={USERS_TAB} className="button button-secondary">
                  Cancel
                </Link>
              </div>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
