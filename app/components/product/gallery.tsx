import { galleryOrder, productPageHref } from "~/domain/catalogue/colour-photos";
import { IMAGE_SIZES, srcSetFor } from "~/lib/images";
import { ProductThumb } from "~/components/product/product-thumb";
import { GALLERY_ATTRIBUTES as ATTR } from "~/lib/behavior-contract";
import { useI18n } from "~/i18n/context";

type GalleryImage = { imageUrl: string; altText: string; width: number | null; height: number | null; colorId: number | null };

/** What a thumbnail carries for the gallery behaviour: the picture it puts in the main place. */
function pictureAttributes(img: GalleryImage, title: string) {
  return {
    [ATTR.src]: img.imageUrl,
    [ATTR.srcset]: srcSetFor(img.imageUrl, img.width) ?? "",
    [ATTR.alt]: img.altText || title,
    [ATTR.width]: img.width ?? 800,
    [ATTR.height]: img.height ?? 1000,
  };
}

/**
 * The product gallery, opened on `colorId`'s photos (its own first, then every colour's; other
 * colours' thumbnails are rendered hidden so the browser can switch colours in place). Without
 * JavaScript the thumbnails and arrows link to ?image=N (with ?color= when it is not the
 * default colour); the gallery behaviour swaps the image from each thumbnail's GALLERY_ATTRIBUTES.
 */
export function Gallery({
  images,
  index,
  title,
  slug,
  colorId,
  defaultColorId,
}: {
  images: GalleryImage[];
  index: number;
  title: string;
  slug: string;
  colorId: number | null;
  defaultColorId: number | null;
}) {
  const { t, path, locale } = useI18n();
  if (images.length === 0) {
    return (
      <div className="gallery">
        <div className="gallery-main placeholder">
          <img src="/placeholder.svg" alt="" width={800} height={1000} />
          <p>{t("product.gallery.noImage")}</p>
        </div>
      </div>
    );
  }
  const { shown, hidden } = galleryOrder(images, colorId);
  const n = shown.length;
  const current = Math.min(index, n - 1);
  const image = shown[current] ?? shown[0]!;
  const srcSet = srcSetFor(image.imageUrl, image.width);
  const href = (i: number) => path(productPageHref(slug, { colorId, defaultColorId, image: i }));
  // Switching colours can change how many photos there are: the controls exist whenever the
  // product has more than one photo, and are hidden while the shown colour has only one.
  const controls = images.length > 1;
  return (
    <div
      className="gallery"
      {...{
        [ATTR.gallery]: "",
        [ATTR.index]: current,
        [ATTR.color]: colorId ?? "",
        [ATTR.slug]: slug,
        [ATTR.defaultColor]: defaultColorId ?? "",
        // The thumbnails' label for the gallery behaviour, its placeholders left in.
        [ATTR.showLabel]: t("product.gallery.show", { index: "{index}", count: "{count}" }),
      }}
    >
      <div className="gallery-main">
        <picture>
          {srcSet ? <source type="image/webp" srcSet={srcSet} sizes={IMAGE_SIZES.gallery} /> : null}
          <img
            src={image.imageUrl}
            alt={image.altText || title}
            // The owner describes images in English only (one that is just the title is in the page's language).
            lang={image.altText && image.altText !== title && locale !== "en" ? "en" : undefined}
            width={image.width ?? 800}
            height={image.height ?? 1000}
            fetchPriority="high"
            decoding="async"
          />
        </picture>
        {controls ? (
          <>
            <a
              className="gallery-nav prev"
              href={href((current - 1 + n) % n)}
              {...{ [ATTR.step]: "-1" }}
              aria-label={t("product.gallery.previous")}
              hidden={n < 2}
            >
              ‹
            </a>
            <a className="gallery-nav next" href={href((current + 1) % n)} {...{ [ATTR.step]: "1" }} aria-label={t("product.gallery.next")} hidden={n < 2}>
              ›
            </a>
            <p className="gallery-counter" aria-live="polite" hidden={n < 2}>
              {current + 1} / {n}
            </p>
          </>
        ) : null}
      </div>
      {controls ? (
        <ul className="thumbs" role="list" hidden={n < 2}>
          {shown.map((img, i) => (
            <li key={img.imageUrl} {...{ [ATTR.color]: img.colorId ?? "" }}>
              <a
                href={href(i)}
                {...{ [ATTR.image]: i }}
                {...pictureAttributes(img, title)}
                aria-current={i === current ? "true" : undefined}
                aria-label={t("product.gallery.show", { index: i + 1, count: n })}
              >
                <ProductThumb imageUrl={img.imageUrl} imageWidth={img.width} width={72} height={90} />
              </a>
            </li>
          ))}
          {hidden.map((img) => (
            <li key={img.imageUrl} {...{ [ATTR.color]: img.colorId ?? "" }} hidden>
              <a
                href={path(productPageHref(slug, { colorId: img.colorId, defaultColorId }))}
                {...{ [ATTR.image]: "" }}
                {...pictureAttributes(img, title)}
                aria-label={title}
              >
                <ProductThumb imageUrl={img.imageUrl} imageWidth={img.width} width={72} height={90} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
