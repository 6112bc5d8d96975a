import { type CSSProperties, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { formatShipDate, madeToOrderText, PERSONALISED_ITEM_TEXT, shipDateSentence } from "~/domain/catalogue/made-to-order";
import { countryName } from "~/domain/common/countries";
import { type OrderView } from "~/domain/orders/orders.server";
import { trackingUrl } from "~/domain/orders/page-data";
import { mailName } from "~/domain/mail/names";
import { WITHDRAWAL_MAIL_LABELS, type WithdrawalMailDataByKind, withdrawalRenderers } from "~/domain/mail/withdrawal-mail";
import { WITHDRAWAL_DAYS, withdrawalPath } from "~/domain/withdrawals/rules";
import { WITHDRAW_LINK_TEXT } from "~/domain/legal/seller";

/**
 * The shop's e-mails: plain React components rendered to static HTML (renderToStaticMarkup, so
 * every value is escaped by React), and a plain-text version written from the same data. Inline
 * styles and one centred table column, because mail clients ignore stylesheets.
 */

export interface MailContext {
  storeName: string;
  /** The public origin, without a trailing slash: every link is absolute. */
  appUrl: string;
  /** The shop's contact address (shown in the footer). */
  shopEmail: string;
  /** The seller's legal identity (Settings), in every e-mail's footer: order e-mails must name her. */
  seller?: MailSeller;
}

export interface MailSeller {
  legalName: string;
  /** One line per line. */
  address: string;
  email: string;
  phone: string;
  vatLine: string;
}

function sellerLines(seller: MailSeller): string[] {
  const address = seller.address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(", ");
  return [seller.legalName, address, [seller.email, seller.phone].filter(Boolean).join(" · "), seller.vatLine].filter((line) => line.trim() !== "");
}

export interface OrderMailItem {
  title: string;
  colorName: string | null;
  variationName: string | null;
  quantity: number;
  unitPrice: string;
  price: string;
  /** Made to order: its lead time in days (docs/made-to-order.md). */
  madeToOrderDays?: number | null;
  /** Made to the buyer's own measurements or choices: exempt from withdrawal. */
  isPersonalised?: boolean;
}

export interface OrderMailData {
  orderId: number;
  token: string;
  email: string;
  firstName: string;
  lastName: string;
  items: OrderMailItem[];
  subtotal: string;
  shippingCost: string;
  shippingName: string;
  loyaltyDiscount: string;
  loyaltyPointsUsed: number;
  total: string;
  address: OrderView["shippingAddress"];
  customerMessage: string | null;
  trackingNumber: string | null;
  /** YYYY-MM-DD when the order holds made-to-order pieces. */
  expectedShipDate?: string | null;
  /** For a cancellation: whether the order had been paid (a refund follows). */
  wasPaid?: boolean;
  /** For a refund: the amount given back, as "12.00". */
  refundAmount?: string;
  /** For a declined cancellation request: the shop's reason. */
  declineReason?: string;
}

/** A payment the owner must look at (a capture the shop could not fill, a reversal, a dispute). */
export interface OwnerPaymentAlertData {
  orderId: number;
  total: string;
  email: string;
  headline: string;
  detail: string;
}

export interface MailDataByKind extends WithdrawalMailDataByKind {
  "order-confirmation": OrderMailData;
  "order-shipped": OrderMailData;
  "order-cancelled": OrderMailData;
  "cancel-request-received": OrderMailData;
  "owner-new-order": OrderMailData;
  "owner-cancel-request": OrderMailData;
  "owner-payment-alert": OwnerPaymentAlertData;
  "order-refunded": OrderMailData & { refundAmount: string };
  "cancel-declined": OrderMailData & { declineReason: string };
  welcome: { firstName: string };
  "points-awarded": { firstName: string; points: number; balance: number };
  "password-reset": { firstName: string; token: string; firstPassword: boolean };
  "verify-email": { firstName: string; token: string };
  "email-changed": { firstName: string; newEmail: string; token: string };
  "email-change-confirm": { token: string };
  "back-in-stock": { productTitle: string; slug: string; optionLabel: string | null; unsubscribeToken: string };
  "back-in-stock-confirm": { productTitle: string; optionLabel: string | null; token: string };
  "account-delete-link": { firstName: string; token: string };
  "account-deleted": { firstName: string; ordersKept: number };
  "review-request": ReviewRequestMailData;
}

/** The one e-mail per delivered order asking for reviews of the pieces not reviewed yet. */
export interface ReviewRequestMailData {
  firstName: string;
  orderId: number;
  items: { title: string; slug: string }[];
  unsubscribeToken: string;
}

export type MailKind = keyof MailDataByKind;

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  "order-confirmation": "Order confirmation",
  "order-shipped": "Order shipped",
  "order-cancelled": "Order cancelled",
  "cancel-request-received": "Cancellation request received",
  "owner-new-order": "New order (owner)",
  "owner-cancel-request": "Cancellation request (owner)",
  "owner-payment-alert": "Payment alert (owner)",
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
  ...WITHDRAWAL_MAIL_LABELS,
  "account-delete-link": "Account deletion link",
  "account-deleted": "Account deleted",
  "review-request": "Review request",
};

