/**
 * What the server's markup (app/components) and the browser's behaviours (app/browser) share:
 * texts, data attributes and timings, one copy each. Both sides import this module; nothing
 * here may pull in server code or React.
 */

// Notifications (app/components/ui/toaster.tsx, browser/behaviors/toasts.ts).
export const TOAST_REGION_LABEL = "Notifications (F8)";
export const DISMISS_LABEL = "Dismiss notification";
export interface ToastMessage {
  title: string;
  description?: string;
  type: "success" | "error" | "info";
}
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 4000;
export const SWIPE_THRESHOLD_PX = 50;

// The shared chrome's markup (components/layout/header.tsx, components/ui/toaster.tsx).
export const TOASTS_ATTRIBUTE = "data-toasts";
/**
 * On the notification area: "off" until the behaviours run, then "on". On a notification: "open"
 * or "closed". The stylesheet reads both (styles/layout.css: the fade without JavaScript, the exit).
 */
export const TOASTS_JS_ATTRIBUTE = "data-js";
export const TOAST_STATE_ATTRIBUTE = "data-state";
export const MENUS_ATTRIBUTE = "data-menus";
export const CART_DRAWER_ATTRIBUTE = "data-cart-drawer";
/** The backdrop and the Close link of the drawer. */
export const DRAWER_CLOSE_ATTRIBUTE = "data-drawer-close";
export const SEARCH_ATTRIBUTE = "data-search";
/**
 * Parts of a page that follow the cart and the favorites: after a change the behaviours take
 * each `[data-refresh="<name>"]` from the server's page again (the drawer, the favorites link,
 * the /cart page's list and summary, the account's favorites).
 */
export const REFRESH_ATTRIBUTE = "data-refresh";
/** The /cart page's list and summary: there, Add to Cart takes every part from the page again, not the drawer alone. */
export const CART_PAGE_PART = "cart-page";
/** A link that goes back in history with JavaScript (the 404 page's 'Go Back'); its href without. */
export const HISTORY_BACK_ATTRIBUTE = "data-history-back";
/** A link whose page the browser fetches ahead once the link is on screen (the cart drawer's Checkout). */
export const PREFETCH_ATTRIBUTE = "data-prefetch";
/** A form asks first: the value is the question; with JavaScript a confirm(), without it the server's step. */
export const CONFIRM_ATTRIBUTE = "data-confirm";

// Cart (the drawer, /cart, the cards and the product page).
/** The quantity, remove and clear forms (drawer and /cart page): posted without a page load. */
export const CART_FORM_ATTRIBUTE = "data-cart-form";
export const REMOVE_CONFIRM = "Are you sure you want to remove this item from your cart?";
export const CLEAR_CONFIRM = "Are you sure you want to clear your entire cart?";
export const CARD_ADD_ATTRIBUTE = "data-card-add";
/** On a card's Add to Cart form: the button's label while the line is on its way, in the page's language. */
export const CARD_ADDING_ATTRIBUTE = "data-adding";
export const ADD_TO_CART_LABEL = "Add to Cart";
export const ADDING_LABEL = "Adding…";
/** The favorite forms: "toggle" (product page) or "remove" (the account's favorites). */
export const FAVORITE_ATTRIBUTE = "data-favorite";
/** On the product page's favorite toggle: its button's label for each state, in the page's language. */
export const FAVORITE_LABEL_ATTRIBUTES = { on: "data-label-on", off: "data-label-off" } as const;
/** The product page's back-in-stock form: shown for a sold-out choice, with its name and value (components/product/back-in-stock-form.tsx). */
export const BACK_IN_STOCK_ATTRIBUTES = { form: "data-back-in-stock", name: "data-back-in-stock-name", value: "data-back-in-stock-value" } as const;
/** A way back to the product page (a redirectTo input, or a link carrying one) that keeps the colour chosen in place. */
export const BACK_HERE_ATTRIBUTE = "data-back-here";

// The product page (routes/product.$slug.tsx, components/product/colour-swatches.tsx and
// gallery.tsx; browser/behaviors/add-to-cart.ts and gallery.ts).
/** Its Add to Cart form, the form's option fieldsets and the stock each choice has. */
export const PRODUCT_FORM_ATTRIBUTES = {
  form: "data-product-add",
  /** On the form the product's stock; on a colour swatch or a variation's radio, that choice's. */
  stock: "data-stock",
  /** On the form: the made-to-order promise, when the product is made to order. */
  madeToOrder: "data-made-to-order",
  /** On each option's fieldset: the field it sets (`colorId`, `variationCode`). */
  option: "data-option",
  /** On a colour swatch (a link to ?color=): its colour's id and name. */
  colorId: "data-color-id",
  colorName: "data-name",
  /** On the form: the words the behaviour shows (ProductFormTexts, as JSON), in the page's language. */
  texts: "data-texts",
} as const;

