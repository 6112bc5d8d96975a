import { Button, fill, fillText, linkLine, s } from "~/domain/mail/templates/layout";
import { adminOrdersTabUrl, adminOrderUrl } from "~/domain/mail/templates/links";
import { OrderSummary, textOrder } from "~/domain/mail/templates/order-parts";
import { type OrderMailData, type Renderers } from "~/domain/mail/templates/types";

/** The owner's alerts about orders: a new paid order, a cancellation request, a payment to look at. */

/** A payment the owner must look at (a capture the shop could not fill, a reversal, a dispute). */
export interface OwnerPaymentAlertData {
  orderId: number;
  total: string;
  email: string;
  headline: string;
  detail: string;
}

/** Unpaid orders hold every made-to-order place of a capped product (docs/made-to-order.md). */
export interface OwnerMadeToOrderHeldData {
  productId: number;
  title: string;
  cap: number;
  /** Pieces the unpaid orders hold. */
  unpaid: number;
  /** 'Unpaid orders hold all 3 places of …' */
  headline: string;
}

export interface OwnerMailDataByKind {
  "owner-new-order": OrderMailData;
  "owner-cancel-request": OrderMailData;
  "owner-payment-alert": OwnerPaymentAlertData;
  "owner-made-to-order-held": OwnerMadeToOrderHeldData;
}

function fullName(order: OrderMailData): string {
  return `${order.firstName} ${order.lastName}`.trim();
}

export const OWNER_MAILS: Renderers<OwnerMailDataByKind> = {
  "owner-new-order": (order, ctx, t) => {
    const m = t.owner.newOrder;
    const link = adminOrderUrl(ctx, order.orderId);
    return {
      subject: m.subject(order.orderId, order.total),
      preview: t.owner.customer(`${order.firstName} ${order.lastName}`, order.email),
      body: (
        <>
          <h1 style={s.h1}>{m.heading(order.orderId)}</h1>
          <p style={s.p}>{fill(m.body, { customer: t.owner.customer(fullName(order), order.email), total: <strong>{t.order.price(order.total)}</strong> })}</p>
          <Button href={link}>{m.button}</Button>
          <OrderSummary order={order} t={t} />
        </>
      ),
      text: [m.subject(order.orderId, order.total), t.owner.customer(fullName(order), order.email), "", ...textOrder(order, t), "", linkLine(m.button, link)],
    };
  },
  "owner-cancel-request": (order, ctx, t) => {
    const m = t.owner.cancelRequest;
    const link = adminOrderUrl(ctx, order.orderId);
    const customer = t.owner.customer(fullName(order), order.email);
    const total = t.order.price(order.total);
    return {
      subject: m.subject(order.orderId),
      preview: m.preview(order.email, order.orderId, order.total),
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>
            {fill(m.body, { customer, order: <strong>{t.order.number(order.orderId)}</strong>, total })} {m.review}
          </p>
          <Button href={link}>{m.button}</Button>
        </>
      ),
      text: [fillText(m.body, { customer, order: t.order.number(order.orderId), total }), "", linkLine(m.button, link)],
    };
  },
  "owner-payment-alert": (alert, ctx, t) => {
    const m = t.owner.paymentAlert;
    const link = adminOrderUrl(ctx, alert.orderId);
    return {
      subject: m.subject(alert.headline, alert.orderId),
      preview: alert.detail,
      body: (
        <>
          <h1 style={s.h1}>{alert.headline}</h1>
          <p style={s.p}>{fill(m.body, { order: <strong>{t.order.number(alert.orderId)}</strong>, email: alert.email, total: t.order.price(alert.total) })}</p>
          <p style={s.p}>{alert.detail}</p>
          <Button href={link}>{m.button}</Button>
        </>
      ),
      text: [m.bodyText(alert.headline, alert.orderId, alert.email, alert.total), "", alert.detail, "", linkLine(m.button, link)],
    };
  },
  "owner-made-to-order-held": (held, ctx, t) => {
    const m = t.owner.madeToOrderHeld;
    const link = adminOrdersTabUrl(ctx);
    return {
      subject: m.subject(held.headline),
      preview: held.headline,
      body: (
        <>
          <h1 style={s.h1}>{held.headline}</h1>
          <p style={s.p}>{m.body}</p>
          <Button href={link}>{m.button}</Button>
        </>
      ),
      text: [`${held.headline}.`, "", m.body, "", linkLine(m.button, link)],
    };
  },
};
