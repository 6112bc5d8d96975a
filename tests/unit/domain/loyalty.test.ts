import { DEFAULT_LOYALTY_CONFIG, type LoyaltyConfig, redeemableDiscounts } from "~/domain/loyalty/rules";
import { orderStatusLabel } from "~/domain/orders/status";

const withRequired = (pointsRequired: number): LoyaltyConfig => ({
  ...DEFAULT_LOYALTY_CONFIG,
  discountExchange: { ...DEFAULT_LOYALTY_CONFIG.discountExchange, pointsRequired },
});

describe("redeemableDiscounts", () => {
  it("is floor(points / pointsRequired) with the default 50", () => {
    expect(redeemableDiscounts(0, DEFAULT_LOYALTY_CONFIG)).toBe(0);
    expect(redeemableDiscounts(49, DEFAULT_LOYALTY_CONFIG)).toBe(0);
    expect(redeemableDiscounts(50, DEFAULT_LOYALTY_CONFIG)).toBe(1);
    expect(redeemableDiscounts(120, DEFAULT_LOYALTY_CONFIG)).toBe(2);
    expect(redeemableDiscounts(150, DEFAULT_LOYALTY_CONFIG)).toBe(3);
  });

  it("follows the configured exchange", () => {
    expect(redeemableDiscounts(250, withRequired(100))).toBe(2);
    expect(redeemableDiscounts(99, withRequired(100))).toBe(0);
  });

  it("is 0 for negative balances and a broken exchange", () => {
    expect(redeemableDiscounts(-10, DEFAULT_LOYALTY_CONFIG)).toBe(0);
    expect(redeemableDiscounts(100, withRequired(0))).toBe(0);
    expect(redeemableDiscounts(100, withRequired(Number.NaN))).toBe(0);
  });

  it("has the default discount exchange: 50 points for 5 off an order of 30 or more", () => {
    expect(DEFAULT_LOYALTY_CONFIG.discountExchange).toEqual({ pointsRequired: 50, discountAmount: 5, minimumOrderValue: 30 });
  });
});

describe("orderStatusLabel", () => {
  it("labels every order status", () => {
    expect(orderStatusLabel("unpaid")).toBe("Payment Pending");
    expect(orderStatusLabel("paid")).toBe("Payment Received");
    expect(orderStatusLabel("processing")).toBe("Processing");
    expect(orderStatusLabel("shipped")).toBe("Shipped");
    expect(orderStatusLabel("delivered")).toBe("Delivered");
    expect(orderStatusLabel("cancel_request")).toBe("Cancellation Requested");
    expect(orderStatusLabel("cancelled")).toBe("Cancelled");
    expect(orderStatusLabel("unpaidcancelled")).toBe("Cancelled (Unpaid)");
    expect(orderStatusLabel("returned")).toBe("Returned");
  });

  it("says Unknown Status for anything else, including 'pending' and object keys", () => {
    for (const status of ["pending", "PAID", "", "toString", "constructor", "__proto__", null, undefined]) {
      expect(orderStatusLabel(status)).toBe("Unknown Status");
    }
  });
});

describe("loyalty discount and points earned", () => {
  const config = { dollarsPerPoint: 1, minimumOrderForPoints: 0, discountExchange: { pointsRequired: 50, discountAmount: 5, minimumOrderValue: 30 } };

  it("allows the discount only with enough points and a large enough subtotal, and applies it only when ticked", async () => {
    const { loyaltyDiscount } = await import("~/domain/loyalty/rules");
    expect(loyaltyDiscount(config, 50, 3000, true)).toEqual({ eligible: true, discountCents: 500, pointsUsed: 50 });
    expect(loyaltyDiscount(config, 50, 3000, false)).toEqual({ eligible: true, discountCents: 0, pointsUsed: 0 });
    expect(loyaltyDiscount(config, 49, 9000, true)).toEqual({ eligible: false, discountCents: 0, pointsUsed: 0 });
    expect(loyaltyDiscount(config, 500, 2999, true)).toEqual({ eligible: false, discountCents: 0, pointsUsed: 0 });
    const cheap = { ...config, discountExchange: { pointsRequired: 10, discountAmount: 50, minimumOrderValue: 0 } };
    expect(loyaltyDiscount(cheap, 10, 1200, true).discountCents).toBe(1200);
  });

  it("earns 1 point per dollarsPerPoint dollars from minimumOrderForPoints on", async () => {
    const { pointsEarned } = await import("~/domain/loyalty/rules");
    expect(pointsEarned(config, 4299)).toBe(42);
    expect(pointsEarned({ ...config, dollarsPerPoint: 2 }, 4299)).toBe(21);
    expect(pointsEarned({ ...config, minimumOrderForPoints: 50 }, 4999)).toBe(0);
    expect(pointsEarned({ ...config, minimumOrderForPoints: 50 }, 5000)).toBe(50);
    expect(pointsEarned({ ...config, dollarsPerPoint: 0 }, 5000)).toBe(0);
  });
});
