/**
 * Add to Cart from the cards and the product page without a page load: 'Adding…' (aria-busy, a
 * second press ignored), then the fresh drawer opens and the notification shows. On the product
 * page the swatches' legend, the stock line and the button's label follow the chosen option.
 */
import { postAction, refreshCart } from "~/browser/behaviors/cart-drawer";
import { showToast } from "~/browser/behaviors/toasts";
import { submitPlainly } from "~/browser/net";
import { takeOverSubmit, type Behavior } from "~/browser/runtime";
import { ADD_TO_CART_LABEL, ADDING_LABEL, CARD_ADD_ATTRIBUTE, type ToastMessage } from "~/lib/behavior-contract";
import { ADD_BUTTON_LABEL, addButtonState, stockLabel } from "~/domain/catalogue/stock";
import { productStockLine } from "~/domain/catalogue/made-to-order";

function setBusy(button: HTMLButtonElement, busy: boolean, idleLabel: string) {
  button.textContent = busy ? ADDING_LABEL : idleLabel;
  if (busy) button.setAttribute("aria-busy", "true");
  else button.removeAttribute("aria-busy");
}

async function addFromCard(form: HTMLFormElement) {
  const productId = form.getAttribute(CARD_ADD_ATTRIBUTE) ?? "";
  // Every card of this product on the page (the same product can be in two lists) says so.
  const buttons = [...document.querySelectorAll<HTMLButtonElement>(`form[${CARD_ADD_ATTRIBUTE}="${CSS.escape(productId)}"] button[type="submit"]`)];
  if (buttons.some((b) => b.getAttribute("aria-busy") === "true")) return;
  for (const b of buttons) setBusy(b, true, ADD_TO_CART_LABEL);
  const result = await postAction(form);
  if (!result) return submitPlainly(form);
  if (result.ok) {
    await refreshCart({ openDrawer: true });
    if (result.toast) showToast(result.toast);
  } else if (result.error) showToast(result.error);
  for (const b of buttons) setBusy(b, false, ADD_TO_CART_LABEL);
}

function productFormState(form: HTMLFormElement) {
  const colors = form.querySelectorAll<HTMLInputElement>('input[name="colorId"]');
  const variations = form.querySelectorAll<HTMLInputElement>('input[name="variationCode"]');
  const color = form.querySelector<HTMLInputElement>('input[name="colorId"]:checked');
  const variation = form.querySelector<HTMLInputElement>('input[name="variationCode"]:checked');
  const stock = Number(form.dataset.stock ?? 0);
  const chosenStock = colors.length > 0 ? Number(color?.dataset.stock ?? 0) : variations.length > 0 ? Number(variation?.dataset.stock ?? 0) : stock;
  // A made-to-order product can be bought at stock 0.
  const madeToOrder = form.dataset.madeToOrder ?? null;
  const state = addButtonState({
    stock: madeToOrder ? Math.max(stock, 1) : stock,
    hasColors: colors.length > 0,
    hasVariations: variations.length > 0,
    colorChosen: color !== null,
    variationChosen: variation !== null,
  });
  return { stock, chosenStock, state, color, madeToOrder };
}

/** The legend ("Color: Pink"), the stock line and the button's label follow the chosen option. */
function updateProductForm(form: HTMLFormElement) {
  const { stock, chosenStock, state, color, madeToOrder } = productFormState(form);
  const legend = form.querySelector<HTMLElement>('fieldset[data-option="colorId"] legend');
  if (legend) legend.textContent = color ? `Color: ${color.dataset.name ?? ""}` : "Color";
  const line = form.querySelector<HTMLElement>(".stock-line");
  if (line) {
    const shown = productStockLine(stock, chosenStock, madeToOrder);
    line.textContent = shown.text || stockLabel(chosenStock);
    line.className = shown.className;
  }
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button && button.getAttribute("aria-busy") !== "true") button.textContent = ADD_BUTTON_LABEL[state];
}

function showFieldError(form: HTMLFormElement, field: string | null | undefined, error: ToastMessage) {
  const fieldset = field ? form.querySelector(`fieldset[data-option="${CSS.escape(field)}"]`) : null;
  const p = document.createElement("p");
  p.setAttribute("role", "alert");
  if (fieldset) {
    p.className = "field-error";
    p.textContent = error.title;
    fieldset.append(p);
  } else {
    p.className = "form-error";
    p.textContent = error.description ? `${error.title}: ${error.description}` : error.title;
    form.querySelector(".stock-line")?.after(p);
  }
}

async function addFromProductPage(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button || button.getAttribute("aria-busy") === "true") return;
  form.querySelectorAll(".field-error, .form-error").forEach((el) => el.remove());
  setBusy(button, true, "");
  const result = await postAction(form);
  if (!result) return submitPlainly(form);
  if (result.ok) {
    await refreshCart({ openDrawer: true });
    if (result.toast) showToast(result.toast);
  } else if (result.error) {
    showToast(result.error);
    showFieldError(form, result.field, result.error);
  }
  button.removeAttribute("aria-busy");
  updateProductForm(form);
}

export const cardAdd: Behavior = {
  name: "card-add",
  selector: `form[${CARD_ADD_ATTRIBUTE}]`,
  attach(form) {
    return takeOverSubmit(form as HTMLFormElement, addFromCard);
  },
};

export const productAdd: Behavior = {
  name: "product-add",
  selector: "form[data-product-add]",
  attach(element) {
    const form = element as HTMLFormElement;
    const detachSubmit = takeOverSubmit(form, addFromProductPage);
    const onChange = () => updateProductForm(form);
    form.addEventListener("change", onChange);
    updateProductForm(form);
    return () => {
      detachSubmit();
      form.removeEventListener("change", onChange);
    };
  },
};
