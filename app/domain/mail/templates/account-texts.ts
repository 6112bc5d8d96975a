/**
 * The words of the account e-mails, in English: welcome, points, password, address changes and
 * deletion. `{slot}`s are filled by the markup and the plain text alike; a second language is a
 * second object of this shape (texts.ts).
 */
export const ACCOUNT_MAIL_TEXT = {
  welcome: {
    subject: (storeName: string) => `Welcome to ${storeName}`,
    preview: "Your account is ready.",
    heading: (storeName: string) => `Welcome to ${storeName}`,
    body: "Your account is ready. Keep your favourite pieces, follow your orders and earn loyalty points on every purchase.",
    button: "Visit the shop",
  },
  pointsAwarded: {
    subject: (points: number) => `You received ${points} loyalty points`,
    preview: (balance: number) => `Your balance is now ${balance} points.`,
    heading: "A little thank-you",
    points: (points: number) => `${points} loyalty points`,
    body: "We added {points} to your account. Your balance is now {balance} points.",
    button: "See your points",
  },
  passwordReset: {
    subject: (firstPassword: boolean): string => (firstPassword ? "Set a password for your account" : "Reset your password"),
    preview: "The link works once, for one hour.",
    heading: (firstPassword: boolean): string => (firstPassword ? "Set a password" : "Reset your password"),
    body: (firstPassword: boolean) =>
      `Someone (we hope you) asked to ${firstPassword ? "set a password" : "reset your password"} for your account. The link below works once, for one hour.`,
    bodyText: (firstPassword: boolean) =>
      `Someone (we hope you) asked to ${firstPassword ? "set a password" : "reset your password"} for your account. This link works once, for one hour:`,
    button: (firstPassword: boolean): string => (firstPassword ? "Set a password" : "Choose a new password"),
    ignore: "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
  },
  verifyEmail: {
    subject: "Please confirm your e-mail address",
    preview: "One click, and your account is yours for sure.",
    heading: "Confirm your e-mail address",
    body: "Please confirm that this address belongs to you. The link works for 7 days.",
    bodyText: "Please confirm that this address belongs to you. This link works for 7 days:",
    button: "Confirm my address",
    ignore: (storeName: string) => `If you did not create an account at ${storeName}, ignore this e-mail: without the click, the address is not confirmed.`,
  },
  emailChanged: {
    subject: "The e-mail address of your account was changed",
    preview: (newEmail: string) => `From now on we write to ${newEmail}.`,
    heading: "Your e-mail address was changed",
    body: "The e-mail address of your account was changed to {email}. From now on, we write there.",
    undo: "If you did not make this change, undo it: your address comes back, every device is signed out and you choose a new password. The link works for 14 days.",
    undoText:
      "If you did not make this change, undo it: your address comes back, every device is signed out and you choose a new password. This link works for 14 days:",
    button: "This was not me: undo",
    yours: "If you made the change yourself, there is nothing to do.",
  },
  emailChangeConfirm: {
    subject: "Confirm your new e-mail address",
    preview: "The address of an account changes only when you confirm.",
    heading: "Confirm your new e-mail address",
    body: (storeName: string) =>
      `Someone (we hope you) asked to use this address for an account at ${storeName}. The address changes only when you open the link and confirm. The link works for 24 hours.`,
    bodyText: (storeName: string) =>
      `Someone (we hope you) asked to use this address for an account at ${storeName}. The address changes only when you open this link and confirm. It works for 24 hours:`,
    button: "Review and confirm",
    ignore: "If you did not ask for this, ignore this e-mail: nothing changes, and no account is linked to this address.",
  },
  deleteLink: {
    subject: "Confirm the deletion of your account",
    preview: "The link works once, for one hour.",
    heading: "Delete your account?",
    body: (storeName: string) =>
      `Someone (we hope you) asked to delete your account at ${storeName}. The link below opens a page where one more click deletes it. It works once, for one hour.`,
    bodyText: (storeName: string) =>
      `Someone (we hope you) asked to delete your account at ${storeName}. This link opens a page where one more click deletes it. It works once, for one hour:`,
    button: "Review and delete my account",
    ignore: "If you did not ask for this, ignore this e-mail: your account stays as it is.",
  },
  deleted: {
    subject: "Your account has been deleted",
    preview: "Your profile, favorites, cart and points are gone.",
    heading: "Your account has been deleted",
    body: (storeName: string) =>
      `As you asked, we deleted your account at ${storeName}: your profile, saved address, favorites, cart, loyalty points and back-in-stock requests, and every device was signed out.`,
    /** Empty when no order was kept. */
    kept: (ordersKept: number) =>
      ordersKept > 0
        ? `Your ${ordersKept === 1 ? "order stays" : `${ordersKept} orders stay`} with us for the accounting period the law asks of a shop, no longer linked to any account; the links in your order e-mails keep working.`
        : "",
    notYou: "If you did not ask for this, write to us at {email}.",
  },
};

export type AccountMailText = typeof ACCOUNT_MAIL_TEXT;
