/**
 * The cart's quantity, remove and clear forms (in the drawer and on the /cart page) post without
 * a page load; then the drawer, the badge and the /cart page's list and summary follow from the
 * server (refreshCart) and the answer's notification shows. A remove or clear asks first
 * (confirm-prompt.ts runs before this). While a form is in flight a second press is ignored; its
 * buttons stay focusable, so focus is not lost.
 */
import { postAction, refreshCart } from "~/browser/behaviors/cart-drawer";
import { showToast } from "~/browser/behaviors/toasts";
import { submitPlainly } from "~/browser/net";
import { takeOverSubmit, type Behavior } from "~/browser/runtime";
import { CART_FORM_ATTRIBUTE } from "~/lib/behavior-contract";

async function submitCartForm(form: HTMLFormElement, submitter: HTMLElement | null) {
  if (form.getAttribute("aria-busy") === "true") return;
  form.setAttribute("aria-busy", "true");
  const result = await postAction(form, submitter);
  if (!result) return submitPlainly(form, submitter);
  await refreshCart({ openDrawer: false });
  form.removeAttribute("aria-busy");
  const toast = result.ok ? result.toast : result.error;
  if (toast) showToast(toast);
}

export const cartForms: Behavior = {
  name: "cart-forms",
  selector: `form[${CART_FORM_ATTRIBUTE}]`,
  attach(form) {
    return takeOverSubmit(form as HTMLFormElement, submitCartForm);
  },
};
