import { Button, C, fill, fillText, greeting, linkLine, s } from "~/domain/mail/templates/layout";
import { orderDetailsUrl, withdrawUrl } from "~/domain/mail/templates/links";
import { DetailsLink, detailsText, OrderSummary, shipDateLine, textOrder, WithdrawLink, withdrawText } from "~/domain/mail/templates/order-parts";
import { type OrderMailData, type Renderers } from "~/domain/mail/templates/types";
import { chargesImportDuties } from "~/domain/orders/duties";
import { trackingUrl } from "~/domain/orders/page-data";

/** The buyer's order e-mails: confirmed, shipped, cancelled, refunded, and a cancellation request received or declined. */

export interface OrderMailDataByKind {
  "order-confirmation": OrderMailData;
  "order-shipped": OrderMailData;
  "order-cancelled": OrderMailData;
  "cancel-request-received": OrderMailData;
  "order-refunded": OrderMailData & { refundAmount: string };
  "cancel-declined": OrderMailData & { declineReason: string };
}

export const ORDER_MAILS: Renderers<OrderMailDataByKind> = {
  "order-confirmation": (order, ctx, t) => {
    const m = t.order.confirmation;
    const link = orderDetailsUrl(ctx, order.orderId, order.token);
    const shipDate = shipDateLine(order, t);
    const duties = chargesImportDuties(order.address.country) ? m.duties : null;
    return {
      subject: m.subject(order.orderId),
      preview: m.preview(order.total),
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{greeting(t, order.firstName)}</p>
          <p style={s.p}>{fill(m.body, { order: <strong>{t.order.number(order.orderId)}</strong> })}</p>
          {shipDate ? <p style={s.p}>{shipDate}</p> : null}
          <Button href={link}>{m.button}</Button>
          <OrderSummary order={order} t={t} totalsNote={duties} />
          <p style={{ ...s.muted, marginTop: "20px" }}>
            {fill(m.keep, {
              link: (
                <a href={link} style={{ color: C.accent, wordBreak: "break-all" }}>
                  {link}
                </a>
              ),
            })}
          </p>
          <WithdrawLink href={withdrawUrl(ctx, order.orderId)} t={t} />
        </>
      ),
      text: [
        greeting(t, order.firstName),
        "",
        fillText(m.body, { order: t.order.number(order.orderId) }),
        ...(shipDate ? ["", shipDate] : []),
        "",
        ...textOrder(order, t, duties),
        "",
        linkLine(m.keepText, link),
        "",
        withdrawText(withdrawUrl(ctx, order.orderId), t),
      ],
    };
  },
  "order-shipped": (order, ctx, t) => {
    const m = t.order.shipped;
    const link = orderDetailsUrl(ctx, order.orderId, order.token);
    const tracking = order.trackingNumber ?? "";
    return {
      subject: m.subject(order.orderId),
      preview: m.preview(tracking),
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{greeting(t, order.firstName)}</p>
          <p style={s.p}>{fill(m.body, { order: <strong>{t.order.number(order.orderId)}</strong> })}</p>
          <p style={s.p}>
            {fill(m.tracking, {
              tracking: (
                <a href={trackingUrl(tracking)} style={{ color: C.accent, fontWeight: 600 }}>
                  {tracking}
                </a>
              ),
            })}
          </p>
          <Button href={trackingUrl(tracking)}>{m.button}</Button>
          <DetailsLink href={link} t={t} />
          <WithdrawLink href={withdrawUrl(ctx, order.orderId)} t={t} />
        </>
      ),
      text: [
        greeting(t, order.firstName),
        "",
        fillText(m.body, { order: t.order.number(order.orderId) }),
        "",
        fillText(m.tracking, { tracking }),
        linkLine(m.button, trackingUrl(tracking)),
        "",
        detailsText(link, t),
        withdrawText(withdrawUrl(ctx, order.orderId), t),
      ],
    };
  },
  "order-cancelled": (order, ctx, t) => {
    const m = t.order.cancelled;
    const link = orderDetailsUrl(ctx, order.orderId, order.token);
    const refund = order.wasPaid ? m.refund(order.total) : m.unpaid;
    const body = order.cancelledBy === "buyer" ? m.byBuyer : order.cancelledBy === "expired" ? m.expired : m.body;
    return {
      subject: m.subject(order.orderId),
      preview: refund,
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{greeting(t, order.firstName)}</p>
          <p style={s.p}>{fill(body, { order: <strong>{t.order.number(order.orderId)}</strong> })}</p>
          <p style={s.p}>{refund}</p>
          <p style={s.p}>{t.order.questions}</p>
          <DetailsLink href={link} t={t} />
        </>
      ),
      text: [
        greeting(t, order.firstName),
        "",
        fillText(body, { order: t.order.number(order.orderId) }),
        "",
        refund,
        "",
        t.order.questions,
        "",
        detailsText(link, t),
      ],
    };
  },
  "order-refunded": (order, ctx, t) => {
    const m = t.order.refunded;
    const link = orderDetailsUrl(ctx, order.orderId, order.token);
    const line = m.body(order.refundAmount, order.orderId);
    return {
      subject: m.subject(order.refundAmount, order.orderId),
      preview: line,
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{greeting(t, order.firstName)}</p>
          <p style={s.p}>{line}</p>
          <p style={s.p}>{t.order.questions}</p>
          <DetailsLink href={link} t={t} />
        </>
      ),
      text: [greeting(t, order.firstName), "", line, "", t.order.questions, "", detailsText(link, t)],
    };
  },
  "cancel-declined": (order, ctx, t) => {
    const m = t.order.declined;
    const link = orderDetailsUrl(ctx, order.orderId, order.token);
    return {
      subject: m.subject(order.orderId),
      preview: m.preview(order.orderId, order.declineReason),
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{greeting(t, order.firstName)}</p>
          <p style={s.p}>{m.body(order.orderId)}</p>
          <p style={s.p}>{order.declineReason}</p>
          <p style={s.p}>{t.order.questions}</p>
          <DetailsLink href={link} t={t} />
        </>
      ),
      text: [greeting(t, order.firstName), "", m.body(order.orderId), order.declineReason, "", t.order.questions, "", detailsText(link, t)],
    };
  },
  "cancel-request-received": (order, ctx, t) => {
    const m = t.order.requestReceived;
    const link = orderDetailsUrl(ctx, order.orderId, order.token);
    return {
      subject: m.subject(order.orderId),
      preview: m.preview,
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{greeting(t, order.firstName)}</p>
          <p style={s.p}>{fill(m.body, { order: <strong>{t.order.number(order.orderId)}</strong> })}</p>
          <p style={s.p}>{m.terms}</p>
          <DetailsLink href={link} t={t} />
        </>
      ),
      text: [greeting(t, order.firstName), "", fillText(m.body, { order: t.order.number(order.orderId) }), "", m.terms, "", detailsText(link, t)],
    };
  },
};
