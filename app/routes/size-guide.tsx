import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OwnerPage } from "~/components/pages/owner-page";
import { getPage } from "~/domain/pages/pages.server";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Size Guide", description: "Which doll bodies our 1:4 and 1:6 scale clothes fit." });

export async function loader() {
  const page = (await getPage(db, "size-guide"))!;
  return json({ title: page.title, html: page.html });
}

export default function SizeGuide() {
  const { title, html } = useLoaderData<typeof loader>();
  return <OwnerPage title={title} html={html} />;
}
