import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminOrderView } from "~/components/admin/admin-order-view";
import { type AdminOrderPageData } from "~/domain/orders/fulfilment";
import { adminOrderPageAction, loadAdminOrderPage } from "~/web/admin/orders-tab.server";
import { adminPageMeta } from "~/lib/meta";

// `admin_` keeps this page out of admin.tsx's layout (that route renders no <Outlet />): the URL is /admin/orders/{orderId}.

export const meta: MetaFunction<typeof loader> = (args) =>
  adminPageMeta(args, args.data && args.data.state === "ok" ? `Order #${args.data.order.id}` : "Order");

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadAdminOrderPage(request, params.orderId);
}

export function action({ request, params }: ActionFunctionArgs) {
  return adminOrderPageAction(request, params.orderId);
}

export default function AdminOrderRoute() {
  const data = useLoaderData<typeof loader>() as AdminOrderPageData;
  return <AdminOrderView data={data} />;
}
