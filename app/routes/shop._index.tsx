import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ShopView } from "~/components/product/shop-view";
import { loadShopPage } from "~/web/shop-page.server";
import { db } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data?.search
    ? pageMeta(args, { title: args.data.title, noindex: true, keepParams: ["search"] })
    : pageMeta(args, {
        title: args.data?.title ?? "Shop",
        description: "Handmade dresses, coats, knitwear and accessories for 1:4 and 1:6 collectible dolls.",
        og: { type: "website" },
      });

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadShopPage(db, request, null));
}

export default function ShopIndex() {
  return <ShopView {...useLoaderData<typeof loader>()} />;
}
