import { getLegalSettings } from "~/domain/common/settings.server";
import { addressOneLine } from "~/domain/legal/seller";
import { type DB } from "~/lib/sqlite.server";

/**
 * The seller as pages show her (footer, terms, privacy, the maker on product pages): legal name,
 * address as one line, e-mail, phone and VAT line. Made on the server, so no page's browser
 * bundle needs the settings' helpers.
 */
export async function getSellerIdentity(db: DB, fallbackEmail?: string) {
  const legal = await getLegalSettings(db, fallbackEmail);
  return { legalName: legal.legalName, address: addressOneLine(legal.address), email: legal.email, phone: legal.phone, vatLine: legal.vatLine };
}
