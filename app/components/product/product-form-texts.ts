import { stockState } from "~/domain/catalogue/stock";
import { LOW_STOCK_THRESHOLD } from "~/domain/catalogue/types";
import { type ShopI18n } from "~/i18n/context";
import { type ProductFormTexts } from "~/lib/behavior-contract";

/**
 * The product form's words in the page's language: the server renders them, and writes them on
 * the form for the add-to-cart behaviour (PRODUCT_FORM_ATTRIBUTES.texts), which has no catalogue.
 */
export function productFormTexts(i18n: Pick<ShopI18n, "t">): ProductFormTexts {
  const low: Record<string, string> = {};
  for (let n = 1; n < LOW_STOCK_THRESHOLD; n++) low[String(n)] = i18n.t("product.stock.low", { count: n });
  return {
    adding: i18n.t("catalogue.card.adding"),
    button: {
      "out-of-stock": i18n.t("product.button.outOfStock"),
      "select-color": i18n.t("product.button.selectColor"),
      "select-variation": i18n.t("product.button.selectVariation"),
      ready: i18n.t("product.button.add"),
    },
    color: i18n.t("product.color"),
    colorChosen: i18n.t("product.colorChosen", { name: "{name}" }),
    soldOut: i18n.t("product.stock.soldOut"),
    inStock: i18n.t("product.stock.inStock"),
    low,
  };
}

/**
 * The stock line's text: the made-to-order promise when the domain's line is it (productStockLine),
 * 'Sold out' when the domain's line says so, else the chosen option's stock (stockLabel's words).
 */
export function stockLineText(texts: ProductFormTexts, line: { text: string }, chosenStock: number, madeToOrder: string | null): string {
  if (line.text) return line.text === madeToOrder ? line.text : texts.soldOut;
  const state = stockState(chosenStock);
  if (state === "sold-out") return texts.soldOut;
  if (state === "in-stock") return texts.inStock;
  return texts.low[String(chosenStock)] ?? texts.soldOut;
}
