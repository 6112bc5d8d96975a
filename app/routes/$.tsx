import { json, type MetaFunction } from "@remix-run/node";
import { NotFoundView } from "~/components/layout/not-found";
import { errorPageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) => errorPageMeta(args, "Page Not Found");

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
