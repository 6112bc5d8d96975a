import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PaymentErrorBoundary, PaymentView } from "~/components/orders/payment-view";
import { handlePaymentAction, loadPaymentPage, paymentPageHeaders } from "~/web/payment-routes.server";
import { pageMeta, seoContext } from "~/lib/meta";
import { i18nFor } from "~/i18n/i18n.server";

// /order/{id}/payment; /order-payment/{orderId} is the same page (one loader, one action, one view).

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: i18nFor(seoContext(args.matches).locale ?? "en").t("orders.paymentTitle"), noindex: true, canonical: false });

export const headers = paymentPageHeaders;

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadPaymentPage(request, params.id);
}

export function action({ request, params }: ActionFunctionArgs) {
  return handlePaymentAction(request, params.id);
}

export default PaymentView;

export const ErrorBoundary = PaymentErrorBoundary;
