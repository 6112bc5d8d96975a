import { Form, Link } from "@remix-run/react";
import { type ReactNode } from "react";
import { Alert } from "~/components/ui/field";
import { useI18n } from "~/i18n/context";

interface UnsubscribeAnswer {
  done: boolean;
  error: string | null;
}

/** The page behind an e-mail's unsubscribe link: one button to confirm, then the outcome. */
export function UnsubscribePage({
  heading,
  question,
  token,
  email,
  answer,
  unsubscribedText,
  invalidText,
}: {
  heading: string;
  /** The question, given the address the link was sent to. */
  question: (email: ReactNode) => ReactNode;
  token: string;
  email: string | null;
  answer: UnsubscribeAnswer | undefined;
  unsubscribedText: string;
  invalidText: string;
}) {
  // The outcome texts are the domain's English, shown in the page's language.
  const { t, text } = useI18n();
  return (
    <div className="container auth-page">
      <h1>{heading}</h1>
      <div className="form-card">
        {answer?.done ? (
          <Alert title={t("privacy.unsubscribe.done")} tone="success">
            {text(unsubscribedText)}
          </Alert>
        ) : !email || answer?.error ? (
          <Alert title={t("auth.link.cannotUse")}>{text(answer?.error ?? invalidText)}</Alert>
        ) : (
          <Form method="post" className="form-stack">
            <input type="hidden" name="token" value={token} />
            <p>{question(<strong>{email}</strong>)}</p>
            <button type="submit" className="button button-lg button-block">
              {t("privacy.unsubscribe.button")}
            </button>
          </Form>
        )}
        <p className="small center">
          <Link to="/shop">{t("auth.link.backToShop")}</Link>
        </p>
      </div>
    </div>
  );
}
