import { db } from "~/lib/db.server";
import { readProducts } from "~/domain/catalogue/products.server";
import { action as productsAction } from "~/routes/api.admin.products";
import { action as productAction, loader as productLoader } from "~/routes/api.admin.products.$id";
import { loader as listLoader } from "~/routes/api.products";
import { loader as slugLoader } from "~/routes/api.products.slug.$slug";
import { loader as latestLoader } from "~/routes/api.products.latest-collection";
import { loader as categoriesLoader } from "~/routes/api.categories";
import { addToCategory, makeCategory, makeProduct, makeUser } from "../helpers/kit";
import { apiRequest, args, get, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";
import { createTestDb } from "../helpers/db";

// The owner's Polish texts (docs/languages.md): the admin API takes and answers them, the public
// API answers them with ?locale=pl (English where a Polish text is empty), and Polish search finds
// them with or without diacritics and with a typo.

afterAll(() => db.destroy());

let admin: string;
let customer: string;

beforeAll(async () => {
  admin = await cookieFor((await makeUser(db, { isAdmin: true })).id);
  customer = await cookieFor((await makeUser(db)).id);
});

const POLISH = { title: "Żółta sukienka lniana", description: "Lekka sukienka z lnu.", materials: "100% len", safetyNotice: "Nie dla dzieci poniżej 3 lat." };

const create = (body: unknown, cookie = admin) => run(() => productsAction(args(apiRequest("POST", "/api/admin/products", { cookie, body }))));
const put = (id: number, body: unknown, cookie = admin) =>
  run(() => productAction(args(apiRequest("PUT", `/api/admin/products/${id}`, { cookie, body }), { id: String(id) })));
const read = async (id: number) =>
  (await run(() => productLoader(args(apiRequest("GET", `/api/admin/products/${id}`, { cookie: admin }), { id: String(id) })))).json();
const publicProduct = async (slug: string, query = "") => run(() => slugLoader(args(get(`/api/products/slug/${slug}${query}`), { slug })));

describe("the admin product API", () => {
  it("creates with translations.pl, answers them on GET, and a PUT without translations keeps them", async () => {
    const res = await create({ title: "Yellow Linen Dress", description: "A light linen dress.", price: "40.00", stock: 3, translations: { pl: POLISH } });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created.translations).toEqual({ pl: POLISH });
    expect((await read(created.id)).translations).toEqual({ pl: POLISH });

    expect((await put(created.id, { title: "Yellow Linen Dress", price: "41.00" })).status).toBe(200);
    expect((await read(created.id)).translations).toEqual({ pl: POLISH });

    // A field left out of pl keeps its text; "" or null empties it.
    const edited = await (
      await put(created.id, { title: "Yellow Linen Dress", price: "41.00", translations: { pl: { title: "Sukienka", materials: null } } })
    ).json();
    expect(edited.translations.pl).toEqual({ ...POLISH, title: "Sukienka", materials: "" });

    const cleared = await (
      await put(created.id, {
        title: "Yellow Linen Dress",
        price: "41.00",
        translations: { pl: { title: "", description: "", materials: "", safetyNotice: "" } },
      })
    ).json();
    expect(cleared.translations.pl).toEqual({ title: "", description: "", materials: "", safetyNotice: "" });
    expect(await db.selectFrom("product_translations").selectAll().where("product_id", "=", created.id).execute()).toEqual([]);
  });

  it("a Polish text over its limit is 400 with the field's error, and nothing is written", async () => {
    const p = await makeProduct(db, { title: "Limit Coat" });
    const res = await put(p.id, { title: "Limit Coat", price: "30.00", translations: { pl: { title: "x".repeat(201) } } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ "translations.pl.title": ["Title must be 200 characters or less"] });
    const long = await put(p.id, { title: "Limit Coat", price: "30.00", translations: { pl: { safetyNotice: "x".repeat(301) } } });
    expect((await long.json()).errors["translations.pl.safetyNotice"]).toBeDefined();
    const other = await put(p.id, { title: "Limit Coat", price: "30.00", translations: { de: { title: "Mantel" } } });
    expect(other.status).toBe(400);
    expect(await db.selectFrom("product_translations").selectAll().where("product_id", "=", p.id).execute()).toEqual([]);
  });

  it("refuses translations from a guest (401) and a customer (403)", async () => {
    const p = await makeProduct(db, { title: "Guarded Dress" });
    const body = { title: "Guarded Dress", price: "30.00", translations: { pl: { title: "Cudza sukienka" } } };
    expect((await put(p.id, body, "")).status).toBe(401);
    expect((await put(p.id, body, customer)).status).toBe(403);
    expect((await create(body, customer)).status).toBe(403);
    expect(await db.selectFrom("product_translations").selectAll().where("product_id", "=", p.id).execute()).toEqual([]);
  });
});

