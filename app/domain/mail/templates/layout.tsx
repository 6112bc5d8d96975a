import { type CSSProperties, createElement, Fragment, type ReactNode } from "react";
import { mailName } from "~/domain/mail/names";
import { shopUrl } from "~/domain/mail/templates/links";
import { type MailTexts } from "~/domain/mail/templates/texts";
import { type MailContext, type MailSeller } from "~/domain/mail/templates/types";

/**
 * The frame of every e-mail: plain React rendered to static HTML (renderToStaticMarkup, so every
 * value is escaped by React), inline styles and one centred table column, because mail clients
 * ignore stylesheets; and the plain-text footer. The words come from the texts passed in.
 */

export const C = {
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

export const s = {
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

type Slots<V> = Record<string, V>;

function fillParts<V>(template: string, slots: Slots<V>): (string | V)[] {
  const parts = template.split(/\{(\w+)\}/);
  const used = new Set<string>();
  const filled = parts.map((part, i) => {
    if (i % 2 === 0) return part;
    if (!Object.hasOwn(slots, part)) throw new Error(`No value for {${part}} in "${template}"`);
    used.add(part);
    return slots[part]!;
  });
  const unused = Object.keys(slots).filter((name) => !used.has(name));
  if (unused.length) throw new Error(`"${template}" has no {${unused.join("}, {")}}`);
  return filled;
}

/** A sentence of the texts with its `{slots}` filled with markup (a bold order number, a link). */
export function fill(template: string, slots: Slots<ReactNode>): ReactNode {
  return createElement(Fragment, null, ...fillParts(template, slots));
}

/** The same sentence for the plain text. */
export function fillText(template: string, slots: Slots<string | number>): string {
  return fillParts(template, slots).join("");
}

/** A plain-text line that names a link: `Track your parcel: https://…`. */
export function linkLine(label: string, url: string): string {
  return `${label}: ${url}`;
}

/** The greeting, with the name cut to letters: a name is whatever someone typed in a form. */
export function greeting(t: MailTexts, firstName: string): string {
  return t.layout.greeting(mailName(firstName));
}

function sellerLines(seller: MailSeller): string[] {
  const address = seller.address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(", ");
  return [seller.legalName, address, [seller.email, seller.phone].filter(Boolean).join(" · "), seller.vatLine].filter((line) => line.trim() !== "");
}

export function textFooter(ctx: MailContext, t: MailTexts): string[] {
  const seller = ctx.seller ? ["", t.layout.seller, ...sellerLines(ctx.seller)] : [];
  return ["", "--", ctx.storeName, ctx.shopEmail, shopUrl(ctx, "/"), ...seller];
}

function Footer({ ctx, t }: { ctx: MailContext; t: MailTexts }) {
  return (
    <>
      <tr>
        <td style={{ padding: "16px 8px", textAlign: "center", ...s.muted, fontSize: "13px" }}>
          {ctx.storeName} ·{" "}
          <a href={`mailto:${ctx.shopEmail}`} style={{ color: C.muted }}>
            {ctx.shopEmail}
          </a>{" "}
          ·{" "}
          <a href={shopUrl(ctx, "/")} style={{ color: C.muted }}>
            {ctx.appUrl.replace(/^https?:\/\//, "")}
          </a>
        </td>
      </tr>
      {ctx.seller ? (
        <tr>
          <td className="mail-seller" style={{ padding: "0 8px 16px", textAlign: "center", ...s.muted, fontSize: "12px" }}>
            {t.layout.seller}{" "}
            {sellerLines(ctx.seller).map((line, i) => (
              <span key={i}>
                {i > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </td>
        </tr>
      ) : null}
    </>
  );
}

export function Layout({ ctx, t, preview, children }: { ctx: MailContext; t: MailTexts; preview: string; children: ReactNode }) {
  return (
    <html lang={t.layout.lang}>
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
                          href={shopUrl(ctx, "/")}
                          style={{ fontFamily: SERIF, fontSize: "20px", color: C.accent, textDecoration: "none", letterSpacing: "0.02em" }}
                        >
                          {ctx.storeName}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ background: C.surface, border: `1px solid ${C.line}`, borderRadius: "10px", padding: "28px 24px" }}>{children}</td>
                    </tr>
                    <Footer ctx={ctx} t={t} />
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

export function Button({ href, children }: { href: string; children: ReactNode }) {
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

/** Lines of a block (an address), one under the other. */
export function Lines({ lines }: { lines: string[] }) {
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

/** Words someone typed (a buyer's message, a withdrawal statement), set apart and kept as typed. */
export function Quote({ text }: { text: string }) {
  return <p style={{ ...s.p, background: C.soft, borderRadius: "8px", padding: "12px 14px", whiteSpace: "pre-wrap" }}>{text}</p>;
}
