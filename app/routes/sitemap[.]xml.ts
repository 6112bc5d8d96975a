import { type LoaderFunctionArgs } from "@remix-run/node";
import { getSitemapXml, SITEMAP_CACHE_CONTROL } from "~/domain/seo/sitemap.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";

/**
 * GET /sitemap.xml: home, shop, active categories and products, each in English and under /pl.
 * Up to 5 000 pages (10 000 URLs) it is the sitemap itself; a larger catalogue gets an index of
 * /sitemap.xml?page=N files of that size (app/domain/seo/sitemap.server.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw === null ? null : /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : NaN;
  const body = page !== null && Number.isNaN(page) ? null : await getSitemapXml(db, getEnv().APP_URL, page);
  if (body === null) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE_CONTROL },
  });
}
