import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ADMIN_TAB_BAR, AdminTabPanel } from "~/components/admin/tab-views";
import { adminTabAction, loadAdminTab, toAdminTab } from "~/web/admin/tabs.server";
import { useActionToast } from "~/components/ui/toaster";
import { ACCESS_DENIED } from "~/components/admin/tabs";
import { adminPageAccess, requireAdminAction } from "~/web/guards.server";
import { hasSecondFactor } from "~/domain/auth/totp.server";
import { db } from "~/lib/db.server";
import { jsonError, readFormData } from "~/web/http.server";
import { pageMeta } from "~/lib/meta";
import { AdminAccessDenied } from "~/components/admin/access-denied";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Admin Dashboard", noindex: true });

export { ACCESS_DENIED };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, denied } = await adminPageAccess(request);
  if (denied) return json({ denied: true as const }, { status: denied });
  const url = new URL(request.url);
  const tab = toAdminTab(url.searchParams.get("tab"));
  // Until the owner turns on a second factor, every admin page says so.
  const twoFactorOn = await hasSecondFactor(db, user.id);
  return json({ denied: false as const, twoFactorOn, tab, ...(await loadAdminTab(db, tab, url)) });
}

/** Every admin form posts here with an `intent`; each tab's handler answers its own (web/admin/tabs.server.ts). */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdminAction(request);
  const formData = await readFormData(request);
  const response = await adminTabAction(request, formData, String(formData.get("intent") ?? ""));
  if (!response) throw jsonError("Unknown action", 400);
  return response;
}

export default function AdminDashboard() {
  const data = useLoaderData<typeof loader>();
  useActionToast();
  if (data.denied) {
    return <AdminAccessDenied />;
  }
  return (
    <div className="container">
      <h1>Admin Dashboard</h1>
      {!data.twoFactorOn ? (
        <div className="alert alert-info" role="status">
          <p className="alert-title">Protect the shop with two-factor authentication</p>
          <p>
            Anyone who learns your password can sign in as you. <Link to="/account/two-factor">Turn on two-factor authentication</Link> so a sign-in also needs
            a code from your phone.
          </p>
        </div>
      ) : null}
      <nav className="tabs" aria-label="Admin sections">
        {ADMIN_TAB_BAR.map((t) => (
          <Link key={t.id} to={t.id === "dashboard" ? "/admin" : `/admin?tab=${t.id}`} aria-current={data.tab === t.id ? "page" : undefined}>
            {t.label}
          </Link>
        ))}
      </nav>
      <AdminTabPanel page={data} />
    </div>
  );
}
