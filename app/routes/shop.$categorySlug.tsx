import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { NotFoundView } from "~/components/layout/not-found";
import { ShopView } from "~/components/product/shop-view";
import { loadShopPage } from "~/web/shop-page.server";
import { db } from "~/lib/db.server";
import { errorPageMeta, pageMeta } from "~/lib/meta";

export const meta: MetaFunction<typeof loader> = (args) => {
  const data = args.data;
  if (!data) return errorPageMeta(args, "Category Not Found");
  if (data.search) return pageMeta(args, { title: data.title, noindex: true, keepParams: ["search"] });
  const image = data.products.find((p) => p.image);
  return pageMeta(args, {
    title: data.title,
    description: `Browse our collection of ${data.category?.name ?? data.title} for collectible dolls.`,
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
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundView title="Category Not Found" text="This category doesn't exist. Have a look at all our products instead." />;
  }
  throw error;
}
