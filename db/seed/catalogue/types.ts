/** The demo catalogue's shapes: colours, stock and products (db/seed/data.ts joins the lists). */

/** The fabric drawn on a generated product image. */
export type FabricPattern = "plain" | "dots" | "floral" | "gingham" | "stripes" | "tartan" | "rib" | "weave";

export const COLOR_NAMES = ["White", "Black", "Red", "Blue", "Green", "Yellow", "Pink", "Purple", "Orange", "Brown", "Grey", "Navy"] as const;

export type ColorName = (typeof COLOR_NAMES)[number];

export type StockSpec =
  | { kind: "plain"; stock: number }
  | { kind: "colors"; colors: ReadonlyArray<{ color: ColorName; stock: number }> }
  | { kind: "variations"; variations: ReadonlyArray<{ name: string; stock: number }> };

export interface ProductSeed {
  title: string;
  /** Defaults to slugify(title). */
  slug?: string;
  /** Slug of the child category; the product is also linked to its parent. */
  category: string;
  priceCents: number;
  description: string;
  daysAgo: number;
  stock: StockSpec;
  isLarge?: boolean;
  isLatest?: boolean;
  /** Number of photos, default 2. */
  images?: 0 | 1 | 2 | 3;
  /** Garment colour for photos of products without colour options. */
  tint?: string;
  pattern?: FabricPattern;
  /** Free text for the product page, e.g. '100% cotton lawn'. */
  materials?: string;
  /** The product's own safety notice; left out: the store's default. */
  safetyNotice?: string;
}

export const plain = (stock: number): StockSpec => ({ kind: "plain", stock });
export const colors = (...list: Array<[ColorName, number]>): StockSpec => ({
  kind: "colors",
  colors: list.map(([color, stock]) => ({ color, stock })),
});
export const variations = (...list: Array<[string, number]>): StockSpec => ({
  kind: "variations",
  variations: list.map(([name, stock]) => ({ name, stock })),
});
