import { ACCOUNT_MAIL_TEXT } from "~/domain/mail/templates/account-texts";
import { LAYOUT_MAIL_TEXT } from "~/domain/mail/templates/layout-texts";
import { INVOICE_MAIL_TEXT } from "~/domain/mail/templates/invoice-texts";
import { ORDER_MAIL_TEXT } from "~/domain/mail/templates/order-texts";
import { OWNER_MAIL_TEXT } from "~/domain/mail/templates/owner-texts";
import { REVIEW_MAIL_TEXT } from "~/domain/mail/templates/reviews-texts";
import { STOCK_MAIL_TEXT } from "~/domain/mail/templates/stock-texts";
import { WITHDRAWAL_MAIL_TEXT } from "~/domain/mail/templates/withdrawal-texts";
import { INVOICE_MAIL_TEXT_PL } from "~/domain/mail/templates/pl/invoice-texts";
import { ACCOUNT_MAIL_TEXT_PL } from "~/domain/mail/templates/pl/account-texts";
import { LAYOUT_MAIL_TEXT_PL, ORDER_MAIL_TEXT_PL } from "~/domain/mail/templates/pl/order-texts";
import { REVIEW_MAIL_TEXT_PL, STOCK_MAIL_TEXT_PL, WITHDRAWAL_MAIL_TEXT_PL } from "~/domain/mail/templates/pl/other-texts";
import { type Locale } from "~/i18n/locales";

/**
 * Every word of the e-mails, by language and area. The markup (layout.tsx and one file per area)
 * takes one set as `t` and holds no words of its own, so a second language is one more set of
 * the same shape here (pl/ holds the Polish), chosen where renderMail picks the set.
 */
const ENGLISH = {
  layout: LAYOUT_MAIL_TEXT,
  order: ORDER_MAIL_TEXT,
  owner: OWNER_MAIL_TEXT,
  account: ACCOUNT_MAIL_TEXT,
  stock: STOCK_MAIL_TEXT,
  reviews: REVIEW_MAIL_TEXT,
  withdrawal: WITHDRAWAL_MAIL_TEXT,
  invoice: INVOICE_MAIL_TEXT,
};

export type MailTexts = typeof ENGLISH;

/** Polish, for the buyer's and the account's e-mails; the owner's alerts are always rendered in English. */
const POLISH: MailTexts = {
  layout: LAYOUT_MAIL_TEXT_PL,
  order: ORDER_MAIL_TEXT_PL,
  owner: OWNER_MAIL_TEXT,
  account: ACCOUNT_MAIL_TEXT_PL,
  stock: STOCK_MAIL_TEXT_PL,
  reviews: REVIEW_MAIL_TEXT_PL,
  withdrawal: WITHDRAWAL_MAIL_TEXT_PL,
  invoice: INVOICE_MAIL_TEXT_PL,
};

export type MailLanguage = Locale;

export const MAIL_TEXT_BY_LANGUAGE: Record<MailLanguage, MailTexts> = { en: ENGLISH, pl: POLISH };
