import { type MetaDescriptor } from "@remix-run/react";
import { DEFAULT_LOCALE, isLocale, isLocalisedPath, LOCALES, localizePath, stripLocale, type Locale } from "~/i18n/locales";

/**
 * Titles, descriptions, canonical URLs, Open Graph tags and JSON-LD of every page (browser-safe).
 *
 * A route's `meta` replaces the root's (Remix v2 does not merge them), so each page builds its full
 * set with `pageMeta(args, { title })`. The store's name, its description and the public origin
 * come from the root loader's data (`storeName`, `storeDescription`, `origin` in app/root.tsx),
 * found in `args.matches` under the route id "root".
 */

/** Used only when the root loader's data is missing (the root itself failed). */
export const FALLBACK_STORE_NAME = "Little Stitches Atelier";
export const TITLE_SEPARATOR = " · ";
export const MAX_DESCRIPTION_LENGTH = 160;

export interface SeoContext {
  storeName: string;
  storeDescription: string;
  /** Public origin without a trailing slash (APP_URL); "" when unknown. */
  origin: string;
  /** The page's language (its canonical URL and alternates follow it). */
  locale?: Locale;
}

/** The part of Remix's MetaArgs these helpers read (so tests can pass plain objects). */
export interface MetaArgsLike {
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
  location: { pathname: string; search: string };
}

export interface OpenGraph {
  type: "website" | "product";
  /** Defaults to the page title without the store name. */
  title?: string;
  /** Defaults to the page description. */
  description?: string | null;
  /** Site-relative or absolute; made absolute. */
  image?: string | null;
  imageAlt?: string | null;
}

export interface PageSeo {
  /** The page's own part of the title; "" for the store name alone. */
  title: string;
  /** Home page style: "{store} · {tagline}" instead of "{title} · {store}". */
  tagline?: string;
  /** Falls back to the store description. */
  description?: string | null;
  /** Adds `robots: noindex` (private, transactional or error pages). */
  noindex?: boolean;
  /** Query parameters that make a different page (e.g. "search"); all others are dropped from the canonical URL. */
  keepParams?: readonly string[];
  /** false: no canonical link (error pages). */
  canonical?: boolean;
  og?: OpenGraph;
  /** Rendered server-side as `<script type="application/ld+json">` (Remix escapes `<`, `>` and `&`). */
  jsonLd?: Record<string, unknown>;
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** Store name, description and origin from the root loader's data in `matches`. */
export function seoContext(matches: MetaArgsLike["matches"]): SeoContext {
  const root = matches.find((m) => m?.id === "root")?.data as Record<string, unknown> | null | undefined;
  return {
    storeName: text(root?.storeName) || FALLBACK_STORE_NAME,
    storeDescription: text(root?.storeDescription),
    origin: text(root?.origin).replace(/\/+$/, ""),
    locale: isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE,
  };
}

/** "Your Cart · Store Name"; the store name alone for an empty page part. */
export function formatTitle(page: string, storeName: string): string {
  const name = storeName.trim() || FALLBACK_STORE_NAME;
  const own = page.trim();
  return own ? `${own}${TITLE_SEPARATOR}${name}` : name;
}

/** One line of at most `max` characters, cut at a word boundary with an ellipsis. */
export function toDescription(value: string | null | undefined, max = MAX_DESCRIPTION_LENGTH): string {
  const flat = (value ?? "").replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

/** `pathOrUrl` made absolute against `origin`; absolute URLs are returned unchanged. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/**
 * The canonical URL of a page: origin + path, keeping only the `keep` query parameters (in that
 * order, empty ones dropped). Tracking (utm_*, gclid…), paging, sorting and image parameters go.
 */
export function canonicalUrl(origin: string, pathname: string, search = "", keep: readonly string[] = []): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of keep) {
    const value = params.get(name)?.trim();
    if (value) kept.set(name, value);
  }
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname || "/";
  const query = kept.toString();
  return absoluteUrl(origin, `${path}${query ? `?${query}` : ""}`);
}

