import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { ProductEditorPage } from "~/components/admin/product-editor";
import { loadProductEditor, productEditorAction } from "~/web/admin/product-editor.server";
import { adminPageMeta } from "~/lib/meta";

// `admin_` keeps this page out of admin.tsx's layout: the URL is /admin/products/add.

export const meta: MetaFunction = (args) => adminPageMeta(args, "Add Product");

export function loader({ request }: LoaderFunctionArgs) {
  return loadProductEditor(request, null);
}

export function action({ request }: ActionFunctionArgs) {
  return productEditorAction(request, null);
}

export default function AddProductRoute() {
  return <ProductEditorPage />;
}