export function isMailKind(kind: string): kind is MailKind {
  return Object.hasOwn(MAIL_KIND_LABELS, kind);
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The refund wording of the terms page (Cancellation). */
export const REFUND_TERMS = "You can cancel with a full refund only if the order has not shipped yet.";

export function orderDetailsUrl(ctx: MailContext, orderId: number, token: string): string {
  return `${ctx.appUrl}/order-details/${orderId}/${encodeURIComponent(token)}`;
}

export function resetPasswordUrl(ctx: MailContext, token: string): string {
  return `${ctx.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function verifyEmailUrl(ctx: MailContext, token: string): string {
  return `${ctx.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

export function confirmEmailChangeUrl(ctx: MailContext, token: string): string {
  return `${ctx.appUrl}/confirm-email-change?token=${encodeURIComponent(token)}`;
}

export function undoEmailChangeUrl(ctx: MailContext, token: string): string {
  return `${ctx.appUrl}/undo-email-change?token=${encodeURIComponent(token)}`;
}

export function confirmBackInStockUrl(ctx: MailContext, token: string): string {
  return `${ctx.appUrl}/back-in-stock/confirm?token=${encodeURIComponent(token)}`;
}

export function deleteAccountUrl(ctx: MailContext, token: string): string {
  return `${ctx.appUrl}/account/data/delete?token=${encodeURIComponent(token)}`;
}

export function reviewUnsubscribeUrl(ctx: MailContext, token: string): string {
  return `${ctx.appUrl}/reviews/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function reviewUrl(ctx: MailContext, slug: string): string {
  return `${ctx.appUrl}/product/${encodeURIComponent(slug)}#reviews`;
}

export function unsubscribeUrl(ctx: MailContext, token: string): string {
  return `${ctx.appUrl}/back-in-stock/unsubscribe?token=${encodeURIComponent(token)}`;
}

// ---- layout ---------------------------------------------------------------------------------

const C = {
  bg: "#faf7f4",
  surface: "#ffffff",
  ink: "#2b2326",
  muted: "#6a5f63",
  line: "#e8dfd8",
  accent: "#8a4f63",
  soft: "#f4e9ec",
};
const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const SERIF = '"Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif';

const s = {
  p: { margin: "0 0 14px", fontSize: "16px", lineHeight: "1.6", color: C.ink } satisfies CSSProperties,
  h1: { margin: "0 0 12px", fontFamily: SERIF, fontSize: "24px", lineHeight: "1.25", fontWeight: 600, color: C.ink } satisfies CSSProperties,
  h2: { margin: "24px 0 8px", fontFamily: SERIF, fontSize: "17px", fontWeight: 600, color: C.ink } satisfies CSSProperties,
  muted: { color: C.muted, fontSize: "14px", lineHeight: "1.5" } satisfies CSSProperties,
  cell: {
    padding: "10px 0",
    borderBottom: `1px solid ${C.line}`,
    fontSize: "15px",
    lineHeight: "1.45",
    color: C.ink,
    verticalAlign: "top",
  } satisfies CSSProperties,
};

function Layout({ ctx, preview, children }: { ctx: MailContext; preview: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{ctx.storeName}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: C.bg, fontFamily: SANS, color: C.ink }}>
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>{preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: C.bg }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: "560px" }}>
                  <tbody>
                    <tr>
                      <td style={{ padding: "0 8px 16px", textAlign: "center" }}>
                        <a
                          href={`${ctx.appUrl}/`}
                          style={{ fontFamily: SERIF, fontSize: "20px", color: C.accent, textDecoration: "none", letterSpacing: "0.02em" }}
                        >
                          {ctx.storeName}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ background: C.surface, border: `1px solid ${C.line}`, borderRadius: "10px", padding: "28px 24px" }}>{children}</td>
                    </tr>
                    <tr>
                      <td style={{ padding: "16px 8px", textAlign: "center", ...s.muted, fontSize: "13px" }}>
                        {ctx.storeName} ·{" "}
                        <a href={`mailto:${ctx.shopEmail}`} style={{ color: C.muted }}>
                          {ctx.shopEmail}
                        </a>{" "}
                        ·{" "}
                        <a href={`${ctx.appUrl}/`} style={{ color: C.muted }}>
                          {ctx.appUrl.replace(/^https?:\/\//, "")}
                        </a>
                      </td>
                    </tr>
                    {ctx.seller ? (
                      <tr>
                        <td className="mail-seller" style={{ padding: "0 8px 16px", textAlign: "center", ...s.muted, fontSize: "12px" }}>
                          Seller:{" "}
                          {sellerLines(ctx.seller).map((line, i) => (
                            <span key={i}>
                              {i > 0 ? <br /> : null}
                              {line}
                            </span>
                          ))}
                        </td>
                      </tr>
                    ) : null}
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: "20px 0" }}>
      <tbody>
        <tr>
          <td style={{ background: C.accent, borderRadius: "8px" }}>
            <a
              href={href}
              style={{ display: "inline-block", padding: "12px 22px", color: "#ffffff", fontSize: "16px", fontWeight: 600, textDecoration: "none" }}
            >
              {children}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** The made-to-order and personalisation notes of an item, one line each. */
