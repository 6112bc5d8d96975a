import { z } from "zod";
import { EMAIL_TOKEN_TEXT } from "~/domain/auth/email-texts";

/** The link token of the e-mail confirmation and undo pages, and of their API calls. */
export const EmailTokenSchema = z.object({
  token: z
    .string({ required_error: EMAIL_TOKEN_TEXT.undo.invalid, invalid_type_error: EMAIL_TOKEN_TEXT.undo.invalid })
    .trim()
    .min(1, EMAIL_TOKEN_TEXT.undo.invalid)
    .max(200, EMAIL_TOKEN_TEXT.undo.invalid),
});
export type EmailTokenInput = z.infer<typeof EmailTokenSchema>;
