import { type APIRequestContext } from "@playwright/test";
import { JSDOM } from "jsdom";
import { expect, test } from "../fixtures";
import { productId } from "../helpers/api";
import { SLUGS } from "../helpers/browser";
import { englishOnPolishPage } from "../helpers/english-text";
import { insertOrder } from "../helpers/orders";
import { uniqueEmail } from "../helpers/session";
import { GUEST_PAGES, inLanguage } from "../helpers/shop-pages";

// Every shopper's page in English and under /pl in Polish: the document's language, the
// alternates search engines read, the link to the other language, the remembered choice, and no
// English interface text on a Polish page outside an element marked lang="en".

const OK_PAGES = GUEST_PAGES.filter((p) => !p.status || p.status === 200).map((p) => p.url);

function documentOf(html: string): Document {
  return new JSDOM(html).window.document;
}

function setCookies(headers: { name: string; value: string }[]): string[] {
  return headers.filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value);
}

test("every shopper's page is also under /pl, in Polish, with alternates for both languages and a link to the English", async ({ request }) => {
  for (const url of OK_PAGES) {
    const pl = inLanguage(url, "pl");
    const res = await request.get(pl);
    expect(res.status(), pl).toBe(200);
    const doc = documentOf(await res.text());
    expect(doc.documentElement.lang, pl).toBe("pl");
    const alternates = Object.fromEntries(
      [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute("hreflang"), new URL(l.getAttribute("href")!).pathname]),
    );
    const path = url.split("?")[0]!;
    expect(alternates, pl).toEqual({ en: path, pl: inLanguage(path, "pl"), "x-default": path });
    expect(new URL(doc.querySelector('link[rel="canonical"]')!.getAttribute("href")!).pathname, pl).toBe(inLanguage(path, "pl"));
    const english = doc.querySelector("a.language-link");
    expect(english?.textContent, pl).toBe("English");
    expect(english?.getAttribute("href"), pl).toBe(url);
  }
});

test("English pages stay where they were, lang=en, with a link 'Polski' to the same page", async ({ request }) => {
  for (const url of ["/", "/shop", `/product/${SLUGS.withColors}`, "/cart", "/terms-conditions"]) {
    const doc = documentOf(await (await request.get(url)).text());
    expect(doc.documentElement.lang, url).toBe("en");
    const polish = doc.querySelector("a.language-link");
    expect(polish?.textContent, url).toBe("Polski");
    expect(polish?.getAttribute("href"), url).toBe(inLanguage(url, "pl"));
    expect(new URL(doc.querySelector('link[rel="canonical"]')!.getAttribute("href")!).pathname, url).toBe(url.split("?")[0]);
  }
});

test("an unknown language prefix is a 404, and so is /pl before what has one language only", async ({ request }) => {
  for (const url of ["/de", "/de/shop", "/xx/cart", "/pl/pl/cart", "/pl/admin", "/pl/admin-login", "/pl/api/products", "/pl/healthz", "/pl/sitemap.xml"]) {
    const res = await request.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(404);
  }
});

