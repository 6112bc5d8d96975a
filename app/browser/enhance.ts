/**
 * The storefront's one browser module, loaded by the lean catalogue pages (home, /shop,
 * categories, search results, product: lib/lean-page.ts), which ship no React or Remix client.
 * Everything on those pages already works as plain links and forms; this module only enhances
 * the server's markup, and takes any new markup from the server too (the page's own HTML,
 * fetched again after a change, or the next page's cards), never from a second template:
 *
 * - Add to Cart (cards and the product page) without a page load: 'Adding…' (aria-busy), then
 *   the cart drawer, its badge and the notification from the server's page, and the drawer opens.
 * - The drawer's quantity and remove forms without a page load (remove asks first).
 * - The favorite toggle, at once, undone if the server says no.
 * - The product gallery, the swatches' legend and stock line, the Add button's label.
 * - Load More appends the next page's cards in place (scroll position and history entry kept).
 * - Header menus close on Escape and on a click outside; notifications fade and can be dismissed.
 * - The search box explains why an empty search is not sent.
 *
 * It posts each form to its own action asking for JSON (browser/net.ts).
 */
import { ADD_TO_CART_LABEL, ADDING_LABEL, CARD_ADD_ATTRIBUTE } from "~/components/product/card-html";
import { showingText } from "~/components/product/showing";
import { fetchDocument, postForm, submitPlainly } from "~/browser/net";
import { ADD_BUTTON_LABEL, addButtonState, stockLabel } from "~/domain/catalogue/stock";

interface Toast {
  title: string;
  description?: string;
  type: "success" | "error" | "info";
}

interface ActionResult {
  ok: boolean;
  toast?: Toast | null;
  error?: Toast | null;
  field?: string | null;
}

const TOAST_DURATION_MS = 5000;
const TOAST_REMOVE_DELAY_MS = 4000;
const SEARCH_INVALID = "Type something to search for";

/**
 * Posts a form to its own action, asking for JSON. Null when the answer is not the action's
 * JSON: the caller then lets the browser submit the form as without JavaScript.
 */
async function post(form: HTMLFormElement, submitter?: HTMLElement | null): Promise<ActionResult | null> {
  const answer = await postForm<ActionResult>(form, { submitter });
  return answer && typeof answer.data?.ok === "boolean" ? answer.data : null;
}

// ---------------------------------------------------------------------------------------------
// Notifications.

function toastRegion(): HTMLElement | null {
  return document.querySelector<HTMLElement>(".toast-region");
}

/** Gives a notification (the server's or the module's) its close button and its timers. */
function armToast(toast: HTMLElement) {
  if (!toast.querySelector(".toast-close")) {
    const close = document.createElement("button");
    close.type = "button";
    close.className = "toast-close";
    close.setAttribute("aria-label", "Dismiss notification");
    close.textContent = "×";
    close.addEventListener("click", () => dismissToast(toast));
    toast.append(close);
  }
  window.setTimeout(() => dismissToast(toast), TOAST_DURATION_MS);
}

function dismissToast(toast: HTMLElement) {
  if (toast.dataset.state === "closed") return;
  toast.dataset.state = "closed";
  window.setTimeout(() => toast.remove(), TOAST_REMOVE_DELAY_MS);
}

function showToast(toast: Toast) {
  const region = toastRegion();
  if (!region) return;
  const el = document.createElement("div");
  el.className = `toast toast-${toast.type}`;
  el.dataset.state = "open";
  el.setAttribute("role", toast.type === "error" ? "alert" : "status");
  const body = document.createElement("div");
  body.className = "toast-body";
  const title = document.createElement("p");
  title.className = "toast-title";
  title.textContent = toast.title;
  body.append(title);
  if (toast.description) {
    const text = document.createElement("p");
    text.className = "toast-text";
    text.textContent = toast.description;
    body.append(text);
  }
  el.append(body);
  region.replaceChildren(el);
  armToast(el);
}

// ---------------------------------------------------------------------------------------------
// The parts of the page that follow the cart and favorites: taken from the server's page.

