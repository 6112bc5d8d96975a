import { LOW_STOCK_THRESHOLD } from "~/domain/catalogue/types";

export type StockState = "sold-out" | "low" | "in-stock";

export function stockState(stock: number): StockState {
  if (stock <= 0) return "sold-out";
  if (stock < LOW_STOCK_THRESHOLD) return "low";
  return "in-stock";
}

/** The stock line of the product page. */
export function stockLabel(stock: number): string {
  const state = stockState(stock);
  if (state === "sold-out") return "Sold out";
  if (state === "low") return `Only ${stock} left in stock`;
  return "In stock";
}

/** Total stock: colours if the product has them, else variations, else its own stock. */
export function deriveTotalStock(p: {
  stock: number;
  hasColorVariations: boolean;
  hasVariations: boolean;
  colorStocks: number[];
  variationStocks: number[];
}): number {
  const sum = (xs: number[]) => xs.reduce((a, b) => a + Math.max(0, b), 0);
  if (p.hasColorVariations) return sum(p.colorStocks);
  if (p.hasVariations) return sum(p.variationStocks);
  return Math.max(0, p.stock);
}

export type AddButtonState = "out-of-stock" | "select-color" | "select-variation" | "ready";

/** The Add to Cart button label of the product page: Out of Stock, Select Color, Select Variation, Add to Cart. */
export function addButtonState(input: {
  stock: number;
  hasColors: boolean;
  hasVariations: boolean;
  colorChosen: boolean;
  variationChosen: boolean;
}): AddButtonState {
  if (input.stock <= 0) return "out-of-stock";
  if (input.hasColors && !input.colorChosen) return "select-color";
  if (input.hasVariations && !input.variationChosen) return "select-variation";
  return "ready";
}

export const ADD_BUTTON_LABEL: Record<AddButtonState, string> = {
  "out-of-stock": "Out of Stock",
  "select-color": "Select Color",
  "select-variation": "Select Variation",
  ready: "Add to Cart",
};
