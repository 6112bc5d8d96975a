import { ADMIN_NAV_GROUPS, ADMIN_TAB_LABELS, adminSectionOf, adminTabHref, movedTab } from "~/components/admin/admin-nav";
import { isAdminAreaPath, isLeanPath } from "~/lib/lean-page";

describe("the admin's navigation", () => {
  it("holds every section exactly once, in six groups", () => {
    const listed = ADMIN_NAV_GROUPS.flatMap((g) => g.tabs);
    expect([...listed].sort()).toEqual(Object.keys(ADMIN_TAB_LABELS).sort());
    expect(new Set(listed).size).toBe(listed.length);
    expect(ADMIN_NAV_GROUPS.map((g) => g.label)).toEqual(["Orders", "Products", "Customers", "Marketing", "Content", "Settings"]);
    expect(ADMIN_NAV_GROUPS.find((g) => g.label === "Settings")!.tabs).toContain("maintenance");
  });

  it("keeps every old `?tab=` address: the Dashboard is /admin, Functions is Maintenance", () => {
    expect(adminTabHref("dashboard")).toBe("/admin");
    expect(adminTabHref("categories")).toBe("/admin?tab=categories");
    expect(movedTab("functions")).toBe("maintenance");
    expect(movedTab("toString")).toBeNull();
    expect(movedTab("settings")).toBeNull();
    expect(adminSectionOf("/admin", "?tab=functions&confirm=clean")).toEqual({ tab: "maintenance", current: "page" });
  });

  it("finds the section of a page: its tab, or the tab a sub-page belongs to; unknown tabs are the Dashboard", () => {
    expect(adminSectionOf("/admin", "")).toEqual({ tab: "dashboard", current: "page" });
    expect(adminSectionOf("/admin", "?tab=reviews&status=hidden")).toEqual({ tab: "reviews", current: "page" });
    expect(adminSectionOf("/admin", "?tab=toString")).toEqual({ tab: "dashboard", current: "page" });
    expect(adminSectionOf("/admin/orders/12", "")).toEqual({ tab: "orders", current: "within" });
    expect(adminSectionOf("/admin/orders/packing-slips", "?ids=1")).toEqual({ tab: "orders", current: "within" });
    expect(adminSectionOf("/admin/products/edit/3", "")).toEqual({ tab: "products", current: "within" });
    expect(adminSectionOf("/admin/pages/about", "")).toEqual({ tab: "pages", current: "within" });
    expect(adminSectionOf("/admin/outbox", "")).toEqual({ tab: "emails", current: "within" });
    expect(adminSectionOf("/admin/users/4/delete", "")).toEqual({ tab: "users", current: "within" });
    expect(adminSectionOf("/admin/ordersx", "")).toBeNull();
  });

  it("draws its chrome on /admin and /admin/… only, never on /admin-login or a shopper's page", () => {
    expect(isAdminAreaPath("/admin")).toBe(true);
    expect(isAdminAreaPath("/admin/orders/1")).toBe(true);
    expect(isAdminAreaPath("/admin-login")).toBe(false);
    expect(isLeanPath("/admin-login")).toBe(false);
    expect(isAdminAreaPath("/administrator")).toBe(false);
    expect(isAdminAreaPath("/shop/admin")).toBe(false);
  });
});
