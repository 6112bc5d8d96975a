/** Texts of the e-mail confirmation and undo pages (browser-safe: the pages import them). */

export const EMAIL_TOKEN_TEXT = {
  verify: {
    invalid: "This confirmation link is not valid. Sign in and ask for a new one.",
    used: "This confirmation link has already been used.",
    expired: "This confirmation link has expired (links work for 7 days). Sign in and ask for a new one.",
  },
  verified: "Thank you: your e-mail address is confirmed:",
  alreadyVerified: "Your e-mail address is already confirmed.",
  resent: "We have sent a new confirmation link, valid for 7 days, to",
  resendLimited: "We have sent several links in the last hour. Please check your inbox, or try again in an hour.",
  undo: {
    invalid: "This link is not valid.",
    used: "This link has already been used.",
    expired: "This link has expired (links work for 14 days). If you did not change your address, please contact the shop.",
  },
  undoTaken: "Another account uses that address now, so it cannot be restored. Please contact the shop.",
  undone: "Your e-mail address is restored, every device is signed out and the password is removed. Choose a new password now.",
  undoneShort: "Every device is signed out and the password is removed. Choose a new password now.",
  change: {
    invalid: "This link is not valid, or the address change it was for no longer applies.",
    used: "This link has already been used.",
    expired: "This link has expired (links work for 24 hours). Ask for the change again on your account page.",
  },
  changeConfirmed: "Your account now uses this address:",
  changeRequested: "We have sent a link to the new address. Your address changes when you open it and confirm.",
  changeLimited: "Too many e-mail address changes.",
} as const;
