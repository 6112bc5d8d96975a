import { C, greeting, linkLine, s } from "~/domain/mail/templates/layout";
import { reviewUnsubscribeUrl, reviewUrl } from "~/domain/mail/templates/links";
import { type Renderers } from "~/domain/mail/templates/types";

/** The one e-mail per delivered order asking for reviews of the pieces not reviewed yet. */
export interface ReviewRequestMailData {
  firstName: string;
  orderId: number;
  items: { title: string; slug: string }[];
  unsubscribeToken: string;
}

export interface ReviewMailDataByKind {
  "review-request": ReviewRequestMailData;
}

export const REVIEW_MAILS: Renderers<ReviewMailDataByKind> = {
  "review-request": (data, ctx, t) => {
    const m = t.reviews;
    const unsubscribe = reviewUnsubscribeUrl(ctx, data.unsubscribeToken);
    const count = data.items.length;
    return {
      subject: m.subject(data.items.map((item) => item.title)),
      preview: m.preview,
      body: (
        <>
          <h1 style={s.h1}>{m.heading(count)}</h1>
          <p style={s.p}>{greeting(t, data.firstName)}</p>
          <p style={s.p}>{m.body(data.orderId, count)}</p>
          {data.items.map((item) => (
            <p key={item.slug} style={s.p}>
              <strong>{item.title}</strong>
              <br />
              <a href={reviewUrl(ctx, item.slug)} style={{ color: C.accent }}>
                {m.review(item.title)}
              </a>
            </p>
          ))}
          <p style={s.muted}>
            {m.only}{" "}
            <a href={unsubscribe} style={{ color: C.muted }}>
              {m.stop}
            </a>
          </p>
        </>
      ),
      text: [
        greeting(t, data.firstName),
        "",
        m.body(data.orderId, count),
        "",
        ...data.items.map((item) => linkLine(m.review(item.title), reviewUrl(ctx, item.slug))),
        "",
        `${m.only} ${linkLine(m.stop, unsubscribe)}`,
      ],
    };
  },
};
