/**
 * URL conventions of product images (browser-safe). A product image at
 * `/uploads/products/<name>` has:
 * - a thumbnail at `/uploads/products/thumbs/thumb-<name>` (300x375, same format),
 * - WebP variants at `/uploads/products/w/<base>-<slot>.webp`, one per slot of
 *   RESPONSIVE_WIDTHS, each `min(slot, original width)` wide (never upscaled; slots that
 *   would repeat a smaller slot's width are not written).
 * The pipeline (lib/image-pipeline.server.ts) and the seed's generated photos write the same files.
 */
export const PLACEHOLDER_IMAGE = "/placeholder.svg";
export const PRODUCTS_URL_PREFIX = "/uploads/products/";
export const THUMB_WIDTH = 300;
export const THUMB_HEIGHT = 375;
export const RESPONSIVE_WIDTHS = [320, 640, 960] as const;

/** `sizes` for the places product images appear (see .grid and .product-layout in styles/catalogue.css). */
export const IMAGE_SIZES = {
  card: "(max-width: 640px) 50vw, (max-width: 900px) 33vw, 240px",
  gallery: "(max-width: 900px) 100vw, 620px",
} as const;

const PRODUCT_IMAGE = /^(.*\/products\/)([^/]+)$/;

export function thumbUrl(imageUrl: string | null | undefined): string {
  if (!imageUrl) return PLACEHOLDER_IMAGE;
  const match = PRODUCT_IMAGE.exec(imageUrl);
  if (!match) return imageUrl;
  return `${match[1]}thumbs/thumb-${match[2]}`;
}

/** The variant slots an image of this width has, with the real width of each (deduplicated, ascending). */
export function variantSlots(originalWidth: number): { slot: number; width: number }[] {
  const out: { slot: number; width: number }[] = [];
  for (const slot of RESPONSIVE_WIDTHS) {
    const width = Math.min(slot, Math.max(1, Math.round(originalWidth)));
    if (!out.some((o) => o.width === width)) out.push({ slot, width });
  }
  return out;
}

/** File name of a WebP variant for a product image file name: `<base>-<slot>.webp`. */
export function variantFileName(fileName: string, slot: number): string {
  return `${withoutExtension(fileName)}-${slot}.webp`;
}

function withoutExtension(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, "");
}

/** URL of one WebP variant, or null for images outside the products path. */
export function variantUrl(imageUrl: string, slot: number): string | null {
  const prefix = variantPrefix(imageUrl);
  return prefix === null ? null : `${prefix}-${slot}.webp`;
}

/** `/uploads/products/w/<base>` for a product image URL (each variant adds `-<slot>.webp`), else null. */
function variantPrefix(imageUrl: string): string | null {
  const match = PRODUCT_IMAGE.exec(imageUrl);
  if (!match || !match[1]!.includes("/uploads/")) return null;
  return `${match[1]}w/${withoutExtension(match[2]!)}`;
}

/**
 * The WebP `srcset` of a product image ("…-320.webp 320w, …"), or undefined when the image
 * has no variants (not an uploaded product image, or its width is unknown).
 */
export function srcSetFor(imageUrl: string | null | undefined, originalWidth: number | null | undefined): string | undefined {
  if (!imageUrl || !originalWidth || originalWidth < 1) return undefined;
  const prefix = variantPrefix(imageUrl);
  if (prefix === null) return undefined;
  let srcSet = "";
  for (const { slot, width } of variantSlots(originalWidth)) srcSet += `${srcSet ? ", " : ""}${prefix}-${slot}.webp ${width}w`;
  return srcSet;
}
