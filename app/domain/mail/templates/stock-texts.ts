/**
 * The words of the back-in-stock e-mails, in English. `{slot}`s are filled by the markup and the
 * plain text alike; a second language is a second object of this shape (texts.ts).
 */
export const STOCK_MAIL_TEXT = {
  /** The item asked for: the product, with its colour or option when one was chosen. */
  item: (productTitle: string, optionLabel: string | null) => (optionLabel ? `${productTitle} (${optionLabel})` : productTitle),
  confirm: {
    subject: "Please confirm your back-in-stock e-mail",
    preview: "One click, and we write when it is back.",
    heading: "Confirm your request",
    body: "Someone asked us to e-mail this address when {item} is back in stock. If it was you, please confirm. The link works for 7 days.",
    bodyText: "Someone asked us to e-mail this address when {item} is back in stock. If it was you, please confirm. This link works for 7 days:",
    button: "Confirm",
    ignore: "If you did not ask, ignore this e-mail: without the click, we will not write again.",
  },
  back: {
    subject: (item: string) => `${item} is back in stock`,
    preview: "Handmade pieces go quickly.",
    heading: "It is back",
    body: "{item} is back in stock. Handmade pieces go quickly, so we wanted you to know first.",
    button: "See it in the shop",
    only: "You asked us to write when it returned; this was the only e-mail for it.",
    stop: "Stop all back-in-stock e-mails",
  },
};

export type StockMailText = typeof STOCK_MAIL_TEXT;
