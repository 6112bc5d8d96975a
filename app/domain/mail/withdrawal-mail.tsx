import { type CSSProperties, type ReactNode } from "react";
import { mailName } from "~/domain/mail/names";
import { type MailContext, type OrderMailData } from "~/domain/mail/templates";
import { formatReceivedAt, nextSteps, ownerNextSteps, REMINDER_DAYS } from "~/domain/withdrawals/rules";

/**
 * The withdrawal's e-mails: the customer's receipt (the durable medium the law asks for), the
 * owner's alert, and the owner's reminder. templates.tsx registers them and hands over its
 * layout pieces (`MailKit`), so the messages look like every other one without a second copy.
 */

export interface WithdrawalMailData extends OrderMailData {
  /** The name the customer gave on the form. */
  name: string;
  statement: string | null;
  receivedAt: string;
  /** Whether the order had shipped when the withdrawal came in (what happens next differs). */
  shipped: boolean;
  /** Where the items go back: the seller's legal name and postal address. */
  returnAddress: string[];
}

export interface WithdrawalMailDataByKind {
  "withdrawal-received": WithdrawalMailData;
  "owner-withdrawal": WithdrawalMailData;
  "owner-withdrawal-reminder": WithdrawalMailData;
}

export const WITHDRAWAL_MAIL_LABELS: Record<keyof WithdrawalMailDataByKind, string> = {
  "withdrawal-received": "Withdrawal receipt",
  "owner-withdrawal": "Withdrawal received (owner)",
  "owner-withdrawal-reminder": "Withdrawal to handle (owner reminder)",
};

/** The layout pieces of templates.tsx the withdrawal e-mails reuse. */
export interface MailKit {
  s: { p: CSSProperties; h1: CSSProperties; h2: CSSProperties; muted: CSSProperties };
  accent: string;
  soft: string;
  Button: (props: { href: string; children: ReactNode }) => ReactNode;
  Items: (props: { order: OrderMailData }) => ReactNode;
  Totals: (props: { order: OrderMailData }) => ReactNode;
  textOrder: (order: OrderMailData) => string[];
  orderDetailsUrl: (ctx: MailContext, orderId: number, token: string) => string;
}

type Rendered = { subject: string; preview: string; body: ReactNode; text: string[] };

