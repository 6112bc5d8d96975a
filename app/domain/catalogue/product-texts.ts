/** Texts, intents and limits of the Products tab and the product editor (browser-safe: no zod, no server code). */
import type { ProductTexts } from "~/domain/catalogue/translations";

export const PRODUCT_TEXT = {
  accessDenied: "Access denied. Admin privileges required.",
  notFound: "Product not found.",
  loading: "Loading product...",
  titleRequired: "Title is required",
  slugRequired: "Slug is required",
  slugFormat: "Slug may use only lowercase letters, numbers and single hyphens",
  slugTaken: "Slug is already used by another product",
  descriptionRequired: "Description is required",
  priceRequired: "Price is required",
  priceFormat: "Price must be a number with up to 2 decimals, e.g. 24.50",
  regularPriceFormat: "Regular price must be a number with up to 2 decimals, e.g. 24.50",
  regularPriceNotAbove: "Regular price must be above the price",
  stockMin: "Stock must be 0 or greater",
  stockWhole: "Stock must be a whole number",
  variationNameRequired: "Variation name is required",
  colorRequired: "Choose a colour",
  colorTwice: "Each colour can be added only once",
  colorUnknown: "Unknown colour",
  imageColorUnknown: "A photo can only show one of this product's colours",
  bothKinds: "Use either colour variations or A/B/C variations, not both",
  categoryUnknown: "Unknown category",
  imageUnknown: "An uploaded image has expired. Please upload it again.",
  createFailed: "Failed to create product.",
  updateFailed: "Failed to update product.",
  created: "Product created",
  updated: "Product updated",
  deleted: "Product deleted",
  deleteFailed: "Failed to delete product.",
  deleteConfirm: "Are you sure you want to delete this product?",
  toggleFailed: "Failed to update product",
  addedToLatest: "Added to the Latest Collection",
  removedFromLatest: "Removed from the Latest Collection",
  processImagesFailed: "Failed to process images",
  uploadFailedTitle: "Upload failed",
  invalidTypeTitle: "Invalid file type",
  tooLargeTitle: "File too large",
} as const;

export const PRODUCT_INTENTS = {
  save: "save",
  addColor: "add-color",
  addVariation: "add-variation",
  upload: "upload",
  toggleLatest: "product-toggle-latest",
  delete: "product-delete",
} as const;

/** Dynamic intents of the editor: remove-color-N, remove-variation-N, remove-image-N. */
export const REMOVE_INTENT = /^remove-(color|variation|image)-(\d{1,3})$/;

export const MAX_TITLE = 200;
export const MAX_SLUG = 200;
export const MAX_DESCRIPTION = 5000;
export const MAX_VARIATION_NAME = 80;
export const MAX_ROWS = 26;
export const MAX_IMAGES = 20;
export const MAX_STOCK = 1_000_000;
export const ADMIN_PRODUCTS_LIMIT = 1000;
export const PRODUCTS_TAB_PAGE_SIZE = 50;
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp";

/** Products-tab filters. */
export const STOCK_FILTERS = [
  { value: "all", label: "All" },
  { value: "in-stock", label: "In stock" },
  { value: "sold-out", label: "Sold out" },
] as const;
export const LATEST_FILTERS = [
  { value: "all", label: "All" },
  { value: "latest", label: "Latest collection" },
  { value: "not-latest", label: "Not in latest collection" },
] as const;
export const STATUS_FILTERS = [
  { value: "all", label: "All" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
] as const;

export type StockFilter = (typeof STOCK_FILTERS)[number]["value"];
export type LatestFilter = (typeof LATEST_FILTERS)[number]["value"];
export type StatusFilter = (typeof STATUS_FILTERS)[number]["value"];

/** Variation codes by position: A, B, C… */
export function variationCode(index: number): string {
  return String.fromCharCode(65 + index);
}

/** The stock badge of the Products tab: 'N in stock'. */
export function stockBadge(stock: number): string {
  return `${stock} in stock`;
}

/** The slug the editor previews from a title: the server's own rule (domain/catalogue/slug.ts, browser-safe). */
export { slugify as slugPreview } from "~/domain/catalogue/slug";

/** One image of the editor: a stored one (`existing`, by product_images id) or a temporary upload (`new`, by uploads id). */
export interface EditorImage {
  kind: "existing" | "new";
  id: string;
  url: string;
  isPrimary: boolean;
  /** The colour the photo shows, as the form posts it; "": every colour. */
  colorId: string;
}

/** The editor form's values as strings (what the page renders; what a refused post sends back). */
export interface EditorValues {
  title: string;
  slug: string;
  description: string;
  price: string;
  /** The owner's reduction: the price before it, as typed; empty: not reduced. */
  regularPrice: string;
  stock: string;
  sku: string;
  materials: string;
  /** The product's own notice; empty: the store's default. */
  safetyNotice: string;
  isLarge: boolean;
  isLatestCollection: boolean;
  /** Made to order (docs/made-to-order.md): the lead time in days and the cap as typed; empty cap: no limit. */
  madeToOrder: boolean;
  leadTimeDays: string;
  madeToOrderCap: string;
  isPersonalised: boolean;
  /** Customs data as typed (docs/shipping.md): grams; empty HS code, origin or description: the Settings' default. */
  weightGrams: string;
  hsCode: string;
  originCountry: string;
  customsDescription: string;
  /** The owner's Polish texts as typed; empty: the English text is shown on Polish pages. */
  translations: { pl: ProductTexts };
  categories: number[];
  colorVariations: { colorId: string; stock: string }[];
  productVariations: { variationName: string; stock: string }[];
  images: EditorImage[];
}

export const EMPTY_EDITOR_VALUES: EditorValues = {
  title: "",
  slug: "",
  description: "",
  price: "",
  regularPrice: "",
  stock: "0",
  sku: "",
  materials: "",
  safetyNotice: "",
  isLarge: false,
  isLatestCollection: false,
  madeToOrder: false,
  leadTimeDays: "",
  madeToOrderCap: "",
  isPersonalised: false,
  weightGrams: "",
  hsCode: "",
  originCountry: "",
  customsDescription: "",
  translations: { pl: { title: "", description: "", materials: "", safetyNotice: "" } },
  categories: [],
  colorVariations: [],
  productVariations: [],
  images: [],
};

/** Exactly one primary: keeps the first marked one, else the first image. */
export function withOnePrimary<T extends { isPrimary: boolean }>(images: T[]): T[] {
  const chosen = images.findIndex((i) => i.isPrimary);
  const primary = chosen === -1 ? 0 : chosen;
  return images.map((img, i) => ({ ...img, isPrimary: i === primary }));
}

/**
 * The categories as the editor's rules want them: a chosen subcategory brings
 * its parent, and a parent that was unticked (chosen before, not now) takes its subcategories with it.
 */
export function normaliseCategories(chosen: number[], parentOf: Map<number, number | null>, previous: number[] = []): number[] {
  const set = new Set(chosen.filter((id) => parentOf.has(id)));
  const before = new Set(previous);
  for (const id of [...set]) {
    const parent = parentOf.get(id) ?? null;
    if (parent === null || set.has(parent)) continue;
    if (before.has(parent) && before.has(id)) set.delete(id);
    else set.add(parent);
  }
  return [...set].sort((a, b) => a - b);
}
