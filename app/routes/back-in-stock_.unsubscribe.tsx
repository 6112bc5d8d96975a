import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { UnsubscribePage } from "~/components/mail/unsubscribe-page";
import { readUnsubscribeToken, unsubscribeBackInStock } from "~/domain/mail/back-in-stock.server";
import { MAIL_TEXT } from "~/domain/mail/texts";
import { pageMeta } from "~/lib/meta";
import { unsubscribeAction, unsubscribeLoaderAnswer } from "~/web/unsubscribe-page.server";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Unsubscribe", noindex: true, canonical: false });

export function loader({ request }: LoaderFunctionArgs) {
  return unsubscribeLoaderAnswer(request, readUnsubscribeToken);
}

export function action({ request }: ActionFunctionArgs) {
  return unsubscribeAction(request, unsubscribeBackInStock);
}

export default function UnsubscribePageRoute() {
  const { token, email } = useLoaderData<typeof loader>();
  return (
    <UnsubscribePage
      heading="Back-in-stock e-mails"
      question={(address) => <>Stop every back-in-stock e-mail to {address}?</>}
      token={token}
      email={email}
      answer={useActionData<typeof action>()}
      unsubscribedText={MAIL_TEXT.unsubscribed}
      invalidText={MAIL_TEXT.unsubscribeInvalid}
    />
  );
}