function itemNotes(item: OrderMailItem): string[] {
  const notes: string[] = [];
  if (item.madeToOrderDays !== null && item.madeToOrderDays !== undefined) notes.push(madeToOrderText(item.madeToOrderDays));
  if (item.isPersonalised) notes.push(PERSONALISED_ITEM_TEXT);
  return notes;
}

/** When an order holding made-to-order pieces ships (the mixed order's one parcel too); null otherwise. */
function shipDateLine(order: OrderMailData): string | null {
  if (!order.expectedShipDate) return null;
  const mixed = order.items.some((i) => i.madeToOrderDays === null || i.madeToOrderDays === undefined);
  return shipDateSentence(formatShipDate(order.expectedShipDate), mixed);
}

function optionText(item: OrderMailItem): string | null {
  const parts = [item.colorName ? `Colour: ${item.colorName}` : null, item.variationName].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

function Items({ order }: { order: OrderMailData }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
      <tbody>
        {order.items.map((item, i) => (
          <tr key={i}>
            <td style={s.cell}>
              <strong style={{ fontWeight: 600 }}>{item.title}</strong>
              {optionText(item) ? (
                <>
                  <br />
                  <span style={s.muted}>{optionText(item)}</span>
                </>
              ) : null}
              <br />
              <span style={s.muted}>
                {item.quantity} × ${item.unitPrice}
              </span>
              {itemNotes(item).map((note) => (
                <span key={note}>
                  <br />
                  <span style={s.muted}>{note}</span>
                </span>
              ))}
            </td>
            <td style={{ ...s.cell, textAlign: "right", whiteSpace: "nowrap", paddingLeft: "12px" }}>${item.price}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function hasDiscount(order: OrderMailData): boolean {
  return Number(order.loyaltyDiscount) > 0;
}

function Totals({ order }: { order: OrderMailData }) {
  const row = (label: ReactNode, value: string, strong = false) => (
    <tr>
      <td style={{ padding: "4px 0", fontSize: strong ? "17px" : "15px", fontWeight: strong ? 600 : 400, color: C.ink }}>{label}</td>
      <td
        style={{ padding: "4px 0", textAlign: "right", fontSize: strong ? "17px" : "15px", fontWeight: strong ? 600 : 400, color: C.ink, whiteSpace: "nowrap" }}
      >
        {value}
      </td>
    </tr>
  );
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ marginTop: "10px" }}>
      <tbody>
        {row("Subtotal", `$${order.subtotal}`)}
        {row(
          <>
            Shipping <span style={s.muted}>({order.shippingName})</span>
          </>,
          `$${order.shippingCost}`,
        )}
        {hasDiscount(order) ? row(`Loyalty discount (${order.loyaltyPointsUsed} points)`, `−$${order.loyaltyDiscount}`) : null}
        {row("Total", `$${order.total} USD`, true)}
      </tbody>
    </table>
  );
}

function addressLines(a: OrderMailData["address"]): string[] {
  return [
    `${a.firstName} ${a.lastName}`.trim(),
    a.addressLine1,
    a.addressLine2,
    `${[a.city, a.state].filter((v) => v && v.trim()).join(", ")} ${a.postalCode}`,
    countryName(a.country) ?? a.country,
  ].filter((l): l is string => !!l && l.trim() !== "");
}

function Address({ order }: { order: OrderMailData }) {
  const lines = addressLines(order.address);
  return (
    <p style={s.p}>
      {lines.map((line, i) => (
        <span key={i}>
          {line}
          {i < lines.length - 1 ? <br /> : null}
        </span>
      ))}
    </p>
  );
}

function Message({ text }: { text: string }) {
  return <p style={{ ...s.p, background: C.soft, borderRadius: "8px", padding: "12px 14px", whiteSpace: "pre-wrap" }}>{text}</p>;
}

function OrderSummary({ order }: { order: OrderMailData }) {
  return (
    <>
      <h2 style={s.h2}>Your order</h2>
      <Items order={order} />
      <Totals order={order} />
      <h2 style={s.h2}>Shipping to</h2>
      <Address order={order} />
      {order.customerMessage ? (
        <>
          <h2 style={s.h2}>Your message</h2>
          <Message text={order.customerMessage} />
        </>
      ) : null}
    </>
  );
}

/** The order's details page (its token link), the last line of every order e-mail after the confirmation. */
function DetailsLink({ href }: { href: string }) {
  return (
    <p style={s.muted}>
      Your order details:{" "}
      <a href={href} style={{ color: C.accent }}>
        {href}
      </a>
    </p>
  );
}

function detailsText(link: string): string {
  return `Your order details: ${link}`;
}

/** The withdrawal function's link, on the order e-mails while the contract can be withdrawn from. */
function withdrawUrl(ctx: MailContext, orderId: number): string {
  return `${ctx.appUrl}${withdrawalPath(orderId)}`;
}

const WITHDRAW_LINE = `Changed your mind? You may withdraw from this contract within ${WITHDRAWAL_DAYS} days of delivery.`;

function WithdrawLink({ href }: { href: string }) {
  return (
    <p style={s.muted}>
      {WITHDRAW_LINE}{" "}
      <a href={href} style={{ color: C.accent }}>
        {WITHDRAW_LINK_TEXT}
      </a>
    </p>
  );
}

function withdrawText(link: string): string {
  return `${WITHDRAW_LINE} ${WITHDRAW_LINK_TEXT}: ${link}`;
}

function greeting(firstName: string): string {
  const name = mailName(firstName);
  return name ? `Dear ${name},` : "Hello,";
}

// ---- plain text -------------------------------------------------------------------------------

function textOrder(order: OrderMailData): string[] {
  const lines = ["Your order", ""];
  for (const item of order.items) {
    lines.push(`- ${item.title}`);
    const option = optionText(item);
    if (option) lines.push(`  ${option}`);
    lines.push(`  ${item.quantity} x $${item.unitPrice} = $${item.price}`);
    for (const note of itemNotes(item)) lines.push(`  ${note}`);
  }
  lines.push("", `Subtotal: $${order.subtotal}`, `Shipping (${order.shippingName}): $${order.shippingCost}`);
  if (hasDiscount(order)) lines.push(`Loyalty discount (${order.loyaltyPointsUsed} points): -$${order.loyaltyDiscount}`);
  lines.push(`Total: $${order.total} USD`, "", "Shipping to", ...addressLines(order.address));
  if (order.customerMessage) lines.push("", "Your message", order.customerMessage);
  return lines;
}

function textFooter(ctx: MailContext): string[] {
  const seller = ctx.seller ? ["", "Seller:", ...sellerLines(ctx.seller)] : [];
  return ["", "--", ctx.storeName, ctx.shopEmail, `${ctx.appUrl}/`, ...seller];
}

// ---- the messages ---------------------------------------------------------------------------

type Renderer<K extends MailKind> = (data: MailDataByKind[K], ctx: MailContext) => { subject: string; preview: string; body: ReactNode; text: string[] };

const RENDERERS: { [K in MailKind]: Renderer<K> } = {
  "order-confirmation": (order, ctx) => {
    const link = orderDetailsUrl(ctx, order.orderId, order.token);
    return {
      subject: `Order #${order.orderId} confirmed: thank you!`,
      preview: `We received your payment of $${order.total}. Your order is being prepared.`,
      body: (
        <>
          <h1 style={s.h1}>Thank you for your order</h1>
          <p style={s.p}>{greeting(order.firstName)}</p>
          <p style={s.p}>
            We received your payment for order <strong>#{order.orderId}</strong> and will start preparing your parcel. You will get another e-mail with the
            tracking number once it ships.
          </p>
          {shipDateLine(order) ? <p style={s.p}>{shipDateLine(order)}</p> : null}
          <Button href={link}>View your order</Button>
          <OrderSummary order={order} />
          <p style={{ ...s.muted, marginTop: "20px" }}>
            Keep this e-mail: its link opens your order at any time, even without an account:{" "}
            <a href={link} style={{ color: C.accent, wordBreak: "break-all" }}>
              {link}
            </a>
          </p>
          <WithdrawLink href={withdrawUrl(ctx, order.orderId)} />
        </>
      ),
      text: [
        greeting(order.firstName),
        "",
        `We received your payment for order #${order.orderId} and will start preparing your parcel. You will get another e-mail with the tracking number once it ships.`,
        ...(shipDateLine(order) ? ["", shipDateLine(order)!] : []),
        "",
        ...textOrder(order),
        "",
        `View your order at any time (keep this link): ${link}`,
        "",
        withdrawText(withdrawUrl(ctx, order.orderId)),
      ],
    };
  },
  "order-shipped": (order, ctx) => {
    const link = orderDetailsUrl(ctx, order.orderId, order.token);
    const tracking = order.trackingNumber ?? "";
    return {
      subject: `Order #${order.orderId} is on its way`,
      preview: `Tracking number ${tracking}`,
      body: (
        <>
          <h1 style={s.h1}>Your parcel is on its way</h1>
          <p style={s.p}>{greeting(order.firstName)}</p>
          <p style={s.p}>
            Order <strong>#{order.orderId}</strong> has been shipped by registered priority airmail.
          </p>
          <p style={s.p}>
            Tracking number:{" "}
            <a href={trackingUrl(tracking)} style={{ color: C.accent, fontWeight: 600 }}>
              {tracking}
            </a>
          </p>
          <Button href={trackingUrl(tracking)}>Track your parcel</Button>
          <DetailsLink href={link} />
          <WithdrawLink href={withdrawUrl(ctx, order.orderId)} />
        </>
      ),
      text: [
        greeting(order.firstName),
        "",
        `Order #${order.orderId} has been shipped by registered priority airmail.`,
        "",
        `Tracking number: ${tracking}`,
        `Track your parcel: ${trackingUrl(tracking)}`,
        "",
        detailsText(link),
        withdrawText(withdrawUrl(ctx, order.orderId)),
      ],
    };
  },
  "order-cancelled": (order, ctx) => {
    const link = orderDetailsUrl(ctx, order.orderId, order.token);
    const refund = order.wasPaid
      ? `${REFUND_TERMS} Your order had not shipped, so the full amount of $${order.total} will be refunded to your PayPal account.`
      : "The order was not paid, so nothing was charged.";
    return {
      subject: `Order #${order.orderId} has been cancelled`,
      preview: refund,
      body: (
        <>
          <h1 style={s.h1}>Your order has been cancelled</h1>
          <p style={s.p}>{greeting(order.firstName)}</p>
          <p style={s.p}>
            We have cancelled order <strong>#{order.orderId}</strong>.
          </p>
          <p style={s.p}>{refund}</p>
          <p style={s.p}>If you have any questions, just reply to this e-mail.</p>
          <DetailsLink href={link} />
        </>
      ),
      text: [
        greeting(order.firstName),
        "",
        `We have cancelled order #${order.orderId}.`,
        "",
        refund,
        "",
        "If you have any questions, just reply to this e-mail.",
        "",
        detailsText(link),
      ],
    };
  },
  "order-refunded": (order, ctx) => {
    const link = orderDetailsUrl(ctx, order.orderId, order.token);
    const line = `We have refunded $${order.refundAmount} of order #${order.orderId} to your PayPal account. PayPal usually shows it within a few days.`;
    return {
      subject: `A refund of $${order.refundAmount} for order #${order.orderId}`,
      preview: line,
      body: (
        <>
          <h1 style={s.h1}>Your refund is on its way</h1>
          <p style={s.p}>{greeting(order.firstName)}</p>
          <p style={s.p}>{line}</p>
          <p style={s.p}>If you have any questions, just reply to this e-mail.</p>
          <p style={s.muted}>
            Your order details:{" "}
            <a href={link} style={{ color: C.accent }}>
              {link}
            </a>
          </p>
        </>
      ),
      text: [greeting(order.firstName), "", line, "", "If you have any questions, just reply to this e-mail.", "", `Your order details: ${link}`],
    };
  },
  "cancel-declined": (order, ctx) => {
    const link = orderDetailsUrl(ctx, order.orderId, order.token);
    const line = `We could not cancel order #${order.orderId}:`;
    return {
      subject: `About your cancellation request for order #${order.orderId}`,
      preview: `${line} ${order.declineReason}`,
      body: (
        <>
          <h1 style={s.h1}>We could not cancel your order</h1>
          <p style={s.p}>{greeting(order.firstName)}</p>
          <p style={s.p}>{line}</p>
          <p style={s.p}>{order.declineReason}</p>
          <p style={s.p}>If you have any questions, just reply to this e-mail.</p>
          <p style={s.muted}>
            Your order details:{" "}
            <a href={link} style={{ color: C.accent }}>
              {link}
            </a>
          </p>
        </>
      ),
      text: [
        greeting(order.firstName),
        "",
        line,
        order.declineReason,
        "",
        "If you have any questions, just reply to this e-mail.",
        "",
        `Your order details: ${link}`,
      ],
    };
  },
  "cancel-request-received": (order, ctx) => {
    const link = orderDetailsUrl(ctx, order.orderId, order.token);
    return {
      subject: `We received your cancellation request for order #${order.orderId}`,
      preview: "We will review your request within 1-2 business days.",
      body: (
        <>
          <h1 style={s.h1}>Cancellation request received</h1>
          <p style={s.p}>{greeting(order.firstName)}</p>
          <p style={s.p}>
            We received your request to cancel order <strong>#{order.orderId}</strong> and will review it within 1-2 business days.
          </p>
          <p style={s.p}>{REFUND_TERMS}</p>
          <DetailsLink href={link} />
        </>
      ),
      text: [
        greeting(order.firstName),
        "",
        `We received your request to cancel order #${order.orderId} and will review it within 1-2 business days.`,
        "",
        REFUND_TERMS,
        "",
        detailsText(link),
      ],
    };
  },
  "owner-new-order": (order, ctx) => {
    const link = `${ctx.appUrl}/admin/orders/${order.orderId}`;
    return {
      subject: `New paid order #${order.orderId}: $${order.total}`,
      preview: `${order.firstName} ${order.lastName} (${order.email})`,
      body: (
        <>
          <h1 style={s.h1}>New paid order #{order.orderId}</h1>
          <p style={s.p}>
            {`${order.firstName} ${order.lastName}`.trim()} ({order.email}) paid <strong>${order.total}</strong>.
          </p>
          <Button href={link}>Open in the admin</Button>
          <OrderSummary order={order} />
        </>
      ),
      text: [
        `New paid order #${order.orderId}: $${order.total}`,
        `${`${order.firstName} ${order.lastName}`.trim()} (${order.email})`,
        "",
        ...textOrder(order),
        "",
        `Open in the admin: ${link}`,
      ],
    };
  },
  "owner-cancel-request": (order, ctx) => {
    const link = `${ctx.appUrl}/admin/orders/${order.orderId}`;
    return {
      subject: `Cancellation requested: order #${order.orderId}`,
      preview: `${order.email} asks to cancel order #${order.orderId} ($${order.total}).`,
      body: (
        <>
          <h1 style={s.h1}>Cancellation requested</h1>
          <p style={s.p}>
            {`${order.firstName} ${order.lastName}`.trim()} ({order.email}) asks to cancel order <strong>#{order.orderId}</strong> (${order.total}). Please
            review it within 1-2 business days.
          </p>
          <Button href={link}>Review the order</Button>
        </>
      ),
      text: [
        `${`${order.firstName} ${order.lastName}`.trim()} (${order.email}) asks to cancel order #${order.orderId} ($${order.total}).`,
        "",
        `Review the order: ${link}`,
      ],
    };
  },
  "owner-payment-alert": (alert, ctx) => {
    const link = `${ctx.appUrl}/admin/orders/${alert.orderId}`;
    return {
      subject: `${alert.headline}: order #${alert.orderId}`,
      preview: alert.detail,
      body: (
        <>
          <h1 style={s.h1}>{alert.headline}</h1>
          <p style={s.p}>
            Order <strong>#{alert.orderId}</strong> ({alert.email}, ${alert.total}).
          </p>
          <p style={s.p}>{alert.detail}</p>
          <Button href={link}>Open the order</Button>
        </>
      ),
      text: [`${alert.headline}: order #${alert.orderId} (${alert.email}, $${alert.total}).`, "", alert.detail, "", `Open the order: ${link}`],
    };
  },
  "review-request": (data, ctx) => {
    const unsubscribe = reviewUnsubscribeUrl(ctx, data.unsubscribeToken);
    const one = data.items.length === 1;
    return {
      subject: one ? `How do you like ${data.items[0]!.title}?` : "How do you like your pieces?",
      preview: "A few words help other collectors choose.",
      body: (
        <>
          <h1 style={s.h1}>How do you like {one ? "it" : "them"}?</h1>
          <p style={s.p}>{greeting(data.firstName)}</p>
          <p style={s.p}>
            Your order #{data.orderId} has arrived. If you have a moment, a few words and a photo of your doll wearing {one ? "it" : "them"} help other
            collectors choose. Only buyers can review, and each review is read before it appears.
          </p>
          {data.items.map((item) => (
            <p key={item.slug} style={s.p}>
              <strong>{item.title}</strong>
              <br />
              <a href={reviewUrl(ctx, item.slug)} style={{ color: C.accent }}>
                Review {item.title}
              </a>
            </p>
          ))}
          <p style={s.muted}>
            This is the only e-mail we send about this order.{" "}
            <a href={unsubscribe} style={{ color: C.muted }}>
              Stop review requests
            </a>
          </p>
        </>
      ),
      text: [
        greeting(data.firstName),
        "",
        `Your order #${data.orderId} has arrived. If you have a moment, a few words and a photo of your doll wearing ${one ? "it" : "them"} help other collectors choose. Only buyers can review, and each review is read before it appears.`,
        "",
        ...data.items.map((item) => `Review ${item.title}: ${reviewUrl(ctx, item.slug)}`),
        "",
        `This is the only e-mail we send about this order. Stop review requests: ${unsubscribe}`,
      ],
    };
  },
  welcome: (data, ctx) => ({
    subject: `Welcome to ${ctx.storeName}`,
    preview: "Your account is ready.",
    body: (
      <>
        <h1 style={s.h1}>Welcome to {ctx.storeName}</h1>
        <p style={s.p}>{greeting(data.firstName)}</p>
        <p style={s.p}>Your account is ready. Keep your favourite pieces, follow your orders and earn loyalty points on every purchase.</p>
        <Button href={`${ctx.appUrl}/shop`}>Visit the shop</Button>
      </>
    ),
    text: [
      greeting(data.firstName),
      "",
      "Your account is ready. Keep your favourite pieces, follow your orders and earn loyalty points on every purchase.",
      "",
      `Visit the shop: ${ctx.appUrl}/shop`,
    ],
  }),
  "points-awarded": (data, ctx) => ({
    subject: `You received ${data.points} loyalty points`,
    preview: `Your balance is now ${data.balance} points.`,
    body: (
      <>
        <h1 style={s.h1}>A little thank-you</h1>
        <p style={s.p}>{greeting(data.firstName)}</p>
        <p style={s.p}>
          We added <strong>{data.points} loyalty points</strong> to your account. Your balance is now {data.balance} points.
        </p>
        <Button href={`${ctx.appUrl}/account`}>See your points</Button>
      </>
    ),
    text: [
      greeting(data.firstName),
      "",
      `We added ${data.points} loyalty points to your account. Your balance is now ${data.balance} points.`,
      "",
      `See your points: ${ctx.appUrl}/account`,
    ],
  }),
  "password-reset": (data, ctx) => {
    const link = resetPasswordUrl(ctx, data.token);
    const action = data.firstPassword ? "set a password" : "reset your password";
    return {
      subject: data.firstPassword ? "Set a password for your account" : "Reset your password",
      preview: "The link works once, for one hour.",
      body: (
        <>
          <h1 style={s.h1}>{data.firstPassword ? "Set a password" : "Reset your password"}</h1>
          <p style={s.p}>{greeting(data.firstName)}</p>
          <p style={s.p}>Someone (we hope you) asked to {action} for your account. The link below works once, for one hour.</p>
          <Button href={link}>{data.firstPassword ? "Set a password" : "Choose a new password"}</Button>
          <p style={s.muted}>If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>
        </>
      ),
      text: [
        greeting(data.firstName),
        "",
        `Someone (we hope you) asked to ${action} for your account. This link works once, for one hour:`,
        link,
        "",
        "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
      ],
    };
  },
  "verify-email": (data, ctx) => {
    const link = verifyEmailUrl(ctx, data.token);
    return {
      subject: "Please confirm your e-mail address",
      preview: "One click, and your account is yours for sure.",
      body: (
        <>
          <h1 style={s.h1}>Confirm your e-mail address</h1>
          <p style={s.p}>{greeting(data.firstName)}</p>
          <p style={s.p}>Please confirm that this address belongs to you. The link works for 7 days.</p>
          <Button href={link}>Confirm my address</Button>
          <p style={s.muted}>If you did not create an account at {ctx.storeName}, ignore this e-mail: without the click, the address is not confirmed.</p>
        </>
      ),
      text: [
        greeting(data.firstName),
        "",
        "Please confirm that this address belongs to you. This link works for 7 days:",
        link,
        "",
        `If you did not create an account at ${ctx.storeName}, ignore this e-mail: without the click, the address is not confirmed.`,
      ],
    };
  },
  "email-changed": (data, ctx) => {
    const link = undoEmailChangeUrl(ctx, data.token);
    return {
      subject: "The e-mail address of your account was changed",
      preview: `From now on we write to ${data.newEmail}.`,
      body: (
        <>
          <h1 style={s.h1}>Your e-mail address was changed</h1>
          <p style={s.p}>{greeting(data.firstName)}</p>
          <p style={s.p}>
            The e-mail address of your account was changed to <strong>{data.newEmail}</strong>. From now on, we write there.
          </p>
          <p style={s.p}>
            If you did not make this change, undo it: your address comes back, every device is signed out and you choose a new password. The link works for 14
            days.
          </p>
          <Button href={link}>This was not me: undo</Button>
          <p style={s.muted}>If you made the change yourself, there is nothing to do.</p>
        </>
      ),
      text: [
        greeting(data.firstName),
        "",
        `The e-mail address of your account was changed to ${data.newEmail}. From now on, we write there.`,
        "",
        "If you did not make this change, undo it: your address comes back, every device is signed out and you choose a new password. This link works for 14 days:",
        link,
        "",
        "If you made the change yourself, there is nothing to do.",
      ],
    };
  },
  "email-change-confirm": (data, ctx) => {
    const link = confirmEmailChangeUrl(ctx, data.token);
    return {
      subject: "Confirm your new e-mail address",
      preview: "The address of an account changes only when you confirm.",
      body: (
        <>
          <h1 style={s.h1}>Confirm your new e-mail address</h1>
          <p style={s.p}>
            Someone (we hope you) asked to use this address for an account at {ctx.storeName}. The address changes only when you open the link and confirm. The
            link works for 24 hours.
          </p>
          <Button href={link}>Review and confirm</Button>
          <p style={s.muted}>If you did not ask for this, ignore this e-mail: nothing changes, and no account is linked to this address.</p>
        </>
      ),
      text: [
        `Someone (we hope you) asked to use this address for an account at ${ctx.storeName}. The address changes only when you open this link and confirm. It works for 24 hours:`,
        link,
        "",
        "If you did not ask for this, ignore this e-mail: nothing changes, and no account is linked to this address.",
      ],
    };
  },
  "back-in-stock-confirm": (data, ctx) => {
    const link = confirmBackInStockUrl(ctx, data.token);
    const name = data.optionLabel ? `${data.productTitle} (${data.optionLabel})` : data.productTitle;
    return {
      subject: "Please confirm your back-in-stock e-mail",
      preview: "One click, and we write when it is back.",
      body: (
        <>
          <h1 style={s.h1}>Confirm your request</h1>
          <p style={s.p}>
            Someone asked us to e-mail this address when <strong>{name}</strong> is back in stock. If it was you, please confirm. The link works for 7 days.
          </p>
          <Button href={link}>Confirm</Button>
          <p style={s.muted}>If you did not ask, ignore this e-mail: without the click, we will not write again.</p>
        </>
      ),
      text: [
        `Someone asked us to e-mail this address when ${name} is back in stock. If it was you, please confirm. This link works for 7 days:`,
        link,
        "",
        "If you did not ask, ignore this e-mail: without the click, we will not write again.",
      ],
    };
  },
  "back-in-stock": (data, ctx) => {
    const link = `${ctx.appUrl}/product/${encodeURIComponent(data.slug)}`;
    const name = data.optionLabel ? `${data.productTitle} (${data.optionLabel})` : data.productTitle;
    const unsubscribe = unsubscribeUrl(ctx, data.unsubscribeToken);
    return {
      subject: `${name} is back in stock`,
      preview: "Handmade pieces go quickly.",
      body: (
        <>
          <h1 style={s.h1}>It is back</h1>
          <p style={s.p}>
            <strong>{name}</strong> is back in stock. Handmade pieces go quickly, so we wanted you to know first.
          </p>
          <Button href={link}>See it in the shop</Button>
          <p style={s.muted}>
            You asked us to write when it returned; this was the only e-mail for it.{" "}
            <a href={unsubscribe} style={{ color: C.muted }}>
              Stop all back-in-stock e-mails
            </a>
          </p>
        </>
      ),
      text: [
        `${name} is back in stock. Handmade pieces go quickly, so we wanted you to know first.`,
        "",
        `See it in the shop: ${link}`,
        "",
        `You asked us to write when it returned; this was the only e-mail for it. Stop all back-in-stock e-mails: ${unsubscribe}`,
      ],
    };
  },
  ...withdrawalRenderers({ s, accent: C.accent, soft: C.soft, Button, Items, Totals, textOrder, orderDetailsUrl }),
  "account-delete-link": (data, ctx) => {
    const link = deleteAccountUrl(ctx, data.token);
    return {
      subject: "Confirm the deletion of your account",
      preview: "The link works once, for one hour.",
      body: (
        <>
          <h1 style={s.h1}>Delete your account?</h1>
          <p style={s.p}>{greeting(data.firstName)}</p>
          <p style={s.p}>
            Someone (we hope you) asked to delete your account at {ctx.storeName}. The link below opens a page where one more click deletes it. It works once,
            for one hour.
          </p>
          <Button href={link}>Review and delete my account</Button>
          <p style={s.muted}>If you did not ask for this, ignore this e-mail: your account stays as it is.</p>
        </>
      ),
      text: [
        greeting(data.firstName),
        "",
        `Someone (we hope you) asked to delete your account at ${ctx.storeName}. This link opens a page where one more click deletes it. It works once, for one hour:`,
        link,
        "",
        "If you did not ask for this, ignore this e-mail: your account stays as it is.",
      ],
    };
  },
  "account-deleted": (data, ctx) => {
    const kept =
      data.ordersKept > 0
        ? `Your ${data.ordersKept === 1 ? "order stays" : `${data.ordersKept} orders stay`} with us for the accounting period the law asks of a shop, no longer linked to any account; the links in your order e-mails keep working.`
        : "";
    return {
      subject: "Your account has been deleted",
      preview: "Your profile, favorites, cart and points are gone.",
      body: (
        <>
          <h1 style={s.h1}>Your account has been deleted</h1>
          <p style={s.p}>{greeting(data.firstName)}</p>
          <p style={s.p}>
            As you asked, we deleted your account at {ctx.storeName}: your profile, saved address, favorites, cart, loyalty points and back-in-stock requests,
            and every device was signed out.
          </p>
          {kept ? <p style={s.p}>{kept}</p> : null}
          <p style={s.muted}>
            If you did not ask for this, write to us at <a href={`mailto:${ctx.shopEmail}`}>{ctx.shopEmail}</a>.
          </p>
        </>
      ),
      text: [
        greeting(data.firstName),
        "",
        `As you asked, we deleted your account at ${ctx.storeName}: your profile, saved address, favorites, cart, loyalty points and back-in-stock requests, and every device was signed out.`,
        ...(kept ? ["", kept] : []),
        "",
        `If you did not ask for this, write to us at ${ctx.shopEmail}.`,
      ],
    };
  },
};

/** The subject, HTML and plain text of one message. */
export function renderMail<K extends MailKind>(kind: K, data: MailDataByKind[K], ctx: MailContext): RenderedMail {
  const render = RENDERERS[kind] as Renderer<K>;
  const { subject, preview, body, text } = render(data, ctx);
  const html =
    "<!DOCTYPE html>" +
    renderToStaticMarkup(
      <Layout ctx={ctx} preview={preview}>
        {body}
      </Layout>,
    );
  return { subject, html, text: [...text, ...textFooter(ctx)].join("\n") + "\n" };
}
