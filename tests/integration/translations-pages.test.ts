import { db } from "~/lib/db.server";
import { STORE_INTENTS } from "~/domain/common/settings-texts";
import { PRODUCT_INTENTS } from "~/domain/catalogue/product-texts";
import { action as adminAction } from "~/routes/admin";
import { action as editAction } from "~/routes/admin_.products.edit.$id";
import { loader as shopLoader } from "~/routes/shop._index";
import { loader as categoryLoader } from "~/routes/shop.$categorySlug";
import { loader as rootLoader } from "~/root";
import { loader as productLoader } from "~/routes/product.$slug";
import { productCardHtml } from "~/components/product/card-html";
import { toCardProduct } from "~/domain/catalogue/cards";
import { getProductBySlug } from "~/domain/catalogue/products.server";
import { addToCart, getCart } from "~/domain/cart/cart.server";
import { i18nFor } from "~/i18n/i18n.server";
import { recalculateCategoryCounts } from "~/domain/catalogue/categories.server";
import { addToCategory, makeCategory, makeProduct, makeUser } from "../helpers/kit";
import { args, get, postForm, postMultipart, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

// The owner's Polish texts through the admin's forms (the product editor's 'Polski' section, the
// Categories tab) and on the Polish shop pages, with the English fallback marked lang="en".

afterAll(() => db.destroy());

let admin: string;
beforeAll(async () => {
  admin = await cookieFor((await makeUser(db, { isAdmin: true })).id);
});

const polishRow = (id: number) => db.selectFrom("product_translations").selectAll().where("product_id", "=", id).executeTakeFirst();

describe("the product editor's Polish section", () => {
  const form = (over: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries({
      title: "Editor Skirt",
      slug: "",
      description: "A skirt.",
      price: "18,50",
      stock: "2",
      intent: PRODUCT_INTENTS.save,
      ...over,
    }))
      f.set(k, v);
    return f;
  };
  const post = (id: number, f: FormData) => run(() => editAction(args(postMultipart(`/admin/products/edit/${id}`, f, { cookie: admin }), { id: String(id) })));

  it("saves the Polish texts with the product, empties a cleared field, and refuses one over its limit with a field error", async () => {
    const p = await makeProduct(db, { title: "Editor Skirt" });
    const saved = await post(
      p.id,
      form({ "translations.pl.title": "Spódnica", "translations.pl.description": "Plisowana spódnica.", "translations.pl.materials": "Wełna" }),
    );
    expect(saved.status).toBe(302);
    expect(await polishRow(p.id)).toMatchObject({ title: "Spódnica", description: "Plisowana spódnica.", materials: "Wełna", safety_notice: "" });

    const cleared = await post(p.id, form({ "translations.pl.title": "Spódnica", "translations.pl.description": "" }));
    expect(cleared.status).toBe(302);
    expect(await polishRow(p.id)).toMatchObject({ title: "Spódnica", description: "", materials: "" });

    const refused = await post(p.id, form({ "translations.pl.title": "x".repeat(201) }));
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body.errors["translations.pl.title"]).toEqual(["Title must be 200 characters or less"]);
    expect(body.values.translations.pl.title).toBe("x".repeat(201));
    expect((await polishRow(p.id))?.title).toBe("Spódnica");
  });
});

describe("the Categories tab's Polish fields", () => {
  const post = (fields: Record<string, string>) => run(() => adminAction(args(postForm("/admin?tab=categories", fields, { cookie: admin }))));
  const polish = (id: number) => db.selectFrom("category_translations").selectAll().where("category_id", "=", id).executeTakeFirst();

  it("adds and edits a category's Polish name and description; an edit without them empties them", async () => {
    const res = await post({ intent: STORE_INTENTS.categoryCreate, name: "Party Frocks", isActive: "on", "translations.pl.name": "Sukienki na przyjęcia" });
    expect(res.status).toBe(302);
    const row = await db.selectFrom("categories").select(["id", "slug"]).where("name", "=", "Party Frocks").executeTakeFirstOrThrow();
    expect(await polish(row.id)).toMatchObject({ name: "Sukienki na przyjęcia", description: "" });

    const over = await post({
      intent: STORE_INTENTS.categoryUpdate,
      id: String(row.id),
      name: "Party Frocks",
      slug: row.slug,
      "translations.pl.name": "x".repeat(61),
    });
    expect(over.status).toBe(400);
    expect(await polish(row.id)).toMatchObject({ name: "Sukienki na przyjęcia" });

    await post({ intent: STORE_INTENTS.categoryUpdate, id: String(row.id), name: "Party Frocks", slug: row.slug, isActive: "on" });
    expect(await polish(row.id)).toBeUndefined();
  });
});

