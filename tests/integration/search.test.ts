import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readProducts } from "~/domain/catalogue/products.server";
import { bestCorrection, buildVocabulary, editDistance } from "~/domain/catalogue/search";
import { type DB } from "~/lib/sqlite.server";
import { createTestDb } from "../helpers/db";
import { makeCategory, makeProduct } from "../helpers/kit";

let db: DB;

beforeEach(async () => {
  db = createTestDb();
  await makeProduct(db, { title: "Cream Cable Knit Sweater", description: "A warm sweater in soft merino wool." });
  await makeProduct(db, { title: "Blue Sweater Vest", description: "A sleeveless sweater for cool days." });
  await makeProduct(db, { title: "Rose Garden Tea Dress", description: "A fluttery dress in cotton lawn." });
  await makeProduct(db, { title: "Velvet Evening Dresses Set", description: "Two dresses in crushed velvet." });
  await makeProduct(db, { title: "Lace Cardigan", description: "An airy cardigan in ivory lace." });
  await makeProduct(db, { title: "Sweet Pea Bonnet", description: "A bonnet with ribbons." });
});

afterEach(async () => {
  await db.destroy();
});

const titles = (r: { products: { title: string }[] }) => r.products.map((p) => p.title).sort();

describe("stems", () => {
  it("matches singular and plural both ways", async () => {
    expect(titles(await readProducts(db, { search: "dresses", offset: 0, limit: 12 }))).toEqual(["Rose Garden Tea Dress", "Velvet Evening Dresses Set"]);
    expect(titles(await readProducts(db, { search: "dress", offset: 0, limit: 12 }))).toEqual(["Rose Garden Tea Dress", "Velvet Evening Dresses Set"]);
    const sweaters = await readProducts(db, { search: "sweaters", offset: 0, limit: 12 });
    expect(titles(sweaters)).toEqual(["Blue Sweater Vest", "Cream Cable Knit Sweater"]);
    expect(sweaters.correction).toBeUndefined();
  });
});

