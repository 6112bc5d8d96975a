import { i18nFor, i18nOf, localeOf } from "~/i18n/i18n.server";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OwnerPage, SellerSection } from "~/components/pages/owner-page";
import { sellerDetailsHtml } from "~/components/layout/layout-html.server";
import { getSellerIdentity } from "~/domain/legal/maker.server";
import { shownPage } from "~/domain/pages/pages.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { pageMeta, seoContext } from "~/lib/meta";

export const meta: MetaFunction = (args) => {
  const { t } = i18nFor(seoContext(args.matches).locale ?? "en");
  return pageMeta(args, { title: t("legal.terms.title"), description: t("legal.terms.description") });
};

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, seller] = await Promise.all([shownPage(db, "terms-conditions", localeOf(request)), getSellerIdentity(db, getEnv().SHOP_EMAIL)]);
  return json({ ...page, sellerHtml: sellerDetailsHtml(seller, i18nOf(request)) });
}

export default function Terms() {
  const { title, html, lang, sellerHtml } = useLoaderData<typeof loader>();
  return (
    <OwnerPage title={title} html={html} lang={lang}>
      <SellerSection html={sellerHtml} />
    </OwnerPage>
  );
}