describe("the public API with ?locale=pl", () => {
  it("answers the Polish texts with locale, the English ones where Polish is empty (listed in fallback), and nothing new without it", async () => {
    const category = await makeCategory(db, { name: "Summer Dresses" });
    await db.insertInto("category_translations").values({ category_id: category.id, locale: "pl", name: "Letnie sukienki" }).execute();
    const p = await makeProduct(db, { title: "Daisy Dress", description: "A dress with daisies." });
    await db.updateTable("products").set({ materials: "Cotton" }).where("id", "=", p.id).execute();
    await addToCategory(db, p.id, category.id);
    await db.updateTable("products").set({ is_latest_collection: 1 }).where("id", "=", p.id).execute();
    await db.insertInto("product_translations").values({ product_id: p.id, locale: "pl", title: "Sukienka w stokrotki" }).execute();

    const polish = await (await publicProduct(p.slug, "?locale=pl")).json();
    expect(polish).toMatchObject({ locale: "pl", title: "Sukienka w stokrotki", description: "A dress with daisies.", materials: "Cotton" });
    expect(polish.fallback).toEqual(["description", "materials", "safetyNotice"]);
    expect(polish.categories).toEqual([expect.objectContaining({ id: category.id, name: "Letnie sukienki" })]);

    const english = await (await publicProduct(p.slug)).json();
    expect(english.title).toBe("Daisy Dress");
    expect(english).not.toHaveProperty("locale");
    expect(english).not.toHaveProperty("fallback");

    const list = await (await run(() => listLoader(args(get(`/api/products?categoryId=${category.id}&locale=pl`))))).json();
    expect(list.locale).toBe("pl");
    expect(list.products.map((x: { title: string }) => x.title)).toEqual(["Sukienka w stokrotki"]);
    const latest = await (await run(() => latestLoader(args(get("/api/products/latest-collection?locale=pl"))))).json();
    expect(latest.find((x: { id: number }) => x.id === p.id)).toMatchObject({ title: "Sukienka w stokrotki", locale: "pl" });
    const categories = await (await run(() => categoriesLoader(args(get("/api/categories?locale=pl"))))).json();
    expect(categories.find((c: { id: number }) => c.id === category.id)).toMatchObject({ name: "Letnie sukienki", locale: "pl" });
    const englishCategories = await (await run(() => categoriesLoader(args(get("/api/categories"))))).json();
    expect(englishCategories.find((c: { id: number }) => c.id === category.id)).toEqual(expect.not.objectContaining({ locale: "pl" }));

    expect((await publicProduct(p.slug, "?locale=de")).status).toBe(400);
  });
});

describe("Polish search", () => {
  it("finds Polish titles without diacritics, with them, with a typo, and English words still", async () => {
    const db = createTestDb();
    const yellow = await makeProduct(db, { title: "Mustard Tea Dress", description: "A cotton dress." });
    const coat = await makeProduct(db, { title: "Wool Coat", description: "A warm coat." });
    await db
      .insertInto("product_translations")
      .values([
        { product_id: yellow.id, locale: "pl", title: "Żółta Sukienka herbaciana", description: "Bawełniana sukienka." },
        { product_id: coat.id, locale: "pl", title: "Wełniany płaszcz", description: "Ciepły płaszcz." },
      ])
      .execute();
    const titles = async (search: string) => (await readProducts(db, { search, offset: 0, limit: 12 }, "pl")).products.map((p) => p.title);
    expect(await titles("sukienka")).toEqual(["Żółta Sukienka herbaciana"]);
    expect(await titles("zolta")).toEqual(["Żółta Sukienka herbaciana"]);
    expect(await titles("żółta")).toEqual(["Żółta Sukienka herbaciana"]);
    expect(await titles("plaszcz")).toEqual(["Wełniany płaszcz"]);
    const typo = await readProducts(db, { search: "sukenka", offset: 0, limit: 12 }, "pl");
    expect(typo.products.map((p) => p.title)).toEqual(["Żółta Sukienka herbaciana"]);
    expect(typo.correction?.corrections).toEqual([{ from: "sukenka", to: "sukienka" }]);
    // English words still find a product on a Polish page (shown with its Polish title).
    expect(await titles("mustard")).toEqual(["Żółta Sukienka herbaciana"]);
    // An English page's search is as before.
    expect((await readProducts(db, { search: "sukienka", offset: 0, limit: 12, exact: true })).total).toBe(0);

    // A deleted product leaves the Polish index.
    await db.deleteFrom("products").where("id", "=", coat.id).execute();
    expect(await titles("plaszcz")).toEqual([]);
    await db.destroy();
  });
});
