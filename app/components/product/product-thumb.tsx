import { srcSetFor, thumbUrl } from "~/lib/images";

/**
 * A product photo shown small: gallery thumbnails and the lines of the cart, checkout, payment
 * and order pages. Browsers that take WebP pick the smallest WebP width for the shown size (a
 * third to a half of the JPEG thumbnail's bytes); the others get the JPEG thumbnail.
 */
export function ProductThumb({
  imageUrl,
  imageWidth,
  width,
  height,
  lazy = true,
}: {
  /** The product image (not its thumbnail); none shows the placeholder. */
  imageUrl: string | null | undefined;
  /** The image's own width in pixels, which says which WebP widths exist. */
  imageWidth: number | null | undefined;
  width: number;
  height: number;
  lazy?: boolean;
}) {
  const img = <img src={thumbUrl(imageUrl)} alt="" width={width} height={height} loading={lazy ? "lazy" : undefined} decoding="async" />;
  const srcSet = srcSetFor(imageUrl, imageWidth);
  if (!srcSet) return img;
  return (
    <picture className="product-thumb">
      <source type="image/webp" srcSet={srcSet} sizes={`${width}px`} />
      {img}
    </picture>
  );
}
