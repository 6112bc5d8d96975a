import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { NotFoundView } from "~/components/layout/not-found";
import { ShopView } from "~/components/product/shop-view";
import { loadShopPage } from "~/web/shop-page.server";
import { db } from "~/lib/db.server";
import { errorPageMeta, pageMeta, seoContext } from "~/lib/meta";
import { i18nFor } from "~/i18n/i18n.server";
import { useI18n } from "~/i18n/context";

export const meta: MetaFunction<typeof loader> = (args) => {
  const data = args.data;
  const { t } = i18nFor(seoContext(args.matches).locale ?? "en");
  if (!data) return errorPageMeta(args, t("catalogue.categoryNotFound"));
  if (data.search) return pageMeta(args, { title: data.title, noindex: true, keepParams: ["search"] });
  const image = data.products.find((p) => p.image);
  return pageMeta(args, {
    title: data.title,
    description: t("catalogue.categoryIntro", { name: data.category?.name ?? data.title }),
    og: { type: "website", image: image?.image?.url ?? null, imageAlt: image?.title },
  });
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadShopPage(db, request, params.categorySlug ?? ""));
}

export default function ShopCategory() {
  return <ShopView {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundView title={t("catalogue.categoryNotFound")} text={t("catalogue.categoryNotFoundText")} />;
  }
  throw error;
}
