/** The favorite toggle: flips at once, and back if the server says no. */
import { postAction, refreshCart } from "~/browser/behaviors/cart-drawer";
import { showToast } from "~/browser/behaviors/toasts";
import { submitPlainly } from "~/browser/net";
import { type Behavior } from "~/browser/runtime";

function renderFavorite(form: HTMLFormElement, on: boolean) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) return;
  button.classList.toggle("is-fav", on);
  if (button.hasAttribute("aria-pressed")) button.setAttribute("aria-pressed", String(on));
  button.querySelector("svg")?.setAttribute("fill", on ? "currentColor" : "none");
  const label = [...button.childNodes].reverse().find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
  if (label) label.textContent = on ? " Remove from Favorites" : " Add to Favorites";
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
  selector: "form[data-favorite]",
  attach(element) {
    const form = element as HTMLFormElement;
    const onSubmit = (event: SubmitEvent) => {
      if (event.defaultPrevented) return;
      event.preventDefault();
      void toggleFavorite(form);
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  },
};
