import { Button, fill, fillText, greeting, linkLine, s } from "~/domain/mail/templates/layout";
import { confirmEmailChangeUrl, deleteAccountUrl, resetPasswordUrl, shopUrl, undoEmailChangeUrl, verifyEmailUrl } from "~/domain/mail/templates/links";
import { type Renderers } from "~/domain/mail/templates/types";

/** The account e-mails: welcome, points awarded, password, address changes and deletion. */

export interface AccountMailDataByKind {
  welcome: { firstName: string };
  "points-awarded": { firstName: string; points: number; balance: number };
  "password-reset": { firstName: string; token: string; firstPassword: boolean };
  "verify-email": { firstName: string; token: string };
  "email-changed": { firstName: string; newEmail: string; token: string };
  "email-change-confirm": { token: string };
  "account-delete-link": { firstName: string; token: string };
  "account-deleted": { firstName: string; ordersKept: number };
}

export const ACCOUNT_MAILS: Renderers<AccountMailDataByKind> = {
  welcome: (data, ctx, t) => {
    const m = t.account.welcome;
    const link = shopUrl(ctx, "/shop");
    return {
      subject: m.subject(ctx.storeName),
      preview: m.preview,
      body: (
        <>
          <h1 style={s.h1}>{m.heading(ctx.storeName)}</h1>
          <p style={s.p}>{greeting(t, data.firstName)}</p>
          <p style={s.p}>{m.body}</p>
          <Button href={link}>{m.button}</Button>
        </>
      ),
      text: [greeting(t, data.firstName), "", m.body, "", linkLine(m.button, link)],
    };
  },
  "points-awarded": (data, ctx, t) => {
    const m = t.account.pointsAwarded;
    const link = shopUrl(ctx, "/account");
    return {
      subject: m.subject(data.points),
      preview: m.preview(data.balance),
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{greeting(t, data.firstName)}</p>
          <p style={s.p}>{fill(m.body, { points: <strong>{m.points(data.points)}</strong>, balance: data.balance })}</p>
          <Button href={link}>{m.button}</Button>
        </>
      ),
      text: [greeting(t, data.firstName), "", fillText(m.body, { points: m.points(data.points), balance: data.balance }), "", linkLine(m.button, link)],
    };
  },
  "password-reset": (data, ctx, t) => {
    const m = t.account.passwordReset;
    const link = resetPasswordUrl(ctx, data.token);
    return {
      subject: m.subject(data.firstPassword),
      preview: m.preview,
      body: (
        <>
          <h1 style={s.h1}>{m.heading(data.firstPassword)}</h1>
          <p style={s.p}>{greeting(t, data.firstName)}</p>
          <p style={s.p}>{m.body(data.firstPassword)}</p>
          <Button href={link}>{m.button(data.firstPassword)}</Button>
          <p style={s.muted}>{m.ignore}</p>
        </>
      ),
      text: [greeting(t, data.firstName), "", m.bodyText(data.firstPassword), link, "", m.ignore],
    };
  },
  "verify-email": (data, ctx, t) => {
    const m = t.account.verifyEmail;
    const link = verifyEmailUrl(ctx, data.token);
    return {
      subject: m.subject,
      preview: m.preview,
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{greeting(t, data.firstName)}</p>
          <p style={s.p}>{m.body}</p>
          <Button href={link}>{m.button}</Button>
          <p style={s.muted}>{m.ignore(ctx.storeName)}</p>
        </>
      ),
      text: [greeting(t, data.firstName), "", m.bodyText, link, "", m.ignore(ctx.storeName)],
    };
  },
  "email-changed": (data, ctx, t) => {
    const m = t.account.emailChanged;
    const link = undoEmailChangeUrl(ctx, data.token);
    return {
      subject: m.subject,
      preview: m.preview(data.newEmail),
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{greeting(t, data.firstName)}</p>
          <p style={s.p}>{fill(m.body, { email: <strong>{data.newEmail}</strong> })}</p>
          <p style={s.p}>{m.undo}</p>
          <Button href={link}>{m.button}</Button>
          <p style={s.muted}>{m.yours}</p>
        </>
      ),
      text: [greeting(t, data.firstName), "", fillText(m.body, { email: data.newEmail }), "", m.undoText, link, "", m.yours],
    };
  },
  "email-change-confirm": (data, ctx, t) => {
    const m = t.account.emailChangeConfirm;
    const link = confirmEmailChangeUrl(ctx, data.token);
    return {
      subject: m.subject,
      preview: m.preview,
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{m.body(ctx.storeName)}</p>
          <Button href={link}>{m.button}</Button>
          <p style={s.muted}>{m.ignore}</p>
        </>
      ),
      text: [m.bodyText(ctx.storeName), link, "", m.ignore],
    };
  },
  "account-delete-link": (data, ctx, t) => {
    const m = t.account.deleteLink;
    const link = deleteAccountUrl(ctx, data.token);
    return {
      subject: m.subject,
      preview: m.preview,
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{greeting(t, data.firstName)}</p>
          <p style={s.p}>{m.body(ctx.storeName)}</p>
          <Button href={link}>{m.button}</Button>
          <p style={s.muted}>{m.ignore}</p>
        </>
      ),
      text: [greeting(t, data.firstName), "", m.bodyText(ctx.storeName), link, "", m.ignore],
    };
  },
  "account-deleted": (data, ctx, t) => {
    const m = t.account.deleted;
    const kept = m.kept(data.ordersKept);
    return {
      subject: m.subject,
      preview: m.preview,
      body: (
        <>
          <h1 style={s.h1}>{m.heading}</h1>
          <p style={s.p}>{greeting(t, data.firstName)}</p>
          <p style={s.p}>{m.body(ctx.storeName)}</p>
          {kept ? <p style={s.p}>{kept}</p> : null}
          <p style={s.muted}>{fill(m.notYou, { email: <a href={`mailto:${ctx.shopEmail}`}>{ctx.shopEmail}</a> })}</p>
        </>
      ),
      text: [greeting(t, data.firstName), "", m.body(ctx.storeName), ...(kept ? ["", kept] : []), "", fillText(m.notYou, { email: ctx.shopEmail })],
    };
  },
};
