import { type HomeTexts } from "../../app/domain/pages/home";
import { homeSettingKey } from "../../app/domain/pages/home.server";
import { seedDefaultPages } from "../../app/domain/pages/pages.server";
import { type PageSlug } from "../../app/domain/pages/slugs";
import { type DB } from "../../app/lib/sqlite.server";

/*
 * The owner's pages in Polish: the first Polish version of each page and the Polish home texts.
 * They say what the English texts say (app/domain/pages/defaults.ts, the same seller, periods and
 * services), with what Polish law asks of a shop selling to consumers in Poland. The terms and the
 * privacy policy are drafts for her lawyer, and say so at the top until she removes the note.
 */

/** The note at the top of the legal drafts, shown on the page until the owner's lawyer has checked the text. */
export const LAWYER_DRAFT_NOTE =
  "> **Projekt do sprawdzenia przez prawnika.** Ten tekst jest punktem wyjścia, a nie poradą prawną. Przed publikacją powinien go sprawdzić prawnik; po sprawdzeniu tę uwagę należy usunąć.";

const TERMS = `${LAWYER_DRAFT_NOTE}

## Płatność

Płatności przyjmujemy przez PayPal (kartą lub z konta PayPal). Wszystkie ceny są podane w dolarach amerykańskich (USD) i w tej walucie pobieramy płatność. Kwota w złotych podana obok ceny jest orientacyjna (według średniego kursu NBP).

## Wysyłka

Zamówienia wysyłamy przesyłką poleconą w ciągu {shippingTime}, według stawki strefy wysyłkowej kraju dostawy, podanej przy składaniu zamówienia przed zapłatą. Dostawa po nadaniu trwa zwykle do 2 dni w Polsce, od 2 do 4 dni w pozostałych krajach Europy, około tygodnia do USA oraz od 1 do 2 tygodni do Australii i odległych regionów.

## Anulowanie zamówienia

Zamówienie można anulować z pełnym zwrotem pieniędzy tylko wtedy, gdy nie zostało jeszcze wysłane. Konsumenci w Unii Europejskiej mogą też odstąpić od umowy po wysyłce, jak opisano poniżej w części „Prawo odstąpienia od umowy (konsumenci w UE)”.

## Zwroty

Zwroty przyjmujemy w ciągu 14 dni od dostawy; kupujący pokrywa koszty przesyłki w obie strony. Dotyczy to zwrotów poza prawem odstąpienia od umowy (na przykład kupujących, którzy nie są konsumentami w Unii Europejskiej). Nie ogranicza to praw konsumentów opisanych poniżej.

## Prawo odstąpienia od umowy (konsumenci w UE)

Jeśli jesteś konsumentem w Unii Europejskiej, możesz odstąpić od umowy w terminie 14 dni bez podania jakiejkolwiek przyczyny. Termin na odstąpienie od umowy wygasa po upływie 14 dni od dnia, w którym rzecz odebrała osoba kupująca lub wskazana przez nią osoba trzecia inna niż przewoźnik. To samo prawo ma osoba fizyczna zawierająca umowę bezpośrednio związaną z jej działalnością gospodarczą, gdy umowa nie ma dla niej charakteru zawodowego (art. 38a ustawy z dnia 30 maja 2014 r. o prawach konsumenta).

**Jak odstąpić od umowy.** Poinformuj nas o swojej decyzji w drodze jednoznacznego oświadczenia. Najszybciej zrobisz to formularzem w sklepie: [Odstąp od umowy tutaj](/pl/withdrawal). Możesz też wysłać nam e-mail lub list albo skorzystać z wzoru formularza odstąpienia od umowy zamieszczonego poniżej, choć nie jest to obowiązkowe. Nasza nazwa, adres pocztowy i adres e-mail są podane w danych sprzedawcy na końcu tej strony. Do zachowania terminu wystarczy wysłanie oświadczenia przed jego upływem.

**Zwrot płatności.** Po odstąpieniu od umowy zwracamy wszystkie płatności otrzymane za zamówienie, w tym koszt standardowej wysyłki do Ciebie, niezwłocznie, a w każdym razie nie później niż 14 dni od dnia, w którym otrzymaliśmy oświadczenie o odstąpieniu od umowy. Jeśli wybrany sposób dostawy był droższy niż nasza standardowa wysyłka, różnicy nie zwracamy. Zwrotu dokonujemy przez PayPal, tym samym sposobem płatności, bez żadnych kosztów dla Ciebie. Możemy wstrzymać się ze zwrotem płatności do chwili otrzymania rzeczy z powrotem lub dostarczenia nam dowodu jej odesłania, w zależności od tego, które zdarzenie nastąpi wcześniej.

**Odesłanie rzeczy.** Rzeczy należy odesłać na adres pocztowy podany w danych sprzedawcy niezwłocznie, a w każdym razie nie później niż 14 dni od dnia, w którym poinformowano nas o odstąpieniu od umowy. **Bezpośrednie koszty zwrotu rzeczy ponosi kupujący.** Kupujący odpowiada tylko za zmniejszenie wartości rzeczy wynikające z korzystania z niej w sposób wykraczający poza konieczny do stwierdzenia charakteru, cech i funkcjonowania rzeczy.

**Rzeczy szyte na zamówienie według Twoich wymiarów lub wskazań.** Prawo odstąpienia od umowy nie przysługuje, gdy przedmiotem świadczenia jest rzecz nieprefabrykowana, wyprodukowana według specyfikacji konsumenta lub służąca zaspokojeniu jego zindywidualizowanych potrzeb (art. 38 ust. 1 pkt 3 ustawy z dnia 30 maja 2014 r. o prawach konsumenta; art. 16 lit. c dyrektywy 2011/83/UE), czyli rzeczy szytej na zamówienie lub spersonalizowanej. Takie rzeczy są oznaczone na stronie produktu i w potwierdzeniu zamówienia. Jeśli zamówienie obejmuje oba rodzaje rzeczy, odstąpienie od umowy dotyczy tylko pozostałych.

### Wzór formularza odstąpienia od umowy

(formularz ten należy wypełnić i odesłać tylko w przypadku chęci odstąpienia od umowy)

> Adresat: sprzedawca wskazany w danych sprzedawcy poniżej, na podany tam adres pocztowy lub adres e-mail
>
> Ja/My(\\*) niniejszym informuję/informujemy(\\*) o moim/naszym odstąpieniu od umowy sprzedaży następujących rzeczy(\\*) umowy dostawy następujących rzeczy(\\*) umowy o dzieło polegającej na wykonaniu następujących rzeczy(\\*)/o świadczenie następującej usługi(\\*)
>
> Data zawarcia umowy(\\*)/odbioru(\\*)
>
> Imię i nazwisko konsumenta(-ów)
>
> Adres konsumenta(-ów)
>
> Podpis konsumenta(-ów) (tylko jeżeli formularz jest przesyłany w wersji papierowej)
>
> Data
>
> (\\*) Niepotrzebne skreślić.
`;

