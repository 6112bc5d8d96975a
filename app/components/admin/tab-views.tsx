import { type SerializeFrom } from "@remix-run/node";
import { type ReactNode } from "react";
import { ActivityTab } from "~/components/admin/activity-tab";
import { CategoriesTab } from "~/components/admin/categories-tab";
import { DashboardTab } from "~/components/admin/dashboard-tab";
import { DiscountsTab } from "~/components/admin/discounts-tab";
import { EmailsTab } from "~/components/admin/emails-tab";
import { FunctionsTab } from "~/components/admin/functions-tab";
import { OrdersTab } from "~/components/admin/orders-tab";
import { PagesTab } from "~/components/admin/pages-tab";
import { ProductsTab } from "~/components/admin/products-tab";
import { ReviewsTab } from "~/components/admin/reviews-tab";
import { SettingsTab } from "~/components/admin/settings-tab";
import { LoyaltyTab, UsersTab } from "~/components/admin/users-tab";
import type { AdminTab, AdminTabData } from "~/web/admin/tabs.server";

// The tabs of /admin, the page's half: each tab's view. The server's half (each tab's
// data and forms' handler) is web/admin/tabs.server.ts; this table must name every tab it has.

interface AdminTabView<T extends AdminTab> {
  /** Draws the tab from the fields its loader added to the page's data (and the fields every tab's page has). */
  view: (data: SerializeFrom<AdminTabData<T>> & AdminPageFields) => ReactNode;
}

/** The fields routes/admin.tsx gives every tab's page: whether the second factor is on (Settings only, else null). */
interface AdminPageFields {
  twoFactorOn: boolean | null;
}

/** The sections' labels and groups are components/admin/admin-nav.ts's. */
export const ADMIN_TAB_VIEWS: { [T in AdminTab]: AdminTabView<T> } = {
  dashboard: { view: (d) => <DashboardTab stats={d.stats} revenue={d.revenue} thresholds={d.thresholds} /> },
  products: { view: (d) => <ProductsTab data={d.productsTab} /> },
  categories: { view: (d) => <CategoriesTab data={d.store} /> },
  orders: { view: (d) => <OrdersTab data={d.orders} /> },
  discounts: { view: (d) => <DiscountsTab data={d.discountsTab} /> },
  reviews: { view: (d) => <ReviewsTab data={d.reviewsTab} /> },
  users: { view: (d) => <UsersTab data={d.store} /> },
  loyalty: { view: (d) => <LoyaltyTab data={d.store} /> },
  maintenance: { view: (d) => <FunctionsTab data={d.store} /> },
  emails: { view: (d) => <EmailsTab data={d.emails} here="/admin?tab=emails" /> },
  pages: { view: (d) => <PagesTab data={d.ownerPages} /> },
  settings: { view: (d) => <SettingsTab data={d.store} twoFactorOn={d.twoFactorOn} /> },
  activity: { view: (d) => <ActivityTab data={d.activity} /> },
};

/** The open tab, drawn from the page's data (the loader put the tab's own fields beside `tab`). */
export function AdminTabPanel({ page }: { page: { tab: AdminTab } }) {
  // The pairing of a tab with its fields is the loader's; a lookup by a union key cannot carry it.
  const view = ADMIN_TAB_VIEWS[page.tab].view as (data: unknown) => ReactNode;
  return <>{view(page)}</>;
}
