import { Button, fill, fillText, linkLine, s } from "~/domain/mail/templates/layout";
import { adminDashboardUrl } from "~/domain/mail/templates/links";
import { TAX_MAIL_TEXT } from "~/domain/mail/templates/tax-texts";
import { type Renderers } from "~/domain/mail/templates/types";
import { type AlertLevel, type ThresholdKey } from "~/domain/records/thresholds";

/** The owner's alert that the year's sales reached 80 % or 100 % of a tax threshold (records/thresholds.server.ts). */
export interface OwnerTaxThresholdData {
  year: number;
  threshold: ThresholdKey;
  level: AlertLevel;
  percent: number;
  /** '33 600,00 zł' */
  amount: string;
  /** '42 000 zł' */
  limit: string;
}

export interface TaxMailDataByKind {
  "owner-tax-threshold": OwnerTaxThresholdData;
}

export const TAX_MAILS: Renderers<TaxMailDataByKind> = {
  "owner-tax-threshold": (alert, ctx) => {
    // Owner alerts are English whatever the language, so the words are read directly.
    const m = TAX_MAIL_TEXT;
    const link = adminDashboardUrl(ctx);
    const slots = { year: alert.year, amount: alert.amount, limit: alert.limit, percent: alert.percent };
    const heading = m.heading[alert.threshold][alert.level];
    const todo = m.todo[alert.threshold][alert.level];
    return {
      subject: m.subject(m.names[alert.threshold], alert.percent, alert.year),
      preview: fillText(m.figure[alert.threshold], slots),
      body: (
        <>
          <h1 style={s.h1}>{heading}</h1>
          <p style={s.p}>{fill(m.figure[alert.threshold], { ...slots, amount: <strong>{alert.amount}</strong> })}</p>
          <p style={s.p}>{m.meaning[alert.threshold]}</p>
          <p style={s.p}>
            <strong>{todo}</strong>
          </p>
          <Button href={link}>{m.button}</Button>
          <p style={s.p}>{m.once}</p>
          <p style={s.p}>{m.notAdvice}</p>
        </>
      ),
      text: [
        heading,
        "",
        fillText(m.figure[alert.threshold], slots),
        "",
        m.meaning[alert.threshold],
        "",
        todo,
        "",
        linkLine(m.button, link),
        "",
        m.once,
        m.notAdvice,
      ],
    };
  },
};
