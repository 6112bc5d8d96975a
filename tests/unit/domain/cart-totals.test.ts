import { computeCartTotals, type ZoneRates } from "~/domain/orders/totals";
import { addToCartFailure, friendlyStockText, NOT_ENOUGH_STOCK } from "~/domain/cart/texts";

/** A zone at the spec's prices, free from $100.00. */
const ZONE: ZoneRates = { standardCents: 800, largeCents: 1800, freeFromCents: 10_000 };

describe("cart totals", () => {
  it("sums price × quantity and counts items, with the zone's standard price", () => {
    const t = computeCartTotals(
      [
        { unitPriceCents: 2400, quantity: 2, isLarge: false },
        { unitPriceCents: 999, quantity: 1, isLarge: false },
      ],
      ZONE,
      "US",
    );
    expect(t.itemCount).toBe(3);
    expect(t.subtotalCents).toBe(5799);
    expect(t.shippingName).toBe("Standard Shipping");
    expect(t.totalCents).toBe(5799 + 800);
    expect(t.total).toBe("65.99");
    expect(t).toMatchObject({ shippingCountry: "US", shipped: true, freeShipping: { fromCents: 10_000, missingCents: 10_000 - 5799 } });
  });
  it("uses Large Item Shipping when any item is large, below the threshold", () => {
    const t = computeCartTotals(
      [
        { unitPriceCents: 1000, quantity: 1, isLarge: false },
        { unitPriceCents: 8900, quantity: 1, isLarge: true },
      ],
      ZONE,
      "US",
    );
    expect(t.shippingName).toBe("Large Item Shipping");
    expect(t.shippingCents).toBe(1800);
  });
  it("ships free from the zone's threshold, and says nothing more about it", () => {
    const t = computeCartTotals([{ unitPriceCents: 10_000, quantity: 1, isLarge: true }], ZONE, "US");
    expect(t).toMatchObject({ shippingName: "Free Shipping", shippingCents: 0, totalCents: 10_000, freeShipping: null });
  });
  it("charges nothing for an empty cart", () => {
    const t = computeCartTotals([], ZONE, "PL");
    expect(t.shippingCents).toBe(0);
    expect(t.totalCents).toBe(0);
    expect(t.freeShipping).toBeNull();
  });
  it("adds no shipping for a country no zone ships to: it is chosen at checkout", () => {
    const t = computeCartTotals([{ unitPriceCents: 2400, quantity: 1, isLarge: false }], null, "RU");
    expect(t).toMatchObject({ shipped: false, shippingCents: 0, shippingName: "", totalCents: 2400, freeShipping: null });
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
