import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PackingSlipsPage } from "~/components/admin/packing-slip";
import { PACKING_SLIP_TEXT } from "~/domain/customs/texts";
import { adminPageMeta } from "~/lib/meta";
import { loadPackingSlips, type PackingSlipPageData } from "~/web/admin/packing-slips.server";

// `$orderId_` keeps this page out of the order page's layout: the URL is /admin/orders/{orderId}/packing-slip.

export const meta: MetaFunction<typeof loader> = (args) => {
  const data = args.data as PackingSlipPageData | undefined;
  return adminPageMeta(args, data?.state === "ok" ? `${PACKING_SLIP_TEXT.title} #${data.slips[0]!.orderId}` : PACKING_SLIP_TEXT.title);
};

export function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.orderId ?? "";
  return loadPackingSlips(request, [id], { href: `/admin/orders/${encodeURIComponent(id)}`, label: PACKING_SLIP_TEXT.back });
}

export default function PackingSlipRoute() {
  return <PackingSlipsPage data={useLoaderData<typeof loader>() as PackingSlipPageData} />;
}
