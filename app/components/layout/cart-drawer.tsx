import { ProductThumb } from "~/components/product/product-thumb";
import { MadeToOrderNote } from "~/components/product/made-to-order-note";
import { QuantityControls, RemoveItemForm } from "~/components/cart/cart-forms";
import { CartTotalsList, type SummaryTotals } from "~/components/cart/cart-summary";
import { CartIcon } from "~/components/icons";
import { ShopLink } from "~/components/ui/shop-link";
import { CART_DRAWER_ATTRIBUTE, DRAWER_CLOSE_ATTRIBUTE, PREFETCH_ATTRIBUTE, REFRESH_ATTRIBUTE } from "~/lib/behavior-contract";
import { Money } from "~/components/ui/money";
import { useI18n } from "~/i18n/context";

interface DrawerCartItem {
  id: number;
  quantity: number;
  specificStock: number;
  /** The line will be made to order: the lead time in days. */
  madeToOrderDays?: number | null;
  colorName: string | null;
  variation: { variationName: string } | null;
  product: { title: string; slug: string; priceCents: number; images: { imageUrl: string; width: number | null }[]; titleLang?: "en" };
}

export interface DrawerCart {
  items: DrawerCartItem[];
  totals: SummaryTotals & { itemCount: number };
}

/**
 * The header's cart drawer and its badge. Rendered with every page (header.tsx) and, for Add to
 * Cart's script answer, on its own (layout-html.server.tsx): `here` is the page its forms and its
 * Close link return to, so it needs no router and renders the same in both places.
 */
/** Without JavaScript the Close link reloads the page (the drawer closed); with it, the drawer behaviour closes it in place. */
export function CartDrawer({ cart, here }: { cart: DrawerCart; here: string }) {
  const count = cart.totals.itemCount;
  const { t, path } = useI18n();
  return (
    <details className="cart-drawer" {...{ [CART_DRAWER_ATTRIBUTE]: "", [REFRESH_ATTRIBUTE]: "cart-drawer" }}>
      <summary className="icon-link" aria-label={t("layout.cart.label", { count })}>
        <CartIcon />
        {count > 0 ? (
          <span className="badge" data-testid="cart-count">
            {count}
          </span>
        ) : null}
      </summary>
      <div className="drawer-backdrop" aria-hidden="true" {...{ [DRAWER_CLOSE_ATTRIBUTE]: "" }} />
      <aside className="drawer" aria-label={t("layout.cart.drawer")}>
        <div className="drawer-head">
          <h2>{t("layout.cart.title")}</h2>
          <a href={path(here)} className="drawer-close" {...{ [DRAWER_CLOSE_ATTRIBUTE]: "" }}>
            {t("layout.cart.close")}
          </a>
        </div>
        {cart.items.length === 0 ? (
          <div className="drawer-empty">
            <p>{t("layout.cart.empty")}</p>
            <ShopLink to="/shop" className="button">
              {t("layout.cart.continue")}
            </ShopLink>
          </div>
        ) : (
          <>
            <ul className="drawer-items">
              {cart.items.map((item) => (
                <li key={item.id} className="drawer-item">
                  <ProductThumb imageUrl={item.product.images[0]?.imageUrl} imageWidth={item.product.images[0]?.width} width={60} height={75} />
                  <div>
                    <ShopLink to={`/product/${item.product.slug}`} className="strong">
                      <span lang={item.product.titleLang}>{item.product.title}</span>
                    </ShopLink>
                    <p className="muted small">
                      {[item.colorName, item.variation?.variationName].filter(Boolean).join(" · ")}
                      {item.colorName || item.variation ? " · " : ""}
                      <Money cents={item.product.priceCents} />
                    </p>
                    <MadeToOrderNote days={item.madeToOrderDays} className="muted small made-to-order-note" />
                    <div className="drawer-controls">
                      <QuantityControls itemId={item.id} quantity={item.quantity} max={item.specificStock} title={item.product.title} here={here} />
                      <RemoveItemForm itemId={item.id} title={item.product.title} here={here} />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <CartTotalsList totals={cart.totals} />
            <div className="drawer-actions">
              <ShopLink to="/cart" className="button button-secondary">
                {t("layout.cart.view")}
              </ShopLink>
              <a href={path("/checkout")} className="button" {...{ [PREFETCH_ATTRIBUTE]: "" }}>
                {t("layout.cart.checkout")}
              </a>
            </div>
          </>
        )}
      </aside>
    </details>
  );
}
