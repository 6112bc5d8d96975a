/** Wording of the data-rights pages, e-mails and answers (browser-safe). */
export const PRIVACY_TEXT = {
  deleted: "Your account has been deleted.",
  passwordRequired: "Enter your current password",
  passwordWrong: "Your current password is not correct",
  tooManyTries: "Too many password attempts.",
  lastAdmin: "This is the shop's last admin account, so it cannot be deleted. Make another account an admin first.",
  linkSent: "We sent a confirmation link to your e-mail address. Open it within an hour to delete your account.",
  linkLimited: "We already sent you several links this hour. Please use the newest one, or try again later.",
  hasPassword: "This account has a password: confirm the deletion with it.",
  link: {
    invalid: "This link is not valid. Ask for a new one on the Your data page.",
    used: "This link has already been used.",
    expired: "This link has expired. Ask for a new one on the Your data page.",
  },
  adminOnlyCustomers: "Admin accounts are not deleted from the Users tab: the admin deletes it from their own account page.",
  adminTypeEmail: "Type the customer's e-mail address exactly to confirm",
  adminDeleted: "Customer account deleted",
  notFound: "Account not found",
  exportLimited: "You have already downloaded your data several times this hour.",
  exportLimitedTitle: "Download not available right now",
  exportAbout:
    "Everything Little Stitches Atelier keeps about your account, as of exportedAt. Orders stay with the shop for the accounting period even after the account is deleted. Passwords, second-factor secrets and sign-in links are never exported.",
} as const;

export const DELETE_INTENTS = { withPassword: "delete-account", sendLink: "send-delete-link" } as const;

/** The download's file name: my-data-YYYY-MM-DD.json (UTC day of the export). */
export function exportFileName(exportedAt: string): string {
  return `my-data-${exportedAt.slice(0, 10)}.json`;
}
