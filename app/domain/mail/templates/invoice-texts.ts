/*
 * The words of the invoice e-mails, in English: the buyer's link to the invoice and the owner's
 * alert (always English). pl/invoice-texts.ts has the buyer's in Polish.
 */
export const INVOICE_MAIL_TEXT = {
  buyer: {
    subject: (number: string) => `Your invoice ${number}`,
    heading: "Your invoice",
    body: "Here is invoice {number} for order {order}, made out to {name}.",
    button: "Open the invoice",
    print: "The invoice page prints on A4; keep it or save it as a PDF.",
  },
  owner: {
    subject: (number: string, orderId: number) => `Invoice ${number} issued: order #${orderId}`,
    body: "Invoice {number} was issued for order {order} ({total}), made out to {name}.",
    business: (taxId: string) =>
      `The buyer gave a tax id (${taxId}): this is a business invoice, which must also be sent to KSeF, the national e-invoice system (mandatory from 1 April 2026; from 1 January 2027 for sellers whose invoices are under 10,000 zł a month). The shop's copy is for information: the invoice of record is the one in KSeF.`,
    button: "Open the invoice",
  },
};

export type InvoiceMailText = typeof INVOICE_MAIL_TEXT;
