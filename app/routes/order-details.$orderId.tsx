import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { OrderDetailsView } from "~/components/orders/details-view";
import { handleDetailsAction, loadDetailsPage, orderPageHeaders } from "~/web/order-pages.server";
import { type DetailsActionData, type DetailsPageData } from "~/domain/orders/page-data";
import { pageMeta, seoContext } from "~/lib/meta";
import { i18nFor } from "~/i18n/i18n.server";

// Order pages are private (their URLs may carry the order's token): no canonical link.
export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: i18nFor(seoContext(args.matches).locale ?? "en").t("orders.detailsTitle"), noindex: true, canonical: false });

export const headers: HeadersFunction = (args) => orderPageHeaders(args);

/** /order-details/{orderId}, opened with ?token= or by the owner's session (or an admin). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadDetailsPage(request, params.orderId, { fromQuery: new URL(request.url).searchParams.get("token") });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return handleDetailsAction(request, params.orderId, { fromQuery: new URL(request.url).searchParams.get("token") });
}

export default function OrderDetailsRoute() {
  return <OrderDetailsView data={useLoaderData<DetailsPageData>()} actionData={useActionData<DetailsActionData>()} />;
}
