import { INVOICE_MAIL_TEXT, type InvoiceMailText } from "~/domain/mail/templates/invoice-texts";

/** The Polish of the buyer's invoice e-mail; the owner's alert stays English. */
export const INVOICE_MAIL_TEXT_PL: InvoiceMailText = {
  buyer: {
    subject: (number: string) => `Twoja faktura ${number}`,
    heading: "Twoja faktura",
    body: "Oto faktura {number} do zamówienia {order}, wystawiona na: {name}.",
    button: "Otwórz fakturę",
    print: "Strona faktury drukuje się na A4; zachowaj ją lub zapisz jako PDF.",
  },
  owner: INVOICE_MAIL_TEXT.owner,
};
