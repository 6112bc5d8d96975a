import { type ReactNode } from "react";
import { C, Lines, Quote, s } from "~/domain/mail/templates/layout";
import { type MailTexts } from "~/domain/mail/templates/texts";
import { type OrderMailData, type OrderMailItem } from "~/domain/mail/templates/types";

/** The parts of an order the order and withdrawal e-mails show: its lines, totals, address and links. */

type P = MailTexts["order"]["parts"];

/** The made-to-order and personalisation notes of an item, one line each. */
function itemNotes(item: OrderMailItem, t: P): string[] {
  const notes: string[] = [];
  if (item.madeToOrderDays !== null && item.madeToOrderDays !== undefined) notes.push(t.madeToOrder(item.madeToOrderDays));
  if (item.isPersonalised) notes.push(t.personalised);
  return notes;
}

/** When an order holding made-to-order pieces ships (the mixed order's one parcel too); null otherwise. */
export function shipDateLine(order: OrderMailData, t: MailTexts): string | null {
  if (!order.expectedShipDate) return null;
  const mixed = order.items.some((i) => i.madeToOrderDays === null || i.madeToOrderDays === undefined);
  return t.order.parts.shipDate(order.expectedShipDate, mixed);
}

function optionText(item: OrderMailItem, t: P): string | null {
  const parts = [item.colorName ? t.colour(item.colorName) : null, item.variationName].filter(Boolean);
  return parts.length ? parts.join(t.optionSeparator) : null;
}

export function Items({ order, t }: { order: OrderMailData; t: MailTexts }) {
  const p = t.order.parts;
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
      <tbody>
        {order.items.map((item, i) => (
          <tr key={i}>
            <td style={s.cell}>
              <strong style={{ fontWeight: 600 }}>{item.title}</strong>
              {optionText(item, p) ? (
                <>
                  <br />
                  <span style={s.muted}>{optionText(item, p)}</span>
                </>
              ) : null}
              <br />
              <span style={s.muted}>{p.quantity(item.quantity, item.unitPrice)}</span>
              {itemNotes(item, p).map((note) => (
                <span key={note}>
                  <br />
                  <span style={s.muted}>{note}</span>
                </span>
              ))}
            </td>
            <td style={{ ...s.cell, textAlign: "right", whiteSpace: "nowrap", paddingLeft: "12px" }}>{t.order.price(item.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function hasDiscount(order: OrderMailData): boolean {
  return Number(order.loyaltyDiscount) > 0;
}

export function Totals({ order, t }: { order: OrderMailData; t: MailTexts }) {
  const p = t.order.parts;
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
        {row(p.subtotal, t.order.price(order.subtotal))}
        {row(
          <>
            {p.shipping} <span style={s.muted}>{p.shippingName(order.shippingName)}</span>
          </>,
          t.order.price(order.shippingCost),
        )}
        {order.discount ? row(p.codeDiscount(order.discount.code), p.discount(order.discount.amount)) : null}
        {hasDiscount(order) ? row(p.loyaltyDiscount(order.loyaltyPointsUsed), p.discount(order.loyaltyDiscount)) : null}
        {row(p.total, p.totalAmount(order.total), true)}
      </tbody>
    </table>
  );
}

function addressLines(a: OrderMailData["address"], t: P): string[] {
  return [
    `${a.firstName} ${a.lastName}`.trim(),
    a.addressLine1,
    a.addressLine2,
    `${[a.city, a.state].filter((v) => v && v.trim()).join(", ")} ${a.postalCode}`,
    t.country(a.country),
  ].filter((l): l is string => !!l && l.trim() !== "");
}

/** `totalsNote`: a sentence about the total, right under it (the confirmation's import duties notice). */
export function OrderSummary({ order, t, totalsNote }: { order: OrderMailData; t: MailTexts; totalsNote?: string | null }) {
  const p = t.order.parts;
  return (
    <>
      <h2 style={s.h2}>{p.yourOrder}</h2>
      <Items order={order} t={t} />
      <Totals order={order} t={t} />
      {totalsNote ? <p style={{ ...s.muted, marginTop: "8px" }}>{totalsNote}</p> : null}
      <h2 style={s.h2}>{p.shippingTo}</h2>
      <Lines lines={addressLines(order.address, p)} />
      {order.customerMessage ? (
        <>
          <h2 style={s.h2}>{p.yourMessage}</h2>
          <Quote text={order.customerMessage} />
        </>
      ) : null}
    </>
  );
}

/** The order as plain text: its lines, totals, address and message. */
export function textOrder(order: OrderMailData, t: MailTexts, totalsNote?: string | null): string[] {
  const p = t.order.parts;
  const price = t.order.price;
  const lines = [p.yourOrder, ""];
  for (const item of order.items) {
    lines.push(`- ${item.title}`);
    const option = optionText(item, p);
    if (option) lines.push(`  ${option}`);
    lines.push(`  ${p.quantityText(item.quantity, item.unitPrice, item.price)}`);
    for (const note of itemNotes(item, p)) lines.push(`  ${note}`);
  }
  lines.push("", `${p.subtotal}: ${price(order.subtotal)}`, `${p.shipping} ${p.shippingName(order.shippingName)}: ${price(order.shippingCost)}`);
  if (order.discount) lines.push(`${p.codeDiscount(order.discount.code)}: ${p.discountText(order.discount.amount)}`);
  if (hasDiscount(order)) lines.push(`${p.loyaltyDiscount(order.loyaltyPointsUsed)}: ${p.discountText(order.loyaltyDiscount)}`);
  lines.push(`${p.total}: ${p.totalAmount(order.total)}`);
  if (totalsNote) lines.push(totalsNote);
  lines.push("", p.shippingTo, ...addressLines(order.address, p));
  if (order.customerMessage) lines.push("", p.yourMessage, order.customerMessage);
  return lines;
}

/** The order's details page (its token link), the last line of every order e-mail after the confirmation. */
export function DetailsLink({ href, t }: { href: string; t: MailTexts }) {
  return (
    <p style={s.muted}>
      {t.order.details}{" "}
      <a href={href} style={{ color: C.accent }}>
        {href}
      </a>
    </p>
  );
}

export function detailsText(link: string, t: MailTexts): string {
  return `${t.order.details} ${link}`;
}

/** The withdrawal function's link, on the order e-mails while the contract can be withdrawn from. */
export function WithdrawLink({ href, t }: { href: string; t: MailTexts }) {
  return (
    <p style={s.muted}>
      {t.order.withdraw}{" "}
      <a href={href} style={{ color: C.accent }}>
        {t.order.withdrawLink}
      </a>
    </p>
  );
}

export function withdrawText(link: string, t: MailTexts): string {
  return `${t.order.withdraw} ${t.order.withdrawLink}: ${link}`;
}
