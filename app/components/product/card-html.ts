import { type CardProduct } from "~/domain/catalogue/cards";
import { IMAGE_SIZES, PLACEHOLDER_IMAGE, srcSetFor, THUMB_HEIGHT, THUMB_WIDTH, thumbUrl } from "~/lib/images";
import { escapeHtml } from "~/lib/html";
import { ADD_TO_CART_LABEL, CARD_ADD_ATTRIBUTE } from "~/lib/behavior-contract";
import { formatMoney } from "~/lib/money";

/**
 * The markup inside a product card's <article class="card">, as one HTML string, built the same
 * on the server and in the browser (why: docs/decisions/card-html.md). Links carry
 * data-shop-link and the Add to Cart form data-card-add, which useCardAdds (product-card.tsx)
 * turns into a fetcher submission; without JavaScript they are a plain link and a plain form.
 *
 * Every interpolated text goes through escapeHtml (lib/html), attribute or not.
 */
export interface CardHtmlOptions {
  /** The first cards of a page load their image at once; the rest lazily. */
  eager: boolean;
  /** Where the Add to Cart form returns without JavaScript (the current page's path and query). */
  redirectTo: string;
}

function stockBadge(stock: number): string {
  if (stock <= 0) return `<span class="tag tag-soldout">Sold out</span>`;
  if (stock < 5) return `<span class="tag tag-low">Only ${stock} left</span>`;
  return "";
}

function image(product: CardProduct, eager: boolean): string {
  const main = product.image;
  const alt = main?.alt ?? `${product.title} (no image available)`;
  const img =
    `<img src="${escapeHtml(main ? thumbUrl(main.url) : PLACEHOLDER_IMAGE)}" alt="${escapeHtml(alt)}" width="${THUMB_WIDTH}" height="${THUMB_HEIGHT}"` +
    ` loading="${eager ? "eager" : "lazy"}" decoding="async"/>`;
  const srcSet = srcSetFor(main?.url, main?.width);
  if (!srcSet) return img;
  return `<picture><source type="image/webp" srcSet="${escapeHtml(srcSet)}" sizes="${IMAGE_SIZES.card}"/>${img}</picture>`;
}

function action(product: CardProduct, title: string, redirectTo: string): string {
  if (product.stock <= 0) return `<button type="button" class="button button-block" disabled="">Out of Stock</button>`;
  if (product.hasOptions) {
    return `<a href="/product/${escapeHtml(product.slug)}" class="button button-secondary button-block" data-shop-link="">Choose Options</a>`;
  }
  // The quantity added from a card is always 1 (the schema's default).
  return (
    `<form method="post" action="/cart" ${CARD_ADD_ATTRIBUTE}="${product.id}">` +
    `<input type="hidden" name="intent" value="add"/>` +
    `<input type="hidden" name="productId" value="${product.id}"/>` +
    `<input type="hidden" name="redirectTo" value="${escapeHtml(redirectTo)}"/>` +
    // The label names the product: a page of cards has many Add to Cart buttons.
    `<button type="submit" class="button button-block" aria-label="${ADD_TO_CART_LABEL}: ${title}">${ADD_TO_CART_LABEL}</button>` +
    `</form>`
  );
}

export function productCardHtml(product: CardProduct, { eager, redirectTo }: CardHtmlOptions): string {
  const href = `/product/${escapeHtml(product.slug)}`;
  const title = escapeHtml(product.title);
  const category = product.category ? `<p class="card-category">${escapeHtml(product.category)}</p>` : "";
  return (
    // data-discover on the first link: Remix learns the product route before a click, as for <Link>.
    `<a href="${href}" class="card-media" data-discover="true" data-shop-link="">${image(product, eager)}${stockBadge(product.stock)}</a>` +
    `<div class="card-body">${category}` +
    `<h3 class="card-title"><a href="${href}" data-shop-link="">${title}</a></h3>` +
    `<p class="price">${formatMoney(product.priceCents)}</p>` +
    action(product, title, redirectTo) +
    `</div>`
  );
}
