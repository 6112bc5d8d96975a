import { useLocation } from "@remix-run/react";
import { type ReactNode } from "react";
import { CART_FORM_ATTRIBUTE, CLEAR_CONFIRM, CONFIRM_ATTRIBUTE, REMOVE_CONFIRM } from "~/lib/behavior-contract";

export const CART_INTENTS = { add: "add", update: "update", remove: "remove", clear: "clear" } as const;

/** The current page's path and query: where a cart form returns without JavaScript. */
export function useHere(): string {
  const location = useLocation();
  return location.pathname + location.search;
}

/**
 * The cart's forms (drawer and /cart page) are plain forms posting to /cart: the page comes
 * back, and a remove or clear first shows the server's confirmation step. With JavaScript the
 * cart-forms behaviour posts them without a page load, and confirm-prompt asks first
 * (data-confirm, the spec's question) and sets `confirmed`.
 */
const cartForm = { method: "post", action: "/cart", [CART_FORM_ATTRIBUTE]: "" } as const;

/** `here`: the page the form returns to without JavaScript (useHere(), or the page an action answers for). */
export function QuantityControls({ itemId, quantity, max, title, here }: { itemId: number; quantity: number; max: number; title: string; here: string }) {
  return (
    <form {...cartForm} className="qty">
      <input type="hidden" name="intent" value={CART_INTENTS.update} />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" name="quantity" value={quantity - 1} disabled={quantity <= 1} aria-label={`Decrease quantity of ${title}`}>
        −
      </button>
      <output aria-label={`Quantity of ${title}`} aria-live="polite">
        {quantity}
      </output>
      <button type="submit" name="quantity" value={quantity + 1} disabled={quantity >= max} aria-label={`Increase quantity of ${title}`}>
        +
      </button>
    </form>
  );
}

export function RemoveItemForm({ itemId, title, here, children }: { itemId: number; title: string; here: string; children?: ReactNode }) {
  return (
    <form {...cartForm} {...{ [CONFIRM_ATTRIBUTE]: REMOVE_CONFIRM }}>
      <input type="hidden" name="intent" value={CART_INTENTS.remove} />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="confirmed" value="" />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className="link-button" aria-label={`Remove ${title}`}>
        {children ?? "Remove"}
      </button>
    </form>
  );
}

export function ClearCartForm() {
  const here = useHere();
  return (
    <form {...cartForm} {...{ [CONFIRM_ATTRIBUTE]: CLEAR_CONFIRM }}>
      <input type="hidden" name="intent" value={CART_INTENTS.clear} />
      <input type="hidden" name="confirmed" value="" />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className="button button-secondary">
        Clear Cart
      </button>
    </form>
  );
}
