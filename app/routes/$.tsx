import { json, type MetaFunction } from "@remix-run/node";
import { NotFoundView } from "~/components/layout/not-found";
import { i18nFor } from "~/i18n/i18n.server";
import { errorPageMeta, seoContext } from "~/lib/meta";

export const meta: MetaFunction = (args) => errorPageMeta(args, i18nFor(seoContext(args.matches).locale ?? "en").t("layout.notFound.title"));

export async function loader() {
  throw json({ message: "Page Not Found" }, { status: 404 });
}

export async function action() {
  throw json({ message: "Page Not Found" }, { status: 404 });
}

export default function NotFound() {
  return <NotFoundView />;
}

export function ErrorBoundary() {
  return <NotFoundView />;
}
