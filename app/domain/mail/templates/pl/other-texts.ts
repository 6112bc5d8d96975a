import { type ReviewMailText } from "~/domain/mail/templates/reviews-texts";
import { type StockMailText } from "~/domain/mail/templates/stock-texts";
import { WITHDRAWAL_MAIL_TEXT, type WithdrawalMailText } from "~/domain/mail/templates/withdrawal-texts";
import { dayAndTime } from "~/domain/mail/templates/pl/format";

/** The Polish of the withdrawal receipt, the review request and the back-in-stock e-mails (the *-texts.ts beside have the English). */

const NEXT_BEFORE_SHIPPING =
  "Twoje zamówienie nie zostało jeszcze wysłane, więc je anulujemy i w ciągu 14 dni zwrócimy całą kwotę, razem z kosztem wysyłki, na Twoje konto PayPal. Nie musisz robić nic więcej.";
const NEXT_AFTER_SHIPPING =
  "Prosimy odesłać nam produkty w ciągu 14 dni. Cenę produktów i zapłacony koszt standardowej wysyłki zwrócimy w ciągu 14 dni od otrzymania odstąpienia; możemy wstrzymać zwrot do chwili otrzymania produktów albo dowodu ich nadania. Koszt odesłania ponosisz Ty.";
const exempt = (titles: string[]) =>
  `Odstąpienie nie obejmuje: ${titles.join(", ")}. Produkty wykonane według Twoich wymiarów lub wyborów nie podlegają prawu odstąpienia od umowy i pozostają częścią zamówienia; wszystko poniżej dotyczy pozostałych produktów.`;

/** What happens next (withdrawals/rules.ts nextSteps, in Polish). */
function nextSteps(shipped: boolean, exemptTitles: string[] = []): string {
  const next = shipped ? NEXT_AFTER_SHIPPING : NEXT_BEFORE_SHIPPING;
  if (exemptTitles.length === 0) return next;
  return shipped
    ? `${exempt(exemptTitles)} ${next}`
    : `${exempt(exemptTitles)} Wyślemy Ci tylko produkty personalizowane, a cenę pozostałych zwrócimy na Twoje konto PayPal w ciągu 14 dni.`;
}

export const WITHDRAWAL_MAIL_TEXT_PL: WithdrawalMailText = {
  receivedAt: dayAndTime,
  nextSteps,
  // The owner's alert and reminder stay English: only the customer's receipt is in her language.
  ownerNextSteps: WITHDRAWAL_MAIL_TEXT.ownerNextSteps,
  ownerTodo: WITHDRAWAL_MAIL_TEXT.ownerTodo,
  received: {
    subject: (orderId: number) => `Otrzymaliśmy Twoje odstąpienie od umowy (zamówienie nr ${orderId})`,
    heading: "Otrzymaliśmy Twoje odstąpienie od umowy",
    body: "Twoje oświadczenie o odstąpieniu od umowy dotyczącej zamówienia {order} otrzymaliśmy {when}.",
    kept: "Przechowujemy je razem z zamówieniem.",
    seen: "Twoje odstąpienie w postaci, w jakiej je otrzymaliśmy, razem z oświadczeniem: {link}",
    next: "Co dalej",
    sendTo: "Produkty prosimy odesłać na adres:",
    theOrder: "Zamówienie",
    keep: "Zachowaj tę wiadomość: to Twoje potwierdzenie. Twoje zamówienie: {link}",
  },
  owner: WITHDRAWAL_MAIL_TEXT.owner,
  reminder: WITHDRAWAL_MAIL_TEXT.reminder,
};

export const REVIEW_MAIL_TEXT_PL: ReviewMailText = {
  subject: (titles: string[]) => (titles.length === 1 ? `Jak oceniasz: ${titles[0]}?` : "Jak oceniasz swoje zakupy?"),
  preview: "Kilka słów pomoże innym kolekcjonerom w wyborze.",
  heading: (count: number) => (count === 1 ? "Jak Ci się podoba?" : "Jak Ci się podobają?"),
  body: (orderId: number, count: number) =>
    `Twoje zamówienie nr ${orderId} dotarło. Jeśli masz chwilę, kilka słów i zdjęcie lalki ${count === 1 ? "w nowym stroju" : "w nowych strojach"} pomogą innym kolekcjonerom w wyborze. Opinie mogą wystawiać tylko kupujący, a każdą czytamy przed publikacją.`,
  review: (title: string) => `Napisz opinię: ${title}`,
  only: "To jedyna wiadomość, jaką wysyłamy w sprawie tego zamówienia.",
  stop: "Nie chcę próśb o opinie",
};

export const STOCK_MAIL_TEXT_PL: StockMailText = {
  item: (productTitle: string, optionLabel: string | null) => (optionLabel ? `${productTitle} (${optionLabel})` : productTitle),
  confirm: {
    subject: "Potwierdź powiadomienie o dostępności",
    preview: "Jedno kliknięcie, a napiszemy, gdy produkt wróci.",
    heading: "Potwierdź prośbę",
    body: "Ktoś poprosił, żebyśmy napisali na ten adres, gdy produkt {item} znów będzie dostępny. Jeśli to Ty, potwierdź prośbę. Link działa przez 7 dni.",
    bodyText:
      "Ktoś poprosił, żebyśmy napisali na ten adres, gdy produkt {item} znów będzie dostępny. Jeśli to Ty, potwierdź prośbę. Ten link działa przez 7 dni:",
    button: "Potwierdzam",
    ignore: "Jeśli to nie Ty, zignoruj tę wiadomość: bez kliknięcia więcej nie napiszemy.",
  },
  back: {
    subject: (item: string) => `Znów dostępne: ${item}`,
    preview: "Rzeczy szyte ręcznie szybko znikają.",
    heading: "Znów dostępne",
    body: "Produkt {item} znów jest dostępny. Rzeczy szyte ręcznie szybko znikają, dlatego dajemy znać od razu.",
    button: "Zobacz w sklepie",
    only: "To jedyna wiadomość w sprawie tej prośby.",
    stop: "Wyłącz wszystkie powiadomienia o dostępności",
  },
};