const PRIVACY = `${LAWYER_DRAFT_NOTE}

Ta strona wyjaśnia, jakie dane osobowe przechowuje nasz sklep, w jakim celu i na jakiej podstawie, jak długo, kto jeszcze je widzi i czego możesz od nas żądać. Sklep prowadzi jedna osoba w Polsce, która jest administratorem Twoich danych osobowych w rozumieniu RODO (rozporządzenia Parlamentu Europejskiego i Rady (UE) 2016/679): sprzedawca wskazany na dole każdej strony i w danych sprzedawcy poniżej.

## Jakie dane przechowujemy, w jakim celu i na jakiej podstawie

- **Twoje zamówienia.** Adres e-mail, imię i nazwisko, adres dostawy, zamówione i opłacone produkty, Twoja wiadomość do sklepu oraz historia zamówienia (opłacenie, wysyłka, numer przesyłki, zwroty płatności, anulowanie lub odstąpienie od umowy). Potrzebujemy ich, aby przygotować i wysłać zamówienie oraz odpowiadać na pytania o nie (art. 6 ust. 1 lit. b RODO: wykonanie umowy), a przepisy podatkowe i o rachunkowości nakazują nam je przechowywać (art. 6 ust. 1 lit. c RODO: obowiązek prawny).
- **Twoje konto**, jeśli je założysz. Adres e-mail i imię, hasło (przechowywane wyłącznie jako jednokierunkowy skrót, którego nikt nie odczyta), zapisany adres dostawy, ulubione produkty, punkty lojalnościowe i ich historia, produkty, o których dostępności prosisz o powiadomienie, oraz informacja, czy logujesz się przez Google. Jeśli włączysz logowanie dwuetapowe, przechowujemy jego tajny klucz i Twoje kody odzyskiwania (kody tylko jako skróty). Podstawa: umowa o prowadzenie konta (art. 6 ust. 1 lit. b RODO).
- **Historia logowania.** Aby chronić konta przed odgadywaniem haseł, zapisujemy nieudane próby logowania (wpisany adres e-mail i adres sieciowy) na 15 minut. Dla każdego konta pamiętamy adresy sieciowe, z których udało się zalogować, z czasem ostatniego logowania z każdego z nich, aby nieudane próby obcej osoby nie zablokowały Ci dostępu. Podstawa: nasz prawnie uzasadniony interes, czyli ochrona kont (art. 6 ust. 1 lit. f RODO).
- **Wysyłane do Ciebie e-maile.** Każdy e-mail (potwierdzenia zamówień, informacje o płatności i wysyłce, resetowanie hasła, powiadomienia o dostępności) najpierw trafia do skrzynki nadawczej w naszej bazie danych, aby żaden nie zginął, gdy serwer poczty jest chwilowo niedostępny. Kopia zostaje przy Twoim zamówieniu lub koncie. Podstawa: wykonanie umowy (art. 6 ust. 1 lit. b RODO).
- **Płatności.** Nigdy nie widzimy danych Twojej karty ani rachunku bankowego. PayPal przekazuje nam tylko informację, że zapłacono, jaką kwotę, oraz numer referencyjny płatności.

Nie używamy żadnych narzędzi analitycznych, reklamowych ani śledzących i nie sprzedajemy ani nie udostępniamy Twoich danych w celach marketingowych. Nie podejmujemy decyzji w sposób zautomatyzowany i nie profilujemy. Podanie danych jest dobrowolne, ale bez adresu e-mail, imienia i nazwiska oraz adresu dostawy nie możemy przyjąć ani wysłać zamówienia.

## Pliki cookie

Sklep zapisuje tylko pliki cookie, bez których nie może działać:

- **__session**: przechowuje Twój koszyk (także bez logowania) i utrzymuje zalogowanie. Ważny 30 dni.
- **__toast**: przenosi krótki komunikat, np. „Dodano do koszyka”, na następną wyświetloną stronę. Ważny 60 sekund.
- **__google_return**: tylko gdy wybierzesz „Kontynuuj z Google”: pamięta, na którą stronę wrócić. Ważny 10 minut.
- **lang**: pamięta język, w którym ostatnio czytano sklep (polski lub angielski). Ważny rok.

Wszystkie są niezbędne do działania tego, o co prosisz: koszyka, logowania, komunikatu o tym, co właśnie zrobiono, wybranego języka. Przepisy nie wymagają zgody na takie pliki cookie, dlatego sklep nie wyświetla banera cookie. Nie ma tu reklamowych, analitycznych ani innych plików cookie podmiotów trzecich.

## Logi serwera i kopie zapasowe

- **Logi.** Przy każdym żądaniu serwer zapisuje wiersz: czas, adres żądanej strony (bez parametrów zapytania), status odpowiedzi i czas jej przygotowania. Hasła, tokeny, pliki cookie i adresy są usuwane przed zapisaniem wiersza. Logi przechowujemy najwyżej 30 dni, aby znajdować i naprawiać błędy (art. 6 ust. 1 lit. f RODO: prawnie uzasadniony interes).
- **Kopie zapasowe.** Raz dziennie kopiujemy bazę danych sklepu, aby żaden wypadek nie spowodował utraty Twojego zamówienia. Przechowujemy 7 ostatnich kopii dziennych i 4 tygodniowe, więc każda kopia jest usuwana najpóźniej po 5 tygodniach. Dane usunięte na Twoje żądanie mogą pozostać w kopii zapasowej do czasu jej usunięcia; kopii używamy wyłącznie do naprawy sklepu (art. 6 ust. 1 lit. f RODO).

## Kto jeszcze widzi Twoje dane

Korzystamy z kilku usług, które przetwarzają dane w naszym imieniu lub którym je przekazujemy:

- **PayPal** obsługuje Twoją płatność. Twoje konto PayPal obejmuje polityka prywatności PayPal.
- **Nasz dostawca poczty e-mail** doręcza wysyłane przez nas wiadomości.
- **Google**, tylko jeśli wybierzesz „Kontynuuj z Google”: Google przekazuje nam Twój adres e-mail i imię.
- **Nasz dostawca hostingu** utrzymuje serwer, na którym działają sklep i jego baza danych.
- **Operatorzy pocztowi** widzą Twoje imię, nazwisko i adres na przesyłce, w Polsce i w kraju dostawy. Przesyłka do kraju spoza Europejskiego Obszaru Gospodarczego wymaga przekazania tych danych tamtejszemu operatorowi, co jest niezbędne do wykonania umowy (art. 49 ust. 1 lit. b RODO).

## Jak długo przechowujemy dane

- Zamówienia: 5 lat, jak wymagają polskie przepisy podatkowe i o rachunkowości. Jeśli usuniesz konto, zamówienia pozostają przez ten czas, odłączone od konta.
- Konto i wszystko, co do niego należy: do czasu jego usunięcia.
- Nieudane próby logowania: 15 minut. Sesje: 30 dni od ostatniej wizyty.
- Logi: najwyżej 30 dni. Kopie zapasowe: najwyżej 5 tygodni.

## Twoje prawa

- **Dostęp do danych i ich przeniesienie.** Na [stronie Twoich danych](/pl/account/data) przycisk „Pobierz moje dane” daje jeden plik (JSON) ze wszystkim, co przechowujemy o Twoim koncie; możesz go też przekazać innemu sklepowi.
- **Usunięcie konta.** Na tej samej stronie „Usuń moje konto” usuwa konto, jego sesje, ulubione, koszyk, historię punktów lojalnościowych i prośby o powiadomienie o dostępności. Zamówienia przechowujemy przez 5 lat na potrzeby rachunkowości, odłączone od konta; linki do nich w e-mailach nadal działają.
- **Sprostowanie danych.** Imię, adres e-mail i adres dostawy zmienisz w profilu na stronie [Moje konto](/pl/account) albo pisząc do nas.
- Możesz też żądać ograniczenia przetwarzania danych lub wnieść sprzeciw wobec przetwarzania opartego na naszym prawnie uzasadnionym interesie. Jeśli zamówienie złożono bez konta, napisz do nas, a pomożemy.
- **Skarga.** Jeśli uważasz, że przetwarzamy Twoje dane niezgodnie z prawem, możesz wnieść skargę do Prezesa Urzędu Ochrony Danych Osobowych (PUODO), ul. Stawki 2, 00-193 Warszawa, [uodo.gov.pl](https://uodo.gov.pl). Będzie nam miło, jeśli najpierw napiszesz do nas.

## Kontakt

Napisz do nas na adres e-mail podany w danych sprzedawcy poniżej. Odpowiadamy najpóźniej w ciągu miesiąca, zwykle w ciągu kilku dni.
`;

