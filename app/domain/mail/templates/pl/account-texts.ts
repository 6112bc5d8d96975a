import { type AccountMailText } from "~/domain/mail/templates/account-texts";
import { counted } from "~/domain/mail/templates/pl/format";

/** The Polish of the account e-mails (account-texts.ts has the English). */

const points = (n: number) =>
  `${n} ${counted(n, { one: "punkt lojalnościowy", few: "punkty lojalnościowe", many: "punktów lojalnościowych", other: "punktu lojalnościowego" })}`;

export const ACCOUNT_MAIL_TEXT_PL: AccountMailText = {
  welcome: {
    subject: (storeName: string) => `Witamy w sklepie ${storeName}`,
    preview: "Twoje konto jest gotowe.",
    heading: (storeName: string) => `Witamy w sklepie ${storeName}`,
    body: "Twoje konto jest gotowe. Zapisuj ulubione rzeczy, śledź zamówienia i zbieraj punkty lojalnościowe przy każdym zakupie.",
    button: "Odwiedź sklep",
  },
  pointsAwarded: {
    subject: (n: number) => `Otrzymujesz ${points(n)}`,
    preview: (balance: number) => `Masz teraz ${balance} pkt.`,
    heading: "Małe podziękowanie",
    points,
    body: "Dodaliśmy do Twojego konta {points}. Masz teraz {balance} pkt.",
    button: "Zobacz swoje punkty",
  },
  passwordReset: {
    subject: (firstPassword: boolean) => (firstPassword ? "Ustaw hasło do swojego konta" : "Zresetuj hasło"),
    preview: "Link działa raz, przez godzinę.",
    heading: (firstPassword: boolean) => (firstPassword ? "Ustaw hasło" : "Zresetuj hasło"),
    body: (firstPassword: boolean) =>
      `Ktoś (mamy nadzieję, że Ty) poprosił o ${firstPassword ? "ustawienie hasła" : "zresetowanie hasła"} do Twojego konta. Poniższy link działa raz, przez godzinę.`,
    bodyText: (firstPassword: boolean) =>
      `Ktoś (mamy nadzieję, że Ty) poprosił o ${firstPassword ? "ustawienie hasła" : "zresetowanie hasła"} do Twojego konta. Ten link działa raz, przez godzinę:`,
    button: (firstPassword: boolean) => (firstPassword ? "Ustaw hasło" : "Ustaw nowe hasło"),
    ignore: "Jeśli to nie Ty, zignoruj tę wiadomość: Twoje hasło pozostanie bez zmian.",
  },
  verifyEmail: {
    subject: "Potwierdź swój adres e-mail",
    preview: "Jedno kliknięcie i konto jest na pewno Twoje.",
    heading: "Potwierdź adres e-mail",
    body: "Potwierdź, że ten adres należy do Ciebie. Link działa przez 7 dni.",
    bodyText: "Potwierdź, że ten adres należy do Ciebie. Ten link działa przez 7 dni:",
    button: "Potwierdzam adres",
    ignore: (storeName: string) =>
      `Jeśli to nie Ty zakładasz konto w sklepie ${storeName}, zignoruj tę wiadomość: bez kliknięcia adres nie zostanie potwierdzony.`,
  },
  emailChanged: {
    subject: "Adres e-mail Twojego konta został zmieniony",
    preview: (newEmail: string) => `Od teraz piszemy na adres ${newEmail}.`,
    heading: "Twój adres e-mail został zmieniony",
    body: "Adres e-mail Twojego konta został zmieniony na {email}. Od teraz piszemy właśnie tam.",
    undo: "Jeśli ta zmiana nie pochodzi od Ciebie, cofnij ją: wróci Twój dawny adres, wszystkie urządzenia zostaną wylogowane, a Ty ustawisz nowe hasło. Link działa przez 14 dni.",
    undoText:
      "Jeśli ta zmiana nie pochodzi od Ciebie, cofnij ją: wróci Twój dawny adres, wszystkie urządzenia zostaną wylogowane, a Ty ustawisz nowe hasło. Ten link działa przez 14 dni:",
    button: "To nie ja: cofnij zmianę",
    yours: "Jeśli zmiana pochodzi od Ciebie, nie musisz nic robić.",
  },
  emailChangeConfirm: {
    subject: "Potwierdź nowy adres e-mail",
    preview: "Adres konta zmieni się dopiero po Twoim potwierdzeniu.",
    heading: "Potwierdź nowy adres e-mail",
    body: (storeName: string) =>
      `Ktoś (mamy nadzieję, że Ty) chce używać tego adresu w koncie w sklepie ${storeName}. Adres zmieni się dopiero wtedy, gdy otworzysz link i potwierdzisz zmianę. Link działa przez 24 godziny.`,
    bodyText: (storeName: string) =>
      `Ktoś (mamy nadzieję, że Ty) chce używać tego adresu w koncie w sklepie ${storeName}. Adres zmieni się dopiero wtedy, gdy otworzysz ten link i potwierdzisz zmianę. Link działa przez 24 godziny:`,
    button: "Sprawdź i potwierdź",
    ignore: "Jeśli to nie Ty, zignoruj tę wiadomość: nic się nie zmieni, a żadne konto nie zostanie powiązane z tym adresem.",
  },
  deleteLink: {
    subject: "Potwierdź usunięcie konta",
    preview: "Link działa raz, przez godzinę.",
    heading: "Usunąć Twoje konto?",
    body: (storeName: string) =>
      `Ktoś (mamy nadzieję, że Ty) poprosił o usunięcie Twojego konta w sklepie ${storeName}. Poniższy link otwiera stronę, na której jedno kliknięcie usuwa konto. Działa raz, przez godzinę.`,
    bodyText: (storeName: string) =>
      `Ktoś (mamy nadzieję, że Ty) poprosił o usunięcie Twojego konta w sklepie ${storeName}. Ten link otwiera stronę, na której jedno kliknięcie usuwa konto. Działa raz, przez godzinę:`,
    button: "Sprawdź i usuń konto",
    ignore: "Jeśli to nie Ty, zignoruj tę wiadomość: Twoje konto pozostanie bez zmian.",
  },
  deleted: {
    subject: "Twoje konto zostało usunięte",
    preview: "Twój profil, ulubione, koszyk i punkty zostały usunięte.",
    heading: "Twoje konto zostało usunięte",
    body: (storeName: string) =>
      `Zgodnie z Twoją prośbą usunęliśmy Twoje konto w sklepie ${storeName}: profil, zapisany adres, ulubione, koszyk, punkty lojalnościowe i prośby o powiadomienie o dostępności; wszystkie urządzenia zostały wylogowane.`,
    kept: (ordersKept: number) =>
      ordersKept > 0
        ? `${ordersKept === 1 ? "Twoje zamówienie zostaje" : `Twoje zamówienia (${ordersKept}) zostają`} u nas na okres rozliczeniowy, którego prawo wymaga od sklepu, już bez powiązania z kontem; linki w e-mailach o zamówieniach nadal działają.`
        : "",
    notYou: "Jeśli to nie Ty, napisz do nas na adres {email}.",
  },
};
