/**
 * What the server's markup (app/components) and the browser's behaviours (app/browser) share:
 * texts, data attributes and timings, one copy each. Both sides import this module; nothing
 * here may pull in server code or React.
 */

// Notifications (app/components/ui/toaster.tsx, browser/behaviors/toasts.ts).
export interface ToastMessage {
  title: string;
  description?: string;
  type: "success" | "error" | "info";
}
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 4000;
export const SWIPE_THRESHOLD_PX = 50;

// Cart (the drawer, /cart, the cards and the product page).
export const REMOVE_CONFIRM = "Are you sure you want to remove this item from your cart?";
export const CLEAR_CONFIRM = "Are you sure you want to clear your entire cart?";
export const CARD_ADD_ATTRIBUTE = "data-card-add";
export const ADD_TO_CART_LABEL = "Add to Cart";
export const ADDING_LABEL = "Adding…";

// Checkout.

// Payment and orders.

// Sign-in and account.
/** The spec's pause between a successful sign-in's notification and the page it leads to. */
export const SIGN_IN_REDIRECT_DELAY_MS = 100;
/** A form the sign-in behaviour posts in place (the login page's Sign In and Sign Up). */
export const SIGN_IN_FORM_ATTRIBUTE = "data-sign-in";
/** On a submit button: the label it shows while its form is on its way. */
export const BUSY_LABEL_ATTRIBUTE = "data-busy-label";
/** On a form: the question a confirm() prompt asks before it is sent. */
export const CONFIRM_ATTRIBUTE = "data-confirm";
export const ACCOUNT_DELETE_CONFIRM = "Delete your account? This cannot be undone.";
/** On a tab bar: the id of the element (holding the bar) that a tab link swaps in place. */
export const TABS_ATTRIBUTE = "data-tabs";

/** What the sign-in form's action answers a script: where to go next, or why not. */
export type SignInAnswer =
  | { ok: true; redirectTo: string; toast: ToastMessage | null }
  | { ok?: undefined; result?: { error?: Record<string, string[] | null | undefined> | null }; alert?: ToastMessage | null; message?: string };

/** The attributes as JSX props: `<button {...busyLabel("Sending...")}>`. */
export const busyLabel = (label: string) => ({ [BUSY_LABEL_ATTRIBUTE]: label });
export const confirmFirst = (question: string) => ({ [CONFIRM_ATTRIBUTE]: question });
export const tabBar = (panelId: string, history: "push" | "replace" = "push") => ({ [TABS_ATTRIBUTE]: panelId, "data-tabs-history": history });
export const SIGN_IN_FORM = { [SIGN_IN_FORM_ATTRIBUTE]: "" };
/** A link of a tab bar that swaps its panel in place (other links in the bar load their page). */
export const TAB_LINK = { "data-tab": "" };
