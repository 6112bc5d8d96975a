import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PaymentErrorBoundary, PaymentView } from "~/components/orders/payment-view";
import { handlePaymentAction, loadPaymentPage, paymentPageHeaders } from "~/web/payment-routes.server";
import { pageMeta, seoContext } from "~/lib/meta";
import { i18nFor } from "~/i18n/i18n.server";

// /order-payment/{orderId}: the same page as /order/{id}/payment.

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: i18nFor(seoContext(args.matches).locale ?? "en").t("orders.paymentTitle"), noindex: true, canonical: false });

export const headers = paymentPageHeaders;

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadPaymentPage(request, params.orderId);
}

export function action({ request, params }: ActionFunctionArgs) {
  return handlePaymentAction(request, params.orderId);
}

export default PaymentView;

export const ErrorBoundary = PaymentErrorBoundary;