/** The three renderers, keyed by kind (a function declaration, so templates.tsx may call it while modules load). */
export function withdrawalRenderers(kit: MailKit): {
  [K in keyof WithdrawalMailDataByKind]: (data: WithdrawalMailDataByKind[K], ctx: MailContext) => Rendered;
} {
  const { s, Button, Items, Totals } = kit;
  const Statement = ({ text }: { text: string }) => (
    <p style={{ ...s.p, background: kit.soft, borderRadius: "8px", padding: "12px 14px", whiteSpace: "pre-wrap" }}>{text}</p>
  );
  const Lines = ({ lines }: { lines: string[] }) => (
    <p style={s.p}>
      {lines.map((line, i) => (
        <span key={i}>
          {line}
          {i < lines.length - 1 ? <br /> : null}
        </span>
      ))}
    </p>
  );
  const exemptTitles = (w: WithdrawalMailData) => w.items.filter((i) => i.isPersonalised).map((i) => i.title);
  const adminLink = (ctx: MailContext, orderId: number) => `${ctx.appUrl}/admin/orders/${orderId}`;
  const ownerTodo = (w: WithdrawalMailData) => ownerNextSteps(w.shipped, exemptTitles(w));

  return {
    "withdrawal-received": (w, ctx) => {
      const when = formatReceivedAt(w.receivedAt);
      const link = kit.orderDetailsUrl(ctx, w.orderId, w.token);
      const line = `We received your withdrawal from the contract for order #${w.orderId} on ${when}.`;
      // Anyone who knows the order number and its e-mail can send the form: the receipt, which
      // goes to the order's address, carries no text they typed but a name cut to letters.
      const name = mailName(w.name);
      const hello = name ? `Dear ${name},` : "Hello,";
      const kept = w.statement ? "Your statement is kept with the order." : null;
      return {
        subject: `We received your withdrawal from order #${w.orderId}`,
        preview: line,
        body: (
          <>
            <h1 style={s.h1}>Your withdrawal is received</h1>
            <p style={s.p}>{hello}</p>
            <p style={s.p}>
              We received your withdrawal from the contract for order <strong>#{w.orderId}</strong> on <strong>{when}</strong>.{kept ? ` ${kept}` : null}
            </p>
            <h2 style={s.h2}>What happens next</h2>
            <p style={s.p}>{nextSteps(w.shipped, exemptTitles(w))}</p>
            {w.shipped ? (
              <>
                <p style={s.p}>Please send the items to:</p>
                <Lines lines={w.returnAddress} />
              </>
            ) : null}
            <h2 style={s.h2}>The order</h2>
            <Items order={w} />
            <Totals order={w} />
            <p style={{ ...s.muted, marginTop: "20px" }}>
              Keep this e-mail: it is your receipt. Your order:{" "}
              <a href={link} style={{ color: kit.accent, wordBreak: "break-all" }}>
                {link}
              </a>
            </p>
          </>
        ),
        text: [
          hello,
          "",
          kept ? `${line} ${kept}` : line,
          "",
          "What happens next",
          nextSteps(w.shipped, exemptTitles(w)),
          ...(w.shipped ? ["", "Please send the items to:", ...w.returnAddress] : []),
          "",
          ...kit.textOrder(w),
          "",
          `Keep this e-mail: it is your receipt. Your order: ${link}`,
        ],
      };
    },
    "owner-withdrawal": (w, ctx) => {
      const when = formatReceivedAt(w.receivedAt);
      const link = adminLink(ctx, w.orderId);
      const who = `${w.name} (${w.email})`;
      return {
        subject: `Withdrawal received: order #${w.orderId}`,
        preview: `${who} withdrew from order #${w.orderId} on ${when}.`,
        body: (
          <>
            <h1 style={s.h1}>Withdrawal from order #{w.orderId}</h1>
            <p style={s.p}>
              {who} withdrew from the contract for order <strong>#{w.orderId}</strong> (${w.total}) on <strong>{when}</strong>. The receipt has gone to the
              order&apos;s address.
            </p>
            {w.statement ? <Statement text={w.statement} /> : null}
            <p style={s.p}>{ownerTodo(w)} The refund is due within 14 days of the withdrawal.</p>
            <Button href={link}>Open the order</Button>
            <Items order={w} />
            <Totals order={w} />
          </>
        ),
        text: [
          `${who} withdrew from the contract for order #${w.orderId} ($${w.total}) on ${when}. The receipt has gone to the order's address.`,
          ...(w.statement ? ["", "Statement:", w.statement] : []),
          "",
          `${ownerTodo(w)} The refund is due within 14 days of the withdrawal.`,
          "",
          `Open the order: ${link}`,
          "",
          ...kit.textOrder(w),
        ],
      };
    },
    "owner-withdrawal-reminder": (w, ctx) => {
      const when = formatReceivedAt(w.receivedAt);
      const link = adminLink(ctx, w.orderId);
      const line = `The withdrawal from order #${w.orderId} received on ${when} has not been handled for ${REMINDER_DAYS} days. The refund is due within 14 days of the withdrawal.`;
      return {
        subject: `Reminder: the withdrawal from order #${w.orderId} waits for you`,
        preview: line,
        body: (
          <>
            <h1 style={s.h1}>A withdrawal waits for you</h1>
            <p style={s.p}>{line}</p>
            <p style={s.p}>{ownerTodo(w)}</p>
            <Button href={link}>Open the order</Button>
          </>
        ),
        text: [line, "", ownerTodo(w), "", `Open the order: ${link}`],
      };
    },
  };
}
