import { type CardProduct } from "~/domain/catalogue/cards";
import { madeToOrderLine } from "~/components/product/made-to-order-note";
import { priceHtml } from "~/components/product/price-html";
import { type ShopI18n } from "~/i18n/context";
import { IMAGE_SIZES, PLACEHOLDER_IMAGE, srcSetFor, THUMB_HEIGHT, THUMB_WIDTH, thumbUrl } from "~/lib/images";
import { html, type SafeHtml } from "~/lib/html";
import { CARD_ADD_ATTRIBUTE, CARD_ADDING_ATTRIBUTE } from "~/lib/behavior-contract";
import { ratingText } from "~/components/reviews/stars";
import { ownTextHtml } from "~/components/ui/own-text";

/**
 * The markup inside a product card's <article class="card">, as one HTML string (why:
 * docs/decisions/card-html.md). The Add to Cart form carries data-card-add, which the
 * add-to-cart behaviour (browser/behaviors/add-to-cart.ts) posts without a page load; without
 * JavaScript it is a plain form. Built with the `html` template (lib/html): every interpolation
 * is escaped, attribute or not.
 */
export interface CardHtmlOptions {
  /** The first cards of a page load their image at once; the rest lazily. */
  eager: boolean;
  /** Where the Add to Cart form returns without JavaScript (the current page's path and query). */
  redirectTo: string;
  /** The page's language: the card's words, its price and its links. */
  i18n: ShopI18n;
}

function stockBadge(stock: number, i18n: ShopI18n): SafeHtml | "" {
  if (stock <= 0) return html`<span class="tag tag-soldout">${i18n.t("catalogue.card.soldOut")}</span>`;
  if (stock < 5) return html`<span class="tag tag-low">${i18n.t("catalogue.card.onlyLeft", { count: stock })}</span>`;
  return "";
}

function image(product: CardProduct, eager: boolean, i18n: ShopI18n): SafeHtml {
  const main = product.image;
  const alt = main?.alt ?? i18n.t("catalogue.card.noImage", { title: product.title });
  // The owner describes images in English only (one that is just the title is in the page's language).
  const altLang = main?.alt && main.alt !== product.title && i18n.locale !== "en" ? html` lang="en"` : "";
  const img = html`<img src="${main ? thumbUrl(main.url) : PLACEHOLDER_IMAGE}" alt="${alt}"${altLang} width="${THUMB_WIDTH}" height="${THUMB_HEIGHT}" loading="${eager ? "eager" : "lazy"}" decoding="async"/>`;
  const srcSet = srcSetFor(main?.url, main?.width);
  if (!srcSet) return img;
  return html`<picture><source type="image/webp" srcSet="${srcSet}" sizes="${IMAGE_SIZES.card}"/>${img}</picture>`;
}

/** Stars and count of the approved reviews, read out as "4.8 out of 5, 12 reviews". */
function rating(product: CardProduct, i18n: ShopI18n): SafeHtml | "" {
  if (!product.rating) return "";
  const { average, count } = product.rating;
  return html`<p class="card-rating"><span class="stars" role="img" aria-label="${ratingText(i18n, average, count)}"><span class="stars-fill" style="width:${Math.round(average * 20)}%" aria-hidden="true">★★★★★</span><span aria-hidden="true">★★★★★</span></span> <span class="card-rating-count" aria-hidden="true">(${count})</span></p>`;
}

/** A made-to-order product at stock 0 is not sold out: it says when it ships instead. */
function madeToOrder(product: CardProduct, i18n: ShopI18n): SafeHtml | "" {
  if (product.madeToOrderDays === undefined || product.stock > 0) return "";
  return html`<p class="made-to-order-note">${madeToOrderLine(i18n, product.madeToOrderDays)}</p>`;
}

function action(product: CardProduct, redirectTo: string, i18n: ShopI18n): SafeHtml {
  if (product.stock <= 0 && product.madeToOrderDays === undefined)
    return html`<button type="button" class="button button-block" disabled="">${i18n.t("catalogue.card.outOfStock")}</button>`;
  if (product.hasOptions) {
    return html`<a href="${i18n.path(`/product/${product.slug}`)}" class="button button-secondary button-block">${i18n.t("catalogue.card.chooseOptions")}</a>`;
  }
  // The quantity added from a card is always 1 (the schema's default). The button's label names
  // the product: a page of cards has many Add to Cart buttons.
  // The add-to-cart behaviour shows CARD_ADDING_ATTRIBUTE's label while the line is on its way.
  return html`<form method="post" action="${i18n.path("/cart")}" ${CARD_ADD_ATTRIBUTE}="${product.id}" ${CARD_ADDING_ATTRIBUTE}="${i18n.t("catalogue.card.adding")}"><input type="hidden" name="intent" value="add"/><input type="hidden" name="productId" value="${product.id}"/><input type="hidden" name="redirectTo" value="${redirectTo}"/><button type="submit" class="button button-block" aria-label="${i18n.t("catalogue.card.addLabel", { title: product.title })}">${i18n.t("catalogue.card.add")}</button></form>`;
}

export function productCardHtml(product: CardProduct, { eager, redirectTo, i18n }: CardHtmlOptions): string {
  const href = i18n.path(`/product/${product.slug}`);
  const english = (field: "title" | "category") => product.fallback?.includes(field);
  const category = product.category ? html`<p class="card-category">${ownTextHtml(product.category, english("category"))}</p>` : "";
  return html`<a href="${href}" class="card-media">${image(product, eager, i18n)}${product.madeToOrderDays === undefined ? stockBadge(product.stock, i18n) : ""}</a><div class="card-body">${category}<h3 class="card-title"><a href="${href}">${ownTextHtml(product.title, english("title"))}</a></h3>${priceHtml(i18n, product.priceCents, product.reduction, "card")}${rating(product, i18n)}${madeToOrder(product, i18n)}${action(product, redirectTo, i18n)}</div>`
    .value;
}
