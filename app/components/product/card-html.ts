import { type CardProduct } from "~/domain/catalogue/cards";
import { madeToOrderText } from "~/domain/catalogue/made-to-order";
import { IMAGE_SIZES, PLACEHOLDER_IMAGE, srcSetFor, THUMB_HEIGHT, THUMB_WIDTH, thumbUrl } from "~/lib/images";
import { html, type SafeHtml } from "~/lib/html";
import { ADD_TO_CART_LABEL, CARD_ADD_ATTRIBUTE } from "~/lib/behavior-contract";
import { formatMoney } from "~/lib/money";
import { ratingLabel } from "~/domain/reviews/texts";

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
}

function stockBadge(stock: number): SafeHtml | "" {
  if (stock <= 0) return html`<span class="tag tag-soldout">Sold out</span>`;
  if (stock < 5) return html`<span class="tag tag-low">Only ${stock} left</span>`;
  return "";
}

function image(product: CardProduct, eager: boolean): SafeHtml {
  const main = product.image;
  const alt = main?.alt ?? `${product.title} (no image available)`;
  const img = html`<img src="${main ? thumbUrl(main.url) : PLACEHOLDER_IMAGE}" alt="${alt}" width="${THUMB_WIDTH}" height="${THUMB_HEIGHT}" loading="${eager ? "eager" : "lazy"}" decoding="async"/>`;
  const srcSet = srcSetFor(main?.url, main?.width);
  if (!srcSet) return img;
  return html`<picture><source type="image/webp" srcSet="${srcSet}" sizes="${IMAGE_SIZES.card}"/>${img}</picture>`;
}

/** Stars and count of the approved reviews, read out as "4.8 out of 5, 12 reviews". */
function rating(product: CardProduct): SafeHtml | "" {
  if (!product.rating) return "";
  const { average, count } = product.rating;
  return html`<p class="card-rating"><span class="stars" role="img" aria-label="${ratingLabel(average, count)}"><span class="stars-fill" style="width:${Math.round(average * 20)}%" aria-hidden="true">★★★★★</span><span aria-hidden="true">★★★★★</span></span> <span class="card-rating-count" aria-hidden="true">(${count})</span></p>`;
}

/** A made-to-order product at stock 0 is not sold out: it says when it ships instead. */
function madeToOrderLine(product: CardProduct): SafeHtml | "" {
  if (product.madeToOrderDays === undefined || product.stock > 0) return "";
  return html`<p class="made-to-order-note">${madeToOrderText(product.madeToOrderDays)}</p>`;
}

function action(product: CardProduct, redirectTo: string): SafeHtml {
  if (product.stock <= 0 && product.madeToOrderDays === undefined)
    return html`<button type="button" class="button button-block" disabled="">Out of Stock</button>`;
  if (product.hasOptions) {
    return html`<a href="/product/${product.slug}" class="button button-secondary button-block">Choose Options</a>`;
  }
  // The quantity added from a card is always 1 (the schema's default). The button's label names
  // the product: a page of cards has many Add to Cart buttons.
  return html`<form method="post" action="/cart" ${CARD_ADD_ATTRIBUTE}="${product.id}"><input type="hidden" name="intent" value="add"/><input type="hidden" name="productId" value="${product.id}"/><input type="hidden" name="redirectTo" value="${redirectTo}"/><button type="submit" class="button button-block" aria-label="${ADD_TO_CART_LABEL}: ${product.title}">${ADD_TO_CART_LABEL}</button></form>`;
}

export function productCardHtml(product: CardProduct, { eager, redirectTo }: CardHtmlOptions): string {
  const href = `/product/${product.slug}`;
  const category = product.category ? html`<p class="card-category">${product.category}</p>` : "";
  return html`<a href="${href}" class="card-media">${image(product, eager)}${product.madeToOrderDays === undefined ? stockBadge(product.stock) : ""}</a><div class="card-body">${category}<h3 class="card-title"><a href="${href}">${product.title}</a></h3><p class="price">${formatMoney(product.priceCents)}</p>${rating(product)}${madeToOrderLine(product)}${action(product, redirectTo)}</div>`
    .value;
}
