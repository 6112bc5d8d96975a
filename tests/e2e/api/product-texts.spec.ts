import { JSDOM } from "jsdom";
import { expect, test } from "../fixtures";
import { SLUGS } from "../helpers/browser";

// The owner's Polish product and category texts on the Polish pages of the seeded shop
// (db/seed/polish.ts): Polish where she wrote them, the English text marked lang="en" where not,
// and Polish search with and without diacritics.

const documentOf = (html: string) => new JSDOM(html).window.document;

test("a Polish product page shows the Polish title, breadcrumb and materials; the English page is unchanged", async ({ request }) => {
  const pl = documentOf(await (await request.get(`/pl/product/${SLUGS.inStock}`)).text());
  expect(pl.querySelector("h1#product-title")?.textContent).toBe("Kremowy sweter w warkocze");
  expect(pl.querySelector("h1#product-title")?.getAttribute("lang")).toBeNull();
  expect(pl.querySelector(".product-materials")?.textContent).toBe("100% wełna merynosowa, dziane ręcznie");
  expect([...pl.querySelectorAll(".breadcrumb li")].map((li) => li.textContent)).toContain("Dzianina");
  expect(pl.title).toContain("Kremowy sweter w warkocze");

  const en = documentOf(await (await request.get(`/product/${SLUGS.inStock}`)).text());
  expect(en.querySelector("h1#product-title")?.textContent).toBe("Cream Cable Knit Sweater");
  // No fallback markers on an English page.
  expect(en.querySelector('main [lang="en"]')).toBeNull();
});

test('a product without a Polish description shows the English one inside lang="en"', async ({ request }) => {
  const doc = documentOf(await (await request.get("/pl/product/striped-breton-shirt")).text());
  expect(doc.querySelector("h1#product-title")?.textContent).toBe("Bluzka bretońska w paski");
  const description = doc.querySelector(".details .prose");
  expect(description?.getAttribute("lang")).toBe("en");
  expect(description?.textContent).toContain("The seaside classic");
});

test("Polish search finds Polish titles with and without diacritics, and with a typo", async ({ request }) => {
  const titles = async (search: string) => {
    const doc = documentOf(await (await request.get(`/pl/shop?search=${encodeURIComponent(search)}`)).text());
    return [...doc.querySelectorAll(".card-title")].map((t) => t.textContent ?? "");
  };
  expect(await titles("płaszcz")).toContain("Klasyczny wełniany płaszcz");
  expect(await titles("plaszcz")).toContain("Klasyczny wełniany płaszcz");
  expect(await titles("welniany")).toContain("Klasyczny wełniany płaszcz");
  expect(await titles("sukienka")).toContain("Lawendowa sukienka z marszczeniem");
  expect(await titles("sukenka")).toContain("Lawendowa sukienka z marszczeniem");
});

test("the public API answers Polish texts with ?locale=pl", async ({ request }) => {
  const pl = await (await request.get(`/api/products/slug/${SLUGS.inStock}?locale=pl`)).json();
  expect(pl).toMatchObject({ locale: "pl", title: "Kremowy sweter w warkocze" });
  const en = await (await request.get(`/api/products/slug/${SLUGS.inStock}`)).json();
  expect(en.title).toBe("Cream Cable Knit Sweater");
  expect(en.locale).toBeUndefined();
  const categories = await (await request.get("/api/categories?locale=pl")).json();
  expect(categories.map((c: { name: string }) => c.name)).toContain("Dodatki");
});
