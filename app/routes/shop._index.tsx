import { json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ShopView } from "~/components/product/shop-view";
import { loadShopPage } from "~/domain/catalogue/shop-page.server";
import { db } from "~/lib/db.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Shop"} · Little Stitches Atelier` },
  { name: "description", content: "Handmade dresses, coats, knitwear and accessories for 1:4 and 1:6 collectible dolls." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const trimmed = trimmedSearchRedirect(request);
  if (trimmed) throw trimmed;
  return json(await loadShopPage(db, request, null));
}

export default function ShopIndex() {
  return <ShopView {...useLoaderData<typeof loader>()} />;
}

/** The header search submits the raw text; the shop URL carries it trimmed (spec: "the text is trimmed"). */
function trimmedSearchRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  const raw = url.searchParams.get("search");
  if (raw === null || raw === raw.trim()) return null;
  url.searchParams.set("search", raw.trim());
  return redirect(`${url.pathname}${url.search}`);
}
