import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PaymentErrorBoundary } from "~/components/orders/payment-view";
import { handlePaypalReturn } from "~/web/payment-routes.server";
import { pageMeta, seoContext } from "~/lib/meta";
import { i18nFor } from "~/i18n/i18n.server";

// Shown only when the loader refuses (it otherwise redirects).
export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: i18nFor(seoContext(args.matches).locale ?? "en").t("orders.paymentTitle"), noindex: true, canonical: false });

/** PayPal's return_url (`?token=<PayPal order id>&PayerID=...`): capture, record, then the confirmation page. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handlePaypalReturn(request, params.id);
}

/** The loader always redirects; a page component exists so a refusal (404) renders as a page, not as JSON. */
export default function PaypalReturn() {
  return null;
}

export const ErrorBoundary = PaymentErrorBoundary;
