import { z } from "zod";
import { PRIVACY_TEXT } from "~/domain/privacy/texts";

/**
 * Deleting one's own account: the current password for accounts that have one (the domain says
 * 400 when it is missing there, since the schema cannot know the account). Accounts without a
 * password send nothing and get the e-mailed link instead.
 */
export const DeleteAccountSchema = z.object({
  password: z.string({ invalid_type_error: PRIVACY_TEXT.passwordRequired }).max(200).optional(),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;

/** The e-mailed deletion link's token (the confirm page's hidden field). */
export const DeleteLinkSchema = z.object({
  token: z.string({ required_error: PRIVACY_TEXT.link.invalid }).trim().min(1, PRIVACY_TEXT.link.invalid).max(200, PRIVACY_TEXT.link.invalid),
});

/** The admin's deletion of a customer: the customer's e-mail typed again, as the confirmation. */
export const AdminDeleteSchema = z.object({
  email: z.string({ required_error: PRIVACY_TEXT.adminTypeEmail }).trim().min(1, PRIVACY_TEXT.adminTypeEmail).max(254),
});
