/**
 * The storefront's browser module: the only JavaScript of every shopper's page (lean pages,
 * app/lib/lean-page.ts). Each behaviour (browser/behaviors/*) enhances the server's markup
 * through a data attribute; every page works without it.
 */
import { cardAdd, productAdd } from "~/browser/behaviors/add-to-cart";
import { busySubmit } from "~/browser/behaviors/busy-submit";
import { checkout } from "~/browser/behaviors/checkout";
import { dutiesNotice } from "~/browser/behaviors/duties-notice";
import { favorites } from "~/browser/behaviors/favorites";
import { gallery } from "~/browser/behaviors/gallery";
import { loadMoreBehavior } from "~/browser/behaviors/load-more";
import { shopFilters } from "~/browser/behaviors/shop-filters";
import { stockCheck } from "~/browser/behaviors/payment";
import { paypalButtons } from "~/browser/behaviors/paypal-buttons";
import { signInForm } from "~/browser/behaviors/sign-in";
import { tabs } from "~/browser/behaviors/tabs";
import { markBehaviorsReady } from "~/browser/behaviors/toasts";
import { CHROME_BEHAVIORS } from "~/browser/chrome";
import { attachBehaviors, setActiveBehaviors, type Behavior } from "~/browser/runtime";

const BEHAVIORS: readonly Behavior[] = [
  ...CHROME_BEHAVIORS,
  cardAdd,
  productAdd,
  favorites,
  gallery,
  loadMoreBehavior,
  shopFilters,
  // Checkout.
  checkout,
  dutiesNotice,
  // Payment and orders.
  stockCheck,
  paypalButtons,
  // Sign-in and account.
  // Busy labels on submit buttons: sign-in, account, payment and order forms.
  busySubmit,
  signInForm,
  tabs,
];

setActiveBehaviors(BEHAVIORS);
attachBehaviors(document);
markBehaviorsReady();
