/**
 * Add to Cart from the cards and the product page without a page load: 'Adding…' (aria-busy, a
 * second press ignored), then the fresh drawer opens and the notification shows. On the product
 * page the swatches' legend, the stock line and the button's label follow the chosen option, and
 * a colour swatch (a link to ?color=) is chosen in place: the form's colorId, the gallery and the
 * address (replaceState, so a reload keeps it) follow.
 */
import { postAction, showAddedCart } from "~/browser/behaviors/cart-drawer";
import { showToast } from "~/browser/behaviors/toasts";
import { submitPlainly } from "~/browser/net";
import { takeOverSubmit, type Behavior } from "~/browser/runtime";
import {
  ADD_TO_CART_LABEL,
  ADDING_LABEL,
  BACK_HERE_ATTRIBUTE,
  BACK_IN_STOCK_ATTRIBUTES,
  CARD_ADD_ATTRIBUTE,
  CARD_ADDING_ATTRIBUTE,
  GALLERY_ATTRIBUTES,
  PRODUCT_FORM_ATTRIBUTES as ATTR,
  type ProductFormTexts,
  type ToastMessage,
} from "~/lib/behavior-contract";
import { showColour } from "~/browser/behaviors/gallery";
import { ADD_BUTTON_LABEL, addButtonState, stockLabel, stockState } from "~/domain/catalogue/stock";
import { COLOR_PARAM } from "~/domain/catalogue/colour-photos";
import { productStockLine } from "~/domain/catalogue/made-to-order";

function setBusy(button: HTMLButtonElement, busy: boolean, label: string) {
  button.textContent = label;
  if (busy) button.setAttribute("aria-busy", "true");
  else button.removeAttribute("aria-busy");
}

/**
 * The product form's words, in the page's language: the server writes them on the form
 * (ATTR.texts); the English ones of the shop's own texts when it did not.
 */
function textsOf(form: HTMLFormElement): ProductFormTexts {
  try {
    const texts = JSON.parse(form.getAttribute(ATTR.texts) ?? "") as ProductFormTexts;
    if (texts && typeof texts === "object") return texts;
  } catch {
    // No texts written: the English below.
  }
  return { adding: ADDING_LABEL, button: ADD_BUTTON_LABEL, color: "Color", colorChosen: "Color: {name}", soldOut: "Sold out", inStock: "In stock", low: {} };
}

/** The stock line of an option with `stock` pieces (domain/catalogue/stock.ts stockLabel, in the page's words). */
function stockText(texts: ProductFormTexts, stock: number): string {
  const state = stockState(stock);
  if (state === "sold-out") return texts.soldOut;
  if (state === "in-stock") return texts.inStock;
  return texts.low[String(stock)] ?? stockLabel(stock);
}

async function addFromCard(form: HTMLFormElement) {
  const productId = form.getAttribute(CARD_ADD_ATTRIBUTE) ?? "";
  // Every card of this product on the page (the same product can be in two lists) says so.
  const buttons = [...document.querySelectorAll<HTMLButtonElement>(`form[${CARD_ADD_ATTRIBUTE}="${CSS.escape(productId)}"] button[type="submit"]`)];
  if (buttons.some((b) => b.getAttribute("aria-busy") === "true")) return;
  const idle = buttons.map((b) => b.textContent || ADD_TO_CART_LABEL);
  for (const b of buttons) setBusy(b, true, b.closest("form")?.getAttribute(CARD_ADDING_ATTRIBUTE) ?? ADDING_LABEL);
  const result = await postAction(form);
  if (!result) return submitPlainly(form);
  if (result.ok) {
    await showAddedCart(result);
    if (result.toast) showToast(result.toast);
  } else if (result.error) showToast(result.error);
  buttons.forEach((b, i) => setBusy(b, false, idle[i]!));
}

/** The fieldset of one option of the product form ("colorId", "variationCode"). */
const optionSelector = (field: string) => `fieldset[${ATTR.option}="${CSS.escape(field)}"]`;
const COLOR_OPTION = optionSelector("colorId");
const stockOf = (el: Element | null | undefined) => Number(el?.getAttribute(ATTR.stock) ?? 0);

function productFormState(form: HTMLFormElement) {
  const hasColors = form.querySelector(COLOR_OPTION) !== null;
  const variations = form.querySelectorAll<HTMLInputElement>('input[name="variationCode"]');
  const colorInput = form.querySelector<HTMLInputElement>('input[name="colorId"]');
  const color = colorInput?.value ? form.querySelector<HTMLElement>(`a[${ATTR.colorId}="${CSS.escape(colorInput.value)}"]`) : null;
  const variation = form.querySelector<HTMLInputElement>('input[name="variationCode"]:checked');
  const stock = stockOf(form);
  const chosenStock = hasColors ? stockOf(color) : variations.length > 0 ? stockOf(variation) : stock;
  // A made-to-order product can be bought at stock 0.
  const madeToOrder = form.getAttribute(ATTR.madeToOrder);
  const state = addButtonState({
    stock: madeToOrder ? Math.max(stock, 1) : stock,
    hasColors,
    hasVariations: variations.length > 0,
    colorChosen: color !== null,
    variationChosen: variation !== null,
  });
  // A sold-out colour or variation can be chosen (to be told when it is back), not bought.
  const chosen = hasColors ? color : variations.length > 0 ? variation : null;
  const soldOutChoice = !madeToOrder && chosen !== null && chosenStock <= 0;
  return { stock, chosenStock, state: soldOutChoice ? ("out-of-stock" as const) : state, color, chosen, soldOutChoice, madeToOrder };
}

