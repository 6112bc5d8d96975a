import { type Translation } from "./types";

/** The withdrawal function (/withdrawal, /withdrawal/received) and the order pages' withdrawal card. */
export const en = {
  "withdrawal.title": "Withdraw from contract",
  "withdrawal.metaDescription": "Withdraw from your purchase within {days} days of delivery: two short steps, no account needed.",
  "withdrawal.intro":
    "You may withdraw from your purchase without giving any reason within {days} days of delivery, and at any time before your order ships. We send the receipt to the e-mail address of the order.",
  "withdrawal.periodNote":
    "The period counts from the day your parcel was delivered. Where we have no delivery date, it counts from the day we shipped plus {days} days, the longest delivery time to anywhere we ship.",
  "withdrawal.stepOne": "Step 1 of 2: your order",
  "withdrawal.notAccepted": "We could not accept this withdrawal",
  "withdrawal.periodOver": "The withdrawal period is over",
  "withdrawal.periodOverText":
    "Order #{id} was delivered more than {days} days ago, so it can no longer be withdrawn from here. If you think this is wrong, please write to us.",
  "withdrawal.orderNumber": "Order number",
  "withdrawal.orderNumberHint": "The number after # in your order e-mail, for example 1042.",
  "withdrawal.email": "E-mail address used for the order",
  "withdrawal.yourName": "Your name",
  "withdrawal.statementLabel": "Statement (optional)",
  "withdrawal.statementHint": 'For example: "I hereby withdraw from my contract for the sale of these goods." You do not have to give a reason.',
  "withdrawal.checking": "Checking...",
  "withdrawal.continue": "Continue",
  "withdrawal.name": "Name",
  "withdrawal.yourStatement": "Your statement",
  "withdrawal.byMail":
    "We show the order's items and total only in the receipt we send to the order's e-mail address, or here when you are signed in to the account that placed it.",
  "withdrawal.stepTwo": "Step 2 of 2: check and confirm",
  "withdrawal.stepTwoText": "You are withdrawing from the contract for this order. Nothing is sent until you confirm.",
  "withdrawal.whatNext": "What happens next",
  "withdrawal.sending": "Sending...",
  "withdrawal.confirmButton": "Confirm withdrawal",
  "withdrawal.changeDetails": "Change the details",
  "withdrawal.confirmLabel": "Confirm withdrawal",
  "withdrawal.receivedTitle": "Withdrawal received",
  "withdrawal.receivedHeading": "Your withdrawal is received",
  "withdrawal.receivedAt": "We received your withdrawal from order #{id} on {when}.",
  "withdrawal.sentBody":
    "We have sent the receipt to the e-mail address of the order. It lists the order's items, the date and time we received your withdrawal and what happens next, and its link shows your withdrawal here. Keep it: it is your proof.",
  "withdrawal.backToShop": "Back to the shop",
  "withdrawal.heading": "Withdrawal",
  "withdrawal.receiptNotFound": "Receipt not found",
  "withdrawal.receiptInvalid": "This receipt link is not valid. Your withdrawal, if you sent one, is in the e-mail we sent you.",
  "withdrawal.receiptSent": "We have sent a receipt to the e-mail address of the order. Keep it: it records the date and time.",
  "withdrawal.handled": "We have handled your withdrawal.",
  "withdrawal.nextBeforeShipping":
    "Your order has not shipped yet, so we will cancel it and refund the full amount, shipping included, to your PayPal account within 14 days. You do not need to do anything else.",
  "withdrawal.nextAfterShipping":
    "Please send the items back to us within 14 days. We will refund the price of the items and the standard shipping you paid within 14 days of receiving your withdrawal; we may wait until the items are back or you have sent us proof of posting. The cost of sending them back is yours.",
  "withdrawal.exempt":
    "Not covered by the withdrawal: {titles}. Made to your own measurements or choices, these pieces are exempt from the right of withdrawal and stay part of your order; everything below refers to the other items.",
  "withdrawal.exemptBeforeShipping":
    "We will send you the personalised pieces only, and refund the price of the other items to your PayPal account within 14 days.",
  "withdrawal.dateAt": "{date} at {time} UTC",
  // The order pages' withdrawal card and the summary.
  "withdrawal.cardReceived": "We received your withdrawal on {date}.",
  "withdrawal.cardHandled": "Handled on {date}: the refund is on its way to your PayPal account.",
  "withdrawal.cardHandling": "We are handling it: the receipt in your inbox says what happens next.",
  "withdrawal.cardMay": "You may withdraw from this purchase without giving a reason within {days} days of delivery.",
  "withdrawal.placed": "Placed",
  "withdrawal.totalPaid": "Total paid (shipping included)",
} as const;

