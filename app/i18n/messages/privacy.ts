import { type Translation } from "./types";

/** The data-rights pages (download and delete one's data) and the unsubscribe pages of the e-mails. */
export const en = {
  "privacy.data.title": "Your data",
  "privacy.data.myAccount": "My Account",
  "privacy.data.exportTitle": "Download my data",
  "privacy.data.exportText":
    "One file (JSON, readable by people and programs) with everything we keep about your account: your profile and saved address, your orders with their items, addresses and totals, favorites, cart, loyalty history, back-in-stock requests, sign-in history and the e-mails we sent you. Passwords and sign-in secrets are never in it.",
  "privacy.data.exportButton": "Download my data",
  "privacy.data.deleteTitle": "Delete my account",
  "privacy.data.deleteText":
    "Deleting your account removes your profile and saved address, favorites, cart, loyalty points and their history, back-in-stock requests and sign-in history, and signs you out on every device. It cannot be undone.",
  "privacy.data.ordersStay":
    "Your orders stay with us for {years, plural, one {# year} other {# years}}, as the accounting rules require, but no longer linked to any account; the links in your order e-mails keep working. Read more in our {link}.",
  "privacy.data.privacyLink": "Privacy Policy",
  "privacy.data.cannotDelete": "This account cannot be deleted",
  "privacy.data.checkEmail": "Check your e-mail",
  "privacy.data.notDeleted": "Account not deleted",
  "privacy.data.currentPassword": "Current password",
  "privacy.data.deleteButton": "Delete my account",
  "privacy.data.byEmail": "Your account has no password, so we confirm by e-mail: we send a link to {email}, valid for one hour.",
  "privacy.data.confirm": "Delete your account? This cannot be undone.",

  "privacy.deleteLink.title": "Delete your account",
  "privacy.deleteLink.question":
    "Delete the account {email} for good? Your profile, favorites, cart, loyalty points and back-in-stock requests go, and every device is signed out. Your orders stay with the shop for the accounting period, no longer linked to an account.",

  "privacy.unsubscribe.title": "Unsubscribe",
  "privacy.unsubscribe.done": "Unsubscribed",
  "privacy.unsubscribe.button": "Unsubscribe",
  "privacy.unsubscribe.reviewsHeading": "Review request e-mails",
  "privacy.unsubscribe.reviewsQuestion": "Stop the e-mails asking {email} to review delivered orders?",
  "privacy.unsubscribe.stockHeading": "Back-in-stock e-mails",
  "privacy.unsubscribe.stockQuestion": "Stop every back-in-stock e-mail to {email}?",
} as const;

export const pl: Translation<typeof en> = {
  "privacy.data.title": "Twoje dane",
  "privacy.data.myAccount": "Moje konto",
  "privacy.data.exportTitle": "Pobierz moje dane",
  "privacy.data.exportText":
    "Jeden plik (JSON, czytelny dla ludzi i programów) ze wszystkim, co przechowujemy o Twoim koncie: profilem i zapisanym adresem, zamówieniami z ich pozycjami, adresami i kwotami, ulubionymi, koszykiem, historią punktów lojalnościowych, prośbami o powiadomienie o dostępności, historią logowań i wysłanymi do Ciebie e-mailami. Nigdy nie ma w nim haseł ani sekretów logowania.",
  "privacy.data.exportButton": "Pobierz moje dane",
  "privacy.data.deleteTitle": "Usuń moje konto",
  "privacy.data.deleteText":
    "Usunięcie konta usuwa profil i zapisany adres, ulubione, koszyk, punkty lojalnościowe wraz z ich historią, prośby o powiadomienie o dostępności i historię logowań oraz wylogowuje Cię na wszystkich urządzeniach. Tego nie można cofnąć.",
  "privacy.data.ordersStay":
    "Twoje zamówienia przechowujemy przez {years, plural, one {# rok} few {# lata} many {# lat} other {# roku}}, jak wymagają przepisy o rachunkowości, ale nie są już powiązane z żadnym kontem; linki w e-mailach o zamówieniach nadal działają. Więcej w naszej {link}.",
  "privacy.data.privacyLink": "Polityce prywatności",
  "privacy.data.cannotDelete": "Tego konta nie można usunąć",
  "privacy.data.checkEmail": "Sprawdź skrzynkę e-mail",
  "privacy.data.notDeleted": "Konto nie zostało usunięte",
  "privacy.data.currentPassword": "Obecne hasło",
  "privacy.data.deleteButton": "Usuń moje konto",
  "privacy.data.byEmail": "Twoje konto nie ma hasła, więc potwierdzamy e-mailem: wyślemy link na adres {email}, ważny przez godzinę.",
  "privacy.data.confirm": "Usunąć konto? Tego nie można cofnąć.",

  "privacy.deleteLink.title": "Usuń konto",
  "privacy.deleteLink.question":
    "Usunąć na zawsze konto {email}? Znikną profil, ulubione, koszyk, punkty lojalnościowe i prośby o powiadomienie o dostępności, a wszystkie urządzenia zostaną wylogowane. Zamówienia zostają w sklepie na okres wymagany przez przepisy o rachunkowości, już bez powiązania z kontem.",

  "privacy.unsubscribe.title": "Wypisz się",
  "privacy.unsubscribe.done": "Wypisano",
  "privacy.unsubscribe.button": "Wypisz się",
  "privacy.unsubscribe.reviewsHeading": "E-maile z prośbą o opinię",
  "privacy.unsubscribe.reviewsQuestion": "Przestać wysyłać na {email} e-maile z prośbą o opinię o dostarczonych zamówieniach?",
  "privacy.unsubscribe.stockHeading": "E-maile o ponownej dostępności",
  "privacy.unsubscribe.stockQuestion": "Przestać wysyłać na {email} wszystkie e-maile o ponownej dostępności?",
};

