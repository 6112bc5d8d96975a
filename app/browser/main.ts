/**
 * The storefront's browser module: the only JavaScript of every shopper's page (lean pages,
 * app/lib/lean-page.ts). Each behaviour (browser/behaviors/*) enhances the server's markup
 * through a data attribute; every page works without it.
 */
import { cardAdd, productAdd } from "~/browser/behaviors/add-to-cart";
import { cartDrawerBehavior } from "~/browser/behaviors/cart-drawer";
import { checkout } from "~/browser/behaviors/checkout";
import { favorites } from "~/browser/behaviors/favorites";
import { gallery } from "~/browser/behaviors/gallery";
import { loadMoreBehavior } from "~/browser/behaviors/load-more";
import { menus } from "~/browser/behaviors/menus";
import { search } from "~/browser/behaviors/search";
import { toasts } from "~/browser/behaviors/toasts";
import { attachBehaviors, setActiveBehaviors, type Behavior } from "~/browser/runtime";

const BEHAVIORS: readonly Behavior[] = [
  toasts,
  menus,
  search,
  cartDrawerBehavior,
  cardAdd,
  productAdd,
  favorites,
  gallery,
  loadMoreBehavior,
  // Checkout.
  checkout,
  // Payment and orders.
  // Sign-in and account.
];

setActiveBehaviors(BEHAVIORS);
attachBehaviors(document);
// Tells the page (and the tests) that the behaviours are in place.
document.querySelector(".toast-region")?.setAttribute("data-js", "on");
