import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { DEFAULT_HOME_TEXT } from "~/domain/pages/home";
import { getHomeTextsIn } from "~/domain/pages/home.server";
import { getPage, listPageVersions, restorePageVersion, savePage } from "~/domain/pages/pages.server";
import { PAGE_LOCALE_ERROR } from "~/domain/pages/schemas";
import { PAGE_INTENTS } from "~/domain/pages/slugs";
import { I18nProvider } from "~/i18n/context";
import { i18nFor } from "~/i18n/i18n.server";
import { type Locale } from "~/i18n/locales";
import { db } from "~/lib/db.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { action as editorAction, loader as editorLoader } from "~/routes/admin_.pages.$slug";
import { action as adminPagesApi } from "~/routes/api.admin.pages.$slug";
import { loader as pagesApi } from "~/routes/api.pages.$slug";
import Home, { loader as homeLoader } from "~/routes/_index";
import About, { loader as aboutLoader } from "~/routes/about";
import SizeGuide, { loader as sizeGuideLoader } from "~/routes/size-guide";
import Terms, { loader as termsLoader } from "~/routes/terms-conditions";
import { LAWYER_DRAFT_NOTE, POLISH_HOME_TEXT, POLISH_PAGES, seedPolishPages } from "../../db/seed/pages-pl";
import { makeUser } from "../helpers/kit";
import { apiRequest, args, get, postForm, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

// The owner's pages and home texts in each language: a Polish text of its own with its own
// versions, and the English text standing in (marked lang="en") while there is none.

afterAll(() => db.destroy());

let admin: { id: number; email: string; cookie: string };
let customer: { cookie: string };

beforeAll(async () => {
  const a = await makeUser(db, { isAdmin: true, email: "owner-pl@example.com" });
  admin = { ...a, cookie: await cookieFor(a.id) };
  customer = { cookie: await cookieFor((await makeUser(db, { email: "klara@example.com" })).id) };
});

const put = (slug: string, body: unknown, cookie?: string) =>
  run(() => adminPagesApi(args(apiRequest("PUT", `/api/admin/pages/${slug}`, { cookie, body }), { slug })));
const getApi = (slug: string, query = "") => run(() => pagesApi(args(apiRequest("GET", `/api/pages/${slug}${query}`), { slug })));
const postEditor = (path: string, fields: Record<string, string>, cookie = admin.cookie) =>
  run(() => editorAction(args(postForm(path, fields, { cookie, accept: null }), { slug: path.split("?")[0]!.split("/").pop()! })));
const loadEditor = (path: string, cookie = admin.cookie) =>
  run(() => editorLoader(args(get(path, { cookie }), { slug: path.split("?")[0]!.split("/").pop()! })));
const actor = () => ({ id: admin.id, email: admin.email });

/** The route's page as the server renders it, in the language of the path. */
function render(Component: ComponentType, path: string, data: unknown, locale: Locale): string {
  const plain = path.replace(/^\/pl(?=\/|$)/, "") || "/";
  const page = plain === "/" ? { id: "page", index: true, Component } : { id: "page", path: plain.slice(1), Component };
  const Stub = createRemixStub([{ id: "root", path: "/", Component: Outlet, children: [page] }]);
  const report = console.error;
  console.error = (...a: unknown[]) => {
    if (!String(a[0]).includes("useLayoutEffect does nothing on the server") && a[1] !== "fetchPriority") report(...a);
  };
  try {
    return renderToString(
      createElement(I18nProvider, {
        value: i18nFor(locale),
        children: createElement(Stub, {
          initialEntries: [plain],
          hydrationData: { loaderData: { root: { shopEmail: "shop@example.com", storeName: "Little Stitches", locale }, page: data } },
        }),
      }),
    );
  } finally {
    console.error = report;
  }
}

describe("GET /api/pages/{slug}?locale=", () => {
  it("answers the English page with locale 'en' while there is no Polish one, and the plain answer stays as documented", async () => {
    const res = await getApi("about", "?locale=pl");
    expect(res.status).toBe(200);
    const json = await res.json();
    expect(json).toMatchObject({ slug: "about", title: "About the atelier", locale: "en", updatedAt: null });
    expect(Object.keys((await (await getApi("about")).json()) as object).sort()).toEqual(["body", "html", "slug", "title", "updatedAt"]);
    expect((await (await getApi("about", "?locale=en")).json()).locale).toBe("en");
  });

  it("refuses a language the shop does not have (400), and an unknown slug stays 404", async () => {
    for (const query of ["?locale=de", "?locale=", "?locale=PL", "?locale=pl-PL"]) {
      const res = await getApi("about", query);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({ message: PAGE_LOCALE_ERROR });
    }
    expect((await getApi("nope", "?locale=pl")).status).toBe(404);
  });
});

describe("PUT /api/admin/pages/{slug} with locale", () => {
  it("writes a Polish version, leaves the English versions alone, and names the language in the activity row", async () => {
    await savePage(db, "about", { title: "About us", body: "English text" }, actor());
    const englishBefore = await listPageVersions(db, "about");
    const res = await put("about", { title: "O nas", body: "Tekst **po polsku**", locale: "pl" }, admin.cookie);
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved).toMatchObject({
      slug: "about",
      title: "O nas",
      body: "Tekst **po polsku**",
      locale: "pl",
      html: "<p>Tekst <strong>po polsku</strong></p>\n",
    });

    expect(await listPageVersions(db, "about")).toEqual(englishBefore);
    expect((await getPage(db, "about"))!).toMatchObject({ title: "About us", body: "English text", locale: "en" });
    expect(await (await getApi("about", "?locale=pl")).json()).toMatchObject({ title: "O nas", locale: "pl" });
    expect((await (await getApi("about")).json()).body).toBe("English text");

    const [row] = await db
      .selectFrom("activity_log")
      .select(["summary", "actor_email"])
      .where("kind", "=", "page.save")
      .orderBy("id", "desc")
      .limit(1)
      .execute();
    expect(row).toEqual({ summary: `About (Polski) saved (version ${(await listPageVersions(db, "about", "pl"))[0]!.id})`, actor_email: admin.email });
  });

  it("without locale saves English, as before; a first Polish save without a title takes the English title", async () => {
    const res = await put("size-guide", { body: "Sizes" }, admin.cookie);
    expect(Object.keys(await res.json())).not.toContain("locale");
    expect(await listPageVersions(db, "size-guide", "pl")).toEqual([]);
    const pl = await (await put("size-guide", { body: "Rozmiary", locale: "pl" }, admin.cookie)).json();
    expect(pl).toMatchObject({ title: "Size Guide", body: "Rozmiary", locale: "pl" });
  });

  it("refuses another language with 400 and saves nothing", async () => {
    const before = await db.selectFrom("page_versions").select("id").execute();
    for (const locale of ["de", "", "EN", null, 1, ["pl"]]) {
      const res = await put("about", { body: "x", locale }, admin.cookie);
      expect(res.status, JSON.stringify(locale)).toBe(400);
      expect((await res.json()).message).toContain(PAGE_LOCALE_ERROR);
    }
    expect(await db.selectFrom("page_versions").select("id").execute()).toEqual(before);
  });

  it("refuses guests (401) and customers (403) in Polish too, and saves nothing", async () => {
    const before = await listPageVersions(db, "about", "pl");
    expect((await put("about", { body: "Hacked", locale: "pl" })).status).toBe(401);
    expect((await put("about", { body: "Hacked", locale: "pl" }, customer.cookie)).status).toBe(403);
    expect(await listPageVersions(db, "about", "pl")).toEqual(before);
  });
});

