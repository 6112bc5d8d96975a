/**
 * The header's cart drawer closes from its backdrop and its Close link. Add to Cart's answer
 * carries the fresh drawer (showAddedCart). After any other cart or favorite change, refreshCart takes every part of the page marked data-refresh (the drawer and
 * its badge, the favorites link, the /cart page's list and summary, the account's favorites)
 * from the server's page again, keeping focus on the same control where it still exists.
 */
import { fetchDocument, postForm } from "~/browser/net";
import { replaceMarkup, type Behavior } from "~/browser/runtime";
import { CART_DRAWER_ATTRIBUTE, CART_PAGE_PART, DRAWER_CLOSE_ATTRIBUTE, REFRESH_ATTRIBUTE, type ToastMessage } from "~/lib/behavior-contract";

/** What a form action answers a script (web/respond.server.ts). */
export interface ActionResult {
  ok: boolean;
  toast?: ToastMessage | null;
  error?: ToastMessage | null;
  field?: string | null;
  /** Add to Cart's answer: the header's drawer with the new line (components/layout/cart-drawer.tsx) and the badge's count. */
  drawer?: string;
  cartCount?: number;
}

/** Posts a form to its own action; null when the answer is not the action's result. */
export async function postAction(form: HTMLFormElement, submitter?: HTMLElement | null): Promise<ActionResult | null> {
  const answer = await postForm<ActionResult>(form, { submitter });
  return answer && typeof answer.data?.ok === "boolean" ? answer.data : null;
}

/**
 * Where focus goes in fresh markup: the control with the same label if it can still be used,
 * else another button of the same form (the + when the − is now disabled), else the region's
 * heading (the item is gone).
 */
function restoreFocus(region: Element, label: string | null) {
  const same = label ? region.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`) : null;
  if (same && !(same as HTMLButtonElement).disabled) return same.focus();
  const sibling = same?.closest("form")?.querySelector<HTMLElement>("button:not(:disabled)");
  if (sibling) return sibling.focus();
  const heading = region.querySelector<HTMLElement>("h1, h2");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  heading.focus();
}

/** Fetches this page again and takes every data-refresh part from it (the drawer opened if asked). */
export async function refreshCart(opts: { openDrawer: boolean }): Promise<void> {
  const doc = await fetchDocument(location.href);
  if (!doc) return;
  const focused = document.activeElement;
  for (const part of [...document.querySelectorAll<HTMLElement>(`[${REFRESH_ATTRIBUTE}]`)]) {
    const fresh = doc.querySelector(`[${REFRESH_ATTRIBUTE}="${CSS.escape(part.getAttribute(REFRESH_ATTRIBUTE) ?? "")}"]`);
    if (!fresh) continue;
    const hadFocus = focused !== null && focused !== document.body && part.contains(focused);
    const wasOpen = part instanceof HTMLDetailsElement && part.open;
    const adopted = replaceMarkup(part, fresh);
    if (adopted instanceof HTMLDetailsElement && (wasOpen || (opts.openDrawer && adopted.hasAttribute(CART_DRAWER_ATTRIBUTE)))) adopted.open = true;
    if (hadFocus) restoreFocus(adopted, focused.getAttribute("aria-label"));
  }
}

/**
 * After Add to Cart: the drawer from the answer, opened (one round trip). A page with more parts
 * that follow the cart (the /cart page's list), or an answer without the drawer, takes them all
 * from the page again.
 */
export async function showAddedCart(result: ActionResult): Promise<void> {
  const own = document.querySelector(`[${CART_DRAWER_ATTRIBUTE}]`);
  const template = document.createElement("template");
  if (typeof result.drawer === "string") template.innerHTML = result.drawer;
  const fresh = template.content.firstElementChild;
  if (!own || !(fresh instanceof HTMLDetailsElement) || document.querySelector(`[${REFRESH_ATTRIBUTE}="${CART_PAGE_PART}"]`))
    return refreshCart({ openDrawer: true });
  (replaceMarkup(own, fresh) as HTMLDetailsElement).open = true;
}

export const cartDrawerBehavior: Behavior = {
  name: "cart-drawer",
  selector: `[${CART_DRAWER_ATTRIBUTE}]`,
  attach(element) {
    const drawer = element as HTMLDetailsElement;
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target || event.button !== 0 || !target.closest(`[${DRAWER_CLOSE_ATTRIBUTE}]`)) return;
      event.preventDefault();
      drawer.open = false;
      drawer.querySelector("summary")?.focus();
    };
    drawer.addEventListener("click", onClick);
    return () => drawer.removeEventListener("click", onClick);
  },
};
