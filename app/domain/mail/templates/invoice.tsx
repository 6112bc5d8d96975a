import { Button, fill, fillText, linkLine, s } from "~/domain/mail/templates/layout";
import { shopUrl } from "~/domain/mail/templates/links";
import { type Renderers } from "~/domain/mail/templates/types";

/** The invoice e-mails: the buyer's link to the invoice page and the owner's alert. */

export interface InvoiceMailData {
  orderId: number;
  number: string;
  /** The invoice page's path. */
  url: string;
  buyerName: string;
  taxId: string | null;
  total: string;
}

export interface InvoiceMailDataByKind {
  invoice: InvoiceMailData;
  "owner-invoice": InvoiceMailData;
}

export const INVOICE_MAILS: Renderers<InvoiceMailDataByKind> = {
  invoice: (d, ctx, t) => {
    const m = t.invoice.buyer;
    const link = shopUrl(ctx, d.url);
    const order = t.order.number(d.orderId);
    const line = fillText(m.body, { number: d.number, order, name: d.buyerName });
    return {
      subject: m.subject(d.number),
      preview: line,
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{fill(m.body, { number: <strong>{d.number}</strong>, order: <strong>{order}</strong>, name: d.buyerName })}</p>
          <Button href={link}>{m.button}</Button>
          <p style={s.muted}>{m.print}</p>
        </>
      ),
      text: [line, "", linkLine(m.button, link), "", m.print],
    };
  },
  "owner-invoice": (d, ctx, t) => {
    const m = t.invoice.owner;
    const link = shopUrl(ctx, d.url);
    const order = t.order.number(d.orderId);
    const total = t.order.price(d.total);
    const line = fillText(m.body, { number: d.number, order, total, name: d.buyerName });
    const business = d.taxId ? m.business(d.taxId) : null;
    return {
      subject: m.subject(d.number, d.orderId),
      preview: line,
      body: (
        <>
          <p style={s.p}>{line}</p>
          {business ? <p style={s.p}>{business}</p> : null}
          <Button href={link}>{m.button}</Button>
        </>
      ),
      text: [line, ...(business ? ["", business] : []), "", linkLine(m.button, link)],
    };
  },
};
