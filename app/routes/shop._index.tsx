import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ShopView } from "~/components/product/shop-view";
import { loadShopPage } from "~/domain/catalogue/shop-page.server";
import { db } from "~/lib/db.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Shop"} · Little Stitches Atelier` },
  { name: "description", content: "Handmade dresses, coats, knitwear and accessories for 1:4 and 1:6 collectible dolls." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadShopPage(db, request, null));
}

export default function ShopIndex() {
  return <ShopView {...useLoaderData<typeof loader>()} />;
}
