import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ShopView } from "~/components/product/shop-view";
import { loadShopPage } from "~/web/shop-page.server";
import { db } from "~/lib/db.server";
import { pageMeta, seoContext } from "~/lib/meta";
import { i18nFor } from "~/i18n/i18n.server";

export const meta: MetaFunction<typeof loader> = (args) => {
  const { t } = i18nFor(seoContext(args.matches).locale ?? "en");
  return args.data?.search
    ? pageMeta(args, { title: args.data.title, noindex: true, keepParams: ["search"] })
    : pageMeta(args, {
        title: args.data?.title ?? t("catalogue.shop"),
        description: t("catalogue.shopDescription"),
        og: { type: "website" },
      });
};

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadShopPage(db, request, null));
}

export default function ShopIndex() {
  return <ShopView {...useLoaderData<typeof loader>()} />;
}
