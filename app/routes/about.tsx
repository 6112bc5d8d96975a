import { json, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OwnerPage } from "~/components/pages/owner-page";
import { getPage } from "~/domain/pages/pages.server";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "About", description: "A one-person sewing studio making clothes for collectible dolls, shipping from Poland." });

export async function loader() {
  const page = (await getPage(db, "about"))!;
  return json({ title: page.title, html: page.html });
}

export default function About() {
  const { title, html } = useLoaderData<typeof loader>();
  return <OwnerPage title={title} html={html} />;
}