/** The first Polish version of each of the owner's pages. */
export const POLISH_PAGES: Record<PageSlug, { title: string; body: string }> = {
  "terms-conditions": { title: "Regulamin", body: TERMS },
  privacy: { title: "Polityka prywatności", body: PRIVACY },
  about: {
    title: "O pracowni",
    body: `Little Stitches Atelier to jednoosobowa pracownia krawiecka. Każda sukienka, płaszczyk i maleńki kapelusz są projektowane, krojone i szyte ręcznie dla lalek kolekcjonerskich w skali 1:4 i 1:6.

Zamówienia wysyłamy z Polski priorytetową przesyłką lotniczą w ciągu {shippingTime}, starannie zapakowane w pudełko i z numerem do śledzenia. Rzecz szyta na zamówienie ma termin wysyłki podany na swojej stronie.

[Zobacz sklep](/pl/shop) albo przeczytaj [tabelę rozmiarów](/pl/size-guide).
`,
  },
  "size-guide": {
    title: "Tabela rozmiarów",
    body: `## Skala 1:4 (około 40–45 cm)

- Lalki dziewczęce: smukłe ciała w rozmiarze MSD, talia 13–15 cm.
- Lalki chłopięce: ciała MSD boy i smukłe młodzieżowe ciała 1:4.

## Skala 1:6 (około 26–30 cm)

- Lalki dziewczęce: standardowe ciała lalek modowych, talia 9–10 cm.
- Lalki chłopięce: standardowe męskie ciała lalek modowych 1:6.

> Szczegółowy przewodnik z ilustracjami już wkrótce.
`,
  },
};

