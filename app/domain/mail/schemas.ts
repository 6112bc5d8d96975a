import { z } from "zod";
import { PASSWORD_MIN } from "~/domain/auth/schemas";
import { MAIL_TEXT } from "~/domain/mail/texts";

export { MAIL_TEXT };

/** The e-mail inputs: back-in-stock requests, forgot password and reset password (forms and API alike). */

const Email = z
  .string({ required_error: MAIL_TEXT.emailInvalid, invalid_type_error: MAIL_TEXT.emailInvalid })
  .trim()
  .min(1, MAIL_TEXT.emailInvalid)
  .max(254, MAIL_TEXT.emailInvalid)
  .email(MAIL_TEXT.emailInvalid);

const Id = (message: string) =>
  z
    .number({ required_error: message, invalid_type_error: message })
    .int(message)
    .positive(message)
    .max(2 ** 31, message);

export const BackInStockSchema = z.object({
  productId: Id(MAIL_TEXT.backInStockUnknown),
  colorId: Id(MAIL_TEXT.backInStockUnknownOption).nullish(),
  variationCode: z
    .string()
    .trim()
    .regex(/^[A-Z]$/, MAIL_TEXT.backInStockUnknownOption)
    .nullish(),
  email: Email,
});
export type BackInStockInput = z.infer<typeof BackInStockSchema>;

export const ForgotPasswordSchema = z.object({ email: Email });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z
  .object({
    token: z
      .string({ required_error: MAIL_TEXT.resetInvalid, invalid_type_error: MAIL_TEXT.resetInvalid })
      .trim()
      .min(1, MAIL_TEXT.resetInvalid)
      .max(200, MAIL_TEXT.resetInvalid),
    password: z
      .string({ required_error: MAIL_TEXT.passwordShort, invalid_type_error: MAIL_TEXT.passwordShort })
      .min(PASSWORD_MIN, MAIL_TEXT.passwordShort)
      .max(200, "Password must be at most 200 characters"),
    confirmPassword: z.string({ required_error: MAIL_TEXT.passwordsDiffer, invalid_type_error: MAIL_TEXT.passwordsDiffer }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MAIL_TEXT.passwordsDiffer, path: ["confirmPassword"] });
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;
