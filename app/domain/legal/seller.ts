/**
 * The seller's legal identity and the rules that go with it (settings key 'legal', edited in the
 * admin's Settings tab). Browser-safe: types, defaults and texts only.
 */
export type LegalSettings = {
  /** The seller's legal name (the maker on every product page). */
  legalName: string;
  /** Postal address, one line per line of the textarea. */
  address: string;
  email: string;
  phone: string;
  /** e.g. 'VAT-exempt small business' or a VAT number. */
  vatLine: string;
  /** Shown on every product that has no notice of its own. */
  safetyNotice: string;
  /** How long orders are kept for the accounting period after an account is deleted. */
  orderRetentionYears: number;
};

export const DEFAULT_SAFETY_NOTICE = "For adult collectors aged 14+. Not a toy.";

/** Demo values: the owner replaces them in Settings before opening the shop. */
export const DEFAULT_LEGAL_SETTINGS: LegalSettings = {
  legalName: "Little Stitches Atelier",
  address: "ul. Krawiecka 7\n00-001 Warszawa\nPoland",
  email: "hello@example.com",
  phone: "",
  vatLine: "VAT-exempt small business",
  safetyNotice: DEFAULT_SAFETY_NOTICE,
  orderRetentionYears: 5,
};

export const WITHDRAW_LINK_TEXT = "Withdraw from contract here";
export const PRIVACY_LINK_TEXT = "Privacy Policy";

/** The address as one line, for places without room for several. */
export function addressOneLine(address: string): string {
  return address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(", ");
}
