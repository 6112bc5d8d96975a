import { type ProductCard } from "~/domain/catalogue/types";
import { averageOf } from "~/domain/reviews/texts";
import { mainImage } from "~/lib/meta";

/**
 * What a product card on a page shows, and so all a page sends to the browser for it: the card's
 * HTML, built on the server (the pages are lean, never hydrated). It is kept small: the main
 * image only, with its thumbnail and WebP variants following from its URL (lib/images), and one
 * flag for "has options to choose".
 */
export interface CardProduct {
  id: number;
  title: string;
  slug: string;
  priceCents: number;
  stock: number;
  /** Colours or variations to choose first: the card links to the product page instead of adding. */
  hasOptions: boolean;
  category: string | null;
  /** Made to order with room left: its lead time in days (it can be bought at stock 0); else left out. */
  madeToOrderDays?: number;
  /** The main image; `width` (of the original) gives the card its WebP srcset. Null: the placeholder. */
  image: { url: string; alt: string; width: number | null } | null;
  /** Approved reviews: the card shows stars when there are any. */
  rating?: { average: number; count: number };
  /** On a Polish page: the texts shown in English for want of a Polish one (marked lang="en"). */
  fallback?: ("title" | "category")[];
}

export function toCardProduct(product: ProductCard): CardProduct {
  const image = mainImage(product.images);
  const fallback: ("title" | "category")[] = [];
  if (product.fallback?.includes("title")) fallback.push("title");
  if (product.category?.fallback?.includes("name")) fallback.push("category");
  return {
    id: product.id,
    title: product.title,
    slug: product.slug,
    priceCents: product.priceCents,
    stock: product.stock,
    hasOptions: product.hasColorVariations || product.hasVariations,
    category: product.category?.name ?? null,
    ...(product.madeToOrderAvailable ? { madeToOrderDays: product.leadTimeDays } : {}),
    image: image ? { url: image.imageUrl, alt: image.altText, width: image.width } : null,
    ...(product.reviewCount > 0 ? { rating: { average: averageOf(product.ratingSum, product.reviewCount), count: product.reviewCount } } : {}),
    ...(fallback.length ? { fallback } : {}),
  };
}