/** 'Email me when it's back' follows the choice: shown, with its name and value, while the chosen one is sold out. */
function updateBackInStock(chosen: Element | null, soldOut: boolean) {
  const form = document.querySelector<HTMLFormElement>(`form[${BACK_IN_STOCK_ATTRIBUTES.form}]`);
  if (!form) return;
  form.hidden = !soldOut;
  const name =
    chosen instanceof HTMLInputElement
      ? (chosen.closest("label")?.querySelector("span")?.firstChild?.textContent ?? "")
      : (chosen?.getAttribute(ATTR.colorName) ?? "");
  const value = chosen instanceof HTMLInputElement ? chosen.value : (chosen?.getAttribute(ATTR.colorId) ?? "");
  const nameEl = form.querySelector(`[${BACK_IN_STOCK_ATTRIBUTES.name}]`);
  if (nameEl) nameEl.textContent = soldOut ? name : "";
  const input = form.querySelector<HTMLInputElement>(`input[${BACK_IN_STOCK_ATTRIBUTES.value}]`);
  if (input) input.value = soldOut ? value : "";
}

/** The legend ("Color: Pink"), the stock line and the button's label follow the chosen option. */
function updateProductForm(form: HTMLFormElement) {
  const { stock, chosenStock, state, color, chosen, soldOutChoice, madeToOrder } = productFormState(form);
  const texts = textsOf(form);
  const legend = form.querySelector<HTMLElement>(`${COLOR_OPTION} legend`);
  if (legend) legend.textContent = color ? texts.colorChosen.replace("{name}", color.getAttribute(ATTR.colorName) ?? "") : texts.color;
  const line = form.querySelector<HTMLElement>(".stock-line");
  if (line) {
    const shown = productStockLine(stock, chosenStock, madeToOrder);
    // The domain's line is the made-to-order text (already the page's), its English 'Sold out', or none.
    line.textContent = shown.text ? (shown.text === madeToOrder ? shown.text : texts.soldOut) : stockText(texts, chosenStock);
    line.className = shown.className;
  }
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button && button.getAttribute("aria-busy") !== "true") {
    button.textContent = texts.button[state];
    button.disabled = state === "out-of-stock";
  }
  updateBackInStock(chosen, soldOutChoice);
}

function showFieldError(form: HTMLFormElement, field: string | null | undefined, error: ToastMessage) {
  const fieldset = field ? form.querySelector(optionSelector(field)) : null;
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
  setBusy(button, true, textsOf(form).adding);
  const result = await postAction(form);
  if (!result) return submitPlainly(form);
  if (result.ok) {
    await showAddedCart(result);
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

/** Chooses a colour swatch in place: the form posts it, the gallery shows its photos, the address keeps it. */
function chooseColour(form: HTMLFormElement, swatch: HTMLAnchorElement) {
  const colorId = swatch.getAttribute(ATTR.colorId) ?? "";
  let input = form.querySelector<HTMLInputElement>('input[name="colorId"]');
  if (!input) {
    input = Object.assign(document.createElement("input"), { type: "hidden", name: "colorId" });
    form.querySelector(COLOR_OPTION)?.prepend(input);
  }
  input.value = colorId;
  form.querySelectorAll(`a[${ATTR.colorId}]`).forEach((a) => (a === swatch ? a.setAttribute("aria-current", "true") : a.removeAttribute("aria-current")));
  form.querySelectorAll(`${COLOR_OPTION} .field-error`).forEach((el) => el.remove());
  updateProductForm(form);
  const gallery = document.querySelector<HTMLElement>(`[${GALLERY_ATTRIBUTES.gallery}]`);
  if (gallery) showColour(gallery, Number(colorId));
  const url = new URL(window.location.href);
  url.searchParams.set(COLOR_PARAM, colorId);
  url.searchParams.delete("image");
  history.replaceState(history.state, "", url);
  form.setAttribute("action", swatch.getAttribute("href") ?? form.action);
  followColour(colorId);
}

/** The favorites' way back (the signed-in toggle's redirectTo, a guest's sign-in link) keeps the colour chosen. */
function followColour(colorId: string) {
  const withColour = (back: string) => {
    const target = new URL(back, window.location.origin);
    target.searchParams.set(COLOR_PARAM, colorId);
    return `${target.pathname}${target.search}`;
  };
  document.querySelectorAll(`[${BACK_HERE_ATTRIBUTE}]`).forEach((el) => {
    if (el instanceof HTMLInputElement) el.value = withColour(el.value);
    else if (el instanceof HTMLAnchorElement) {
      const link = new URL(el.href);
      link.searchParams.set("redirectTo", withColour(link.searchParams.get("redirectTo") ?? "/"));
      el.href = `${link.pathname}${link.search}`;
    }
  });
}

export const productAdd: Behavior = {
  name: "product-add",
  selector: `form[${ATTR.form}]`,
  attach(element) {
    const form = element as HTMLFormElement;
    const detachSubmit = takeOverSubmit(form, addFromProductPage);
    const onChange = () => updateProductForm(form);
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const swatch = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`a[${ATTR.colorId}]`) : null;
      if (!swatch || !form.contains(swatch)) return;
      event.preventDefault();
      chooseColour(form, swatch);
    };
    form.addEventListener("change", onChange);
    form.addEventListener("click", onClick);
    updateProductForm(form);
    return () => {
      detachSubmit();
      form.removeEventListener("change", onChange);
      form.removeEventListener("click", onClick);
    };
  },
};
