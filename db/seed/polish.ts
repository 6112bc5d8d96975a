import { type DB } from "../../app/lib/sqlite.server";

/*
 * The owner's Polish texts of the demo catalogue: every category's name and note, every product's
 * title, and the description and materials of the pieces shown first. A product without a Polish
 * description shows its English one on Polish pages (marked lang="en"), as a shop that is still
 * translating would.
 */

/** Polish names and notes, by the English category name (the garment kinds repeat under both scales). */
export const CATEGORIES_PL: Readonly<Record<string, { name: string; description?: string }>> = {
  "1:4 Scale Dolls": { name: "Lalki w skali 1:4" },
  "1:6 Scale Dolls": { name: "Lalki w skali 1:6" },
  Accessories: { name: "Dodatki" },
  Dresses: {
    name: "Sukienki",
    description:
      "Każdą sukienkę kroimy według własnych wykrojów i przymierzamy na prawdziwych lalkach, dlatego prosimy porównać obwód biustu i talii lalki z naszą tabelą rozmiarów. Najlepiej prać delikatnie ręcznie w chłodnej wodzie i suszyć na płasko, z dala od słońca.",
  },
  "Tops & Blouses": {
    name: "Topy i bluzki",
    description:
      "Nasze bluzki zapinają się z tyłu na maleńkie zatrzaski lub ręcznie przyszyte guziki, więc wkłada się je bez obciążania stawów lalki. Kołnierzyki najlepiej lekko prasować chłodnym żelazkiem przez ściereczkę.",
  },
  "Skirts & Trousers": {
    name: "Spódnice i spodnie",
    description:
      "Paski leżą w naturalnej talii większości ciał w danej skali, z niewielkim luzem na ruchome biodra. Prać ręcznie w zimnej wodzie i formować jeszcze wilgotne.",
  },
  "Coats & Jackets": {
    name: "Płaszcze i kurtki",
    description:
      "Płaszcze są w całości podszyte, więc gładko wchodzą na bluzki i swetry; szyjemy je z myślą o cienkiej warstwie pod spodem. Wełnę szczotkować delikatnie, a płaszcz przechowywać na wieszaku, by zachował kształt ramion.",
  },
  Knitwear: {
    name: "Dzianina",
    description:
      "Każdy sweter powstaje na maleńkich drutach i może różnić się od zdjęcia o oczko czy dwa, co jest częścią jego ręcznie robionego uroku. Prać ręcznie w letniej wodzie z odrobiną płynu do wełny i suszyć na płasko.",
  },
  Sleepwear: {
    name: "Bielizna nocna",
    description:
      "Bieliznę nocną szyjemy z najmiększych bawełn i flaneli, w luźnych krojach do przytulnych, wieczornych póz. Można prać w pralce, w woreczku do prania, w chłodnym i delikatnym programie.",
  },
  Hats: {
    name: "Kapelusze",
    description:
      "Kapelusze są dopasowane tak, by dobrze leżały na perukach w typowych rozmiarach danej skali; prosimy sprawdzić obwód głowy lalki w tabeli rozmiarów. Chronić przed wilgocią i przechowywać wypchane bibułą.",
  },
  Bags: {
    name: "Torby",
    description:
      "Nasze torby naprawdę da się nosić: paski są przeszyte, a nie klejone, a zapięcia się otwierają. Skórę i wiklinę przecierać miękką, suchą ściereczką.",
  },
  Shoes: {
    name: "Buty",
    description:
      "Rozmiar butów określa długość stopy, dlatego przed zamówieniem prosimy zmierzyć stopę lalki. Ciemne skóry mogą z czasem przebarwiać jasną żywicę, więc przy długiej ekspozycji warto założyć skarpetki.",
  },
};

interface ProductPl {
  title: string;
  description?: string;
  materials?: string;
}

