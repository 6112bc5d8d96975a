import { computeCartTotals, DEFAULT_SHIPPING_RATES } from "~/domain/orders/totals";
import { addToCartFailure, friendlyStockText, NOT_ENOUGH_STOCK } from "~/domain/cart/texts";

describe("cart totals", () => {
  it("sums price × quantity and counts items", () => {
    const t = computeCartTotals([
      { unitPriceCents: 2400, quantity: 2, isLarge: false },
      { unitPriceCents: 999, quantity: 1, isLarge: false },
    ]);
    expect(t.itemCount).toBe(3);
    expect(t.subtotalCents).toBe(5799);
    expect(t.shippingName).toBe(DEFAULT_SHIPPING_RATES.standard.name);
    expect(t.totalCents).toBe(5799 + DEFAULT_SHIPPING_RATES.standard.priceCents);
    expect(t.total).toBe("65.99");
  });
  it("uses Large Item Shipping when any item is large", () => {
    const t = computeCartTotals([
      { unitPriceCents: 1000, quantity: 1, isLarge: false },
      { unitPriceCents: 8900, quantity: 1, isLarge: true },
    ]);
    expect(t.shippingName).toBe("Large Item Shipping");
    expect(t.shippingCents).toBe(DEFAULT_SHIPPING_RATES.large.priceCents);
  });
  it("charges nothing for an empty cart", () => {
    const t = computeCartTotals([]);
    expect(t.shippingCents).toBe(0);
    expect(t.totalCents).toBe(0);
  });
});

describe("cart messages", () => {
  it("replaces the stock wording", () => {
    expect(friendlyStockText("Only 3 items available in stock")).toBe(NOT_ENOUGH_STOCK);
    expect(friendlyStockText("Other")).toBe("Other");
  });
  it("maps failures to the spec's notifications", () => {
    expect(addToCartFailure("Select a color", undefined, "colorId").title).toBe("Select a color");
    expect(addToCartFailure("x", "out-of-stock")).toMatchObject({ title: "Out of stock", description: "This product is currently out of stock." });
    expect(addToCartFailure("Only 2 items available in stock", "insufficient-stock", "quantity")).toMatchObject({
      title: "Unable to add to cart",
      description: NOT_ENOUGH_STOCK,
    });
    expect(addToCartFailure(undefined).description).toBe("Failed to add item to cart.");
  });
});
