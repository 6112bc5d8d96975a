import { renderToStaticMarkup } from "react-dom/server";
import { ACCOUNT_MAILS, type AccountMailDataByKind } from "~/domain/mail/templates/account";
import { INVOICE_MAILS, type InvoiceMailDataByKind } from "~/domain/mail/templates/invoice";
import { Layout, textFooter } from "~/domain/mail/templates/layout";
import { ORDER_MAILS, type OrderMailDataByKind } from "~/domain/mail/templates/order";
import { OWNER_MAILS, type OwnerMailDataByKind } from "~/domain/mail/templates/owner";
import { REVIEW_MAILS, type ReviewMailDataByKind } from "~/domain/mail/templates/reviews";
import { STOCK_MAILS, type StockMailDataByKind } from "~/domain/mail/templates/stock";
import { TAX_MAILS, type TaxMailDataByKind } from "~/domain/mail/templates/tax";
import { MAIL_TEXT_BY_LANGUAGE } from "~/domain/mail/templates/texts";
import { type MailContext, type RenderedMail, type Renderer, type Renderers } from "~/domain/mail/templates/types";
import { WITHDRAWAL_MAILS, type WithdrawalMailDataByKind } from "~/domain/mail/templates/withdrawal";
import { I18nProvider } from "~/i18n/context";
import { i18nFor } from "~/i18n/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";

/**
 * The shop's e-mails, one kind per message. Each area keeps its markup in `templates/<area>.tsx`
 * and its words in `templates/<area>-texts.ts` (texts.ts gathers them by language); this file
 * lists the kinds and renders one into its subject, HTML and plain text.
 */

export { reviewUnsubscribeUrl } from "~/domain/mail/templates/links";
export { type OwnerPaymentAlertData } from "~/domain/mail/templates/owner";
export { type ReviewRequestMailData } from "~/domain/mail/templates/reviews";
export { type MailContext, type MailSeller, type OrderMailData, type OrderMailItem, type RenderedMail } from "~/domain/mail/templates/types";
export { type WithdrawalMailData } from "~/domain/mail/templates/withdrawal";

export interface MailDataByKind
  extends
    OrderMailDataByKind,
    OwnerMailDataByKind,
    AccountMailDataByKind,
    StockMailDataByKind,
    ReviewMailDataByKind,
    WithdrawalMailDataByKind,
    InvoiceMailDataByKind,
    TaxMailDataByKind {}

export type MailKind = keyof MailDataByKind;

/** The admin's name for each kind (the outbox view). */
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  "order-confirmation": "Order confirmation",
  "order-shipped": "Order shipped",
  "order-cancelled": "Order cancelled",
  "cancel-request-received": "Cancellation request received",
  "owner-new-order": "New order (owner)",
  "owner-cancel-request": "Cancellation request (owner)",
  "owner-payment-alert": "Payment alert (owner)",
  "owner-made-to-order-held": "Made-to-order places held by unpaid orders (owner)",
  "owner-tax-threshold": "Tax threshold reached (owner)",
  "order-refunded": "Refund",
  "cancel-declined": "Cancellation request declined",
  welcome: "Welcome",
  "points-awarded": "Loyalty points awarded",
  "password-reset": "Password reset",
  "verify-email": "E-mail confirmation",
  "email-changed": "E-mail address changed",
  "email-change-confirm": "New e-mail address to confirm",
  "back-in-stock": "Back in stock",
  "back-in-stock-confirm": "Back-in-stock confirmation",
  "withdrawal-received": "Withdrawal receipt",
  "owner-withdrawal": "Withdrawal received (owner)",
  "owner-withdrawal-reminder": "Withdrawal to handle (owner reminder)",
  "account-delete-link": "Account deletion link",
  "account-deleted": "Account deleted",
  "review-request": "Review request",
  invoice: "Invoice",
  "owner-invoice": "Invoice issued (owner)",
};

export function isMailKind(kind: string): kind is MailKind {
  return Object.hasOwn(MAIL_KIND_LABELS, kind);
}

const RENDERERS: Renderers<MailDataByKind> = {
  ...ORDER_MAILS,
  ...OWNER_MAILS,
  ...ACCOUNT_MAILS,
  ...STOCK_MAILS,
  ...REVIEW_MAILS,
  ...WITHDRAWAL_MAILS,
  ...INVOICE_MAILS,
  ...TAX_MAILS,
};

/** The owner's alerts: always in English, whatever page or order caused them (the admin is English). */
export function isOwnerMail(kind: string): boolean {
  return kind.startsWith("owner-");
}

/** The subject, HTML and plain text of one message, in `locale` (English for the owner's alerts). */
export function renderMail<K extends MailKind>(kind: K, data: MailDataByKind[K], shop: MailContext, locale: Locale = DEFAULT_LOCALE): RenderedMail {
  const language = isOwnerMail(kind) ? DEFAULT_LOCALE : locale;
  const t = MAIL_TEXT_BY_LANGUAGE[language];
  const ctx: MailContext = { ...shop, locale: language };
  const render = RENDERERS[kind] as Renderer<MailDataByKind[K]>;
  const { subject, preview, body, text } = render(data, ctx, t);
  const html =
    "<!DOCTYPE html>" +
    renderToStaticMarkup(
      <I18nProvider value={i18nFor(language)}>
        <Layout ctx={ctx} t={t} preview={preview}>
          {body}
        </Layout>
      </I18nProvider>,
    );
  return { subject, html, text: [...text, ...textFooter(ctx, t)].join("\n") + "\n" };
}
