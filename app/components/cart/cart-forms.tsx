import { useLocation } from "@remix-run/react";
import { type ReactNode } from "react";
import { CART_FORM_ATTRIBUTE, CONFIRM_ATTRIBUTE } from "~/lib/behavior-contract";
import { useI18n } from "~/i18n/context";

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
// The drawer renders these on the hydrated admin too, which has only layout's messages (chromeI18n).
export function QuantityControls({ itemId, quantity, max, title, here }: { itemId: number; quantity: number; max: number; title: string; here: string }) {
  const { t } = useI18n();
  return (
    <form {...cartForm} className="qty">
      <input type="hidden" name="intent" value={CART_INTENTS.update} />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" name="quantity" value={quantity - 1} disabled={quantity <= 1} aria-label={t("layout.cart.decrease", { title })}>
        −
      </button>
      <output aria-label={t("layout.cart.quantityOf", { title })} aria-live="polite">
        {quantity}
      </output>
      <button type="submit" name="quantity" value={quantity + 1} disabled={quantity >= max} aria-label={t("layout.cart.increase", { title })}>
        +
      </button>
    </form>
  );
}

export function RemoveItemForm({ itemId, title, here, children }: { itemId: number; title: string; here: string; children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <form {...cartForm} {...{ [CONFIRM_ATTRIBUTE]: t("layout.cart.removeConfirm") }}>
      <input type="hidden" name="intent" value={CART_INTENTS.remove} />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="confirmed" value="" />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className="link-button" aria-label={t("layout.cart.removeItem", { title })}>
        {children ?? t("layout.cart.remove")}
      </button>
    </form>
  );
}

export function ClearCartForm() {
  const here = useHere();
  const { t } = useI18n();
  return (
    <form {...cartForm} {...{ [CONFIRM_ATTRIBUTE]: t("layout.cart.clearConfirm") }}>
      <input type="hidden" name="intent" value={CART_INTENTS.clear} />
      <input type="hidden" name="confirmed" value="" />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className="button button-secondary">
        {t("cart.clear")}
      </button>
    </form>
  );
}
