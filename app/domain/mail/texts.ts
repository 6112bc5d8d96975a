/** Texts of the e-mail features (browser-safe: no zod here, the pages' components import them). */

export const MAIL_TEXT = {
  emailInvalid: "Please enter a valid email address",
  passwordShort: "Password must be at least 6 characters",
  passwordsDiffer: "Passwords do not match",
  forgotSent: "If an account exists for this address, we have sent it a link to reset the password. The link works for one hour.",
  resetInvalid: "This password reset link is not valid. Please ask for a new one.",
  resetUsed: "This password reset link has already been used. Please ask for a new one if you need to.",
  resetExpired: "This password reset link has expired (links work for one hour). Please ask for a new one.",
  resetDone: "Your password has been changed and you are signed in.",
  backInStockSaved: "Please confirm with the link we have e-mailed you. Then we will write when it is back in stock.",
  backInStockConfirmed: "We will e-mail you when it is back in stock.",
  backInStockConfirmInvalid: "This confirmation link is not valid or has expired. Please ask again on the product page.",
  backInStockLimited: "Too many back-in-stock requests.",
  backInStockUnknown: "This product does not exist.",
  backInStockUnknownOption: "This product has no such colour or option.",
  backInStockInStock: "This item is in stock: you can order it now.",
  unsubscribed: "You will get no more back-in-stock e-mails for this address.",
  unsubscribeInvalid: "This unsubscribe link is not valid.",
} as const;

/** The admin E-mails view (browser-safe: its component uses them). */
export const MAIL_INTENTS = { retry: "mail-retry" } as const;

export const MAIL_ADMIN_TEXT = {
  notConfigured: "E-mail is not configured",
  notConfiguredText: "SMTP_URL is not set, so messages wait in the outbox. They will be sent once it is set and the shop restarted.",
  retried: "The message will be sent again",
  notFailing: "Only a failing message can be sent again.",
} as const;
