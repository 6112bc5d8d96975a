import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { NotFoundView } from "~/components/layout/not-found";
import { ShopView } from "~/components/product/shop-view";
import { loadShopPage } from "~/domain/catalogue/shop-page.server";
import { db } from "~/lib/db.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Category Not Found"} · Little Stitches Atelier` },
  {
    name: "description",
    content: data?.category ? `Browse our collection of ${data.category.name} for collectible dolls.` : "Handmade doll clothes.",
  },
  ...(data?.category ? [{ property: "og:title", content: data.category.name }, { property: "og:type", content: "website" }] : []),
];

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
