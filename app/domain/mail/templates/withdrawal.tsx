import { Button, C, fill, fillText, greeting, Lines, linkLine, Quote, s } from "~/domain/mail/templates/layout";
import { adminOrderUrl, orderDetailsUrl, shopUrl } from "~/domain/mail/templates/links";
import { Items, textOrder, Totals } from "~/domain/mail/templates/order-parts";
import { type MailTexts } from "~/domain/mail/templates/texts";
import { type OrderMailData, type Renderers } from "~/domain/mail/templates/types";

/** The withdrawal's e-mails: the customer's receipt (the durable medium the law asks for), the owner's alert, and the owner's reminder. */

export interface WithdrawalMailData extends OrderMailData {
  /** The name the customer gave on the form. */
  name: string;
  statement: string | null;
  receivedAt: string;
  /** Whether the order had shipped when the withdrawal came in (what happens next differs). */
  shipped: boolean;
  /** Where the items go back: the seller's legal name and postal address. */
  returnAddress: string[];
  /** The acknowledgement page's signed path (name, statement and order): the receipt's link, for the order's mailbox only. */
  receiptPath?: string;
}

export interface WithdrawalMailDataByKind {
  "withdrawal-received": WithdrawalMailData;
  "owner-withdrawal": WithdrawalMailData;
  "owner-withdrawal-reminder": WithdrawalMailData;
}

const exemptTitles = (w: WithdrawalMailData) => w.items.filter((i) => i.isPersonalised).map((i) => i.title);
const ownerSteps = (w: WithdrawalMailData, t: MailTexts) => t.withdrawal.ownerNextSteps(w.shipped, exemptTitles(w));

export const WITHDRAWAL_MAILS: Renderers<WithdrawalMailDataByKind> = {
  "withdrawal-received": (w, ctx, t) => {
    const m = t.withdrawal.received;
    const when = t.withdrawal.receivedAt(w.receivedAt);
    const link = orderDetailsUrl(ctx, w.orderId, w.token);
    const line = fillText(m.body, { order: t.order.number(w.orderId), when });
    // Anyone who knows the order number and its e-mail can send the form: the receipt, which
    // goes to the order's address, carries no text they typed but a name cut to letters.
    const hello = greeting(t, w.name);
    const kept = w.statement ? m.kept : null;
    const next = t.withdrawal.nextSteps(w.shipped, exemptTitles(w));
    const seen = w.receiptPath ? shopUrl(ctx, w.receiptPath) : null;
    return {
      subject: m.subject(w.orderId),
      preview: line,
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{hello}</p>
          <p style={s.p}>
            {fill(m.body, { order: <strong>{t.order.number(w.orderId)}</strong>, when: <strong>{when}</strong> })}
            {kept ? ` ${kept}` : null}
          </p>
          {seen ? (
            <p style={s.p}>
              {fill(m.seen, {
                link: (
                  <a href={seen} style={{ color: C.accent, wordBreak: "break-all" }}>
                    {seen}
                  </a>
                ),
              })}
            </p>
          ) : null}
          <h2 style={s.h2}>{m.next}</h2>
          <p style={s.p}>{next}</p>
          {w.shipped ? (
            <>
              <p style={s.p}>{m.sendTo}</p>
              <Lines lines={w.returnAddress} />
            </>
          ) : null}
          <h2 style={s.h2}>{m.theOrder}</h2>
          <Items order={w} t={t} />
          <Totals order={w} t={t} />
          <p style={{ ...s.muted, marginTop: "20px" }}>
            {fill(m.keep, {
              link: (
                <a href={link} style={{ color: C.accent, wordBreak: "break-all" }}>
                  {link}
                </a>
              ),
            })}
          </p>
        </>
      ),
      text: [
        hello,
        "",
        kept ? `${line} ${kept}` : line,
        ...(seen ? ["", fillText(m.seen, { link: seen })] : []),
        "",
        m.next,
        next,
        ...(w.shipped ? ["", m.sendTo, ...w.returnAddress] : []),
        "",
        ...textOrder(w, t),
        "",
        fillText(m.keep, { link }),
      ],
    };
  },
  "owner-withdrawal": (w, ctx, t) => {
    const m = t.withdrawal.owner;
    const when = t.withdrawal.receivedAt(w.receivedAt);
    const link = adminOrderUrl(ctx, w.orderId);
    const who = m.who(w.name, w.email);
    const total = t.order.price(w.total);
    const todo = t.withdrawal.ownerTodo(ownerSteps(w, t));
    return {
      subject: m.subject(w.orderId),
      preview: m.preview(who, w.orderId, when),
      body: (
        <>
          <h1 style={s.h1}>{m.heading(w.orderId)}</h1>
          <p style={s.p}>{fill(m.body, { who, order: <strong>{t.order.number(w.orderId)}</strong>, total, when: <strong>{when}</strong> })}</p>
          {w.statement ? <Quote text={w.statement} /> : null}
          <p style={s.p}>{todo}</p>
          <Button href={link}>{m.button}</Button>
          <Items order={w} t={t} />
          <Totals order={w} t={t} />
        </>
      ),
      text: [
        fillText(m.body, { who, order: t.order.number(w.orderId), total, when }),
        ...(w.statement ? ["", m.statement, w.statement] : []),
        "",
        todo,
        "",
        linkLine(m.button, link),
        "",
        ...textOrder(w, t),
      ],
    };
  },
  "owner-withdrawal-reminder": (w, ctx, t) => {
    const m = t.withdrawal.reminder;
    const link = adminOrderUrl(ctx, w.orderId);
    const line = m.body(w.orderId, t.withdrawal.receivedAt(w.receivedAt));
    return {
      subject: m.subject(w.orderId),
      preview: line,
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{line}</p>
          <p style={s.p}>{ownerSteps(w, t)}</p>
          <Button href={link}>{m.button}</Button>
        </>
      ),
      text: [line, "", ownerSteps(w, t), "", linkLine(m.button, link)],
    };
  },
};
