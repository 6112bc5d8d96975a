import { json, type MetaFunction } from "@remix-run/node";
import { NotFoundView } from "~/components/layout/not-found";

export const meta: MetaFunction = () => [{ title: "Page Not Found · Little Stitches Atelier" }, { name: "robots", content: "noindex" }];

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
