import { renderToStaticMarkup } from "react-dom/server";
import { CartDrawer, type DrawerCart } from "~/components/layout/cart-drawer";
import { FooterContent } from "~/components/layout/footer";
import { type SellerIdentity, SellerDetails } from "~/components/layout/seller";

/**
 * Parts of the page that never change in the browser, rendered to HTML on the server: the pages
 * put the markup in as it comes, so their components stay out of every hydrated page's bundle.
 */

/** The seller's block, for pages that show it under their own text (terms, privacy). */
export function sellerDetailsHtml(seller: SellerIdentity): string {
  return renderToStaticMarkup(<SellerDetails seller={seller} />);
}

/** Everything inside every page's <footer>. */
export function footerHtml(props: Parameters<typeof FooterContent>[0]): string {
  return renderToStaticMarkup(<FooterContent {...props} />);
}

/**
 * What Add to Cart answers the browser module (besides its notification): the header's drawer
 * with the new line and the badge's count, so the drawer opens without loading the page again.
 * `here` is the page the drawer's forms return to.
 */
export function cartDrawerAnswer(cart: DrawerCart, here: string): { drawer: string; cartCount: number } {
  return { drawer: renderToStaticMarkup(<CartDrawer cart={cart} here={here} />), cartCount: cart.totals.itemCount };
}
