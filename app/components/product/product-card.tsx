import { useLocation } from "@remix-run/react";
import { productCardHtml } from "~/components/product/card-html";
import { type CardProduct } from "~/domain/catalogue/cards";
import { type ShopI18n, useI18n } from "~/i18n/context";

export type { CardProduct };

/**
 * A product card: the article is React's, its content one HTML string (card-html.ts). Its Add to
 * Cart form posts to /cart and the page comes back; the add-to-cart behaviour
 * (browser/behaviors/add-to-cart.ts) does it without a page load.
 */
export function ProductCard({ product, eager = false }: { product: CardProduct; eager?: boolean }) {
  const location = useLocation();
  return cardArticle(product, eager, location.pathname + location.search, useI18n());
}

/** A card's article: React's element, its content one HTML string. */
export function cardArticle(product: CardProduct, eager: boolean, redirectTo: string, i18n: ShopI18n) {
  return <article className="card" dangerouslySetInnerHTML={{ __html: productCardHtml(product, { eager, redirectTo, i18n }) }} />;
}