export const pl: Translation<typeof en> = {
  "withdrawal.title": "Odstąpienie od umowy",
  "withdrawal.metaDescription": "Odstąp od umowy w ciągu {days} dni od dostawy: dwa krótkie kroki, bez zakładania konta.",
  "withdrawal.intro":
    "Możesz odstąpić od umowy bez podania przyczyny w ciągu {days} dni od dostawy, a także w dowolnym momencie przed wysłaniem zamówienia. Potwierdzenie wysyłamy na adres e-mail podany w zamówieniu.",
  "withdrawal.periodNote":
    "Termin liczy się od dnia doręczenia paczki. Jeśli nie znamy daty doręczenia, liczy się od dnia wysyłki powiększonego o {days} dni, czyli najdłuższy czas dostawy do dowolnego kraju, do którego wysyłamy.",
  "withdrawal.stepOne": "Krok 1 z 2: Twoje zamówienie",
  "withdrawal.notAccepted": "Nie mogliśmy przyjąć tego odstąpienia",
  "withdrawal.periodOver": "Termin na odstąpienie minął",
  "withdrawal.periodOverText":
    "Zamówienie nr {id} zostało dostarczone ponad {days} dni temu, więc nie można już od niego odstąpić w tym miejscu. Jeśli uważasz, że to pomyłka, napisz do nas.",
  "withdrawal.orderNumber": "Numer zamówienia",
  "withdrawal.orderNumberHint": "Liczba po znaku # w e-mailu z zamówieniem, na przykład 1042.",
  "withdrawal.email": "Adres e-mail podany w zamówieniu",
  "withdrawal.yourName": "Imię i nazwisko",
  "withdrawal.statementLabel": "Oświadczenie (opcjonalnie)",
  "withdrawal.statementHint": "Na przykład: „Niniejszym odstępuję od umowy sprzedaży tych rzeczy”. Nie musisz podawać przyczyny.",
  "withdrawal.checking": "Sprawdzanie...",
  "withdrawal.continue": "Dalej",
  "withdrawal.name": "Imię i nazwisko",
  "withdrawal.yourStatement": "Twoje oświadczenie",
  "withdrawal.byMail":
    "Produkty i kwotę zamówienia pokazujemy tylko w potwierdzeniu wysyłanym na adres e-mail zamówienia albo tutaj, gdy zalogujesz się na konto, z którego złożono zamówienie.",
  "withdrawal.stepTwo": "Krok 2 z 2: sprawdź i potwierdź",
  "withdrawal.stepTwoText": "Odstępujesz od umowy dotyczącej tego zamówienia. Nic nie zostanie wysłane, dopóki nie potwierdzisz.",
  "withdrawal.whatNext": "Co dalej",
  "withdrawal.sending": "Wysyłanie...",
  "withdrawal.confirmButton": "Potwierdź odstąpienie",
  "withdrawal.changeDetails": "Zmień dane",
  "withdrawal.confirmLabel": "Potwierdź odstąpienie",
  "withdrawal.receivedTitle": "Odstąpienie przyjęte",
  "withdrawal.receivedHeading": "Otrzymaliśmy Twoje odstąpienie",
  "withdrawal.receivedAt": "Otrzymaliśmy Twoje odstąpienie od zamówienia nr {id} dnia {when}.",
  "withdrawal.sentBody":
    "Wysłaliśmy potwierdzenie na adres e-mail zamówienia. Zawiera ono produkty z zamówienia, datę i godzinę otrzymania odstąpienia oraz informację, co dalej, a jego link pokazuje tutaj Twoje odstąpienie. Zachowaj je: to Twój dowód.",
  "withdrawal.backToShop": "Wróć do sklepu",
  "withdrawal.heading": "Odstąpienie od umowy",
  "withdrawal.receiptNotFound": "Nie znaleziono potwierdzenia",
  "withdrawal.receiptInvalid": "Ten link do potwierdzenia jest nieprawidłowy. Jeśli wysłano odstąpienie, znajdziesz je w e-mailu od nas.",
  "withdrawal.receiptSent": "Wysłaliśmy potwierdzenie na adres e-mail zamówienia. Zachowaj je: zawiera datę i godzinę.",
  "withdrawal.handled": "Twoje odstąpienie zostało rozpatrzone.",
  "withdrawal.nextBeforeShipping":
    "Twoje zamówienie nie zostało jeszcze wysłane, więc anulujemy je i zwrócimy całą kwotę, łącznie z kosztami wysyłki, na Twoje konto PayPal w ciągu 14 dni. Nie musisz robić nic więcej.",
  "withdrawal.nextAfterShipping":
    "Odeślij nam produkty w ciągu 14 dni. Zwrócimy cenę produktów i koszt standardowej wysyłki w ciągu 14 dni od otrzymania odstąpienia; możemy wstrzymać się ze zwrotem do chwili otrzymania produktów lub dowodu ich nadania. Koszt odesłania produktów ponosisz Ty.",
  "withdrawal.exempt":
    "Odstąpienie nie obejmuje: {titles}. Te elementy, wykonane według Twoich wymiarów lub wyborów, są wyłączone z prawa odstąpienia i pozostają częścią zamówienia; wszystko poniżej dotyczy pozostałych produktów.",
  "withdrawal.exemptBeforeShipping": "Wyślemy Ci tylko elementy personalizowane, a cenę pozostałych produktów zwrócimy na Twoje konto PayPal w ciągu 14 dni.",
  "withdrawal.dateAt": "{date}, godz. {time} UTC",
  "withdrawal.cardReceived": "Otrzymaliśmy Twoje odstąpienie dnia {date}.",
  "withdrawal.cardHandled": "Rozpatrzone dnia {date}: zwrot pieniędzy jest w drodze na Twoje konto PayPal.",
  "withdrawal.cardHandling": "Rozpatrujemy je: w potwierdzeniu w Twojej skrzynce znajdziesz informację, co dalej.",
  "withdrawal.cardMay": "Możesz odstąpić od tego zakupu bez podania przyczyny w ciągu {days} dni od dostawy.",
  "withdrawal.placed": "Złożone",
  "withdrawal.totalPaid": "Zapłacono łącznie (z wysyłką)",
};

