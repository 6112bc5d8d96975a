import { type ReactNode } from "react";
import { type MailTexts } from "~/domain/mail/templates/texts";
import { type Locale } from "~/i18n/locales";
import { type OrderView } from "~/domain/orders/orders.server";

/** What every e-mail is rendered with: the shop's identity and origin, from Settings and the environment. */
export interface MailContext {
  storeName: string;
  /** The public origin, without a trailing slash: every link is absolute. */
  appUrl: string;
  /** The shop's contact address (shown in the footer). */
  shopEmail: string;
  /** The seller's legal identity (Settings), in every e-mail's footer: order e-mails must name her. */
  seller?: MailSeller;
  /** The language the message is written in: its links open the shop's pages in it (default English). */
  locale?: Locale;
}

export interface MailSeller {
  legalName: string;
  /** One line per line. */
  address: string;
  email: string;
  phone: string;
  vatLine: string;
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
  /** The discount code and what it took off; absent in e-mails queued before codes existed. */
  discount?: { code: string; amount: string } | null;
  total: string;
  address: OrderView["shippingAddress"];
  customerMessage: string | null;
  trackingNumber: string | null;
  /** YYYY-MM-DD when the order holds made-to-order pieces. */
  expectedShipDate?: string | null;
  /** For a cancellation: whether the order had been paid (a refund follows). */
  wasPaid?: boolean;
  /** For a cancellation: who cancelled it; absent in e-mails queued before it was recorded (the shop). */
  cancelledBy?: CancelledBy;
  /** For a refund: the amount given back, as "12.00". */
  refundAmount?: string;
  /** For a declined cancellation request: the shop's reason. */
  declineReason?: string;
}

/** Who cancelled an order: the shop, the buyer herself, or nobody (an unpaid order expired). */
export type CancelledBy = "shop" | "buyer" | "expired";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** One message before the layout: its subject, the inbox preview, the HTML body and the plain-text lines. */
export interface MailParts {
  subject: string;
  preview: string;
  body: ReactNode;
  text: string[];
}

/** A message's renderer: its data, the shop, and the texts of the language it is written in. */
export type Renderer<D> = (data: D, ctx: MailContext, t: MailTexts) => MailParts;

/** The renderers of an area, one per kind of its data map. */
export type Renderers<M> = { [K in keyof M]: Renderer<M[K]> };
