import { CategoriesTab } from "~/components/admin/categories-tab";
import { FunctionsTab } from "~/components/admin/functions-tab";
import { SettingsTab } from "~/components/admin/settings-tab";
import { LoyaltyTab, UsersTab } from "~/components/admin/users-tab";
import type { StoreTabData } from "~/web/admin/store-tabs.server";
import { type AdminTab } from "~/components/admin/tabs";

/** The Categories, Users, Loyalty, Functions and Settings tabs of /admin. */
export function StoreTab({ data }: { tab: AdminTab; data: StoreTabData }) {
  switch (data.kind) {
    case "categories":
      return <CategoriesTab data={data} />;
    case "users":
      return <UsersTab data={data} />;
    case "loyalty":
      return <LoyaltyTab data={data} />;
    case "functions":
      return <FunctionsTab data={data} />;
    case "settings":
      return <SettingsTab data={data} />;
    default:
      return null;
  }
}
