import { getSitemapXml, SITEMAP_CACHE_CONTROL } from "~/domain/seo/sitemap.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";

/** GET /sitemap.xml: home, shop, active categories and products (at most 50 000 URLs). */
export async function loader() {
  const body = await getSitemapXml(db, getEnv().APP_URL);
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SITEMAP_CACHE_CONTROL },
  });
}
