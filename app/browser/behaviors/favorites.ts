/**
 * The favorite forms. The product page's toggle flips at once, and back if the server says no;
 * the account's Remove takes the favorites list from the server again (the card goes, focus
 * moves to the list's heading). Either way the header's favorites link follows.
 */
import { postAction, refreshCart } from "~/browser/behaviors/cart-drawer";
import { showToast } from "~/browser/behaviors/toasts";
import { submitPlainly } from "~/browser/net";
import { takeOverSubmit, type Behavior } from "~/browser/runtime";
import { FAVORITE_ATTRIBUTE, FAVORITE_LABEL_ATTRIBUTES } from "~/lib/behavior-contract";

function renderFavorite(form: HTMLFormElement, on: boolean) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) return;
  button.classList.toggle("is-fav", on);
  if (button.hasAttribute("aria-pressed")) button.setAttribute("aria-pressed", String(on));
  button.querySelector("svg")?.setAttribute("fill", on ? "currentColor" : "none");
  const label = [...button.childNodes].reverse().find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
  // The labels are the server's, in the page's language.
  const text = form.getAttribute(on ? FAVORITE_LABEL_ATTRIBUTES.on : FAVORITE_LABEL_ATTRIBUTES.off);
  if (label && text) label.textContent = ` ${text}`;
}

async function removeFavorite(form: HTMLFormElement) {
  if (form.getAttribute("aria-busy") === "true") return;
  form.setAttribute("aria-busy", "true");
  const result = await postAction(form);
  if (!result) return submitPlainly(form);
  if (result.ok) await refreshCart({ openDrawer: false });
  form.removeAttribute("aria-busy");
  const toast = result.ok ? result.toast : result.error;
  if (toast) showToast(toast);
}

async function toggleFavorite(form: HTMLFormElement) {
  if (form.dataset.busy) return;
  form.dataset.busy = "1";
  const was = form.querySelector("button")?.classList.contains("is-fav") ?? false;
  renderFavorite(form, !was);
  const result = await postAction(form);
  delete form.dataset.busy;
  if (!result) return submitPlainly(form);
  if (result.ok) {
    await refreshCart({ openDrawer: false });
    if (result.toast) showToast(result.toast);
  } else {
    renderFavorite(form, was);
    if (result.error) showToast(result.error);
  }
}

export const favorites: Behavior = {
  name: "favorites",
  selector: `form[${FAVORITE_ATTRIBUTE}]`,
  attach(form) {
    return takeOverSubmit(form as HTMLFormElement, (f) => (f.getAttribute(FAVORITE_ATTRIBUTE) === "remove" ? removeFavorite(f) : toggleFavorite(f)));
  },
};
