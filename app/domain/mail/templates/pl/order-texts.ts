import { leadTimeWeeks } from "~/domain/catalogue/made-to-order";
import { type LayoutMailText } from "~/domain/mail/templates/layout-texts";
import { type OrderMailText } from "~/domain/mail/templates/order-texts";
import { country, day, money } from "~/domain/mail/templates/pl/format";
import { WITHDRAWAL_DAYS } from "~/domain/withdrawals/rules";

/** The Polish of the words every e-mail shares and of the buyer's order e-mails (order-texts.ts has the English). */

export const LAYOUT_MAIL_TEXT_PL: LayoutMailText = {
  lang: "pl",
  greeting: (name: string) => (name ? `Dzień dobry, ${name}!` : "Dzień dobry!"),
  seller: "Sprzedawca:",
};

const REFUND_TERMS = "Anulowanie z pełnym zwrotem pieniędzy jest możliwe tylko wtedy, gdy zamówienie nie zostało jeszcze wysłane.";
const declinedLine = (orderId: number) => `Nie mogliśmy anulować zamówienia nr ${orderId}:`;

export const ORDER_MAIL_TEXT_PL: OrderMailText = {
  number: (orderId: number) => `nr ${orderId}`,
  price: money,
  questions: "Jeśli masz pytania, po prostu odpowiedz na tę wiadomość.",
  details: "Szczegóły zamówienia:",
  withdraw: `Zmiana decyzji? Możesz odstąpić od umowy w ciągu ${WITHDRAWAL_DAYS} dni od dostawy.`,
  withdrawLink: "Odstąp od umowy tutaj",

  parts: {
    yourOrder: "Twoje zamówienie",
    shippingTo: "Adres dostawy",
    yourMessage: "Twoja wiadomość",
    colour: (name: string) => `Kolor: ${name}`,
    optionSeparator: " · ",
    madeToOrder: (leadTimeDays: number) => {
      const n = leadTimeWeeks(leadTimeDays);
      return `Szyte na zamówienie: wysyłka w ciągu ${n === 1 ? "1 tygodnia" : `${n} tygodni`}`;
    },
    personalised: "Personalizowane: bez prawa odstąpienia od umowy",
    shipDate: (ymd: string, mixed: boolean) =>
      mixed
        ? `Zamówienie wyślemy w jednej paczce, gdy produkt szyty na zamówienie będzie gotowy, około ${day(ymd)}.`
        : `Produkt szyty na zamówienie wyślemy około ${day(ymd)}.`,
    quantity: (quantity: number, unitPrice: string) => `${quantity} × ${money(unitPrice)}`,
    quantityText: (quantity: number, unitPrice: string, price: string) => `${quantity} x ${money(unitPrice)} = ${money(price)}`,
    subtotal: "Suma częściowa",
    shipping: "Wysyłka",
    shippingName: (name: string) => `(${name})`,
    loyaltyDiscount: (points: number) => `Rabat za punkty lojalnościowe (${points} pkt)`,
    codeDiscount: (code: string) => `Kod rabatowy ${code}`,
    discount: (amount: string) => `−${money(amount)}`,
    discountText: (amount: string) => `-${money(amount)}`,
    total: "Razem",
    totalAmount: money,
    country,
  },

  confirmation: {
    subject: (orderId: number) => `Potwierdzenie zamówienia nr ${orderId}`,
    preview: (total: string) => `Otrzymaliśmy Twoją płatność: ${money(total)}. Przygotowujemy zamówienie.`,
    heading: "Dziękujemy za zamówienie",
    body: "Otrzymaliśmy płatność za zamówienie {order} i zaczynamy przygotowywać paczkę. Gdy ją wyślemy, dostaniesz kolejną wiadomość z numerem przesyłki.",
    button: "Zobacz zamówienie",
    keep: "Zachowaj tę wiadomość: jej link zawsze otworzy Twoje zamówienie, także bez konta: {link}",
    keepText: "Twoje zamówienie, dostępne zawsze (zachowaj ten link)",
    duties: "Kraj przeznaczenia może pobrać przy doręczeniu cło i podatki importowe. Nie są one wliczone w tę kwotę.",
  },
  shipped: {
    subject: (orderId: number) => `Zamówienie nr ${orderId} jest w drodze`,
    preview: (tracking: string) => `Numer przesyłki ${tracking}`,
    heading: "Twoja paczka jest w drodze",
    body: "Zamówienie {order} zostało wysłane priorytetową przesyłką poleconą (pocztą lotniczą).",
    tracking: "Numer przesyłki: {tracking}",
    button: "Śledź przesyłkę",
  },
  cancelled: {
    subject: (orderId: number) => `Zamówienie nr ${orderId} zostało anulowane`,
    heading: "Twoje zamówienie zostało anulowane",
    body: "Anulowaliśmy zamówienie {order}.",
    byBuyer: "Zgodnie z Twoją prośbą zamówienie {order} zostało anulowane.",
    expired: "Zamówienie {order} nie zostało opłacone na czas, więc zostało anulowane automatycznie.",
    refund: (total: string) => `${REFUND_TERMS} Twoje zamówienie nie zostało wysłane, więc cała kwota ${money(total)} wróci na Twoje konto PayPal.`,
    unpaid: "Zamówienie nie zostało opłacone, więc nic nie pobraliśmy.",
  },
  refunded: {
    subject: (amount: string, orderId: number) => `Zwrot ${money(amount)} za zamówienie nr ${orderId}`,
    heading: "Zwrot pieniędzy jest w drodze",
    body: (amount: string, orderId: number) =>
      `Zwróciliśmy ${money(amount)} za zamówienie nr ${orderId} na Twoje konto PayPal. PayPal zwykle pokazuje zwrot w ciągu kilku dni.`,
  },
  declined: {
    subject: (orderId: number) => `Twoja prośba o anulowanie zamówienia nr ${orderId}`,
    preview: (orderId: number, reason: string) => `${declinedLine(orderId)} ${reason}`,
    heading: "Nie mogliśmy anulować zamówienia",
    body: declinedLine,
  },
  requestReceived: {
    subject: (orderId: number) => `Otrzymaliśmy prośbę o anulowanie zamówienia nr ${orderId}`,
    preview: "Rozpatrzymy ją w ciągu 1–2 dni roboczych.",
    heading: "Otrzymaliśmy prośbę o anulowanie",
    body: "Otrzymaliśmy prośbę o anulowanie zamówienia {order} i rozpatrzymy ją w ciągu 1–2 dni roboczych.",
    terms: REFUND_TERMS,
  },
};
