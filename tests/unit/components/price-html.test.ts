import { describe, expect, it } from "vitest";
import { productCardHtml } from "~/components/product/card-html";
import { priceHtml } from "~/components/product/price-html";
import { type CardProduct, type CardReduction } from "~/domain/catalogue/cards";
import { i18nFor } from "~/i18n/i18n.server";

// A product's price on its card and its page: alone when not reduced; reduced, with the struck
// regular price named for screen readers, the 30-day line, the badge and the code.

const product: CardProduct = {
  id: 7,
  title: "Rose Tea Dress",
  slug: "rose-tea-dress",
  priceCents: 5000,
  stock: 8,
  hasOptions: false,
  category: "Dresses",
  image: null,
};
const owners: CardReduction = { priceCents: 3500, regularPriceCents: 5000, lowestCents: 4000, percent: 13, code: null };
const code: CardReduction = { priceCents: 4000, regularPriceCents: 5000, lowestCents: 4000, percent: null, code: "SPRING<b>" };

function parse(markup: string): HTMLElement {
  const el = document.createElement("div");
  el.innerHTML = markup;
  return el;
}
const text = (el: Element | null) => el?.textContent?.replace(/\s+/g, " ").trim();

describe("a card's price", () => {
  it("is the price alone without a reduction: no struck price, no 30-day line, no badge", () => {
    const el = parse(productCardHtml(product, { eager: false, redirectTo: "/shop", i18n: i18nFor("en") }));
    expect(text(el.querySelector(".price"))).toBe("$50.00");
    expect(el.querySelector("s, .price-prior, .price-badge, .price-code")).toBeNull();
  });

  it("shows the owner's reduction: the reduced price, the regular one struck and named, the lowest price and the badge from it", () => {
    const el = parse(productCardHtml({ ...product, priceCents: 3500, reduction: owners }, { eager: false, redirectTo: "/shop", i18n: i18nFor("en") }));
    expect(text(el.querySelector(".price-now"))).toBe("Reduced price: $35.00");
    expect(text(el.querySelector("s.price-was"))).toBe("Regular price: $50.00");
    expect(el.querySelector("s.price-was .sr-only")).not.toBeNull();
    expect(text(el.querySelector(".price-badge"))).toBe("−13%");
    expect(text(el.querySelector(".price-prior"))).toBe("Lowest price in the 30 days before this reduction: $40.00");
    expect(el.querySelector(".price-code")).toBeNull();
  });

  it("names a public code (escaped) and leaves the badge out when the reduced price is not below the lowest", () => {
    const el = parse(priceHtml(i18nFor("en"), 5000, code, "card").value);
    expect(text(el.querySelector(".price-code"))).toBe("With code SPRING<b>");
    expect(el.querySelector(".price-code b")).toBeNull();
    expect(el.querySelector(".price-badge")).toBeNull();
  });

  it("in Polish, with the złoty amounts of the reduced and the lowest price", () => {
    const el = parse(priceHtml(i18nFor("pl", { mid: 4 }), 3500, { ...owners, code: "SPRING" }, "card").value);
    expect(text(el.querySelector(".price-reduced"))).toBe("Cena obniżona: 35,00 USD Cena regularna: 50,00 USD −13 % ok. 140,00 zł");
    expect(text(el.querySelector(".price-prior"))).toBe("Najniższa cena z 30 dni przed obniżką: 40,00 USD ok. 160,00 zł");
    expect(text(el.querySelector(".price-code"))).toBe("Z kodem SPRING");
  });
});

describe("the product page's price", () => {
  it("is large, keeps the złoty amount beside the reduced price and says the code is entered at checkout", () => {
    const el = parse(priceHtml(i18nFor("pl", { mid: 4 }), 5000, { ...code, code: "SPRING" }, "page").value);
    expect(el.querySelector(".price.price-lg.price-reduced")).not.toBeNull();
    expect(text(el.querySelector(".price-now + .pln"))?.replace(/\s/g, " ")).toBe("ok. 160,00 zł");
    expect(text(el.querySelector(".price-code"))).toBe("Z kodem SPRING wpisanym przy zamówieniu");
    const en = parse(priceHtml(i18nFor("en"), 5000, { ...code, code: "SPRING" }, "page").value);
    expect(text(en.querySelector(".price-code"))).toBe("With code SPRING, entered at checkout");
    expect(text(parse(priceHtml(i18nFor("en"), 5000, null, "page").value).querySelector(".price.price-lg"))).toBe("$50.00");
  });
});
