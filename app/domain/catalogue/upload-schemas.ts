import { z } from "zod";

/** A temporary upload's id (a UUID from POST /api/upload/temp). */
export const UploadIdSchema = z.string({ required_error: "Image id is required", invalid_type_error: "Image id is required" }).uuid("Unknown image upload");

/** POST /api/upload/finalize: the temporary uploads to keep, one of them primary. */
export const FinalizeUploadsSchema = z.object({
  images: z
    .array(z.object({ id: UploadIdSchema, isPrimary: z.boolean().optional().default(false) }), {
      required_error: "images is required",
      invalid_type_error: "images must be a list",
    })
    .min(1, "Choose at least one image")
    .max(50, "At most 50 images at a time"),
});
export type FinalizeUploadsInput = z.infer<typeof FinalizeUploadsSchema>;

/** DELETE /api/upload/cleanup: temporary uploads to throw away after a failed save. */
export const CleanupUploadsSchema = z.object({
  tempIds: z
    .array(z.string().max(100), { required_error: "tempIds is required", invalid_type_error: "tempIds must be a list" })
    .max(100, "At most 100 uploads at a time"),
});
export type CleanupUploadsInput = z.infer<typeof CleanupUploadsSchema>;
