import { type Translation } from "./types";

/** The frame of the terms and the privacy policy (their text is the owner's, per language). */
export const en = {
  "legal.terms.title": "Terms & Conditions",
  "legal.terms.description": "Payment, shipping, cancellation and returns.",
  "legal.privacy.title": "Privacy Policy",
  "legal.privacy.description": "Which personal data the shop keeps, why and for how long, the cookies it sets, and your rights.",
  "legal.sellerDetails": "Seller details",
} as const;

export const pl: Translation<typeof en> = {
  "legal.terms.title": "Regulamin",
  "legal.terms.description": "Płatność, wysyłka, anulowanie zamówienia i zwroty.",
  "legal.privacy.title": "Polityka prywatności",
  "legal.privacy.description": "Jakie dane osobowe przechowuje sklep, w jakim celu i jak długo, jakie pliki cookie ustawia i jakie masz prawa.",
  "legal.sellerDetails": "Dane sprzedawcy",
};
