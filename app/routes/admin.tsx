import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminTabPanel } from "~/components/admin/tab-views";
import { movedTab } from "~/components/admin/admin-nav";
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
  // A section that moved keeps its old address: `?tab=functions` is Settings → Maintenance, the rest of the query kept.
  const moved = movedTab(url.searchParams.get("tab"));
  if (moved) {
    url.searchParams.set("tab", moved);
    throw redirect(`/admin?${url.searchParams.toString()}`);
  }
  const tab = toAdminTab(url.searchParams.get("tab"));
  // The Settings tab says whether the second factor is on (the reminder itself shows once per sign-in, root's admin chrome).
  const twoFactorOn = tab === "settings" ? await hasSecondFactor(db, user.id) : null;
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

/** /admin: the open section (`?tab=`, the Dashboard without one); the sections' navigation is the admin chrome's (root.tsx). */
export default function AdminDashboard() {
  const data = useLoaderData<typeof loader>();
  useActionToast();
  if (data.denied) {
    return <AdminAccessDenied />;
  }
  return (
    <div className="container">
      <h1 className="admin-title">Admin Dashboard</h1>
      <AdminTabPanel page={data} />
    </div>
  );
}
