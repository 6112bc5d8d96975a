import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { ProductEditorPage } from "~/components/admin/product-editor";
import { type EditorPageData, loadProductEditor, productEditorAction } from "~/web/admin/product-editor.server";
import { adminPageMeta } from "~/lib/meta";

// `admin_` keeps this page out of admin.tsx's layout: the URL is /admin/products/edit/{id}.

export const meta: MetaFunction<typeof loader> = (args) => {
  const data = args.data as EditorPageData | undefined;
  const page = data?.state === "ok" ? `Edit ${data.values.title}` : data?.state === "not-found" ? "Product not found" : "Edit Product";
  return adminPageMeta(args, page);
};

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadProductEditor(request, params.id ?? "");
}

export function action({ request, params }: ActionFunctionArgs) {
  return productEditorAction(request, params.id ?? "");
}

export default function EditProductRoute() {
  return <ProductEditorPage />;
}
