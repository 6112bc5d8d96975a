import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageEditorPage } from "~/components/admin/page-editor";
import { loadPageEditor, pageEditorAction } from "~/web/admin/page-editor.server";
import { adminPageMeta } from "~/lib/meta";

// `admin_` keeps this page out of admin.tsx's layout: the URL is /admin/pages/{slug}.

export const meta: MetaFunction<typeof loader> = (args) => adminPageMeta(args, args.data ? `Edit ${args.data.label}` : "Page not found");

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadPageEditor(request, params.slug ?? "");
}

export function action({ request, params }: ActionFunctionArgs) {
  return pageEditorAction(request, params.slug ?? "");
}

export default function EditPageRoute() {
  return <PageEditorPage />;
}
