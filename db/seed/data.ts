/**
 * The demo catalogue of Little Stitches Atelier as typed constants, read by db/seed/index.ts.
 * Prices are integer cents; `daysAgo` staggers created_at over the last ~120 days.
 */

import { type ColorName, type ProductSeed } from "./catalogue/types";
import { PRODUCTS_1_4 } from "./catalogue/products-1-4";
import { PRODUCTS_1_6 } from "./catalogue/products-1-6";
import { ACCESSORIES } from "./catalogue/accessories";

export { COLOR_NAMES } from "./catalogue/types";
export type { ColorName, FabricPattern, ProductSeed, StockSpec } from "./catalogue/types";
export * from "./catalogue/bulk-words";

export interface ColorSeed {
  id: number;
  name: ColorName;
  hex: string;
}

/** The fixed 12-colour palette, ids 1..12 in this order. */
export const COLORS: readonly ColorSeed[] = [
  { id: 1, name: "White", hex: "#F7F5F0" },
  { id: 2, name: "Black", hex: "#2B2B2E" },
  { id: 3, name: "Red", hex: "#C0392B" },
  { id: 4, name: "Blue", hex: "#3E6FB0" },
  { id: 5, name: "Green", hex: "#4E8B5A" },
  { id: 6, name: "Yellow", hex: "#E9C46A" },
  { id: 7, name: "Pink", hex: "#E8A0B4" },
  { id: 8, name: "Purple", hex: "#8E6BB0" },
  { id: 9, name: "Orange", hex: "#E07B39" },
  { id: 10, name: "Brown", hex: "#8B5E3C" },
  { id: 11, name: "Grey", hex: "#9A9A9A" },
  { id: 12, name: "Navy", hex: "#1F3A5F" },
];

export interface CategorySeed {
  name: string;
  slug: string;
  sortOrder: number;
  children: ReadonlyArray<{ name: string; slug: string; sortOrder: number }>;
}

const GARMENT_KINDS = [
  ["Dresses", "dresses"],
  ["Tops & Blouses", "tops-blouses"],
  ["Skirts & Trousers", "skirts-trousers"],
  ["Coats & Jackets", "coats-jackets"],
  ["Knitwear", "knitwear"],
  ["Sleepwear", "sleepwear"],
] as const;

function garmentChildren(scale: "1-4" | "1-6") {
  return GARMENT_KINDS.map(([name, slug], i) => ({ name, slug: `${scale}-${slug}`, sortOrder: i + 1 }));
}

/** Two-level tree: scale (or Accessories) at the top, kind of garment below. */
export const CATEGORIES: readonly CategorySeed[] = [
  { name: "1:4 Scale Dolls", slug: "1-4-scale", sortOrder: 1, children: garmentChildren("1-4") },
  { name: "1:6 Scale Dolls", slug: "1-6-scale", sortOrder: 2, children: garmentChildren("1-6") },
  {
    name: "Accessories",
    slug: "accessories",
    sortOrder: 3,
    children: [
      { name: "Hats", slug: "hats", sortOrder: 1 },
      { name: "Bags", slug: "bags", sortOrder: 2 },
      { name: "Shoes", slug: "shoes", sortOrder: 3 },
    ],
  },
];

/** The note shown under Product Details, keyed by child category name (shared by both scales). */
export const CATEGORY_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Dresses:
    "Every dress is cut from our own patterns and fitted on real dolls, so please check your doll's bust and waist against our size guide. We love a gentle hand wash in cool water, then a flat dry away from the sun.",
  "Tops & Blouses":
    "Our tops close with tiny snaps or hand-sewn buttons at the back, so they slip on without stressing your doll's joints. Press lightly with a cool iron through a cloth to keep collars crisp.",
  "Skirts & Trousers":
    "Waistbands are made to sit at the natural waist of most bodies in the scale; a little ease is built in for jointed hips. Hand wash cold and reshape while damp.",
  "Coats & Jackets":
    "Coats are fully lined so they glide over blouses and knits, and we size them with a thin layer underneath in mind. Brush wool gently and store on a hanger to keep the shoulders shapely.",
  Knitwear:
    "Each piece is knitted on tiny needles and may vary a stitch or two from the photo, which is part of its handmade charm. Wash by hand in lukewarm water with a drop of wool wash and dry flat.",
  Sleepwear:
    "Sleepwear is sewn from the softest cottons and flannels we can find, with roomy cuts for cosy bedtime poses. Machine-safe in a laundry bag on a cool, gentle cycle.",
  Hats: "Hats are shaped to sit nicely over wigs in the usual sizes for each scale; do check your doll's head circumference in our size guide. Keep away from damp and store stuffed with tissue to hold their shape.",
  Bags: "Our bags are made to be carried: straps are stitched, not glued, and clasps really open. Wipe leather and wicker with a soft dry cloth.",
  Shoes:
    "Shoes are sized by foot length, so please measure your doll's foot before ordering. Darker leathers can transfer colour to pale resin over time, so slip on socks for long displays.",
};

/** Slugs other code and tests rely on. */
export const FIXED_SLUGS = {
  soldOutPlain: "midnight-velvet-cape",
  lowStockPlain: "linen-summer-apron",
  withColors: "rose-garden-tea-dress",
  withVariations: "classic-wool-coat",
  inStockPlain: "cream-cable-knit-sweater",
  large: "doll-steamer-trunk",
} as const;

/** Every demo product, in the order the seed writes them (their ids follow it). */
export const PRODUCTS: readonly ProductSeed[] = [...PRODUCTS_1_4, ...PRODUCTS_1_6, ...ACCESSORIES];

/** A piece's net weight by kind, in grams, for a 1:4 doll; a 1:6 piece weighs about half. */
const WEIGHT_BY_KIND: Readonly<Record<string, number>> = {
  dresses: 60,
  "tops-blouses": 35,
  "skirts-trousers": 45,
  "coats-jackets": 110,
  knitwear: 70,
  sleepwear: 50,
  hats: 25,
  bags: 70,
  shoes: 30,
};

/**
 * The demo catalogue's weights (the packing slip's customs declaration adds them up): by kind
 * and scale, a little apart piece by piece, and the large pieces (trunks, hampers, hatboxes)
 * heavier. Deterministic, so every seed gives the same weights.
 */
export function seedWeightGrams(p: ProductSeed): number {
  const kind = p.category.replace(/^1-[46]-/, "");
  const base = p.isLarge ? 420 : (WEIGHT_BY_KIND[kind] ?? 50);
  const scaled = p.category.startsWith("1-6-") ? base / 2 : base;
  // ±15% by title, so two dresses do not weigh the same.
  const spread = ([...p.title].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 31) / 100 - 0.15;
  return Math.max(5, Math.round(scaled * (1 + spread)));
}