/** Every tag of a page, built from the store context and the page's own SEO data. */
export function buildMeta(ctx: SeoContext, location: MetaArgsLike["location"], page: PageSeo): MetaDescriptor[] {
  const title = page.tagline ? `${ctx.storeName}${TITLE_SEPARATOR}${page.tagline.trim()}` : formatTitle(page.title, ctx.storeName);
  const description = toDescription(page.description || ctx.storeDescription);
  const tags: MetaDescriptor[] = [{ title }];
  if (description) tags.push({ name: "description", content: description });
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  const plain = stripLocale(location.pathname);
  const canonical =
    page.canonical !== false && ctx.origin
      ? canonicalUrl(ctx.origin, localizePath(plain, ctx.locale ?? DEFAULT_LOCALE), location.search, page.keepParams)
      : null;
  if (canonical) tags.push({ tagName: "link", rel: "canonical", href: canonical });
  // The same page in every language, and English for anyone else (x-default).
  if (canonical && isLocalisedPath(plain)) {
    for (const locale of LOCALES) {
      const href = canonicalUrl(ctx.origin, localizePath(plain, locale), location.search, page.keepParams);
      tags.push({ tagName: "link", rel: "alternate", hrefLang: locale, href });
      if (locale === DEFAULT_LOCALE) tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href });
    }
  }
  if (page.og) {
    const og = page.og;
    const ogDescription = toDescription(og.description ?? description);
    tags.push(
      { property: "og:type", content: og.type },
      { property: "og:site_name", content: ctx.storeName },
      { property: "og:title", content: og.title ?? (page.title.trim() || ctx.storeName) },
    );
    if (ogDescription) tags.push({ property: "og:description", content: ogDescription });
    if (canonical) tags.push({ property: "og:url", content: canonical });
    if (og.image && (ctx.origin || /^https?:/i.test(og.image))) {
      tags.push({ property: "og:image", content: absoluteUrl(ctx.origin, og.image) });
      if (og.imageAlt) tags.push({ property: "og:image:alt", content: og.imageAlt });
      tags.push({ name: "twitter:card", content: "summary_large_image" });
    } else {
      tags.push({ name: "twitter:card", content: "summary" });
    }
  }
  if (page.jsonLd) tags.push({ "script:ld+json": page.jsonLd });
  return tags;
}

/** A route's whole `meta`: `export const meta: MetaFunction = (args) => pageMeta(args, { title: "About" })`. */
export function pageMeta(args: MetaArgsLike, page: PageSeo): MetaDescriptor[] {
  return buildMeta(seoContext(args.matches), args.location, page);
}

/** Admin pages: "{page} · Admin · {store}", never indexed. */
export function adminPageMeta(args: MetaArgsLike, page: string): MetaDescriptor[] {
  return pageMeta(args, { title: page ? `${page}${TITLE_SEPARATOR}Admin` : "Admin", noindex: true });
}

/** A page whose loader failed (404 and the like): a title, never indexed, no canonical. */
export function errorPageMeta(args: MetaArgsLike, title: string): MetaDescriptor[] {
  return pageMeta(args, { title, noindex: true, canonical: false });
}

export interface ProductForSeo {
  title: string;
  slug: string;
  description: string;
  /** Decimal string, e.g. "24.00". */
  price: string;
  stock: number;
  images: { imageUrl: string; isPrimary?: boolean }[];
  category?: { name: string } | null;
}

/** The product's main image: the primary one, else the first. */
export function mainImage<T extends { isPrimary?: boolean }>(images: T[]): T | undefined {
  return images.find((i) => i.isPrimary) ?? images[0];
}

/** schema.org `Product` with one USD `Offer` (https://schema.org/Product). */
/** `extra`: more Product properties the page knows (its real sku, material, manufacturer), built beside the page so every page's bundle stays small. */
export function productJsonLd(product: ProductForSeo, ctx: SeoContext, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const url = absoluteUrl(ctx.origin, localizePath(`/product/${encodeURIComponent(product.slug)}`, ctx.locale ?? DEFAULT_LOCALE));
  const main = mainImage(product.images);
  const ordered = main ? [main, ...product.images.filter((i) => i !== main)] : [];
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: toDescription(product.description, 5000),
    sku: product.slug,
    url,
    ...(ordered.length ? { image: ordered.map((i) => absoluteUrl(ctx.origin, i.imageUrl)) } : {}),
    ...(product.category ? { category: product.category.name } : {}),
    brand: { "@type": "Brand", name: ctx.storeName },
    ...extra,
    offers: {
      "@type": "Offer",
      url,
      price: product.price,
      priceCurrency: "USD",
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}

/** Open Graph + JSON-LD of a product page. */
export function productPageSeo(product: ProductForSeo, ctx: SeoContext, extra?: Record<string, unknown>): PageSeo {
  const description = toDescription(product.description) || null;
  const main = mainImage(product.images);
  return {
    title: product.title,
    description,
    og: { type: "product", title: product.title, image: main?.imageUrl ?? null, imageAlt: product.title },
    jsonLd: productJsonLd(product, ctx, extra),
  };
}