test("the page's language is remembered in the cookie lang; any other value is ignored; nothing redirects by it or by Accept-Language", async ({
  playwright,
  baseURL,
}) => {
  const fresh = async (headers: Record<string, string> = {}): Promise<APIRequestContext> =>
    playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
  const plain = await fresh();
  // English is what no cookie means: an English page sets none, a Polish one remembers Polish.
  expect(setCookies((await plain.get("/shop", { maxRedirects: 0 })).headersArray()).filter((c) => c.startsWith("lang="))).toEqual([]);
  const pl = await plain.get("/pl/shop", { maxRedirects: 0 });
  expect(setCookies(pl.headersArray()).some((c) => /^lang=pl;/.test(c))).toBe(true);
  await plain.dispose();

  for (const cookie of ["lang=pl", "lang=xx", "lang=%3Cscript%3E"]) {
    const ctx = await fresh({ Cookie: cookie });
    const res = await ctx.get("/shop", { maxRedirects: 0 });
    expect(res.status(), cookie).toBe(200);
    expect(documentOf(await res.text()).documentElement.lang, cookie).toBe("en");
    expect(
      setCookies(res.headersArray()).some((c) => /^lang=en;/.test(c)),
      cookie,
    ).toBe(true);
    await ctx.dispose();
  }

  // A browser that prefers Polish, on its first visit, reads the English page with one line pointing at the Polish one.
  const polishBrowser = await fresh({ "Accept-Language": "pl-PL,pl;q=0.9,en;q=0.8" });
  const first = await polishBrowser.get("/shop", { maxRedirects: 0 });
  expect(first.status()).toBe(200);
  const doc = documentOf(await first.text());
  expect(doc.documentElement.lang).toBe("en");
  const hint = doc.querySelector(".language-hint");
  expect(hint?.getAttribute("lang")).toBe("pl");
  expect(hint?.querySelector("a")?.getAttribute("href")).toBe("/pl/shop");
  // It shows once: the answer remembers English.
  expect(setCookies(first.headersArray()).some((c) => /^lang=en;/.test(c))).toBe(true);
  await polishBrowser.dispose();
  const returning = await fresh({ "Accept-Language": "pl-PL,pl;q=0.9", Cookie: "lang=en" });
  expect(documentOf(await (await returning.get("/shop")).text()).querySelector(".language-hint")).toBeNull();
  await returning.dispose();
});

test("a Polish page's links and forms stay in Polish; the admin's, the API's and uploads keep their one path", async ({ request }) => {
  for (const url of ["/pl", "/pl/shop", `/pl/product/${SLUGS.withColors}`, "/pl/login", "/pl/cart"]) {
    const doc = documentOf(await (await request.get(url)).text());
    const targets = [
      ...[...doc.querySelectorAll("a[href^='/']")].filter((a) => !a.classList.contains("language-link")).map((a) => a.getAttribute("href")!),
      ...[...doc.querySelectorAll("form[action^='/']")].map((f) => f.getAttribute("action")!),
    ];
    expect(targets.length, url).toBeGreaterThan(3);
    for (const target of targets) expect(target, `${url} → ${target}`).toMatch(/^\/(pl(\/|\?|#|$)|admin|api\/|uploads\/)/);
  }
});

test("no Polish page shows an English interface text outside an element marked lang=en", async ({ request, loginAsCustomer }) => {
  const offending: Record<string, string[]> = {};
  const check = async (url: string, ctx: APIRequestContext = request) => {
    const res = await ctx.get(url);
    expect(res.status(), url).toBeLessThan(500);
    const found = englishOnPolishPage(await res.text());
    if (found.length) offending[url] = found;
  };
  for (const { url } of GUEST_PAGES) await check(inLanguage(url, "pl"));

  const id = await productId(request, SLUGS.inStock);
  expect((await request.post("/api/cart", { data: { productId: id, quantity: 1 } })).status()).toBe(201);
  await check("/pl/cart");
  await check("/pl/checkout");

  const unpaid = await insertOrder({ status: "unpaid" });
  const paid = await insertOrder({ status: "paid" });
  await check(`/pl/order/${unpaid.id}/payment?token=${unpaid.token}`);
  await check(`/pl/order/${paid.id}/confirmation?token=${paid.token}`);
  await check(`/pl/order-details/${paid.id}?token=${paid.token}`);
  await check(`/pl/order-details/${unpaid.id}?token=${unpaid.token}&confirm=cancel`);

  const { request: signedIn, userId, email } = await loginAsCustomer({ email: uniqueEmail("polish"), firstName: "Ola", loyaltyPoints: 40 });
  await insertOrder({ userId, email, status: "paid" });
  for (const url of [
    "/pl/account",
    "/pl/account?tab=orders",
    "/pl/account?tab=favorites",
    "/pl/account?tab=profile",
    "/pl/account?tab=profile&edit=1",
    "/pl/account?tab=loyalty",
    "/pl/account/security",
    "/pl/account/data",
    "/pl/account/data/delete",
  ])
    await check(url, signedIn);

  expect(offending).toEqual({});
});
