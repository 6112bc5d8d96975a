/* A credit note as issued (invoices.snapshot of a 'credit' row) and its page's labels; browser-safe. */

export interface CreditNoteSnapshot {
  number: string;
  orderId: number;
  /** YYYY-MM-DD, Warsaw. */
  issueDate: string;
  /** The corrected invoice's date of sale. */
  saleDate: string;
  corrects: { number: string; issueDate: string; saleDate: string };
  seller: { legalName: string; address: string; vatLine: string };
  buyer: { name: string; address: string; taxId: string | null };
  currency: "USD";
  reason: "return" | "cancel" | "refund";
  /** The returned lines with what their units were paid; null when the refund was an amount only. */
  lines: { title: string; quantity: number; paidCents: number }[] | null;
  /** The refunded amount (gross), in cents. */
  amountCents: number;
  /** The tax share of the amount, in proportion to the invoice's tax; null when the invoice had none. */
  tax: { regime: string | null; country: string | null; rateBp: number; taxCents: number; netCents: number } | null;
  /** At the invoice's NBP rate; null when the invoice had none. */
  pln: { table: string; date: string; mid: number; amountGrosze: number; taxGrosze: number } | null;
}

/** The page's labels: Polish first, the English beside it (one document for both). */
export const CREDIT_NOTE_LABELS = {
  title: "Faktura korygująca / Credit note",
  number: "Numer / Number",
  corrects: "Koryguje fakturę / Corrects invoice",
  ofDate: "z dnia / of",
  seller: "Sprzedawca / Seller",
  buyer: "Nabywca / Buyer",
  taxId: "NIP / VAT ID",
  issueDate: "Data wystawienia / Issue date",
  saleDate: "Data sprzedaży / Date of sale",
  order: "Zamówienie / Order",
  reason: "Przyczyna korekty / Reason for the correction",
  reasons: {
    return: "Zwrot towaru i zwrot zapłaty / Goods returned and the payment refunded",
    cancel: "Anulowanie zamówienia i zwrot zapłaty / Order cancelled and the payment refunded",
    refund: "Zwrot części lub całości zapłaty / Part or all of the payment refunded",
  },
  item: "Nazwa / Description",
  quantity: "Ilość / Qty",
  paid: "Wartość brutto / Amount",
  amountOnly: "Korekta kwoty (bez pozycji) / Amount only (no lines)",
  amount: "Kwota korekty brutto / Correction (gross, USD)",
  vatRate: "Stawka VAT / VAT rate",
  net: "Netto / Net",
  vat: "VAT",
  nbpRate: "Kurs NBP / NBP rate",
  pln: "Kwota korekty w PLN / Correction in PLN",
  print: "Drukuj / Print",
} as const;
