/** Images under the products upload path have a thumbnail at products/thumbs/thumb-<file>. */
export const PLACEHOLDER_IMAGE = "/placeholder.svg";

export function thumbUrl(imageUrl: string | null | undefined): string {
  if (!imageUrl) return PLACEHOLDER_IMAGE;
  const match = /^(.*\/products\/)([^/]+)$/.exec(imageUrl);
  if (!match) return imageUrl;
  return `${match[1]}thumbs/thumb-${match[2]}`;
}
