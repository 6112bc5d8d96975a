import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PackingSlipsPage } from "~/components/admin/packing-slip";
import { PACKING_SLIP_TEXT } from "~/domain/customs/texts";
import { adminPageMeta } from "~/lib/meta";
import { loadPackingSlips, type PackingSlipPageData } from "~/web/admin/packing-slips.server";

// /admin/orders/packing-slips?ids=1&ids=2: the Orders tab's 'Print packing slips' (a plain GET form), one order per page.

export const meta: MetaFunction<typeof loader> = (args) => adminPageMeta(args, PACKING_SLIP_TEXT.titlePlural);

export function loader({ request }: LoaderFunctionArgs) {
  const ids = new URL(request.url).searchParams.getAll("ids");
  return loadPackingSlips(request, ids, { href: "/admin?tab=orders", label: PACKING_SLIP_TEXT.backToOrders });
}

export default function PackingSlipsRoute() {
  return <PackingSlipsPage data={useLoaderData<typeof loader>() as PackingSlipPageData} />;
}
