import type { Generated } from "kysely";
import type { Locale } from "~/i18n/locales";

/*
 * The catalogue: categories, products, their photos, colours and variations, search,
 * back-in-stock requests and reviews. Re-exported by ~/lib/db-schema.
 */

/** 0/1 integers stand for booleans in SQLite. */
type Flag = Generated<number>;

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  parent_id: number | null;
  sort_order: Generated<number>;
  is_active: Flag;
  product_count: Generated<number>;
  created_at: Generated<string>;
}

export interface CategoryDescriptionsTable {
  category_name: string;
  description: string;
}

export interface ProductsTable {
  id: Generated<number>;
  title: string;
  slug: string;
  description: Generated<string>;
  price_cents: number;
  stock: Generated<number>;
  total_stock: Generated<number>;
  is_large: Flag;
  is_latest_collection: Flag;
  has_color_variations: Flag;
  has_variations: Flag;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  /** Names of the product's categories and colours, kept by triggers (migration 0021) for search. */
  search_tags: Generated<string>;
  /** Unique; a trigger fills it from the id when it is left empty (migration eu_consumer). */
  sku: string | null;
  materials: Generated<string>;
  /** Null: the store's default safety notice (Settings). */
  safety_notice: string | null;
  /** Approved reviews and the sum of their ratings, kept by triggers on reviews. */
  review_count: Generated<number>;
  rating_sum: Generated<number>;
  /** Can be bought at stock 0; sewn within lead_time_days. */
  made_to_order: Flag;
  lead_time_days: Generated<number>;
  /** Open made-to-order pieces allowed at once; null: no cap. */
  made_to_order_cap: number | null;
  /** Made to the buyer's own measurements or choices: exempt from withdrawal (CRD Art. 16(c)). */
  is_personalised: Flag;
  /** Net weight in grams (1–20000); null: not recorded (migration customs). */
  weight_grams: number | null;
  /** Customs data of the product's own; null: the Settings' default (docs/shipping.md). */
  hs_code: string | null;
  origin_country: string | null;
  customs_description: string | null;
  /** The owner's reduction: the price before it, above price_cents; null when not reduced (migration discounts). */
  regular_price_cents: number | null;
}

export interface ProductsFtsTable {
  rowid: number;
  title: string;
  description: string;
  search_tags: string;
  products_fts: string;
  rank: number;
}

/** The owner's texts of a product in another language (migration translations); '' : not translated, the English one is shown. */
export interface ProductTranslationsTable {
  product_id: number;
  locale: "pl";
  title: Generated<string>;
  description: Generated<string>;
  materials: Generated<string>;
  safety_notice: Generated<string>;
}

/** A category's name and description in another language; '' : the English one is shown. */
export interface CategoryTranslationsTable {
  category_id: number;
  locale: "pl";
  name: Generated<string>;
  description: Generated<string>;
}

/** The Polish search index (rowid = product id), kept by triggers; 'ł' is stored as 'l'. */
export interface ProductsFtsPlTable {
  rowid: number;
  title: string;
  description: string;
  search_tags: string;
  products_fts_pl: string;
  rank: number;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  image_url: string;
  alt_text: Generated<string>;
  is_primary: Flag;
  sort_order: Generated<number>;
  width: number | null;
  height: number | null;
  /** The colour the photo shows; null: every colour. */
  color_id: number | null;
}

export interface ProductCategoriesTable {
  product_id: number;
  category_id: number;
}

export interface ColorsTable {
  id: number;
  name: string;
  hex: string;
}

export interface ProductColorsTable {
  product_id: number;
  color_id: number;
  stock: Generated<number>;
}

export interface ProductVariationsTable {
  id: Generated<number>;
  product_id: number;
  variation_code: string;
  variation_name: string;
  stock: Generated<number>;
}

/** One row, bumped by triggers whenever products or categories change what the sitemap lists. */
export interface CatalogueVersionTable {
  id: number;
  version: number;
}

/** fts5vocab (row) over product_words: every word of the catalogue and how many products hold it (migration 0018). */
export interface ProductWordsVocabTable {
  term: string;
  doc: number;
  cnt: number;
}

/** One row; version moves with every change to a product's title or description. */
export interface SearchVocabularyStateTable {
  id: number;
  version: number;
}

/** color_id 0 and variation_code '' mean the product as a whole. */
export interface BackInStockRequestsTable {
  id: Generated<number>;
  email: string;
  product_id: number;
  color_id: Generated<number>;
  variation_code: Generated<string>;
  created_at: Generated<string>;
  closed_at: string | null;
  closed_reason: string | null;
  /** Set when the address confirmed the request through the mailed link; only then is it mailed. */
  confirmed_at: string | null;
  confirm_token_hash: string | null;
  /** The account whose confirmed address confirmed the request; null while unconfirmed, or when no account held the address confirmed. */
  user_id: number | null;
  /** The language of the page it was asked on: its confirmation and its notice are written in it. */
  locale: Generated<Locale>;
}

/** A customer's review of a product she bought; shown once the owner approves it. */
export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  order_id: number | null;
  rating: number;
  title: string | null;
  body: string;
  status: Generated<"pending" | "approved" | "hidden">;
  /** First name and initial, as shown. */
  author_name: string;
  reply: string | null;
  replied_at: string | null;
  moderated_at: string | null;
  client_ip: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface ReviewPhotosTable {
  id: Generated<number>;
  review_id: number;
  image_url: string;
  thumb_url: string;
  width: number | null;
  height: number | null;
  sort_order: Generated<number>;
}
