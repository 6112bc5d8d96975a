/**
 * The shared chrome's behaviours: the header's menus and search, the notifications, the cart
 * drawer, its forms and its Checkout fetched ahead, the 404 page's Go Back. Every lean page runs them (main.ts); the hydrated admin runs the same
 * modules through useBehaviors (components/ui/use-behaviors.ts).
 */
import { cartDrawerBehavior } from "~/browser/behaviors/cart-drawer";
import { cartForms } from "~/browser/behaviors/cart-forms";
import { confirmPrompt } from "~/browser/behaviors/confirm-prompt";
import { historyBack } from "~/browser/behaviors/history-back";
import { menus } from "~/browser/behaviors/menus";
import { prefetch } from "~/browser/behaviors/prefetch";
import { search } from "~/browser/behaviors/search";
import { toasts } from "~/browser/behaviors/toasts";
import { type Behavior } from "~/browser/runtime";

export const CHROME_BEHAVIORS: readonly Behavior[] = [toasts, menus, search, confirmPrompt, cartDrawerBehavior, cartForms, prefetch, historyBack];