describe("Polish shop pages", () => {
  it("show Polish titles and category names, English ones marked lang=en where there is no Polish, and find Polish words without diacritics", async () => {
    const category = await makeCategory(db, { name: "Yellow Things" });
    await db.insertInto("category_translations").values({ category_id: category.id, locale: "pl", name: "Żółte rzeczy" }).execute();
    const translated = await makeProduct(db, { title: "Yellow Beret" });
    const untranslated = await makeProduct(db, { title: "Yellow Scarf" });
    for (const p of [translated, untranslated]) await addToCategory(db, p.id, category.id);
    await db.insertInto("product_translations").values({ product_id: translated.id, locale: "pl", title: "Żółty beret" }).execute();

    const page = await (await run(() => categoryLoader(args(get(`/pl/shop/${category.slug}`), { categorySlug: category.slug })))).json();
    expect(page.products.map((p: { title: string }) => p.title).sort()).toEqual(["Yellow Scarf", "Żółty beret"]);
    expect(page.products.find((p: { title: string }) => p.title === "Yellow Scarf").fallback).toEqual(["title"]);
    expect(page.chain.at(-1)).toMatchObject({ name: "Żółte rzeczy" });
    const english = await (await run(() => categoryLoader(args(get(`/shop/${category.slug}`), { categorySlug: category.slug })))).json();
    expect(english.products.map((p: { title: string }) => p.title).sort()).toEqual(["Yellow Beret", "Yellow Scarf"]);

    const found = await (
      await run(() => shopLoader(args(get("/pl/shop?search=zolty"))))
    )
      .json()
      .then((d: { products: { title: string }[] }) => d.products.map((p) => p.title));
    expect(found).toEqual(["Żółty beret"]);

    // The card marks the English title, and only it.
    const pl = i18nFor("pl");
    const cards = (await Promise.all([translated, untranslated].map((p) => getProductBySlug(db, p.slug, "pl")))).map((p) => toCardProduct(p!));
    const html = cards.map((c) => productCardHtml(c, { eager: false, redirectTo: "/pl/shop", i18n: pl }));
    expect(html[0]).toContain(">Żółty beret<");
    expect(html[0]).not.toContain('lang="en"');
    expect(html[1]).toContain('<span lang="en">Yellow Scarf</span>');

    // The menu names the category in Polish on Polish pages.
    await recalculateCategoryCounts(db);
    const root = await (await run(() => rootLoader(args(get("/pl"))))).json();
    const names = (root.menu as { name: string; children: { name: string }[] }[]).flatMap((m) => [m.name, ...m.children.map((c) => c.name)]);
    expect(names).toContain("Żółte rzeczy");
  });

  it("the product page in Polish: Polish title, breadcrumb category and note; English description and materials marked as fallbacks", async () => {
    const category = await makeCategory(db, { name: "Knitted Shawls" });
    await db.insertInto("category_descriptions").values({ category_name: "Knitted Shawls", description: "Hand wash only." }).execute();
    await db
      .insertInto("category_translations")
      .values({ category_id: category.id, locale: "pl", name: "Szale", description: "Tylko pranie ręczne." })
      .execute();
    const p = await makeProduct(db, { title: "Lace Shawl", description: "A lace shawl." });
    await db.updateTable("products").set({ materials: "Wool" }).where("id", "=", p.id).execute();
    await addToCategory(db, p.id, category.id);
    await db.insertInto("product_translations").values({ product_id: p.id, locale: "pl", title: "Koronkowy szal", safety_notice: "Nie dla dzieci." }).execute();

    const pl = await (await run(() => productLoader(args(get(`/pl/product/${p.slug}`), { slug: p.slug })))).json();
    expect(pl.product).toMatchObject({
      title: "Koronkowy szal",
      description: "A lace shawl.",
      materials: "Wool",
      safetyNotice: "Nie dla dzieci.",
      locale: "pl",
    });
    expect(pl.product.fallback).toEqual(["description", "materials"]);
    expect(pl.product.category).toMatchObject({ name: "Szale" });
    expect(pl).toMatchObject({ note: "Tylko pranie ręczne.", noteLang: null });

    // Without a Polish note the English one stands in, marked as English; the English page is as before.
    await db.updateTable("category_translations").set({ description: "" }).where("category_id", "=", category.id).execute();
    const fallback = await (await run(() => productLoader(args(get(`/pl/product/${p.slug}`), { slug: p.slug })))).json();
    expect(fallback).toMatchObject({ note: "Hand wash only.", noteLang: "en" });
    const en = await (await run(() => productLoader(args(get(`/product/${p.slug}`), { slug: p.slug })))).json();
    expect(en.product).toMatchObject({ title: "Lace Shawl", category: { name: "Knitted Shawls" } });
    expect(en.product).not.toHaveProperty("fallback");
    expect(en).toMatchObject({ note: "Hand wash only.", noteLang: null });
  });
});

describe("the Polish cart", () => {
  it("names its lines in Polish, marks a title with no Polish as English, and leaves the English cart as it was", async () => {
    const category = await makeCategory(db, { name: "Cart Hats" });
    await db.insertInto("category_translations").values({ category_id: category.id, locale: "pl", name: "Kapelusze" }).execute();
    const translated = await makeProduct(db, { title: "Straw Hat", stock: 5 });
    const untranslated = await makeProduct(db, { title: "Felt Hat", stock: 5 });
    for (const p of [translated, untranslated]) await addToCategory(db, p.id, category.id);
    await db.insertInto("product_translations").values({ product_id: translated.id, locale: "pl", title: "Słomkowy kapelusz" }).execute();
    const owner = { cartKey: "polish-cart" };
    for (const p of [translated, untranslated]) await addToCart(db, owner, { productId: p.id, quantity: 1 });

    const lines = (cart: Awaited<ReturnType<typeof getCart>>) =>
      cart.items.map((i) => ({ title: i.product.title, lang: i.product.titleLang ?? null, category: i.product.category?.name }));
    expect(lines(await getCart(db, owner, "pl"))).toEqual(
      expect.arrayContaining([
        { title: "Słomkowy kapelusz", lang: null, category: "Kapelusze" },
        { title: "Felt Hat", lang: "en", category: "Kapelusze" },
      ]),
    );
    expect(lines(await getCart(db, owner))).toEqual(
      expect.arrayContaining([
        { title: "Straw Hat", lang: null, category: "Cart Hats" },
        { title: "Felt Hat", lang: null, category: "Cart Hats" },
      ]),
    );
  });
});