/** The product form's words the add-to-cart behaviour shows as the chosen option changes. */
export interface ProductFormTexts {
  adding: string;
  /** The button's label per state (domain/catalogue/stock.ts AddButtonState). */
  button: Record<"out-of-stock" | "select-color" | "select-variation" | "ready", string>;
  color: string;
  /** "Color: {name}". */
  colorChosen: string;
  soldOut: string;
  inStock: string;
  /** The low-stock line for each stock below the threshold, by stock ("1": "Only 1 left in stock"). */
  low: Record<string, string>;
}
/** The gallery, its thumbnails (each carries the picture it shows) and its Previous/Next arrows. */
export const GALLERY_ATTRIBUTES = {
  gallery: "data-gallery",
  /** On the gallery: the picture shown, its colour, the product's slug and default colour. */
  index: "data-index",
  color: "data-color",
  slug: "data-slug",
  defaultColor: "data-default-color",
  /** On a thumbnail link: its place among the pictures shown. */
  image: "data-image",
  src: "data-src",
  srcset: "data-srcset",
  alt: "data-alt",
  width: "data-width",
  height: "data-height",
  /** On the arrows: -1 or 1. */
  step: "data-step",
  /** On the gallery: a thumbnail's label, "Show image {index} of {count}", in the page's language. */
  showLabel: "data-show-label",
} as const;

// The shop's lists (components/product/shop-view.tsx and product-grid.tsx, browser/behaviors/load-more.ts).
/** On the catalogue's sort-and-filter form: with JavaScript a choice submits it at once. */
export const SHOP_FILTER_ATTRIBUTE = "data-shop-filters";

export const SHOP_LIST_ATTRIBUTES = {
  list: "data-shop-list",
  /** On each card's <li>: the product's id, so a card already shown is not added twice. */
  item: "data-id",
  loadMore: "data-load-more",
  /** The 'Showing 1–12 of 40' line, its first number and its total. */
  showing: "data-showing",
  start: "data-start",
  total: "data-total",
  /** On the 'Showing' line: its texts in the page's language, "{start}" and "{end}" left to fill in (components/product/showing.ts). */
  template: "data-template",
  templateRange: "data-template-range",
  /** On Load More: the status shown while the next page loads. */
  loading: "data-loading",
} as const;

// Checkout (components/checkout, routes/checkout.tsx, browser/behaviors/checkout.ts).
/** Marks the checkout form, its shipping rate and totals (taken from the server again), the account fields and the message counter. */
export const CHECKOUT_ATTRIBUTES = {
  form: "data-checkout",
  shipping: "data-checkout-shipping",
  totals: "data-checkout-totals",
  account: "data-checkout-account",
  count: "data-checkout-count",
  /** Without JavaScript, the button that shows the chosen country's shipping; the behaviour takes it away. */
  update: "data-checkout-update",
  /** On the order button: its label while the order is on its way, in the page's language. */
  submitting: "data-checkout-submitting",
  /** The discount code's applied line with its Remove button (taken from the server again with the totals). */
  code: "data-checkout-code",
} as const;
/** Posted as `intent` with the checkout form: the action answers the field errors and places nothing. */
export const CHECKOUT_VALIDATE_INTENT = "validate";
/** As validate, and the answer carries the shipping rate and totals for the posted country, loyalty box and discount code (`figures`): 'Update shipping' and the code's 'Apply'. */
export const CHECKOUT_TOTALS_INTENT = "totals";
/** As totals, without the discount code: its 'Remove' (the page comes back with the field empty). */
export const CHECKOUT_REMOVE_CODE_INTENT = "remove-code";
export const CHECKOUT_SUBMIT_LABEL = "Create Order & Proceed to Payment";
export const CHECKOUT_SUBMITTING_LABEL = "Creating Order...";
/** On checkout's import duties notice above the order button: it follows the country select (browser/behaviors/duties-notice.ts). */
export const DUTIES_NOTICE_ATTRIBUTE = "data-duties-notice";

