import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OwnerPage } from "~/components/pages/owner-page";
import { shownPage } from "~/domain/pages/pages.server";
import { localeOf } from "~/i18n/i18n.server";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "About", description: "A one-person sewing studio making clothes for collectible dolls, shipping from Poland." });

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await shownPage(db, "about", localeOf(request)));
}

export default function About() {
  const { title, html, lang } = useLoaderData<typeof loader>();
  return <OwnerPage title={title} html={html} lang={lang} />;
}
