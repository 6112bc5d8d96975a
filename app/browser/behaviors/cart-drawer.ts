/**
 * The header's cart drawer: closes from its backdrop and close button; its quantity and remove
 * forms post without a page load (remove asks first); after any cart change the drawer (badge
 * included) and the favorites link are taken from the server's page again.
 */
import { fetchDocument, postForm, submitPlainly } from "~/browser/net";
import { replaceMarkup, type Behavior } from "~/browser/runtime";
import { showToast } from "~/browser/behaviors/toasts";
import { type ToastMessage } from "~/lib/behavior-contract";

/** What a form action answers a script (web/respond.server.ts). */
export interface ActionResult {
  ok: boolean;
  toast?: ToastMessage | null;
  error?: ToastMessage | null;
  field?: string | null;
}

/** Posts a form to its own action; null when the answer is not the action's result. */
export async function postAction(form: HTMLFormElement, submitter?: HTMLElement | null): Promise<ActionResult | null> {
  const answer = await postForm<ActionResult>(form, { submitter });
  return answer && typeof answer.data?.ok === "boolean" ? answer.data : null;
}

function cartDrawer(root: ParentNode = document): HTMLDetailsElement | null {
  return root.querySelector<HTMLDetailsElement>("details.cart-drawer");
}

function favoritesLink(root: ParentNode = document): Element | null {
  return root.querySelector('.header-actions a[href="/account?tab=favorites"]');
}

/** Fetches this page again and takes the header's cart drawer (badge included) and favorites link from it. */
export async function refreshCart(opts: { openDrawer: boolean }): Promise<void> {
  const doc = await fetchDocument(location.href);
  if (!doc) return;
  const drawer = cartDrawer();
  const fresh = cartDrawer(doc);
  if (drawer && fresh) {
    const wasOpen = drawer.open;
    // Focus stays on the same control (a quantity button, say) in the new drawer.
    const focused = drawer.contains(document.activeElement) ? document.activeElement?.getAttribute("aria-label") : null;
    const adopted = replaceMarkup(drawer, fresh) as HTMLDetailsElement;
    if (opts.openDrawer || wasOpen) adopted.open = true;
    if (focused) adopted.querySelector<HTMLElement>(`[aria-label="${CSS.escape(focused)}"]:not(:disabled)`)?.focus();
  }
  const fav = favoritesLink();
  const freshFav = favoritesLink(doc);
  if (fav && freshFav) replaceMarkup(fav, freshFav);
}

async function submitDrawerForm(form: HTMLFormElement, submitter: HTMLElement | null) {
  const question = form.dataset.confirm;
  if (question) {
    if (!window.confirm(question)) return;
    const confirmed = form.elements.namedItem("confirmed");
    if (confirmed instanceof HTMLInputElement) confirmed.value = "yes";
  }
  // The body is read before the buttons are disabled (a disabled submitter would not be sent).
  const pending = postAction(form, submitter);
  form.querySelectorAll("button").forEach((b) => (b.disabled = true));
  const result = await pending;
  if (!result) return submitPlainly(form, submitter);
  await refreshCart({ openDrawer: true });
  const toast = result.ok ? result.toast : result.error;
  if (toast) showToast(toast);
}

export const cartDrawerBehavior: Behavior = {
  name: "cart-drawer",
  selector: "details.cart-drawer",
  attach(element) {
    const drawer = element as HTMLDetailsElement;
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target || event.button !== 0) return;
      if (target.closest(".drawer-backdrop, .drawer-close")) {
        event.preventDefault();
        drawer.open = false;
      }
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || event.defaultPrevented || form.method.toLowerCase() !== "post") return;
      if (new URL(form.action, location.href).pathname !== "/cart") return;
      event.preventDefault();
      void submitDrawerForm(form, event.submitter);
    };
    drawer.addEventListener("click", onClick);
    drawer.addEventListener("submit", onSubmit);
    return () => {
      drawer.removeEventListener("click", onClick);
      drawer.removeEventListener("submit", onSubmit);
    };
  },
};