// Payment and orders.
/** The spec's pause between the payment's success notification and the confirmation page. */
export const PAYMENT_REDIRECT_DELAY_MS = 500;
/** On the payment page's ready area: the stock check (POST /api/orders/{id}/validate-stock) it runs on load. */
export const STOCK_CHECK_ATTRIBUTE = "data-stock-check";
/** On the same area: the check's two lines in the page's language (PAYMENT_SHARED_TEXT's English without them). */
export const STOCK_CHECK_TEXT = { verifying: "data-verifying", failed: "data-verify-failed" } as const;
/** PayPal's smart buttons (sandbox and live only): the container and everything the buttons need. */
export const PAYPAL_BUTTONS_ATTRIBUTE = "data-paypal-buttons";
export const PAYPAL_BUTTONS_DATA = {
  clientId: "data-client-id",
  currency: "data-currency",
  orderId: "data-order-id",
  token: "data-token",
  cspNonce: "data-csp-nonce",
  /** The notifications the buttons show (PaypalButtonsMessages as JSON), in the page's language. */
  messages: "data-messages",
} as const;

/** What the PayPal buttons say, written by the server in the page's language. */
export interface PaypalButtonsMessages {
  failed: ToastMessage;
  cancelled: ToastMessage;
  processingError: ToastMessage;
  success: ToastMessage;
  /** The stock notification: the API's own wording is English, so a translated page shows this one. */
  stock: ToastMessage;
}

/** The payment page's texts the browser shows too (the page's others: domain/payments/page-data.ts). */
export const PAYMENT_SHARED_TEXT = {
  verifying: "Verifying product availability...",
  stockFallback: "Some items are no longer available",
  verifyFailed: "Unable to verify product availability. Please try again.",
  stockTitle: "Stock issue",
  returnToCart: "Return to Cart",
  pay: "Pay with PayPal",
  redirecting: "Redirecting to PayPal...",
} as const;

export const PAYMENT_TOAST_TEXT = {
  failed: { title: "Payment failed", description: "There was an error processing your PayPal payment. Please try again.", type: "error" },
  cancelled: { title: "Payment cancelled", description: "You cancelled the PayPal payment. You can try again when ready.", type: "info" },
  processingError: {
    title: "Payment processing error",
    description: "Payment was successful but there was an error processing your order. Please contact support.",
    type: "error",
  },
  success: { title: "Payment successful", description: "Thank you! Your order is confirmed.", type: "success" },
} as const satisfies Record<string, ToastMessage>;

export function stockToast(message: string): ToastMessage {
  return { title: PAYMENT_SHARED_TEXT.stockTitle, description: message || PAYMENT_SHARED_TEXT.stockFallback, type: "error" };
}

export function confirmationUrl(orderId: number, confirmationToken: string): string {
  return `/order/${orderId}/confirmation?token=${encodeURIComponent(confirmationToken)}`;
}

// Sign-in and account.
/** The spec's pause between a successful sign-in's notification and the page it leads to. */
export const SIGN_IN_REDIRECT_DELAY_MS = 100;
/** A form the sign-in behaviour posts in place (the login page's Sign In and Sign Up). */
export const SIGN_IN_FORM_ATTRIBUTE = "data-sign-in";
/** On a submit button: the label it shows while its form is on its way. */
export const BUSY_LABEL_ATTRIBUTE = "data-busy-label";
export const ACCOUNT_DELETE_CONFIRM = "Delete your account? This cannot be undone.";
/** On a tab bar: the id of the element (holding the bar) that a tab link swaps in place. */
export const TABS_ATTRIBUTE = "data-tabs";
/** On a tab bar: "push" (each tab a history entry) or "replace". */
export const TABS_HISTORY_ATTRIBUTE = "data-tabs-history";
/** On a link of a tab bar that swaps its panel in place (other links in the bar load their page). */
export const TAB_LINK_ATTRIBUTE = "data-tab";

/** What the sign-in form's action answers a script: where to go next, or why not. */
export type SignInAnswer =
  | { ok: true; redirectTo: string }
  | { ok?: undefined; result?: { error?: Record<string, string[] | null | undefined> | null }; alert?: ToastMessage | null; message?: string };

/** The attributes as JSX props: `<button {...busyLabel("Sending...")}>`. */
export const busyLabel = (label: string) => ({ [BUSY_LABEL_ATTRIBUTE]: label });
export const confirmFirst = (question: string) => ({ [CONFIRM_ATTRIBUTE]: question });
export const tabBar = (panelId: string, history: "push" | "replace" = "push") => ({ [TABS_ATTRIBUTE]: panelId, [TABS_HISTORY_ATTRIBUTE]: history });
export const SIGN_IN_FORM = { [SIGN_IN_FORM_ATTRIBUTE]: "" };
export const TAB_LINK = { [TAB_LINK_ATTRIBUTE]: "" };
