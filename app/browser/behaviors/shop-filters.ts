/**
 * The catalogue's sort-and-filter form submits as soon as a choice is made (a select, checkbox or
 * radio); the price fields wait for Apply or Enter. Without JavaScript, Apply does it all.
 */
import { type Behavior } from "~/browser/runtime";
import { SHOP_FILTER_ATTRIBUTE } from "~/lib/behavior-contract";

function attachShopFilters(form: HTMLElement): () => void {
  if (!(form instanceof HTMLFormElement)) return () => {};
  const change = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLSelectElement || (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")))
      form.requestSubmit();
  };
  form.addEventListener("change", change);
  return () => form.removeEventListener("change", change);
}

export const shopFilters: Behavior = {
  name: "shop-filters",
  selector: `[${SHOP_FILTER_ATTRIBUTE}]`,
  attach: attachShopFilters,
};