describe("versions per language", () => {
  it("each language lists and restores its own versions; another language's version is 'not found'", async () => {
    await savePage(db, "about", { title: "O nas", body: "Druga wersja" }, actor(), "pl");
    const pl = await listPageVersions(db, "about", "pl");
    const en = await listPageVersions(db, "about", "en");
    expect(pl.map((v) => v.title)).toEqual(["O nas", "O nas"]);
    expect(pl.some((v) => en.some((e) => e.id === v.id))).toBe(false);

    await expect(restorePageVersion(db, "about", pl[1]!.id, actor())).rejects.toMatchObject({ status: 404 });
    await expect(restorePageVersion(db, "about", en[0]!.id, actor(), "pl")).rejects.toMatchObject({ status: 404 });
    expect(await listPageVersions(db, "about", "en")).toEqual(en);

    const restored = await restorePageVersion(db, "about", pl[1]!.id, actor(), "pl");
    expect(restored).toMatchObject({ body: "Tekst **po polsku**", locale: "pl" });
    expect(await listPageVersions(db, "about", "en")).toEqual(en);
    const [row] = await db.selectFrom("activity_log").select("summary").where("kind", "=", "page.restore").orderBy("id", "desc").limit(1).execute();
    expect(row!.summary).toMatch(new RegExp(`^About \\(Polski\\): version ${pl[1]!.id} restored \\(as version \\d+\\)$`));
  });

  it("the editor at ?locale=pl: the Polish page, its versions only, the switch, and its saves and restores stay Polish", async () => {
    const data = await (await loadEditor("/admin/pages/about?locale=pl")).json();
    expect(data).toMatchObject({ slug: "about", locale: "pl", fallback: false, page: { title: "O nas" } });
    expect(data.versions.map((v: { id: number }) => v.id)).toEqual((await listPageVersions(db, "about", "pl")).map((v) => v.id));
    expect(data.languages).toEqual([
      { code: "en", name: "English", url: "/admin/pages/about" },
      { code: "pl", name: "Polski", url: "/admin/pages/about?locale=pl" },
    ]);
    const englishId = (await listPageVersions(db, "about"))[0]!.id;
    expect((await loadEditor(`/admin/pages/about?locale=pl&version=${englishId}`)).status).toBe(404);
    expect((await loadEditor("/admin/pages/about?locale=de")).status).toBe(400);

    const en = await listPageVersions(db, "about");
    const res = await postEditor("/admin/pages/about?locale=pl", { intent: PAGE_INTENTS.save, title: "O pracowni", body: "Z formularza" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/pages/about?locale=pl");
    expect((await getPage(db, "about", "pl"))!).toMatchObject({ title: "O pracowni", body: "Z formularza", locale: "pl" });
    expect(await listPageVersions(db, "about")).toEqual(en);

    const older = (await listPageVersions(db, "about", "pl"))[1]!;
    const back = await postEditor("/admin/pages/about?locale=pl", { intent: PAGE_INTENTS.restore, versionId: String(older.id) });
    expect(back.headers.get("Location")).toBe("/admin/pages/about?locale=pl");
    expect((await postEditor("/admin/pages/about?locale=pl", { intent: PAGE_INTENTS.restore, versionId: String(en[0]!.id) })).status).toBe(404);
    expect((await postEditor("/admin/pages/about?locale=pl", { intent: PAGE_INTENTS.save, title: "T", body: "Hacked" }, customer.cookie)).status).toBe(403);
  });

  it("a page never written in Polish opens in the editor with the English text to translate", async () => {
    const data = await (await loadEditor("/admin/pages/privacy?locale=pl")).json();
    expect(data).toMatchObject({ locale: "pl", fallback: true, versions: [], page: { title: "Privacy Policy", versionId: null, updatedAt: null } });
  });

  it("the Pages tab lists one language at a time", async () => {
    const load = async (path: string) => (await (await run(() => adminLoader(args(get(path, { cookie: admin.cookie }))))).json()).ownerPages;
    const pl = await load("/admin?tab=pages&locale=pl");
    expect(pl.locale).toBe("pl");
    const rows = Object.fromEntries(pl.pages.map((p: { slug: string }) => [p.slug, p]));
    expect(rows.about).toMatchObject({ title: "O nas", fallback: false, savedByEmail: admin.email });
    expect(rows.privacy).toMatchObject({ title: "Privacy Policy", fallback: true, versions: 0, updatedAt: null });
    expect((await load("/admin?tab=pages")).pages.find((p: { slug: string }) => p.slug === "about")).toMatchObject({ title: "About us", fallback: false });
    expect((await load("/admin?tab=pages&locale=xx")).locale).toBe("en");
  });
});

describe("the home texts per language", () => {
  it("Polish home texts are their own settings key; saving them leaves the English ones and logs the language", async () => {
    expect(await getHomeTextsIn(db, "pl")).toEqual({ texts: DEFAULT_HOME_TEXT, locale: "en" });
    const post = (fields: Record<string, string>, cookie = admin.cookie) =>
      run(() => adminAction(args(postForm("/admin?tab=pages&locale=pl", { intent: PAGE_INTENTS.homeSave, ...fields }, { cookie, accept: null }))));
    expect((await post({ ...POLISH_HOME_TEXT, locale: "de" })).status).toBe(400);
    expect((await post({ ...POLISH_HOME_TEXT, locale: "pl" }, customer.cookie)).status).toBe(403);
    const res = await post({ ...POLISH_HOME_TEXT, locale: "pl" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin?tab=pages&locale=pl");
    expect(await getHomeTextsIn(db, "pl")).toEqual({ texts: POLISH_HOME_TEXT, locale: "pl" });
    expect((await getHomeTextsIn(db, "en")).texts).toEqual(DEFAULT_HOME_TEXT);
    const [row] = await db.selectFrom("activity_log").select("summary").where("kind", "=", "settings.home").orderBy("id", "desc").limit(1).execute();
    expect(row!.summary).toBe("Home page texts (Polski) saved");
  });
});

describe("the shopper's pages under /pl", () => {
  it("the Polish page shows the Polish text, with no lang='en' mark", async () => {
    const shown = await data(aboutLoader, "/pl/about");
    expect(shown).toEqual({ title: "O nas", html: expect.stringContaining("Tekst") });
    const html = render(About, "/pl/about", shown, "pl");
    expect(html).toContain("<h1>O nas</h1>");
    expect(html).not.toContain('lang="en"');
    // The English page is untouched.
    expect(await data(aboutLoader, "/about")).toEqual({ title: "About us", html: "<p>English text</p>\n" });
  });

  it("a page not written in Polish shows the English text inside lang='en'", async () => {
    const shown = await data(termsLoader, "/pl/terms-conditions");
    expect(shown).toMatchObject({ title: "Terms & Conditions", lang: "en" });
    const html = render(Terms, "/pl/terms-conditions", shown, "pl");
    expect(html).toContain('<h1 lang="en">Terms &amp; Conditions</h1>');
    expect(html).toMatch(/<div class="owner-page-body" lang="en">[^]*Right of withdrawal \(EU consumers\)/);
    expect(await data(termsLoader, "/terms-conditions")).not.toHaveProperty("lang");
  });

  it("the home page shows the Polish home texts, and the English ones marked lang='en' while there are none", async () => {
    const polish = await data(homeLoader, "/pl");
    expect(polish.home.heroTitle).toBe(POLISH_HOME_TEXT.heroTitle);
    expect(polish.homeLang).toBeUndefined();
    expect(polish.home.shippingText).toBe("w ciągu 1–3 dni roboczych, z numerem do śledzenia i w pudełku.");
    const page = render(Home, "/pl", polish, "pl");
    expect(page).toContain(`<h1>${POLISH_HOME_TEXT.heroTitle}</h1>`);

    await db.deleteFrom("settings").where("key", "=", "home_pl").execute();
    const fallback = await data(homeLoader, "/pl");
    expect(fallback).toMatchObject({ homeLang: "en", home: { heroTitle: DEFAULT_HOME_TEXT.heroTitle } });
    expect(render(Home, "/pl", fallback, "pl")).toContain(`<h1 lang="en">${DEFAULT_HOME_TEXT.heroTitle}</h1>`);
    expect((await data(homeLoader, "/")).homeLang).toBeUndefined();
  });
});

describe("the seed's Polish texts", () => {
  it("the terms ('Regulamin') carry the withdrawal section and the model form in the Polish wording of the Directive's annex, marked as a draft", async () => {
    const terms = POLISH_PAGES["terms-conditions"];
    expect(terms.title).toBe("Regulamin");
    expect(terms.body.startsWith(LAWYER_DRAFT_NOTE)).toBe(true);
    expect(LAWYER_DRAFT_NOTE).toContain("Projekt do sprawdzenia przez prawnika");
    expect(terms.body).toContain("w terminie 14 dni bez podania jakiejkolwiek przyczyny");
    expect(terms.body).toContain("art. 38 ust. 1 pkt 3 ustawy z dnia 30 maja 2014 r. o prawach konsumenta");
    expect(terms.body).toContain("**Bezpośrednie koszty zwrotu rzeczy ponosi kupujący.**");
    expect(terms.body).toContain("nie później niż 14 dni od dnia, w którym otrzymaliśmy oświadczenie");
    expect(terms.body).toContain("[Odstąp od umowy tutaj](/pl/withdrawal)");

    // about and size guide have Polish versions saved above: the terms, the privacy policy and the home texts are written.
    expect(await seedPolishPages(db)).toBe(3);
    const page = (await getPage(db, "terms-conditions", "pl"))!;
    expect(page.locale).toBe("pl");
    for (const words of [
      "<h3>Wzór formularza odstąpienia od umowy</h3>",
      "Adresat",
      "Ja/My(*) niniejszym informuję/informujemy(*) o moim/naszym odstąpieniu od umowy sprzedaży następujących rzeczy(*)",
      "Data zawarcia umowy(*)/odbioru(*)",
      "Imię i nazwisko konsumenta(-ów)",
      "Adres konsumenta(-ów)",
      "Podpis konsumenta(-ów) (tylko jeżeli formularz jest przesyłany w wersji papierowej)",
      "<p>Data</p>",
      "(*) Niepotrzebne skreślić.",
      "<strong>Projekt do sprawdzenia przez prawnika.</strong>",
      "w ciągu 1–3 dni roboczych",
    ]) {
      expect(page.html, words).toContain(words);
    }
  });

  it("the privacy policy ('Polityka prywatności'): a draft naming the roles, bases, periods, rights and PUODO, as the English one", () => {
    const privacy = POLISH_PAGES.privacy.body;
    expect(POLISH_PAGES.privacy.title).toBe("Polityka prywatności");
    expect(privacy.startsWith(LAWYER_DRAFT_NOTE)).toBe(true);
    for (const words of [
      "administratorem",
      "art. 6 ust. 1 lit. b RODO",
      "art. 6 ust. 1 lit. c RODO",
      "art. 6 ust. 1 lit. f RODO",
      "5 lat",
      "15 minut",
      "30 dni",
      "5 tygodni",
      "PUODO",
      "ul. Stawki 2, 00-193 Warszawa",
      "/pl/account/data",
    ]) {
      expect(privacy, words).toContain(words);
    }
  });

  it("writes the Polish pages and home texts once, never over what the owner saved", async () => {
    expect(await seedPolishPages(db)).toBe(0);
    expect((await getPage(db, "about", "pl"))!.body).toBe("Tekst **po polsku**");
    expect((await getPage(db, "privacy", "pl"))!).toMatchObject({ title: "Polityka prywatności", savedByEmail: "system", locale: "pl" });
    expect((await getHomeTextsIn(db, "pl")).texts).toEqual(POLISH_HOME_TEXT);
    const sizes = await data(sizeGuideLoader, "/pl/size-guide");
    expect(sizes).toEqual({ title: "Size Guide", html: "<p>Rozmiary</p>\n" });
    expect(render(SizeGuide, "/pl/size-guide", sizes, "pl")).not.toContain('lang="en"');
  });
});

async function data(loader: (a: never) => Promise<Response>, path: string) {
  return (await run(() => loader(args(get(path)) as never))).json();
}