function cartDrawer(root: ParentNode = document): HTMLDetailsElement | null {
  return root.querySelector<HTMLDetailsElement>("details.cart-drawer");
}

function favoritesLink(root: ParentNode = document): Element | null {
  return root.querySelector('.header-actions a[href="/account?tab=favorites"]');
}

/**
 * Fetches this page again and takes the header's cart drawer (badge included), favorites link
 * and notification from it. The page's GET also collects the notification the action left.
 */
async function refreshFromServer(opts: { openDrawer: boolean }): Promise<void> {
  const doc = await fetchDocument(location.href);
  if (!doc) return;
  const drawer = cartDrawer();
  const fresh = cartDrawer(doc);
  if (drawer && fresh) {
    const wasOpen = drawer.open;
    // Focus stays on the same control (a quantity button, say) in the new drawer.
    const focused = drawer.contains(document.activeElement) ? document.activeElement?.getAttribute("aria-label") : null;
    drawer.replaceWith(fresh);
    if (opts.openDrawer || wasOpen) fresh.open = true;
    if (focused) fresh.querySelector<HTMLElement>(`[aria-label="${CSS.escape(focused)}"]:not(:disabled)`)?.focus();
  }
  const fav = favoritesLink();
  const freshFav = favoritesLink(doc);
  if (fav && freshFav) fav.replaceWith(freshFav);
  const toast = doc.querySelector<HTMLElement>(".toast-region .toast");
  const region = toastRegion();
  if (toast && region) {
    const adopted = document.adoptNode(toast);
    region.replaceChildren(adopted);
    armToast(adopted);
  }
}

// ---------------------------------------------------------------------------------------------
// Add to Cart: cards and the product page.

function setBusy(button: HTMLButtonElement, busy: boolean, idleLabel: string) {
  button.textContent = busy ? ADDING_LABEL : idleLabel;
  if (busy) button.setAttribute("aria-busy", "true");
  else button.removeAttribute("aria-busy");
}

async function addFromCard(form: HTMLFormElement) {
  const productId = form.getAttribute(CARD_ADD_ATTRIBUTE) ?? "";
  const buttons = [...document.querySelectorAll<HTMLButtonElement>(`form[${CARD_ADD_ATTRIBUTE}="${CSS.escape(productId)}"] button[type="submit"]`)];
  // Busy: the button says so, and a second press is ignored (it stays focusable, unlike a disabled one).
  if (buttons.some((b) => b.getAttribute("aria-busy") === "true")) return;
  for (const b of buttons) setBusy(b, true, ADD_TO_CART_LABEL);
  const result = await post(form);
  if (!result) return submitPlainly(form);
  if (result.ok) {
    await refreshFromServer({ openDrawer: true });
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
  const state = addButtonState({
    stock,
    hasColors: colors.length > 0,
    hasVariations: variations.length > 0,
    colorChosen: color !== null,
    variationChosen: variation !== null,
  });
  return { stock, chosenStock, state, color };
}

/** The legend ("Color: Pink"), the stock line and the button's label follow the chosen option. */
function updateProductForm(form: HTMLFormElement) {
  const { stock, chosenStock, state, color } = productFormState(form);
  const legend = form.querySelector<HTMLElement>('fieldset[data-option="colorId"] legend');
  if (legend) legend.textContent = color ? `Color: ${color.dataset.name ?? ""}` : "Color";
  const line = form.querySelector<HTMLElement>(".stock-line");
  if (line) {
    line.textContent = stock <= 0 ? "Sold out" : stockLabel(chosenStock);
    line.className = `stock-line ${chosenStock <= 0 ? "soldout" : chosenStock < 5 ? "low" : ""}`;
  }
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button && button.getAttribute("aria-busy") !== "true") button.textContent = ADD_BUTTON_LABEL[state];
}

function showFieldError(form: HTMLFormElement, field: string | null | undefined, error: Toast) {
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
  const result = await post(form);
  if (!result) return submitPlainly(form);
  if (result.ok) {
    await refreshFromServer({ openDrawer: true });
    if (result.toast) showToast(result.toast);
  } else if (result.error) {
    showToast(result.error);
    showFieldError(form, result.field, result.error);
  }
  button.removeAttribute("aria-busy");
  updateProductForm(form);
}

