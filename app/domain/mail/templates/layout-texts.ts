/**
 * The words every e-mail shares (the greeting, the footer), in English. A second language is a
 * second object of this shape (texts.ts); the markup in layout.tsx takes whichever it is given.
 */
export const LAYOUT_MAIL_TEXT = {
  /** The `lang` of the HTML document. */
  lang: "en",
  /** `name` is already cut to letters (names.ts); empty when nothing was left. */
  greeting: (name: string) => (name ? `Dear ${name},` : "Hello,"),
  seller: "Seller:",
};

export type LayoutMailText = typeof LAYOUT_MAIL_TEXT;
