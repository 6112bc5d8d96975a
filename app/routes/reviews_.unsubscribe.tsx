import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { UnsubscribePage } from "~/components/mail/unsubscribe-page";
import { getReviewUnsubscribeEmail, optOutOfReviewMail } from "~/domain/reviews/request-mail.server";
import { REVIEW_TEXT } from "~/domain/reviews/texts";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { useI18n } from "~/i18n/context";
import { metaI18n } from "~/web/auth/page-language.server";
import { unsubscribeAction, unsubscribeLoaderAnswer } from "~/web/unsubscribe-page.server";

export const meta: MetaFunction = (args) => pageMeta(args, { title: metaI18n(args.matches).t("privacy.unsubscribe.title"), noindex: true, canonical: false });

export function loader({ request }: LoaderFunctionArgs) {
  return unsubscribeLoaderAnswer(request, (token) => getReviewUnsubscribeEmail(db, token));
}

export function action({ request }: ActionFunctionArgs) {
  return unsubscribeAction(request, optOutOfReviewMail);
}

export default function ReviewUnsubscribePage() {
  const { token, email } = useLoaderData<typeof loader>();
  const { t, rich } = useI18n();
  return (
    <UnsubscribePage
      heading={t("privacy.unsubscribe.reviewsHeading")}
      question={(address) => rich("privacy.unsubscribe.reviewsQuestion", { email: address })}
      token={token}
      email={email}
      answer={useActionData<typeof action>()}
      unsubscribedText={REVIEW_TEXT.unsubscribed}
      invalidText={REVIEW_TEXT.unsubscribeInvalid}
    />
  );
}
