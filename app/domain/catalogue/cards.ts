import { type ProductCard } from "~/domain/catalogue/types";
import { averageOf } from "~/domain/reviews/texts";
import { mainImage } from "~/lib/meta";
import { decimalToCents } from "~/lib/money";

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
  /** While reduced: the reduced and struck prices, the lowest of the 30 days before, the badge and the public code; else left out. */
  reduction?: CardReduction;
}

export interface CardReduction {
  priceCents: number;
  regularPriceCents: number;
  lowestCents: number;
  percent: number | null;
  code: string | null;
}

/** A product's reduction in cents, as the card and the product page draw it. */
export function cardReduction(reduction: ProductCard["reduction"]): CardReduction | null {
  if (!reduction) return null;
  return {
    priceCents: decimalToCents(reduction.price) ?? 0,
    regularPriceCents: decimalToCents(reduction.regularPrice) ?? 0,
    lowestCents: decimalToCents(reduction.lowestPrice30Days) ?? 0,
    percent: reduction.percent,
    code: reduction.code,
  };
}

export function toCardProduct(product: ProductCard): CardProduct {
  const image = mainImage(product.images);
  const fallback: ("title" | "category")[] = [];
  if (product.fallback?.includes("title")) fallback.push("title");
  if (product.category?.fallback?.includes("name")) fallback.push("category");
  const reduction = cardReduction(product.reduction);
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
    ...(reduction ? { reduction } : {}),
  };
}