/** By the English title (db/seed/data.ts). */
export const PRODUCTS_PL: Readonly<Record<string, ProductPl>> = {
  "Rose Garden Tea Dress": {
    title: "Herbaciana sukienka w różyczki",
    description:
      "Zwiewna sukienka z cienkiego batystu bawełnianego w drobne różyczki, z bufiastymi rękawkami i satynową szarfą wiązaną w miękką kokardę. Zapina się z tyłu na trzy ręcznie przyszyte zatrzaski i pasuje na większość lalek 1:4 o wzroście 40–45 cm. Prać ręcznie w zimnej wodzie i prasować chłodnym żelazkiem.",
    materials: "100% batyst bawełniany; szarfa satynowa (poliester); metalowe zatrzaski",
  },
  "Linen Summer Apron": {
    title: "Lniany letni fartuszek",
    description:
      "Fartuszek w stylu sukienki z pranego, naturalnego lnu, z głęboką kieszenią z przodu i długimi troczkami krzyżowanymi na plecach. Pięknie wygląda na bluzce w scenach piknikowych i kuchennych. Prać w pralce w delikatnym programie, w woreczku; len z każdym praniem staje się miększy.",
    materials: "100% prany len",
  },
  "Lavender Smocked Sundress": {
    title: "Lawendowa sukienka z marszczeniem",
    description:
      "Ręcznie marszczona na piersi sukienka z bladolawendowej woali w białe kropeczki, na wąskich wstążkowych ramiączkach, z pełną, wirującą spódnicą. Na smukłe i standardowe ciała 1:4. Prać ręcznie i suszyć na płasko.",
  },
  "Victorian Lace Tea Gown": {
    title: "Wiktoriańska suknia z koronki",
    description:
      "Nasza najbardziej wyszukana suknia: kremowa koronka bawełniana na podszewce z domieszką jedwabiu, wysoki kołnierz, gorset z zakładkami i lekko trenowana spódnica. Wybierz krój do ciała swojej lalki, by talia leżała dokładnie tam, gdzie trzeba. Tylko czyszczenie chemiczne lub bardzo ostrożne pranie ręczne w zimnej wodzie.",
    materials: "Woal bawełniany, koronka bawełniana",
  },
  "Mustard Corduroy Pinafore": { title: "Musztardowa sukienka ogrodniczka ze sztruksu" },
  "Peter Pan Collar Blouse": {
    title: "Bluzka z okrągłym kołnierzykiem",
    description:
      "Urocza bluzka z bawełnianej popeliny z zaokrąglonym kołnierzykiem, krótkimi bufiastymi rękawkami i pięcioma maleńkimi guziczkami z masy perłowej. Ładnie wsuwa się w spódnice i spodnie lalek 1:4. Prać ręcznie, kołnierzyk prasować lekko wilgotny.",
  },
  "Broderie Anglaise Peasant Top": { title: "Bluzka chłopka z haftu angielskiego" },
  "Striped Breton Shirt": { title: "Bluzka bretońska w paski" },
  "Pleated Tartan Skirt": { title: "Plisowana spódnica w kratę" },
  "High-Waisted Wide-Leg Trousers": { title: "Szerokie spodnie z wysokim stanem" },
  "Denim Dungarees with Brass Buttons": { title: "Dżinsowe ogrodniczki z mosiężnymi guzikami" },
  "Classic Wool Coat": {
    title: "Klasyczny wełniany płaszcz",
    description:
      "Dwurzędowy płaszcz z miękkiej, wielbłądziej flaneli wełnianej, w całości podszyty śliską wiskozą, z klapami, prawdziwymi guzikami i dwiema kieszeniami z patkami. Krój zostawia miejsce na sweter. Czyścić punktowo i delikatnie szczotkować; przechowywać na wieszaku.",
    materials: "80% wełna, 20% poliamid; podszewka z wiskozy; guziki z rogu",
  },
  "Quilted Country Jacket": { title: "Pikowana kurtka w wiejskim stylu" },
  "Tweed Riding Blazer": { title: "Tweedowa marynarka jeździecka" },
  "Cream Cable Knit Sweater": {
    title: "Kremowy sweter w warkocze",
    description:
      "Ręcznie dziany z niefarbowanej merynosowej wełny, z trzema plecionymi warkoczami z przodu i ściągaczami przy mankietach i dole. Celowo lekko luźny, by dobrze układał się na kołnierzykach. Prać ręcznie w letniej wodzie i suszyć na płasko.",
    materials: "100% wełna merynosowa, dziane ręcznie",
  },
  "Fair Isle Yoke Cardigan": { title: "Kardigan z karczkiem fair isle" },
  "Mohair Cloud Jumper": { title: "Moherowy sweter jak chmurka" },
  "Cotton Lawn Nightgown": { title: "Koszula nocna z batystu bawełnianego" },
  "Flannel Pyjama Set": { title: "Flanelowa piżama" },
  "Quilted Satin Dressing Gown": { title: "Pikowany satynowy szlafrok" },
  "Polka Dot Swing Dress": { title: "Rozkloszowana sukienka w groszki" },
  "Little Prairie Dress": { title: "Sukienka w stylu prairie" },
  "Sage Linen Slip Dress": { title: "Szałwiowa lniana sukienka na ramiączkach" },
  "Ballet Tulle Party Dress": { title: "Tiulowa sukienka balowa baletnicy" },
  "Ruffled Chiffon Blouse": { title: "Szyfonowa bluzka z falbanami" },
  "Embroidered Daisy Camisole": { title: "Haftowana koszulka w stokrotki" },
  "Corduroy Flared Trousers": { title: "Sztruksowe spodnie dzwony" },
  "Gingham Circle Skirt": { title: "Spódnica z koła w kratkę vichy" },
  "Tiny Tailored Culottes": { title: "Szyte na miarę spódnicospodnie" },
  "Midnight Velvet Cape": {
    title: "Aksamitna peleryna w kolorze nocy",
    description:
      "Obszerna peleryna z głębokiego, granatowego aksamitu z kołnierzem na satynowej podszewce i długimi wstążkami do wiązania, na zimowe bale i baśniowe sesje zdjęciowe. W całości podszyta, więc gładko się układa. Tylko czyszczenie punktowe.",
    materials: "Aksamit bawełniany; podszewka satynowa",
  },
  "Belted Trench Coat": { title: "Trencz z paskiem" },
  "Cropped Denim Jacket": { title: "Krótka kurtka dżinsowa" },
  "Hand-Knit Cropped Cardigan": { title: "Krótki kardigan dziany ręcznie" },
  "Striped Mariner Sweater": { title: "Marynarski sweter w paski" },
  "Aran Turtleneck Jumper": { title: "Golf ze splotem aran" },
  "Lace-Trim Cotton Nightie": { title: "Bawełniana koszulka nocna z koronką" },
  "Striped Cotton Pyjamas": { title: "Bawełniana piżama w paski" },
  "Felted Wool Beret": { title: "Filcowy wełniany beret" },
  "Straw Sun Hat with Ribbon": { title: "Słomkowy kapelusz ze wstążką" },
  "Cloche Hat with Silk Flower": { title: "Kapelusz cloche z jedwabnym kwiatem" },
  "Knitted Bobble Hat": { title: "Dziana czapka z pomponem" },
  "Doll Steamer Trunk": {
    title: "Kufer podróżny dla lalki",
    description:
      "Drewniany kufer obity orzechową sztuczną skórą, z mosiężnymi narożnikami, skórzanymi paskami i działającym zamkiem. W środku tacka wyklejona papierem, a zmieści się w nim cała garderoba lalki 1:6. Wysyłany we własnym pudełku; przecierać suchą ściereczką.",
    materials: "Sklejka brzozowa, papier z nadrukiem, metalowe zapięcia w kolorze mosiądzu",
  },
  "Wicker Picnic Hamper": { title: "Wiklinowy kosz piknikowy" },
  "Leather Satchel with Buckle": { title: "Skórzana torba ze sprzączką" },
  "Beaded Evening Clutch": { title: "Wieczorowa kopertówka z koralików" },
  "Striped Hatbox Set": { title: "Zestaw pudeł na kapelusze w paski" },
  "Mary Jane Shoes": { title: "Pantofelki z paskiem", materials: "Sztuczna skóra; pasek z gumką" },
  "Lace-Up Ankle Boots": { title: "Sznurowane botki" },
  "Velvet Ballet Slippers": { title: "Aksamitne baletki" },
  "Cotton Ankle Socks Trio": { title: "Trzy pary bawełnianych skarpetek" },
  // The demo year's made-to-order pieces (db/seed/demo-year/made-to-order.ts).
  "Made-to-Measure Heirloom Christening Gown": { title: "Pamiątkowa suknia do chrztu szyta na miarę" },
  "Hand-Smocked Liberty Print Party Dress": { title: "Ręcznie marszczona sukienka wizytowa w kwiatowy wzór Liberty" },
  "Bespoke Tailored Tweed Overcoat": { title: "Tweedowy płaszcz szyty na zamówienie" },
};

/**
 * Writes the Polish texts of the categories and products that exist under their English names.
 * Idempotent: rows already there (perhaps edited by the owner) are left as they are. Returns how
 * many rows were added.
 */
export async function seedPolishTexts(db: DB): Promise<number> {
  let added = 0;
  const categories = await db.selectFrom("categories").select(["id", "name"]).execute();
  const categoryRows = categories.flatMap((c) => {
    const pl = CATEGORIES_PL[c.name];
    return pl ? [{ category_id: c.id, locale: "pl" as const, name: pl.name, description: pl.description ?? "" }] : [];
  });
  if (categoryRows.length) {
    const result = await db
      .insertInto("category_translations")
      .values(categoryRows)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  const titles = Object.keys(PRODUCTS_PL);
  const products = await db.selectFrom("products").select(["id", "title"]).where("title", "in", titles).execute();
  const productRows = products.map((p) => {
    const pl = PRODUCTS_PL[p.title]!;
    return { product_id: p.id, locale: "pl" as const, title: pl.title, description: pl.description ?? "", materials: pl.materials ?? "" };
  });
  if (productRows.length) {
    const result = await db
      .insertInto("product_translations")
      .values(productRows)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}
