import { renderRobots, ROBOTS_CACHE_CONTROL } from "~/domain/seo/sitemap.server";
import { getEnv } from "~/lib/env.server";

/** GET /robots.txt: keeps crawlers out of private pages and points them at the sitemap. */
export async function loader() {
  return new Response(renderRobots(getEnv().APP_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": ROBOTS_CACHE_CONTROL },
  });
}