// ---------------------------------------------------------------------------------------------
// Favorites and the drawer's own forms.

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
  const result = await post(form);
  delete form.dataset.busy;
  if (!result) return submitPlainly(form);
  if (result.ok) {
    await refreshFromServer({ openDrawer: false });
    if (result.toast) showToast(result.toast);
  } else {
    renderFavorite(form, was);
    if (result.error) showToast(result.error);
  }
}

async function submitDrawerForm(form: HTMLFormElement, submitter: HTMLElement | null) {
  const question = form.dataset.confirm;
  if (question) {
    if (!window.confirm(question)) return;
    const confirmed = form.elements.namedItem("confirmed");
    if (confirmed instanceof HTMLInputElement) confirmed.value = "yes";
  }
  // The body is read before the buttons are disabled (a disabled submitter would not be sent).
  const pending = post(form, submitter);
  form.querySelectorAll("button").forEach((b) => (b.disabled = true));
  const result = await pending;
  if (!result) return submitPlainly(form, submitter);
  await refreshFromServer({ openDrawer: true });
  const toast = result.ok ? result.toast : result.error;
  if (toast) showToast(toast);
}

// ---------------------------------------------------------------------------------------------
// Gallery and Load More.

function showImage(gallery: HTMLElement, index: number) {
  const thumbs = [...gallery.querySelectorAll<HTMLAnchorElement>("a[data-image]")];
  const n = thumbs.length;
  const thumb = thumbs[index];
  if (!thumb) return;
  const img = gallery.querySelector<HTMLImageElement>(".gallery-main img");
  const source = gallery.querySelector<HTMLSourceElement>(".gallery-main source");
  if (img) {
    if (source) source.srcset = thumb.dataset.srcset ?? "";
    img.src = thumb.dataset.src ?? img.src;
    img.alt = thumb.dataset.alt ?? img.alt;
    img.width = Number(thumb.dataset.width ?? img.width);
    img.height = Number(thumb.dataset.height ?? img.height);
  }
  thumbs.forEach((t, i) => (i === index ? t.setAttribute("aria-current", "true") : t.removeAttribute("aria-current")));
  const counter = gallery.querySelector(".gallery-counter");
  if (counter) counter.textContent = `${index + 1} / ${n}`;
  const base = thumb.href.replace(/\?.*$/, "");
  gallery.querySelector<HTMLAnchorElement>('a[data-step="-1"]')?.setAttribute("href", `${base}?image=${(index - 1 + n) % n}`);
  gallery.querySelector<HTMLAnchorElement>('a[data-step="1"]')?.setAttribute("href", `${base}?image=${(index + 1) % n}`);
  gallery.dataset.index = String(index);
}

function galleryClick(link: HTMLAnchorElement): boolean {
  const gallery = link.closest<HTMLElement>("[data-gallery]");
  if (!gallery) return false;
  const n = gallery.querySelectorAll("a[data-image]").length;
  const current = Number(gallery.dataset.index ?? 0);
  const index = link.dataset.image !== undefined ? Number(link.dataset.image) : (current + Number(link.dataset.step) + n) % n;
  showImage(gallery, index);
  return true;
}