const wait = "Spróbuj ponownie za {minutes} min.";

/** The domain's English texts of the data-rights and unsubscribe pages, in Polish (catalogue.server.ts, DOMAIN_TEXTS). */
export const domainPl: Readonly<Record<string, string>> = {
  "Your account has been deleted.": "Twoje konto zostało usunięte.",
  "Enter your current password": "Podaj obecne hasło",
  "Your current password is not correct": "Obecne hasło jest nieprawidłowe",
  "Too many password attempts.": "Zbyt wiele prób wpisania hasła.",
  "Too many password attempts. Please wait {minutes} minute and try again.": `Zbyt wiele prób wpisania hasła. ${wait}`,
  "Too many password attempts. Please wait {minutes} minutes and try again.": `Zbyt wiele prób wpisania hasła. ${wait}`,
  "This is the shop's last admin account, so it cannot be deleted. Make another account an admin first.":
    "To ostatnie konto administratora sklepu, więc nie można go usunąć. Najpierw nadaj uprawnienia administratora innemu kontu.",
  "We sent a confirmation link to your e-mail address. Open it within an hour to delete your account.":
    "Wysłaliśmy link potwierdzający na Twój adres e-mail. Otwórz go w ciągu godziny, aby usunąć konto.",
  "We already sent you several links this hour. Please use the newest one, or try again later.":
    "W tej godzinie wysłaliśmy już kilka linków. Użyj najnowszego albo spróbuj ponownie później.",
  "This account has a password: confirm the deletion with it.": "To konto ma hasło: potwierdź nim usunięcie.",
  "This link is not valid. Ask for a new one on the Your data page.": "Ten link jest nieprawidłowy. Poproś o nowy na stronie Twoje dane.",
  "This link has already been used.": "Ten link został już użyty.",
  "This link has expired. Ask for a new one on the Your data page.": "Ten link wygasł. Poproś o nowy na stronie Twoje dane.",
  "Account not found": "Nie znaleziono konta",
  "You have already downloaded your data several times this hour.": "W tej godzinie dane zostały już pobrane kilka razy.",
  "You have already downloaded your data several times this hour. Please wait {minutes} minute and try again.": `W tej godzinie dane zostały już pobrane kilka razy. ${wait}`,
  "You have already downloaded your data several times this hour. Please wait {minutes} minutes and try again.": `W tej godzinie dane zostały już pobrane kilka razy. ${wait}`,
  "Download not available right now": "Pobieranie jest teraz niedostępne",
  // The unsubscribe pages' outcomes.
  "You will get no more back-in-stock e-mails for this address.": "Na ten adres nie będą już wysyłane e-maile o ponownej dostępności.",
  "You will get no more e-mails asking for reviews.": "Nie będziesz już otrzymywać e-maili z prośbą o opinię.",
  "This unsubscribe link is not valid.": "Ten link do wypisania się jest nieprawidłowy.",
};
