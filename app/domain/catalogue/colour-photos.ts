/**
 * Which photos the product page's gallery shows for a chosen colour, in what order (browser-safe:
 * the page renders it and the gallery behaviour applies the same rule in place).
 */

/** The `?color=` that opens the product page on a colour. */
export const COLOR_PARAM = "color";

/**
 * The chosen colour's own photos first, then the photos of every colour (each group in stored
 * order); other colours' photos are hidden. No colour, or nothing to show for it: every photo.
 */
export function galleryOrder<T extends { colorId: number | null }>(images: readonly T[], colorId: number | null): { shown: T[]; hidden: T[] } {
  if (colorId === null) return { shown: [...images], hidden: [] };
  const shown = [...images.filter((i) => i.colorId === colorId), ...images.filter((i) => i.colorId === null)];
  if (shown.length === 0) return { shown: [...images], hidden: [] };
  return { shown, hidden: images.filter((i) => i.colorId !== null && i.colorId !== colorId) };
}

/**
 * The product page's address for a colour and an image: `color` only when it differs from
 * `defaultColorId` (the colour the page opens on anyway), so the usual links keep their plain form.
 */
export function productPageHref(slug: string, opts: { colorId?: number | null; defaultColorId?: number | null; image?: number }): string {
  const params = new URLSearchParams();
  if (opts.colorId != null && opts.colorId !== opts.defaultColorId) params.set(COLOR_PARAM, String(opts.colorId));
  if (opts.image !== undefined) params.set("image", String(opts.image));
  const query = params.toString();
  return `/product/${slug}${query ? `?${query}` : ""}`;
}