/** The home page's Polish texts: the English ones (DEFAULT_HOME_TEXT) in Polish, with the same source link. */
export const POLISH_HOME_TEXT: HomeTexts = {
  heroTitle: "Maleńkie garderoby szyte ręcznie",
  heroLine: "Sukienki, płaszczyki, swetry i dodatki dla lalek kolekcjonerskich w skali 1:4 i 1:6, szyte po jednej sztuce w małej pracowni.",
  shippingTitle: "Gotowe do wysyłki na cały świat",
  shippingText: "w ciągu {shippingTime}, z numerem do śledzenia i w pudełku.",
  value1Title: "Ręczna robota najwyższej jakości",
  value1Text: "Każde ubranko jest ręcznie krojone, szyte i wykańczane z delikatnej bawełny, lnu, wełny i jedwabiu.",
  value2Title: "Wysyłka na cały świat ze śledzeniem",
  value2Text: "Rzeczy gotowe do wysyłki opuszczają pracownię w ciągu {shippingTime}, z numerem do śledzenia i w ozdobnym pudełku.",
  value3Title: "Zaufanie od 2010 roku",
  value3Text: "Sprzedajemy na cały świat od 2010 roku: ponad 4000 zamówień i ponad 2000 opinii z pięcioma gwiazdkami.",
  reviewsClaim: "ponad 2000 opinii z pięcioma gwiazdkami",
  reviewsSourceUrl: "https://www.etsy.com/shop/littlestitchesatelier#reviews",
  reviewsSourceLabel: "w naszym sklepie na platformie sprzedażowej",
};

/**
 * Writes the Polish pages that have no Polish version yet and the Polish home texts when there
 * are none; never over anything the owner saved. Returns how many texts were written.
 */
export async function seedPolishPages(db: DB): Promise<number> {
  const pages = await seedDefaultPages(db, "pl", POLISH_PAGES);
  const home = await db
    .insertInto("settings")
    .values({ key: homeSettingKey("pl"), value: JSON.stringify(POLISH_HOME_TEXT) })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return pages + Number(home.numInsertedOrUpdatedRows ?? 0);
}
