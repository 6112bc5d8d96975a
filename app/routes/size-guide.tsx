import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OwnerPage } from "~/components/pages/owner-page";
import { shownPage } from "~/domain/pages/pages.server";
import { localeOf } from "~/i18n/i18n.server";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) => pageMeta(args, { title: "Size Guide", description: "Which doll bodies our 1:4 and 1:6 scale clothes fit." });

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await shownPage(db, "size-guide", localeOf(request)));
}

export default function SizeGuide() {
  const { title, html, lang } = useLoaderData<typeof loader>();
  return <OwnerPage title={title} html={html} lang={lang} />;
}
