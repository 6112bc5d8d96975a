import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OwnerPage } from "~/components/pages/owner-page";
import { shownPage } from "~/domain/pages/pages.server";
import { i18nFor, localeOf } from "~/i18n/i18n.server";
import { db } from "~/lib/db.server";
import { pageMeta, seoContext } from "~/lib/meta";

export const meta: MetaFunction = (args) => {
  const { t } = i18nFor(seoContext(args.matches).locale ?? "en");
  return pageMeta(args, { title: t("catalogue.sizeGuide.title"), description: t("catalogue.sizeGuide.description") });
};

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await shownPage(db, "size-guide", localeOf(request)));
}

export default function SizeGuide() {
  const { title, html, lang } = useLoaderData<typeof loader>();
  return <OwnerPage title={title} html={html} lang={lang} />;
}
