import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { UnsubscribePage } from "~/components/mail/unsubscribe-page";
import { readUnsubscribeToken, unsubscribeBackInStock } from "~/domain/mail/back-in-stock.server";
import { MAIL_TEXT } from "~/domain/mail/texts";
import { pageMeta } from "~/lib/meta";
import { useI18n } from "~/i18n/context";
import { metaI18n } from "~/web/auth/page-language.server";
import { unsubscribeAction, unsubscribeLoaderAnswer } from "~/web/unsubscribe-page.server";

export const meta: MetaFunction = (args) => pageMeta(args, { title: metaI18n(args.matches).t("privacy.unsubscribe.title"), noindex: true, canonical: false });

export function loader({ request }: LoaderFunctionArgs) {
  return unsubscribeLoaderAnswer(request, readUnsubscribeToken);
}

export function action({ request }: ActionFunctionArgs) {
  return unsubscribeAction(request, unsubscribeBackInStock);
}

export default function UnsubscribePageRoute() {
  const { token, email } = useLoaderData<typeof loader>();
  const { t, rich } = useI18n();
  return (
    <UnsubscribePage
      heading={t("privacy.unsubscribe.stockHeading")}
      question={(address) => rich("privacy.unsubscribe.stockQuestion", { email: address })}
      token={token}
      email={email}
      answer={useActionData<typeof action>()}
      unsubscribedText={MAIL_TEXT.unsubscribed}
      invalidText={MAIL_TEXT.unsubscribeInvalid}
    />
  );
}
