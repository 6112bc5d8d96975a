import { useLocation } from "@remix-run/react";
import { OwnText } from "~/components/ui/own-text";
import { cardArticle } from "~/components/product/product-card";
import { type CardProduct } from "~/domain/catalogue/cards";
import { ShopLink } from "~/components/ui/shop-link";
import { SHOP_LIST_ATTRIBUTES } from "~/lib/behavior-contract";
import { useI18n } from "~/i18n/context";

/**
 * A grid of product cards and the breadcrumb. The cards' Add to Cart forms are enhanced by the
 * browser module's add-to-cart behaviour. Each <li> carries the product id, which Load More uses
 * to append only the cards not shown yet.
 */
export function ProductGrid({ products, eagerCount = 4 }: { products: CardProduct[]; eagerCount?: number }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const i18n = useI18n();
  return (
    <ul className="grid" role="list">
      {products.map((p, i) => (
        <li key={p.id} {...{ [SHOP_LIST_ATTRIBUTES.item]: p.id }}>
          {cardArticle(p, i < eagerCount, here, i18n)}
        </li>
      ))}
    </ul>
  );
}

/** `english`: an owner's text shown in English on a Polish page (marked lang="en"). */
export function Breadcrumb({ items }: { items: { label: string; to?: string; english?: boolean }[] }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t("catalogue.breadcrumb")} className="breadcrumb">
      <ol>
        {items.map((item, i) => (
          <li key={`${item.label}-${i}`}>
            {item.to && i < items.length - 1 ? (
              <ShopLink to={item.to}>
                <OwnText text={item.label} english={item.english} />
              </ShopLink>
            ) : (
              <span aria-current="page" lang={item.english ? "en" : undefined}>
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
