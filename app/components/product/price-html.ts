import { type CardReduction } from "~/domain/catalogue/cards";
import { moneyHtml } from "~/components/ui/money";
import { type ShopI18n } from "~/i18n/context";
import { html, type SafeHtml } from "~/lib/html";

/**
 * A product's price as its card and its page show it. Not reduced: the price alone. Reduced
 * (docs/decisions/prior-price.md): the reduced price, the regular one struck through (named for
 * screen readers, which do not read a strike), the badge computed from the lowest price of the 30
 * days before the reduction, that price's line, and the public code that gives it. One builder for
 * both places, as an HTML string since cards are (docs/decisions/card-html.md).
 */
export function priceHtml(i18n: ShopI18n, priceCents: number, reduction: CardReduction | null | undefined, place: "card" | "page"): SafeHtml {
  const size = place === "page" ? " price-lg" : "";
  if (!reduction) return html`<p class="price${size}">${moneyHtml(i18n, priceCents)}</p>`;
  const { t } = i18n;
  const pln = (cents: number) => {
    const text = i18n.pln(cents);
    return text ? html` <span class="pln">${text}</span>` : "";
  };
  const reduced = html`<span class="price-now"><span class="sr-only">${t("catalogue.price.reduced")} </span>${i18n.money(reduction.priceCents)}</span>`;
  const regular = html`<s class="price-was"><span class="sr-only">${t("catalogue.price.regular")} </span>${i18n.money(reduction.regularPriceCents)}</s>`;
  const badge = reduction.percent === null ? "" : html` <span class="price-badge">${t("catalogue.price.badge", { percent: reduction.percent })}</span>`;
  // On the page the złoty amount stays beside the price it converts; a card gives it a line of its own.
  const main =
    place === "page"
      ? html`<p class="price price-lg price-reduced">${reduced}${pln(reduction.priceCents)} ${regular}${badge}</p>`
      : html`<p class="price price-reduced">${reduced} ${regular}${badge}${pln(reduction.priceCents)}</p>`;
  const lowest = html`<p class="price-prior">${t("catalogue.price.lowest30", { price: i18n.money(reduction.lowestCents) })}${pln(reduction.lowestCents)}</p>`;
  const code = reduction.code
    ? html`<p class="price-code">${place === "page" ? t("product.price.codeAtCheckout", { code: reduction.code }) : t("catalogue.price.withCode", { code: reduction.code })}</p>`
    : "";
  return html`${main}${lowest}${code}`;
}
