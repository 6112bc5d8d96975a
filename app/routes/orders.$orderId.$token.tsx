import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmationView } from "~/components/orders/confirmation-view";
import { loadConfirmationPage, orderPageHeaders } from "~/web/order-pages.server";
import { type ConfirmationPageData } from "~/domain/orders/page-data";
import { pageMeta, seoContext } from "~/lib/meta";
import { i18nFor } from "~/i18n/i18n.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: i18nFor(seoContext(args.matches).locale ?? "en").t("orders.confirmationTitle"), noindex: true, canonical: false });

export const headers: HeadersFunction = (args) => orderPageHeaders(args);

/** /orders/{orderId}/{token}: the same page as /order/{orderId}/confirmation?token=. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadConfirmationPage(request, params.orderId, params.token);
}

export default function OrdersTokenConfirmationRoute() {
  return <ConfirmationView data={useLoaderData<ConfirmationPageData>()} />;
}
