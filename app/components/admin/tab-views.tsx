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

// The tabs of /admin, the page's half: each tab's label and view. The server's half (each tab's
// data and forms' handler) is web/admin/tabs.server.ts; this table must name every tab it has.

interface AdminTabView<T extends AdminTab> {
  label: string;
  /** Draws the tab from the fields its loader added to the page's data. */
  view: (data: SerializeFrom<AdminTabData<T>>) => ReactNode;
}

/** In the tab bar's order. */
export const ADMIN_TAB_VIEWS: { [T in AdminTab]: AdminTabView<T> } = {
  dashboard: { label: "Dashboard", view: (d) => <DashboardTab stats={d.stats} revenue={d.revenue} thresholds={d.thresholds} /> },
  products: { label: "Products", view: (d) => <ProductsTab data={d.productsTab} /> },
  categories: { label: "Categories", view: (d) => <CategoriesTab data={d.store} /> },
  orders: { label: "Orders", view: (d) => <OrdersTab data={d.orders} /> },
  discounts: { label: "Discounts", view: (d) => <DiscountsTab data={d.discountsTab} /> },
  reviews: { label: "Reviews", view: (d) => <ReviewsTab data={d.reviewsTab} /> },
  users: { label: "Users", view: (d) => <UsersTab data={d.store} /> },
  loyalty: { label: "Loyalty", view: (d) => <LoyaltyTab data={d.store} /> },
  functions: { label: "Functions", view: (d) => <FunctionsTab data={d.store} /> },
  emails: { label: "E-mails", view: (d) => <EmailsTab data={d.emails} here="/admin?tab=emails" /> },
  pages: { label: "Pages", view: (d) => <PagesTab data={d.ownerPages} /> },
  settings: { label: "Settings", view: (d) => <SettingsTab data={d.store} /> },
  activity: { label: "Activity", view: (d) => <ActivityTab data={d.activity} /> },
};

export const ADMIN_TAB_BAR = (Object.keys(ADMIN_TAB_VIEWS) as AdminTab[]).map((id) => ({ id, label: ADMIN_TAB_VIEWS[id].label }));

/** The open tab, drawn from the page's data (the loader put the tab's own fields beside `tab`). */
export function AdminTabPanel({ page }: { page: { tab: AdminTab } }) {
  // The pairing of a tab with its fields is the loader's; a lookup by a union key cannot carry it.
  const view = ADMIN_TAB_VIEWS[page.tab].view as (data: unknown) => ReactNode;
  return <>{view(page)}</>;
}
