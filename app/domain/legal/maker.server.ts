import { getLegalSettings } from "~/domain/common/settings.server";
import { addressOneLine } from "~/domain/legal/seller";
import { type DB } from "~/lib/sqlite.server";

/**
 * The maker a product page names (the seller's legal name, address as one line, e-mail and
 * phone). Made on the server so the page's browser bundle shares no module with the footer's.
 */
export async function getProductMaker(db: DB, fallbackEmail?: string) {
  const legal = await getLegalSettings(db, fallbackEmail);
  return { legalName: legal.legalName, address: addressOneLine(legal.address), email: legal.email, phone: legal.phone };
}
