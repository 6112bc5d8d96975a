import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PaymentErrorBoundary } from "~/components/orders/payment-view";
import { handlePaypalCancel } from "~/web/payment-routes.server";
import { pageMeta, seoContext } from "~/lib/meta";
import { i18nFor } from "~/i18n/i18n.server";

// Shown only when the loader refuses (it otherwise redirects).
export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: i18nFor(seoContext(args.matches).locale ?? "en").t("orders.paymentTitle"), noindex: true, canonical: false });

/** PayPal's cancel_url: gives back anything held for the order and returns to the payment page. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handlePaypalCancel(request, params.id);
}

/** The loader always redirects; a page component exists so a refusal (404) renders as a page, not as JSON. */
export default function PaypalCancel() {
  return null;
}

export const ErrorBoundary = PaymentErrorBoundary;
