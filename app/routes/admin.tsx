import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ActivityTab } from "~/components/admin/activity-tab";
import { EmailsTab } from "~/components/admin/emails-tab";
import { OrdersTab } from "~/components/admin/orders-tab";
import { PagesTab } from "~/components/admin/pages-tab";
import { ReviewsTab } from "~/components/admin/reviews-tab";
import { loadReviewsTab, reviewsTabAction } from "~/web/admin/reviews-tab.server";
import { ProductsTab } from "~/components/admin/products-tab";
import { StoreTab } from "~/components/admin/store-tabs";
import { ordersTabAction, loadOrdersTab } from "~/web/admin/orders-tab.server";
import { loadProductsTab, productsTabAction } from "~/web/admin/products-tab.server";
import { RevenueChart } from "~/components/admin/revenue-chart";
import { loadOutboxView, outboxAction } from "~/web/admin/outbox.server";
import { getDashboardStats, getRevenueSeries } from "~/domain/orders/reports.server";
import { loadStoreTab, storeTabAction } from "~/web/admin/store-tabs.server";
import { useActionToast } from "~/components/ui/toaster";
import { ACCESS_DENIED, ADMIN_TABS, type AdminTab, toAdminTab } from "~/components/admin/tabs";
import { adminPageAccess, requireAdminAction } from "~/web/guards.server";
import { hasSecondFactor } from "~/domain/auth/totp.server";
import { loadActivityTab } from "~/domain/ops/activity.server";
import { actorOf } from "~/web/actor.server";
import { loadPagesTab, pagesTabAction } from "~/web/admin/pages-tab.server";
import { db } from "~/lib/db.server";
import { jsonError, readFormData } from "~/web/http.server";
import { pageMeta } from "~/lib/meta";
import { HYDRATED_PAGE } from "~/lib/lean-page";

/** The admin area is a React app (lib/lean-page.ts). */
export const handle = HYDRATED_PAGE;

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Admin Dashboard", noindex: true });

export { ACCESS_DENIED };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, denied } = await adminPageAccess(request);
  if (denied) return json({ denied: true as const }, { status: denied });
  const url = new URL(request.url);
  const tab = toAdminTab(url.searchParams.get("tab"));
  // Until the owner turns on a second factor, every admin page says so.
  const twoFactorOn = await hasSecondFactor(db, user.id);
  if (tab === "orders") return json({ denied: false as const, twoFactorOn, tab, orders: await loadOrdersTab(db, url) });
  if (tab === "dashboard") {
    const [stats, revenue] = await Promise.all([getDashboardStats(db), getRevenueSeries(db)]);
    return json({ denied: false as const, twoFactorOn, tab, stats, revenue });
  }
  if (tab === "activity") return json({ denied: false as const, twoFactorOn, tab, activity: await loadActivityTab(db, url) });
  if (tab === "products") return json({ denied: false as const, twoFactorOn, tab, productsTab: await loadProductsTab(db, url) });
  if (tab === "emails") return json({ denied: false as const, twoFactorOn, tab, emails: await loadOutboxView(db, url) });
  if (tab === "reviews") return json({ denied: false as const, twoFactorOn, tab, reviewsTab: await loadReviewsTab(db, url) });
  if (tab === "pages") return json({ denied: false as const, twoFactorOn, tab, ownerPages: await loadPagesTab(db) });
  return json({ denied: false as const, twoFactorOn, tab, store: await loadStoreTab(db, tab, url) });
}

/** Every admin form posts here with an `intent`; each tab's module handles its own intents. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdminAction(request);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const response =
    (await ordersTabAction(request, formData, intent)) ??
    (await productsTabAction(request, formData, intent)) ??
    (await storeTabAction(request, formData, intent)) ??
    (await pagesTabAction(request, formData, intent)) ??
    (await reviewsTabAction(request, formData, intent)) ??
    (await outboxAction(formData, intent, "/admin?tab=emails", actorOf(user, request)));
  if (!response) throw jsonError("Unknown action", 400);
  return response;
}

export default function AdminDashboard() {
  const data = useLoaderData<typeof loader>();
  useActionToast();
  if (data.denied) {
    return (
      <div className="container narrow">
        <h1>Access Denied</h1>
        <p>{ACCESS_DENIED}</p>
        <p>
          <Link to="/admin-login">Sign in as an admin</Link> or <Link to="/">go to the shop</Link>.
        </p>
      </div>
    );
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
        {ADMIN_TABS.map((t) => (
          <Link key={t.id} to={t.id === "dashboard" ? "/admin" : `/admin?tab=${t.id}`} aria-current={data.tab === t.id ? "page" : undefined}>
            {t.label}
          </Link>
        ))}
      </nav>
      {"orders" in data ? <OrdersTab data={data.orders} /> : null}
      {"activity" in data ? <ActivityTab data={data.activity} /> : null}
      {"productsTab" in data ? <ProductsTab data={data.productsTab} /> : null}
      {"emails" in data ? <EmailsTab data={data.emails} here="/admin?tab=emails" /> : null}
      {"reviewsTab" in data ? <ReviewsTab data={data.reviewsTab} /> : null}
      {"ownerPages" in data ? <PagesTab data={data.ownerPages} /> : null}
      {"store" in data ? <StoreTab tab={data.tab as AdminTab} data={data.store} /> : null}
      {"stats" in data ? <DashboardCards stats={data.stats} /> : null}
      {"revenue" in data ? (
        <div className="chart-grid">
          <RevenueChart id="revenue-days" title="Revenue by day, last 30 days" points={data.revenue.byDay} labelEvery={7} />
          <RevenueChart id="revenue-months" title="Revenue by month, last 12 months" points={data.revenue.byMonth} labelEvery={3} />
        </div>
      ) : null}
    </div>
  );
}

function DashboardCards({ stats }: { stats: Awaited<ReturnType<typeof getDashboardStats>> }) {
  const { revenue, orders, products, users, withdrawalsToHandle } = stats;
  return (
    <div className="stat-grid">
      <section className="stat-card" aria-labelledby="stat-revenue">
        <h2 id="stat-revenue">Total Revenue</h2>
        <p className="stat-figure">${revenue.allTime}</p>
        <p className="muted small">This month: ${revenue.thisMonth}</p>
        <p className="muted small">Last 7 days: ${revenue.last7Days}</p>
      </section>
      <section className="stat-card" aria-labelledby="stat-orders">
        <h2 id="stat-orders">Total Orders</h2>
        <p className="stat-figure">{orders.total}</p>
        <p className="muted small">Orders to ship: {orders.toShip}</p>
      </section>
      <section className="stat-card" aria-labelledby="stat-products">
        <h2 id="stat-products">Total Products</h2>
        <p className="stat-figure">{products.total}</p>
        <p className="muted small">Sold out: {products.soldOut}</p>
        <p className="muted small">Active: {products.active}</p>
      </section>
      <section className="stat-card" aria-labelledby="stat-users">
        <h2 id="stat-users">Total Users</h2>
        <p className="stat-figure">{users}</p>
      </section>
      <section className={`stat-card${withdrawalsToHandle > 0 ? " stat-card-alert" : ""}`} aria-labelledby="stat-withdrawals">
        <h2 id="stat-withdrawals">Withdrawals to handle</h2>
        <p className="stat-figure">{withdrawalsToHandle}</p>
        <p className="muted small">
          <Link to="/admin?tab=orders&withdrawal=open">See the orders</Link>
        </p>
      </section>
    </div>
  );
}
