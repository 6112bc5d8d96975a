import { Link } from "@remix-run/react";
import { RevenueChart } from "~/components/admin/revenue-chart";
import { TaxThresholdsCard } from "~/components/admin/tax-thresholds-card";
import type { getDashboardStats, getRevenueSeries } from "~/domain/orders/reports.server";
import type { ThresholdSummary } from "~/domain/records/thresholds.server";

/** The Dashboard tab: the shop's figures, the year's tax thresholds and its revenue by day and by month. */
export function DashboardTab({
  stats,
  revenue,
  thresholds,
}: {
  stats: Awaited<ReturnType<typeof getDashboardStats>>;
  revenue: Awaited<ReturnType<typeof getRevenueSeries>>;
  thresholds: ThresholdSummary;
}) {
  return (
    <>
      <DashboardCards stats={stats} />
      <TaxThresholdsCard thresholds={thresholds} />
      <div className="chart-grid">
        <RevenueChart id="revenue-days" title="Revenue by day, last 30 days" points={revenue.byDay} labelEvery={7} />
        <RevenueChart id="revenue-months" title="Revenue by month, last 12 months" points={revenue.byMonth} labelEvery={3} />
      </div>
    </>
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
