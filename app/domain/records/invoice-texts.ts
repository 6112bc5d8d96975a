/*
 * The invoice's English texts: the refusals and field errors (orders.ts domainPl has their Polish)
 * and the invoice page's labels, which are Polish and English side by side on the one document.
 */

export const INVOICE_NAME_MAX = 200;
export const INVOICE_ADDRESS_MAX = 500;
export const INVOICE_TAX_ID_MAX = 20;

/** The exemption wording's default (settings key 'invoiceExemptionText'). */
export const DEFAULT_EXEMPTION_TEXT = "Zwolnione z VAT na podstawie art. 113 ust. 1 ustawy o VAT";

export const INVOICE_TEXT = {
  notPaid: "An invoice can only be issued for a paid order.",
  /** {date}: YYYY-MM-DD, the last day of the third month after the payment's month. */
  tooLate: "An invoice can be requested until {date}, the end of the third month after the payment.",
  orderNotFound: "Order not found",
  nameRequired: "Enter the name or company on the invoice.",
  nameTooLong: `The name may be at most ${INVOICE_NAME_MAX} characters.`,
  addressRequired: "Enter the address on the invoice.",
  addressTooLong: `The address may be at most ${INVOICE_ADDRESS_MAX} characters.`,
  taxIdInvalid: "Enter a Polish NIP (10 digits) or an EU VAT number such as DE123456789.",
} as const;

/** The invoice page's labels: Polish first, the English beside it. */
export const INVOICE_LABELS = {
  title: "Faktura / Invoice",
  number: "Numer / Number",
  seller: "Sprzedawca / Seller",
  buyer: "Nabywca / Buyer",
  taxId: "NIP / VAT ID",
  issueDate: "Data wystawienia / Issue date",
  saleDate: "Data sprzedaży / Date of sale",
  item: "Nazwa / Description",
  quantity: "Ilość / Qty",
  unitGross: "Cena brutto / Unit price",
  discount: "Rabat / Discount",
  lineGross: "Wartość brutto / Amount",
  shipping: "Wysyłka / Shipping",
  total: "Razem do zapłaty / Total (USD)",
  paid: "Zapłacono / Paid",
  vatRate: "Stawka VAT / VAT rate",
  net: "Netto / Net",
  vat: "VAT",
  gross: "Brutto / Gross",
  nbpRate: "Kurs NBP / NBP rate",
  exemption: "Podstawa zwolnienia / VAT exemption",
  ksefNote:
    "Faktura dla firmy musi być także przesłana do KSeF (Krajowy System e-Faktur). / A business invoice must also be sent to KSeF, the national e-invoice system (mandatory from 1 April 2026; from 1 January 2027 for sellers whose invoices are under 10,000 zł a month).",
  forInformation: "Do wiadomości — fakturą jest dokument w KSeF. / For information — the invoice of record is the one in KSeF.",
  print: "Drukuj / Print",
} as const;
