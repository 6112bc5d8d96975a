import { json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getDashboardStats } from "~/domain/admin/reports.server";
import { getOptionalUser } from "~/domain/auth/guards.server";
import { db } from "~/lib/db.server";

export const meta: MetaFunction = () => [
  { title: "Admin Dashboard · Little Stitches Atelier" },
  { name: "robots", content: "noindex" },
];

export const ACCESS_DENIED = "Access Denied - You need admin privileges to access this page.";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) throw redirect(`/admin-login?redirectTo=${encodeURIComponent("/admin")}`);
  if (!user.isAdmin) return json({ denied: true as const, stats: null }, { status: 403 });
  return json({ denied: false as const, stats: await getDashboardStats(db) });
}

export default function AdminDashboard() {
  const data = useLoaderData<typeof loader>();
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
  const { revenue, orders, products, users } = data.stats;
  return (
    <div className="container">
      <h1>Admin Dashboard</h1>
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
      </div>
    </div>
  );
}
