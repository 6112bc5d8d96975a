import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { UnsubscribePage } from "~/components/mail/unsubscribe-page";
import { getReviewUnsubscribeEmail, optOutOfReviewMail } from "~/domain/reviews/request-mail.server";
import { REVIEW_TEXT } from "~/domain/reviews/texts";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { unsubscribeAction, unsubscribeLoaderAnswer } from "~/web/unsubscribe-page.server";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Unsubscribe", noindex: true, canonical: false });

export function loader({ request }: LoaderFunctionArgs) {
  return unsubscribeLoaderAnswer(request, (token) => getReviewUnsubscribeEmail(db, token));
}

export function action({ request }: ActionFunctionArgs) {
  return unsubscribeAction(request, optOutOfReviewMail);
}

export default function ReviewUnsubscribePage() {
  const { token, email } = useLoaderData<typeof loader>();
  return (
    <UnsubscribePage
      heading="Review request e-mails"
      question={(address) => <>Stop the e-mails asking {address} to review delivered orders?</>}
      token={token}
      email={email}
      answer={useActionData<typeof action>()}
      unsubscribedText={REVIEW_TEXT.unsubscribed}
      invalidText={REVIEW_TEXT.unsubscribeInvalid}
    />
  );
}
