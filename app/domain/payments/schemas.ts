import { z } from "zod";

/** A PayPal order id as PayPal issues them (17 upper-case letters and digits; a little room). */
export const PaypalOrderIdSchema = z
  .string({ required_error: "paypalOrderId is required", invalid_type_error: "paypalOrderId must be a string" })
  .trim()
  .regex(/^[A-Z0-9]{1,36}$/, "paypalOrderId is not a valid PayPal order id");

/** The confirmation token a guest without the ordering session may send along. */
const TokenSchema = z.string().max(200).optional();

/** POST /api/orders/{orderId}/complete-payment. */
export const CompletePaymentSchema = z.object({
  paypalOrderId: PaypalOrderIdSchema,
  status: z.literal("paid", { errorMap: () => ({ message: "status must be 'paid'" }) }).optional(),
  token: TokenSchema,
});
export type CompletePaymentInput = z.infer<typeof CompletePaymentSchema>;

/**
 * POST /api/paypal/order. The amount, currency and intent the browser sends are checked
 * against the order (the server charges only the order's own total, in USD, intent CAPTURE).
 */
export const CreatePaypalOrderSchema = z.object({
  /** The shop's own, stricter form; without it the spec's payload binds to the buyer's unpaid order of that amount. */
  orderId: z
    .union(
      [
        z.number().int().positive(),
        z
          .string()
          .regex(/^\d{1,12}$/, "orderId must be a number")
          .transform(Number),
      ],
      {
        errorMap: () => ({ message: "orderId must be an order number" }),
      },
    )
    .optional(),
  amount: z.union([z.string().max(32), z.number().nonnegative()]).optional(),
  currency: z.string().max(8).optional(),
  intent: z.string().max(20).optional(),
  token: TokenSchema,
});
export type CreatePaypalOrderInput = z.infer<typeof CreatePaypalOrderSchema>;

/** POST /api/paypal/order/{id}/capture and POST /api/orders/{orderId}/validate-stock: no payload but an optional token. */
export const OrderTokenSchema = z.object({ token: TokenSchema }).passthrough();