/** The withdrawal's field errors and refusals (domain/withdrawals), in Polish. */
export const domainPl: Readonly<Record<string, string>> = {
  "We could not find an order with this number and e-mail address.": "Nie znaleźliśmy zamówienia o tym numerze i adresie e-mail.",
  "Please enter your order number (the digits after #)": "Podaj numer zamówienia (cyfry po znaku #)",
  "Please enter the e-mail address you used for the order": "Podaj adres e-mail użyty w zamówieniu",
  "Please enter your name": "Podaj imię i nazwisko",
  "Your name must be {max} characters or less": "Imię i nazwisko może mieć najwyżej {max} znaków",
  "The statement must be {max} characters or less": "Oświadczenie może mieć najwyżej {max} znaków",
  "Too many withdrawal requests from your network.": "Zbyt wiele zgłoszeń odstąpienia z Twojej sieci.",
  "Too many tries with this order number or e-mail address (you may also withdraw by writing to us: an e-mail saying so is enough).":
    "Zbyt wiele prób z tym numerem zamówienia lub adresem e-mail (możesz też odstąpić od umowy, pisząc do nas: wystarczy e-mail z takim oświadczeniem).",
  "The withdrawal period for order #{id} ended on {date} (14 days after delivery), so it can no longer be withdrawn from here. Nothing was recorded. If you think this is wrong, please write to us.":
    "Termin na odstąpienie od zamówienia nr {id} minął {date} (14 dni po dostawie), więc nie można już od niego odstąpić w tym miejscu. Nic nie zostało zapisane. Jeśli uważasz, że to pomyłka, napisz do nas.",
  "Order #{id} cannot be withdrawn from: every piece in it was made to your own measurements or choices, which the right of withdrawal does not cover (Art. 16(c) of the Consumer Rights Directive). Nothing was recorded. If something is wrong with a piece, please write to us.":
    "Od zamówienia nr {id} nie można odstąpić: każdy jego element wykonano według Twoich wymiarów lub wyborów, czego prawo odstąpienia nie obejmuje (art. 16 lit. c dyrektywy w sprawie praw konsumentów). Nic nie zostało zapisane. Jeśli coś jest nie tak z którymś elementem, napisz do nas.",
  "Order #{id} cannot be withdrawn from: it is {status}. Nothing was recorded.":
    "Od zamówienia nr {id} nie można odstąpić: jego status to {status}. Nic nie zostało zapisane.",
};
