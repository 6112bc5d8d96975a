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

/** /order/{orderId}/confirmation?token=: the same page as /orders/{orderId}/{token}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadConfirmationPage(request, params.orderId, new URL(request.url).searchParams.get("token"));
}

export default function OrderConfirmationRoute() {
  return <ConfirmationView data={useLoaderData<ConfirmationPageData>()} />;
}
