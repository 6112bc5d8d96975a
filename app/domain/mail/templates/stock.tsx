import { Button, C, fill, fillText, linkLine, s } from "~/domain/mail/templates/layout";
import { confirmBackInStockUrl, productUrl, unsubscribeUrl } from "~/domain/mail/templates/links";
import { type Renderers } from "~/domain/mail/templates/types";

/** The back-in-stock e-mails: the double opt-in's confirmation, and the one message when the item returns. */

export interface StockMailDataByKind {
  "back-in-stock": { productTitle: string; slug: string; optionLabel: string | null; unsubscribeToken: string };
  "back-in-stock-confirm": { productTitle: string; optionLabel: string | null; token: string };
}

export const STOCK_MAILS: Renderers<StockMailDataByKind> = {
  "back-in-stock-confirm": (data, ctx, t) => {
    const m = t.stock.confirm;
    const link = confirmBackInStockUrl(ctx, data.token);
    const item = t.stock.item(data.productTitle, data.optionLabel);
    return {
      subject: m.subject,
      preview: m.preview,
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{fill(m.body, { item: <strong>{item}</strong> })}</p>
          <Button href={link}>{m.button}</Button>
          <p style={s.muted}>{m.ignore}</p>
        </>
      ),
      text: [fillText(m.bodyText, { item }), link, "", m.ignore],
    };
  },
  "back-in-stock": (data, ctx, t) => {
    const m = t.stock.back;
    const link = productUrl(ctx, data.slug);
    const item = t.stock.item(data.productTitle, data.optionLabel);
    const unsubscribe = unsubscribeUrl(ctx, data.unsubscribeToken);
    return {
      subject: m.subject(item),
      preview: m.preview,
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{fill(m.body, { item: <strong>{item}</strong> })}</p>
          <Button href={link}>{m.button}</Button>
          <p style={s.muted}>
            {m.only}{" "}
            <a href={unsubscribe} style={{ color: C.muted }}>
              {m.stop}
            </a>
          </p>
        </>
      ),
      text: [fillText(m.body, { item }), "", linkLine(m.button, link), "", `${m.only} ${linkLine(m.stop, unsubscribe)}`],
    };
  },
};
