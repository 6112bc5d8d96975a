import { z } from "zod";
import { PASSWORD_MIN } from "~/domain/auth/schemas";

/** The e-mail inputs: back-in-stock requests, forgot password and reset password (forms and API alike). */

export const MAIL_TEXT = {
  emailInvalid: "Please enter a valid email address",
  passwordShort: "Password must be at least 6 characters",
  passwordsDiffer: "Passwords do not match",
  forgotSent: "If an account exists for this address, we have sent it a link to reset the password. The link works for one hour.",
  resetInvalid: "This password reset link is not valid. Please ask for a new one.",
  resetUsed: "This password reset link has already been used. Please ask for a new one if you need to.",
  resetExpired: "This password reset link has expired (links work for one hour). Please ask for a new one.",
  resetDone: "Your password has been changed and you are signed in.",
  backInStockSaved: "We will e-mail you when it is back in stock.",
  backInStockUnknown: "This product does not exist.",
  backInStockUnknownOption: "This product has no such colour or option.",
  backInStockInStock: "This item is in stock: you can order it now.",
  unsubscribed: "You will get no more back-in-stock e-mails for this address.",
  unsubscribeInvalid: "This unsubscribe link is not valid.",
} as const;

const Email = z
  .string({ required_error: MAIL_TEXT.emailInvalid, invalid_type_error: MAIL_TEXT.emailInvalid })
  .trim()
  .min(1, MAIL_TEXT.emailInvalid)
  .max(254, MAIL_TEXT.emailInvalid)
  .email(MAIL_TEXT.emailInvalid);

const Id = (message: string) => z.number({ required_error: message, invalid_type_error: message }).int(message).positive(message).max(2 ** 31, message);

export const BackInStockSchema = z.object({
  productId: Id(MAIL_TEXT.backInStockUnknown),
  colorId: Id(MAIL_TEXT.backInStockUnknownOption).nullish(),
  variationCode: z.string().trim().regex(/^[A-Z]$/, MAIL_TEXT.backInStockUnknownOption).nullish(),
  email: Email,
});
export type BackInStockInput = z.infer<typeof BackInStockSchema>;

export const ForgotPasswordSchema = z.object({ email: Email });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z
  .object({
    token: z.string({ required_error: MAIL_TEXT.resetInvalid, invalid_type_error: MAIL_TEXT.resetInvalid }).trim().min(1, MAIL_TEXT.resetInvalid).max(200, MAIL_TEXT.resetInvalid),
    password: z
      .string({ required_error: MAIL_TEXT.passwordShort, invalid_type_error: MAIL_TEXT.passwordShort })
      .min(PASSWORD_MIN, MAIL_TEXT.passwordShort)
      .max(200, "Password must be at most 200 characters"),
    confirmPassword: z.string({ required_error: MAIL_TEXT.passwordsDiffer, invalid_type_error: MAIL_TEXT.passwordsDiffer }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MAIL_TEXT.passwordsDiffer, path: ["confirmPassword"] });
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/** The admin E-mails view (browser-safe: its component uses them). */
export const MAIL_INTENTS = { retry: "mail-retry" } as const;

export const MAIL_ADMIN_TEXT = {
  notConfigured: "E-mail is not configured",
  notConfiguredText: "SMTP_URL is not set, so messages wait in the outbox. They will be sent once it is set and the shop restarted.",
  retried: "The message will be sent again",
  notFailing: "Only a failing message can be sent again.",
} as const;
