import { Link } from "@remix-run/react";
import { formatMoney } from "~/lib/money";
import { RevenueChart } from "~/components/admin/revenue-chart";
import { TaxThresholdsCard } from "~/components/admin/tax-thresholds-card";
import type { getDashboardStats, getRevenueSeries } from "~/domain/orders/reports.server";
import type { ThresholdSummary } from "~/domain/records/thresholds.server";

const counts = new Intl.NumberFormat("en-US");
const formatCount = (n: number) => counts.format(n);

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
        <RevenueChart id="revenue-days" title="Revenue by day, last 30 days (paid and shipped, before refunds)" points={revenue.byDay} labelEvery={7} />
        <RevenueChart id="revenue-months" title="Revenue by month, last 12 months (paid and shipped, before refunds)" points={revenue.byMonth} labelEvery={3} />
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
        <p className="stat-figure" data-testid="revenue-all-time">
          {formatMoney(revenue.allTime)}
        </p>
        <p className="stat-what">All time: paid and shipped orders, before refunds</p>
        <dl className="stat-windows">
          <div>
            <dt>Last 12 months</dt>
            <dd data-testid="revenue-12-months">{formatMoney(revenue.last12Months)}</dd>
          </div>
          <div>
            <dt>This month</dt>
            <dd>{formatMoney(revenue.thisMonth)}</dd>
          </div>
          <div>
            <dt>Last 7 days</dt>
            <dd>{formatMoney(revenue.last7Days)}</dd>
          </div>
        </dl>
        <p className="stat-what">Days and months in shop time (Warsaw), as in the charts</p>
      </section>
      <section className="stat-card" aria-labelledby="stat-orders">
        <h2 id="stat-orders">Total Orders</h2>
        <p className="stat-figure" data-testid="orders-total">
          {formatCount(orders.total)}
        </p>
        <p className="stat-what">Paid and shipped orders</p>
        <dl className="stat-windows">
          <div>
            <dt>Orders to ship</dt>
            <dd data-testid="orders-to-ship">{formatCount(orders.toShip)}</dd>
          </div>
          <div>
            <dt>All orders, any status</dt>
            <dd>
              <Link to="/admin?tab=orders">{formatCount(orders.all)}</Link>
            </dd>
          </div>
        </dl>
        <p className="stat-what">To ship: paid, not yet shipped</p>
      </section>
      <section className="stat-card" aria-labelledby="stat-products">
        <h2 id="stat-products">Total Products</h2>
        <p className="stat-figure">{formatCount(products.total)}</p>
        <p className="muted small">Sold out: {products.soldOut}</p>
        <p className="muted small">Active: {products.active}</p>
      </section>
      <section className="stat-card" aria-labelledby="stat-users">
        <h2 id="stat-users">Total Users</h2>
        <p className="stat-figure">{formatCount(users)}</p>
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
