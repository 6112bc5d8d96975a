import { type DB } from "~/lib/sqlite.server";
import { requestActor } from "~/web/actor.server";
import { loadActivityTab } from "~/web/admin/activity-tab.server";
import { loadDashboardTab } from "~/web/admin/dashboard-tab.server";
import { discountsTabAction, loadDiscountsTab } from "~/web/admin/discounts-tab.server";
import { loadOrdersTab, ordersTabAction } from "~/web/admin/orders-tab.server";
import { loadOutboxView, outboxAction } from "~/web/admin/outbox.server";
import { loadPagesTab, pagesTabAction } from "~/web/admin/pages-tab.server";
import { loadProductsTab, productsTabAction } from "~/web/admin/products-tab.server";
import { loadReviewsTab, reviewsTabAction } from "~/web/admin/reviews-tab.server";
import { loadCategoriesTab, loadFunctionsTab, loadLoyaltyTab, loadSettingsTab, loadUsersTab, storeTabAction } from "~/web/admin/store-tabs.server";

// The tabs of /admin (`?tab=`), the server's half: each tab's data and its forms' handler. The
// other half, each tab's label and view, is components/admin/tab-views.tsx, typed by this one so
// that a tab cannot lack any of the three.

/** The handler of a tab's forms, which all post to /admin with an `intent`: it answers the intents it knows, null for any other. */
type TabAction = (request: Request, formData: FormData, intent: string) => Promise<Response | null>;

interface AdminTabServer {
  /** The tab's fields of the page's data (only the open tab's queries run). */
  load: (db: DB, url: URL) => Promise<object>;
  /** null: the tab has no forms. Tabs drawn by one module share its handler. */
  action: TabAction | null;
}

const EMAILS_TAB_URL = "/admin?tab=emails";

/** The tabs; `?tab=` picks one, the dashboard when it names none of them. */
export const ADMIN_TAB_SERVERS = {
  dashboard: { load: (db) => loadDashboardTab(db), action: null },
  products: { load: async (db, url) => ({ productsTab: await loadProductsTab(db, url) }), action: productsTabAction },
  categories: { load: async (db, url) => ({ store: await loadCategoriesTab(db, url) }), action: storeTabAction },
  orders: { load: async (db, url) => ({ orders: await loadOrdersTab(db, url) }), action: ordersTabAction },
  discounts: { load: async (db, url) => ({ discountsTab: await loadDiscountsTab(db, url) }), action: discountsTabAction },
  reviews: { load: async (db, url) => ({ reviewsTab: await loadReviewsTab(db, url) }), action: reviewsTabAction },
  users: { load: async (db) => ({ store: await loadUsersTab(db) }), action: storeTabAction },
  loyalty: { load: async (db, url) => ({ store: await loadLoyaltyTab(db, url) }), action: storeTabAction },
  // Settings → Maintenance (was `?tab=functions`, which routes/admin.tsx sends here).
  maintenance: { load: async (db, url) => ({ store: await loadFunctionsTab(db, url) }), action: storeTabAction },
  emails: {
    load: async (db, url) => ({ emails: await loadOutboxView(db, url) }),
    action: async (request, formData, intent) => outboxAction(formData, intent, EMAILS_TAB_URL, await requestActor(request)),
  },
  pages: { load: async (db, url) => ({ ownerPages: await loadPagesTab(db, url) }), action: pagesTabAction },
  settings: { load: async (db, url) => ({ store: await loadSettingsTab(db, url) }), action: storeTabAction },
  activity: { load: async (db, url) => ({ activity: await loadActivityTab(db, url) }), action: null },
} satisfies Record<string, AdminTabServer>;

export type AdminTab = keyof typeof ADMIN_TAB_SERVERS;

/** What a tab's loader adds to the page's data. */
export type AdminTabData<T extends AdminTab> = Awaited<ReturnType<(typeof ADMIN_TAB_SERVERS)[T]["load"]>>;

const DEFAULT_TAB: AdminTab = "dashboard";

export function toAdminTab(value: string | null): AdminTab {
  return value !== null && Object.hasOwn(ADMIN_TAB_SERVERS, value) ? (value as AdminTab) : DEFAULT_TAB;
}

export function loadAdminTab(db: DB, tab: AdminTab, url: URL): Promise<AdminTabData<AdminTab>> {
  return ADMIN_TAB_SERVERS[tab].load(db, url);
}

/** An admin form's answer: the tabs' handlers are asked in turn (their intents never overlap); null when none knows the intent. */
export async function adminTabAction(request: Request, formData: FormData, intent: string): Promise<Response | null> {
  const handlers = new Set<TabAction | null>(Object.values(ADMIN_TAB_SERVERS).map((tab) => tab.action));
  for (const handler of handlers) {
    const response = await handler?.(request, formData, intent);
    if (response) return response;
  }
  return null;
}
