/** The admin dashboard's tabs, in order; `?tab=` picks one, default dashboard. */
export const ADMIN_TABS = [
  { id: "dashboard", label: "Dashboard" },
  { id: "products", label: "Products" },
  { id: "categories", label: "Categories" },
  { id: "orders", label: "Orders" },
  { id: "reviews", label: "Reviews" },
  { id: "users", label: "Users" },
  { id: "loyalty", label: "Loyalty" },
  { id: "functions", label: "Functions" },
  { id: "emails", label: "E-mails" },
  { id: "pages", label: "Pages" },
  { id: "settings", label: "Settings" },
  { id: "activity", label: "Activity" },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["id"];

export function toAdminTab(value: string | null): AdminTab {
  return ADMIN_TABS.find((t) => t.id === value)?.id ?? "dashboard";
}

export const ACCESS_DENIED = "Access Denied - You need admin privileges to access this page.";
