import type { CategoryTextField, ProductTextField, TextLocale } from "~/domain/catalogue/translations";
import type { ReductionView } from "~/domain/catalogue/prior-price";

/** Shapes the catalogue hands to routes and to the API (camelCase, money as "24.00"). */
export interface ImageView {
  id: number;
  imageUrl: string;
  thumbUrl: string;
  altText: string;
  isPrimary: boolean;
  /** The colour the photo shows; null: every colour. */
  colorId: number | null;
  width: number | null;
  height: number | null;
}

export interface CategoryRef {
  id: number;
  name: string;
  slug: string;
  /** Read in another language: the texts shown in English because the owner left them untranslated. */
  fallback?: CategoryTextField[];
}

export interface ProductCard {
  id: number;
  title: string;
  slug: string;
  /** Never empty (the database fills it on insert). */
  sku: string;
  /** Free text, e.g. '100% cotton lawn'; may be empty. */
  materials: string;
  /** The product's own notice, else the store's default: never empty. */
  safetyNotice: string;
  /** What the cart charges for one piece (a public code's reduction comes off at checkout). */
  price: string;
  priceCents: number;
  /** While reduced (docs/decisions/prior-price.md): the price shown struck through; else null. */
  regularPrice: string | null;
  /** While reduced: the lowest price of the 30 days before the reduction began; else null. */
  lowestPrice30Days: string | null;
  /** The reduction in force, or null: the owner's reduced price or a public code's. */
  reduction: ReductionView | null;
  stock: number;
  isLarge: boolean;
  isLatestCollection: boolean;
  hasColorVariations: boolean;
  hasVariations: boolean;
  /** Can be bought at stock 0; sewn within leadTimeDays (docs/made-to-order.md). */
  madeToOrder: boolean;
  /** Days; 0 for a product that never was made to order. */
  leadTimeDays: number;
  /** Made to the buyer's own measurements or choices: exempt from withdrawal. */
  isPersonalised: boolean;
  /** Made to order and its cap of open pieces not reached: a line the stock cannot cover can still be bought. */
  madeToOrderAvailable: boolean;
  category: CategoryRef | null;
  categories: CategoryRef[];
  images: ImageView[];
  /** Approved reviews and the sum of their ratings (kept by triggers; average = ratingSum / reviewCount). */
  reviewCount: number;
  ratingSum: number;
  /** Set when read in another language than English (`?locale=pl`, a Polish page). */
  locale?: TextLocale;
  /** Read in another language: the texts shown in English because the owner left them untranslated (pages mark them lang="en"). */
  fallback?: ProductTextField[];
}

export interface ColorOption {
  colorId: number;
  name: string;
  hex: string;
  stock: number;
}

export interface VariationOption {
  variationCode: string;
  variationName: string;
  stock: number;
}

export interface ProductDetail extends ProductCard {
  description: string;
  categoryId: number | null;
  colors: ColorOption[];
  variations: VariationOption[];
  createdAt: string;
  /** Customs data (docs/shipping.md): net weight in grams, null when not recorded; the other three never empty (the Settings' defaults). */
  weightGrams: number | null;
  hsCode: string;
  originCountry: string;
  customsDescription: string;
}

export interface CategoryView {
  id: number;
  name: string;
  slug: string;
  parentId: number | null;
  sortOrder: number;
  isActive: boolean;
  productCount: number;
  /** Read in another language: the texts shown in English because the owner left them untranslated. */
  fallback?: CategoryTextField[];
}

export interface CategoryTreeNode extends CategoryView {
  children: CategoryView[];
}

export const PRODUCT_PAGE_SIZE = 12;
export const NEW_ARRIVALS_COUNT = 8;
export const RELATED_COUNT = 4;
export const LOW_STOCK_THRESHOLD = 5;
