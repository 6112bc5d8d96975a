import { parseWithZod } from "@conform-to/zod";
import { ADMIN_ORDER_TEXT } from "~/domain/orders/fulfilment";
import { TrackingNumberSchema } from "~/domain/orders/schemas";
import { isOrderStatus, isPaidBeforeShipping, isPaidLike, ORDER_STATUSES, orderStatusLabel } from "~/domain/orders/status";
import { z } from "zod";

describe("isPaidLike", () => {
  it("is true for a paid order and every status a paid order goes on to", () => {
    for (const status of ["paid", "processing", "cancel_request", "shipped", "delivered", "returned"]) expect(isPaidLike(status), status).toBe(true);
  });

  it("is false before payment, after a cancellation and while PayPal has reversed the payment", () => {
    for (const status of ["unpaid", "cancelled", "unpaidcancelled", "payment_reversed", "refunded", ""]) expect(isPaidLike(status), status).toBe(false);
  });

  it("counts only paid orders that have not left yet as before shipping", () => {
    expect(ORDER_STATUSES.filter(isPaidBeforeShipping)).toEqual(["paid", "processing", "cancel_request"]);
  });
});

describe("OrderStatus", () => {
  it("knows every status and nothing else", () => {
    expect(ORDER_STATUSES.every(isOrderStatus)).toBe(true);
    expect(isOrderStatus("refunded")).toBe(false);
    expect(isOrderStatus("PAID")).toBe(false);
  });

  it("has a label for every status", () => {
    for (const status of ORDER_STATUSES) expect(orderStatusLabel(status)).not.toBe("Unknown Status");
  });
});

describe("TrackingNumberSchema", () => {
  it("trims the number", () => {
    expect(TrackingNumberSchema.parse("  RR123456789PL ")).toBe("RR123456789PL");
  });

  it("refuses an empty, blank, missing or too long number with the form's messages", () => {
    const message = (value: unknown) => TrackingNumberSchema.safeParse(value).error?.issues[0]?.message;
    expect(message("")).toBe(ADMIN_ORDER_TEXT.trackingRequired);
    expect(message("   ")).toBe(ADMIN_ORDER_TEXT.trackingRequired);
    expect(message(undefined)).toBe(ADMIN_ORDER_TEXT.trackingRequired);
    expect(message(42)).toBe(ADMIN_ORDER_TEXT.trackingRequired);
    expect(message("x".repeat(101))).toBe(ADMIN_ORDER_TEXT.trackingTooLong);
    expect(TrackingNumberSchema.parse("x".repeat(100))).toHaveLength(100);
  });

  it("reads the same from a form field as from JSON", () => {
    const form = new FormData();
    form.set("trackingNumber", " LX555000111PL ");
    const fromForm = parseWithZod(form, { schema: z.object({ trackingNumber: TrackingNumberSchema }) });
    expect(fromForm.status === "success" && fromForm.value.trackingNumber).toBe("LX555000111PL");
  });
});
