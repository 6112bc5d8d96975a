import { type MailContext } from "~/domain/mail/templates/types";
import { withdrawalPath } from "~/domain/withdrawals/rules";
import { DEFAULT_LOCALE, localizePath } from "~/i18n/locales";

/**
 * The shop's URLs the e-mails link to, all absolute (a mail has no origin of its own), each a
 * page in the mail's language ("/pl/order-details/..."); the admin's stay as they are.
 */

export function shopUrl(ctx: MailContext, path: string): string {
  return `${ctx.appUrl}${localizePath(path, ctx.locale ?? DEFAULT_LOCALE)}`;
}

export function orderDetailsUrl(ctx: MailContext, orderId: number, token: string): string {
  return shopUrl(ctx, `/order-details/${orderId}/${encodeURIComponent(token)}`);
}

export function adminOrderUrl(ctx: MailContext, orderId: number): string {
  return `${ctx.appUrl}/admin/orders/${orderId}`;
}

/** The admin's Orders tab (where unpaid orders' made-to-order places are shown and released). */
export function adminOrdersTabUrl(ctx: MailContext): string {
  return `${ctx.appUrl}/admin?tab=orders`;
}

/** The admin's Dashboard (the tax thresholds' figures). */
export function adminDashboardUrl(ctx: MailContext): string {
  return `${ctx.appUrl}/admin`;
}

/** The withdrawal function's page for an order. */
export function withdrawUrl(ctx: MailContext, orderId: number): string {
  return shopUrl(ctx, withdrawalPath(orderId));
}

export function resetPasswordUrl(ctx: MailContext, token: string): string {
  return shopUrl(ctx, `/reset-password?token=${encodeURIComponent(token)}`);
}

export function verifyEmailUrl(ctx: MailContext, token: string): string {
  return shopUrl(ctx, `/verify-email?token=${encodeURIComponent(token)}`);
}

export function confirmEmailChangeUrl(ctx: MailContext, token: string): string {
  return shopUrl(ctx, `/confirm-email-change?token=${encodeURIComponent(token)}`);
}

export function undoEmailChangeUrl(ctx: MailContext, token: string): string {
  return shopUrl(ctx, `/undo-email-change?token=${encodeURIComponent(token)}`);
}

export function deleteAccountUrl(ctx: MailContext, token: string): string {
  return shopUrl(ctx, `/account/data/delete?token=${encodeURIComponent(token)}`);
}

export function productUrl(ctx: MailContext, slug: string): string {
  return shopUrl(ctx, `/product/${encodeURIComponent(slug)}`);
}

export function confirmBackInStockUrl(ctx: MailContext, token: string): string {
  return shopUrl(ctx, `/back-in-stock/confirm?token=${encodeURIComponent(token)}`);
}

export function unsubscribeUrl(ctx: MailContext, token: string): string {
  return shopUrl(ctx, `/back-in-stock/unsubscribe?token=${encodeURIComponent(token)}`);
}

export function reviewUrl(ctx: MailContext, slug: string): string {
  return `${productUrl(ctx, slug)}#reviews`;
}

export function reviewUnsubscribeUrl(ctx: MailContext, token: string): string {
  return shopUrl(ctx, `/reviews/unsubscribe?token=${encodeURIComponent(token)}`);
}
