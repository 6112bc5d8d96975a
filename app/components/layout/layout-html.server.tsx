import { renderToStaticMarkup } from "react-dom/server";
import { CartDrawer, type DrawerCart } from "~/components/layout/cart-drawer";
import { FooterContent } from "~/components/layout/footer";
import { type SellerIdentity, SellerDetails } from "~/components/layout/seller";
import { I18nProvider, type ShopI18n } from "~/i18n/context";

/**
 * Parts of the page that never change in the browser, rendered to HTML on the server: the pages
 * put the markup in as it comes, so their components stay out of every hydrated page's bundle.
 */

/** The seller's block, for pages that show it under their own text (terms, privacy). */
export function sellerDetailsHtml(seller: SellerIdentity, i18n: ShopI18n): string {
  return renderToStaticMarkup(
    <I18nProvider value={i18n}>
      <SellerDetails seller={seller} />
    </I18nProvider>,
  );
}

/** Everything inside every page's <footer>. */
export function footerHtml(props: Parameters<typeof FooterContent>[0], i18n: ShopI18n): string {
  return renderToStaticMarkup(
    <I18nProvider value={i18n}>
      <FooterContent {...props} />
    </I18nProvider>,
  );
}

/**
 * What Add to Cart answers the browser module (besides its notification): the header's drawer
 * with the new line and the badge's count, so the drawer opens without loading the page again.
 * `here` is the page the drawer's forms return to.
 */
export function cartDrawerAnswer(cart: DrawerCart, here: string, i18n: ShopI18n): { drawer: string; cartCount: number } {
  const drawer = renderToStaticMarkup(
    <I18nProvider value={i18n}>
      <CartDrawer cart={cart} here={here} />
    </I18nProvider>,
  );
  return { drawer, cartCount: cart.totals.itemCount };
}
