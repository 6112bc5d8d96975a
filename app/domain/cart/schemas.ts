import { z } from "zod";

const Id = z.number({ invalid_type_error: "Must be a number" }).int().positive();

export const AddToCartSchema = z.object({
  productId: Id,
  quantity: z.number().int().min(1, "Quantity must be at least 1").max(99).default(1),
  colorId: Id.nullish(),
  variationCode: z
    .string()
    .trim()
    .regex(/^[A-Z]$/, "Unknown variation")
    .nullish(),
});
export type AddToCartInput = z.infer<typeof AddToCartSchema>;

export const UpdateCartItemSchema = z.object({
  quantity: z
    .number({ required_error: "Quantity is required", invalid_type_error: "Quantity must be a number" })
    .int()
    .min(1, "Quantity must be at least 1")
    .max(999),
});
export type UpdateCartItemInput = z.infer<typeof UpdateCartItemSchema>;

export const CartItemIdSchema = z.object({ itemId: Id });

export const FavoriteSchema = z.object({ productId: Id });
export type FavoriteInput = z.infer<typeof FavoriteSchema>;

export const ShippingCalculateSchema = z.object({
  cartItems: z
    .array(
      z.object({
        price: z.union([z.string(), z.number()]).optional(),
        quantity: z.number().int().min(1).optional(),
        product: z.object({ isLargeItem: z.boolean().optional(), isLarge: z.boolean().optional() }).partial().optional(),
      }),
    )
    .max(500),
  country: z.string().trim().max(60).optional(),
});
export type ShippingCalculateInput = z.infer<typeof ShippingCalculateSchema>;