async function loadMore(link: HTMLAnchorElement) {
  if (link.getAttribute("aria-busy") === "true") return;
  const list = document.querySelector<HTMLElement>("[data-shop-list]");
  const grid = list?.querySelector("ul.grid");
  if (!list || !grid) return location.assign(link.href);
  link.setAttribute("aria-busy", "true");
  const status = document.createElement("p");
  status.className = "loading";
  status.setAttribute("role", "status");
  status.textContent = "Loading products…";
  list.append(status);
  const doc = await fetchDocument(link.href);
  status.remove();
  const freshGrid = doc?.querySelector("[data-shop-list] ul.grid");
  if (!doc || !freshGrid) return location.assign(link.href);
  const shown = new Set([...grid.querySelectorAll<HTMLElement>(":scope > li[data-id]")].map((li) => li.dataset.id));
  for (const li of [...freshGrid.querySelectorAll<HTMLElement>(":scope > li[data-id]")]) {
    if (!shown.has(li.dataset.id)) grid.append(document.adoptNode(li));
  }
  const showing = document.querySelector<HTMLElement>("[data-showing]");
  const freshShowing = doc.querySelector<HTMLElement>("[data-showing]");
  if (showing && freshShowing) {
    const total = Number(freshShowing.dataset.total ?? 0);
    showing.dataset.total = String(total);
    showing.textContent = showingText(Number(showing.dataset.start ?? 1), grid.querySelectorAll(":scope > li").length, total);
  }
  const more = link.closest(".load-more");
  const freshMore = doc.querySelector(".load-more");
  if (more) {
    if (freshMore) more.replaceWith(document.adoptNode(freshMore));
    else more.remove();
  }
  // The address says how far the list goes, in the same history entry (Back leaves the list).
  history.replaceState(history.state, "", link.href);
}

// ---------------------------------------------------------------------------------------------
// Wiring: one listener per event type, on the document.

function closeHeaderMenus(except?: Node | null) {
  document.querySelectorAll<HTMLDetailsElement>(".site-header details[open]").forEach((d) => {
    if (!except || !d.contains(except)) d.open = false;
  });
}

function onClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  closeHeaderMenus(target);
  if (!target || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const drawer = target.closest<HTMLDetailsElement>("details.cart-drawer");
  if (drawer && target.closest(".drawer-backdrop, .drawer-close")) {
    event.preventDefault();
    drawer.open = false;
    return;
  }
  const link = target.closest<HTMLAnchorElement>("a");
  if (!link) return;
  if (link.closest("[data-gallery]") && (link.dataset.image !== undefined || link.dataset.step !== undefined)) {
    if (galleryClick(link)) event.preventDefault();
    return;
  }
  if (link.hasAttribute("data-load-more")) {
    event.preventDefault();
    void loadMore(link);
  }
}

function onSubmit(event: SubmitEvent) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || event.defaultPrevented || form.method.toLowerCase() !== "post") return;
  if (form.hasAttribute(CARD_ADD_ATTRIBUTE)) {
    event.preventDefault();
    void addFromCard(form);
  } else if (form.hasAttribute("data-product-add")) {
    event.preventDefault();
    void addFromProductPage(form);
  } else if (form.hasAttribute("data-favorite")) {
    event.preventDefault();
    void toggleFavorite(form);
  } else if (form.closest("details.cart-drawer") && new URL(form.action, location.href).pathname === "/cart") {
    event.preventDefault();
    void submitDrawerForm(form, event.submitter);
  }
}

function onKeyDown(event: KeyboardEvent) {
  if (event.key === "Escape") closeHeaderMenus();
  if (event.key === "F8") {
    event.preventDefault();
    toastRegion()?.focus();
  }
}

function onChange(event: Event) {
  const input = event.target;
  if (!(input instanceof HTMLInputElement)) return;
  const form = input.closest<HTMLFormElement>("form[data-product-add]");
  if (form) updateProductForm(form);
}

function onInvalid(event: Event) {
  const input = event.target;
  if (input instanceof HTMLInputElement && input.type === "search") input.setCustomValidity(SEARCH_INVALID);
}

function onInput(event: Event) {
  const input = event.target;
  if (input instanceof HTMLInputElement && input.type === "search") input.setCustomValidity("");
}

function start() {
  document.addEventListener("click", onClick);
  document.addEventListener("submit", onSubmit);
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("change", onChange);
  document.addEventListener("invalid", onInvalid, true);
  document.addEventListener("input", onInput);
  document.querySelectorAll<HTMLFormElement>("form[data-product-add]").forEach(updateProductForm);
  const region = toastRegion();
  region?.querySelectorAll<HTMLElement>(".toast").forEach(armToast);
  // Tells the page (and the tests) that the enhancements are in place, as React's hydration did.
  region?.setAttribute("data-js", "on");
}

export function startCatalogue() {
  start();
}
