import { type Translation } from "./types";

/** The header, footer, menus and error pages around every shopper's page. */
export const en = {
  "layout.skipToContent": "Skip to content",
  "layout.demoBanner": "Demonstration shop: payments are simulated and nothing is charged.",
  "layout.languages": "Language",
} as const;

export const pl: Translation<typeof en> = {
  "layout.skipToContent": "Przejdź do treści",
  "layout.demoBanner": "Sklep demonstracyjny: płatności są symulowane i nic nie jest pobierane.",
  "layout.languages": "Język",
};

/** The domain's English texts shown around every page, in Polish (catalogue.server.ts, DOMAIN_TEXTS). */
export const domainPl: Readonly<Record<string, string>> = {};
