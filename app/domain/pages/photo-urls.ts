import { variantSlots } from "~/lib/images";

/**
 * Where the owner's page photos live and how her Markdown names them (browser-safe: the editor
 * shows the Markdown line). A photo at `/uploads/pages/<id>.<ext>` has WebP widths at
 * `/uploads/pages/w/<id>-<slot>.webp`, as product photos do (lib/images.ts).
 */
export const PAGES_URL_PREFIX = "/uploads/pages/";

export interface PhotoSize {
  width: number;
  height: number;
}

// The shop's public photo folders only: review photos wait for approval, and no "..", "//",
// query or other site can slip through (every segment starts with a letter, digit, _ or -).
const OWN_IMAGE = /^\/uploads\/(?:pages|products)\/(?:[\w-][\w.-]*\/)*[\w-]+(?:\.[\w-]+)*\.(?:jpe?g|png|webp)$/i;
const PAGE_PHOTO = /^\/uploads\/pages\/([\w-]+)\.(?:jpe?g|png|webp)$/i;

/** A picture the owner's pages may show: one of the shop's own public uploads. */
export function isOwnImageUrl(url: string): boolean {
  return OWN_IMAGE.test(url) && !url.includes("..");
}

/** The `srcset` of a page photo `width` pixels wide (its WebP widths and itself); null for other pictures. */
export function ownImageVariants(url: string, width: number): string | null {
  const match = PAGE_PHOTO.exec(url);
  if (!match) return null;
  const slots = variantSlots(width).filter((s) => s.width < width);
  if (slots.length === 0) return null;
  return [...slots.map((s) => `${PAGES_URL_PREFIX}w/${match[1]}-${s.slot}.webp ${s.width}w`), `${url} ${width}w`].join(", ");
}

/** The Markdown line that shows a photo: `![alt](url)`, the alt text on one line with brackets escaped. */
export function photoMarkdown(alt: string, url: string): string {
  const words = alt
    .replace(/\s+/g, " ")
    .trim()
    .replace(/([\\[\]])/g, "\\$1");
  return `![${words}](${url})`;
}
