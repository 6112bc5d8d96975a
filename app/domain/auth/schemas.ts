import { z } from "zod";
import { isCountryCode } from "~/domain/common/countries";

/** Schemas and texts of login, registration and the profile. */
export const AUTH_TEXT = {
  missingBoth: "Please enter both email and password",
  invalidEmail: "Invalid email address",
  passwordRequired: "Password is required",
  passwordShort: "Password must be at least 6 characters",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  emailInvalidProfile: "Please enter a valid email address",
  invalidCredentials: "Invalid credentials",
  emailTaken: "An account with this email already exists",
} as const;

export const PASSWORD_MIN = 6;
const PASSWORD_MAX = 200;
const NAME_MAX = 100;

const LoginEmail = z
  .string({ required_error: AUTH_TEXT.missingBoth, invalid_type_error: AUTH_TEXT.invalidEmail })
  .trim()
  .min(1, AUTH_TEXT.missingBoth)
  .max(254, AUTH_TEXT.invalidEmail)
  .email(AUTH_TEXT.invalidEmail);

export const LoginSchema = z.object({
  email: LoginEmail,
  password: z
    .string({ required_error: AUTH_TEXT.passwordRequired, invalid_type_error: AUTH_TEXT.passwordRequired })
    .min(1, AUTH_TEXT.passwordRequired)
    .max(PASSWORD_MAX, AUTH_TEXT.invalidCredentials),
});
export type LoginInput = z.infer<typeof LoginSchema>;

const RequiredName = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(NAME_MAX, `At most ${NAME_MAX} characters`);

export const RegisterSchema = z.object({
  email: z
    .string({ required_error: AUTH_TEXT.invalidEmail, invalid_type_error: AUTH_TEXT.invalidEmail })
    .trim()
    .max(254, AUTH_TEXT.invalidEmail)
    .email(AUTH_TEXT.invalidEmail),
  password: z
    .string({ required_error: AUTH_TEXT.passwordShort, invalid_type_error: AUTH_TEXT.passwordShort })
    .min(PASSWORD_MIN, AUTH_TEXT.passwordShort)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  firstName: RequiredName(AUTH_TEXT.firstNameRequired),
  lastName: RequiredName(AUTH_TEXT.lastNameRequired),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** The checkout's "create an account" call: the same rules, with the spec's createAccount flag. */
export const RegisterCheckoutSchema = RegisterSchema.extend({
  createAccount: z.literal(true, { errorMap: () => ({ message: "createAccount must be true" }) }).optional(),
});

const OptionalText = z.string().trim().max(NAME_MAX, `At most ${NAME_MAX} characters`).nullish();

export const ProfileSchema = z.object({
  email: z
    .string({ required_error: AUTH_TEXT.emailRequired, invalid_type_error: AUTH_TEXT.emailRequired })
    .trim()
    .min(1, AUTH_TEXT.emailRequired)
    // Only a present e-mail is checked for its form, so an empty one gets one message.
    .pipe(z.string().max(254, AUTH_TEXT.emailInvalidProfile).email(AUTH_TEXT.emailInvalidProfile)),
  firstName: OptionalText,
  lastName: OptionalText,
  shippingFirstName: OptionalText,
  shippingLastName: OptionalText,
  shippingAddressLine1: z.string().trim().max(200, "At most 200 characters").nullish(),
  shippingAddressLine2: z.string().trim().max(200, "At most 200 characters").nullish(),
  shippingCity: OptionalText,
  shippingState: OptionalText,
  shippingPostalCode: z.string().trim().max(20, "At most 20 characters").nullish(),
  shippingCountry: z
    .string({ invalid_type_error: "Choose a country from the list" })
    .refine((value) => value === "" || isCountryCode(value), "Choose a country from the list")
    .nullish(),
  /** Asked only when the e-mail address changes: the proof that the owner is here, not just a session. */
  currentPassword: z.string().max(PASSWORD_MAX).nullish(),
  code: z.string().trim().max(40, "That code is not valid").nullish(),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

export { PROFILE_FIELDS } from "~/domain/auth/profile-fields";

export const SECURITY_TEXT = {
  currentPasswordRequired: "Enter your current password",
  currentPasswordWrong: "Your current password is not correct",
  passwordsDiffer: "Passwords do not match",
  passwordChanged: "Password changed. You were signed out on every other device.",
  signedOutEverywhere: "You were signed out on every device.",
  codeRequired: "Enter the code from your authenticator app",
  setPasswordByLink: "Your account has no password yet. Set one with the link we e-mail to your address.",
  passwordLinkSent: "We have sent a link to set a password to",
} as const;

const NewPassword = z
  .string({ required_error: AUTH_TEXT.passwordShort, invalid_type_error: AUTH_TEXT.passwordShort })
  .min(PASSWORD_MIN, AUTH_TEXT.passwordShort)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** The account page's password change (current password required when the account has one). */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX).optional(),
    newPassword: NewPassword,
    confirmPassword: z.string({ required_error: SECURITY_TEXT.passwordsDiffer }).max(PASSWORD_MAX),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: SECURITY_TEXT.passwordsDiffer, path: ["confirmPassword"] });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** A six-digit TOTP code or a recovery code (xxxxx-xxxxx), as typed (spaces allowed). */
export const SecondFactorSchema = z.object({
  code: z
    .string({ required_error: "Enter the code from your authenticator app" })
    .trim()
    .min(1, "Enter the code from your authenticator app")
    .max(40, "That code is not valid"),
});

/** Turning the second factor on: the code from the new secret and the current password. */
export const EnableSecondFactorSchema = SecondFactorSchema.extend({
  currentPassword: z.string().max(PASSWORD_MAX).nullish(),
});
