import { useLocation } from "@remix-run/react";
import { cardArticle } from "~/components/product/product-card";
import { type CardProduct } from "~/domain/catalogue/cards";
import { ShopLink } from "~/components/ui/shop-link";
import { SHOP_LIST_ATTRIBUTES } from "~/lib/behavior-contract";

/**
 * A grid of product cards and the breadcrumb. The cards' Add to Cart forms are enhanced by the
 * browser module's add-to-cart behaviour. Each <li> carries the product id, which Load More uses
 * to append only the cards not shown yet.
 */
export function ProductGrid({ products, eagerCount = 4 }: { products: CardProduct[]; eagerCount?: number }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <ul className="grid" role="list">
      {products.map((p, i) => (
        <li key={p.id} {...{ [SHOP_LIST_ATTRIBUTES.item]: p.id }}>
          {cardArticle(p, i < eagerCount, here)}
        </li>
      ))}
    </ul>
  );
}

export function Breadcrumb({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {items.map((item, i) => (
          <li key={`${item.label}-${i}`}>
            {item.to && i < items.length - 1 ? <ShopLink to={item.to}>{item.label}</ShopLink> : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
