import type { AdminTab } from "~/web/admin/tabs.server";

// The admin's navigation, browser-safe: which sections there are, how they are grouped, and
// which one a path belongs to. The root's chrome (root.tsx) draws it on every admin page.

/** Every section's label (the tab bar's words the spec and the tests use). */
export const ADMIN_TAB_LABELS: { [T in AdminTab]: string } = {
  dashboard: "Dashboard",
  orders: "Orders",
  products: "Products",
  categories: "Categories",
  users: "Users",
  loyalty: "Loyalty",
  discounts: "Discounts",
  reviews: "Reviews",
  pages: "Pages",
  emails: "E-mails",
  settings: "Settings",
  maintenance: "Maintenance",
  activity: "Activity",
};

/** The groups in the order the owner works: what came in, what she sells, who buys, what draws them, what they read, the shop itself. */
export const ADMIN_NAV_GROUPS: readonly { label: string; tabs: readonly AdminTab[] }[] = [
  { label: "Orders", tabs: ["dashboard", "orders"] },
  { label: "Products", tabs: ["products", "categories"] },
  { label: "Customers", tabs: ["users", "loyalty"] },
  { label: "Marketing", tabs: ["discounts", "reviews"] },
  { label: "Content", tabs: ["pages", "emails"] },
  { label: "Settings", tabs: ["settings", "maintenance", "activity"] },
];

/** The old names of sections that moved: `?tab=functions` is Settings → Maintenance now. */
const MOVED_TABS: Readonly<Record<string, AdminTab>> = { functions: "maintenance" };

/** Where an old `?tab=` name went now, or null (own keys only: `?tab=toString` is no section). */
export function movedTab(name: string | null): AdminTab | null {
  return name !== null && Object.hasOwn(MOVED_TABS, name) ? MOVED_TABS[name]! : null;
}

export function adminTabHref(tab: AdminTab): string {
  return tab === "dashboard" ? "/admin" : `/admin?tab=${tab}`;
}

/** The pages outside /admin's tabs, by the section they belong to. */
const SUB_PAGES: readonly [RegExp, AdminTab][] = [
  [/^\/admin\/orders(?:\/|$)/, "orders"],
  [/^\/admin\/products(?:\/|$)/, "products"],
  [/^\/admin\/pages(?:\/|$)/, "pages"],
  [/^\/admin\/outbox(?:\/|$)/, "emails"],
  [/^\/admin\/users(?:\/|$)/, "users"],
];

/**
 * The section a page is in: `page` when it is the section's own tab, `within` for a page under it
 * (an order, the product editor), null when it is in none.
 */
export function adminSectionOf(pathname: string, search: string): { tab: AdminTab; current: "page" | "within" } | null {
  if (pathname === "/admin" || pathname === "/admin/") {
    const asked = new URLSearchParams(search).get("tab") ?? "";
    const tab = movedTab(asked) ?? (Object.hasOwn(ADMIN_TAB_LABELS, asked) ? (asked as AdminTab) : "dashboard");
    return { tab, current: "page" };
  }
  const found = SUB_PAGES.find(([pattern]) => pattern.test(pathname));
  return found ? { tab: found[1], current: "within" } : null;
}