describe("correction", () => {
  it("corrects a word that matches nothing to the closest, most frequent catalogue word", async () => {
    const r = await readProducts(db, { search: "sweter", offset: 0, limit: 12 });
    expect(r.correction).toEqual({ query: "sweater", corrections: [{ from: "sweter", to: "sweater" }] });
    expect(titles(r)).toEqual(["Blue Sweater Vest", "Cream Cable Knit Sweater"]);
    const velvet = await readProducts(db, { search: "velvett", offset: 0, limit: 12 });
    expect(velvet.correction?.corrections).toEqual([{ from: "velvett", to: "velvet" }]);
    const cardigan = await readProducts(db, { search: "cardigen", offset: 0, limit: 12 });
    expect(titles(cardigan)).toEqual(["Lace Cardigan"]);
  });

  it("corrects several words independently, and keeps the words that match", async () => {
    const r = await readProducts(db, { search: "crea sweter", offset: 0, limit: 12 });
    expect(r.correction?.corrections).toEqual([{ from: "sweter", to: "sweater" }]);
    // "crea" is a prefix of "cream": it matches as typed.
    expect(titles(r)).toEqual(["Cream Cable Knit Sweater"]);
    const two = await readProducts(db, { search: "velvett dreses", offset: 0, limit: 12 });
    expect(two.correction?.corrections).toEqual([
      { from: "velvett", to: "velvet" },
      { from: "dreses", to: "dress" },
    ]);
    expect(titles(two)).toEqual(["Velvet Evening Dresses Set"]);
  });

  it("never corrects a query that has matches, nor with exact, nor short or far-off words", async () => {
    // "sweet" has its own product: not corrected to "sweater".
    const sweet = await readProducts(db, { search: "sweet", offset: 0, limit: 12 });
    expect(sweet.correction).toBeUndefined();
    expect(titles(sweet)).toEqual(["Sweet Pea Bonnet"]);
    const exact = await readProducts(db, { search: "sweter", exact: true, offset: 0, limit: 12 });
    expect({ products: exact.products, total: exact.total, correction: exact.correction }).toEqual({ products: [], total: 0, correction: undefined });
    expect((await readProducts(db, { search: "lac", offset: 0, limit: 12 })).correction).toBeUndefined();
    expect((await readProducts(db, { search: "dre", offset: 0, limit: 12 })).total).toBe(2);
    expect((await readProducts(db, { search: "zzyzx", offset: 0, limit: 12 })).total).toBe(0);
    // Two edits in a 6-letter word are too many.
    expect((await readProducts(db, { search: "swtr", offset: 0, limit: 12 })).total).toBe(0);
    expect((await readProducts(db, { search: "swaeterr", offset: 0, limit: 12 })).correction?.query).toBe("sweater");
  });

  it("follows the catalogue: a new product's words are searchable and correctable at once; removed words go", async () => {
    expect((await readProducts(db, { search: "pinafore", offset: 0, limit: 12 })).total).toBe(0);
    const added = await makeProduct(db, { title: "Gingham Pinafore", description: "Checked cotton." });
    expect(titles(await readProducts(db, { search: "pinafore", offset: 0, limit: 12 }))).toEqual(["Gingham Pinafore"]);
    expect((await readProducts(db, { search: "pinafor", offset: 0, limit: 12 })).correction).toBeUndefined();
    expect((await readProducts(db, { search: "pinnafore", offset: 0, limit: 12 })).correction?.query).toBe("pinafore");
    await db.updateTable("products").set({ title: "Gingham Smock", description: "Checked cotton." }).where("id", "=", added.id).execute();
    expect((await readProducts(db, { search: "pinnafore", offset: 0, limit: 12 })).total).toBe(0);
    expect((await readProducts(db, { search: "smok", offset: 0, limit: 12 })).correction?.query).toBe("smock");
    expect((await readProducts(db, { search: "smokk", offset: 0, limit: 12 })).correction?.query).toBe("smock");
    await db.deleteFrom("products").where("id", "=", added.id).execute();
    expect((await readProducts(db, { search: "smokk", offset: 0, limit: 12 })).total).toBe(0);
  });

  it("finds and corrects by category and colour names, and follows links and renames", async () => {
    const pinafores = await makeCategory(db, { name: "Pinafores" });
    const smock = await makeProduct(db, { title: "Gingham Smock", description: "Checked cotton.", categoryIds: [pinafores.id] });
    const bonnet = await makeProduct(db, { title: "Sun Hat", description: "Straw.", colors: [{ colorId: 12, stock: 2 }] });
    expect(titles(await readProducts(db, { search: "pinafores", offset: 0, limit: 12 }))).toEqual(["Gingham Smock"]);
    expect(titles(await readProducts(db, { search: "navy", offset: 0, limit: 12 }))).toEqual(["Sun Hat"]);
    // Words that are only category or colour names are in the vocabulary corrections come from.
    const typo = await readProducts(db, { search: "pinnafore", offset: 0, limit: 12 });
    expect(typo.correction?.corrections).toEqual([{ from: "pinnafore", to: "pinafores" }]);
    expect(titles(typo)).toEqual(["Gingham Smock"]);
    // A colour added later, and a renamed category, are searchable at once.
    await db.insertInto("product_colors").values({ product_id: smock.id, color_id: 7, stock: 1 }).execute();
    expect(titles(await readProducts(db, { search: "pink", offset: 0, limit: 12 }))).toEqual(["Gingham Smock"]);
    await db.updateTable("categories").set({ name: "Aprons" }).where("id", "=", pinafores.id).execute();
    expect((await readProducts(db, { search: "pinafores", exact: true, offset: 0, limit: 12 })).total).toBe(0);
    expect(titles(await readProducts(db, { search: "apron", offset: 0, limit: 12 }))).toEqual(["Gingham Smock"]);
    await db.deleteFrom("product_colors").where("product_id", "=", bonnet.id).execute();
    expect((await readProducts(db, { search: "navy", exact: true, offset: 0, limit: 12 })).total).toBe(0);
  });

  it("answers hostile input quickly with a normal result, correcting at most three words", async () => {
    const hostile = [
      "x".repeat(1000),
      "sweter ".repeat(150),
      "!!!???...,,,",
      '"sweater" OR * NEAR(a b) AND -dress ^title:',
      "'; DROP TABLE products; --",
      "✨💖🧵",
      "فستان أحمر",
      "שמלה",
      "sweter velvett cardigen dreses bonet",
    ];
    for (const search of hostile) {
      const started = performance.now();
      const r = await readProducts(db, { search, offset: 0, limit: 12 });
      expect(performance.now() - started, search.slice(0, 20)).toBeLessThan(200);
      expect(r.total).toBeGreaterThanOrEqual(0);
      expect(r.correction?.corrections.length ?? 0).toBeLessThanOrEqual(3);
    }
    const many = await readProducts(db, { search: "sweter velvett cardigen dreses bonet", offset: 0, limit: 12 });
    expect(many.correction?.corrections.map((c) => c.from) ?? []).toEqual([]);
  });
});

describe("edit distance", () => {
  it("counts insertions, deletions, substitutions and swaps, and stops past the limit", () => {
    expect(editDistance("sweter", "sweater", 1)).toBe(1);
    expect(editDistance("sewater", "sweater", 1)).toBe(1);
    expect(editDistance("swaeterr", "sweater", 2)).toBe(2);
    expect(editDistance("abc", "xyz", 1)).toBe(2);
    expect(editDistance("cardigen", "cardigan", 2)).toBe(1);
  });

  it("prefers the nearer word, then the more frequent one", () => {
    const vocabulary = buildVocabulary([
      { word: "coat", count: 5 },
      { word: "cost", count: 50 },
      { word: "boat", count: 1 },
    ]);
    expect(bestCorrection("coaf", vocabulary)).toBe("coat");
    expect(bestCorrection("cott", vocabulary)).toBe("cost");
    expect(bestCorrection("cot", vocabulary)).toBeNull();
  });
});
