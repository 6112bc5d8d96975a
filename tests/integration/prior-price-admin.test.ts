import { PRODUCT_TEXT } from "~/domain/catalogue/product-texts";
import { db } from "~/lib/db.server";
import { TYPED_AMOUNT_TEXT } from "~/lib/money";
import { action as editAction, loader as editLoader } from "~/routes/admin_.products.edit.$id";
import { action as listAction } from "~/routes/api.admin.products";
import { action as oneAction } from "~/routes/api.admin.products.$id";
import { makeProduct, makeUser } from "../helpers/kit";
import { apiRequest, args, get, postMultipart, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

/*
 * The owner's reduction from the product editor and the admin product API: the regular price must
 * be above the price, takes the form's decimal comma, is kept by a PUT that leaves it out unless the
 * new price reaches it, and every change of it lands in the prices' history.
 */

afterAll(() => db.destroy());

let admin: string;
let customer: string;
beforeAll(async () => {
  admin = await cookieFor((await makeUser(db, { isAdmin: true })).id);
  customer = await cookieFor((await makeUser(db)).id);
});

const regularOf = async (id: number) =>
  await db.selectFrom("products").select(["price_cents as price", "regular_price_cents as regular"]).where("id", "=", id).executeTakeFirstOrThrow();
const put = (id: number, body: unknown, cookie = admin) =>
  run(() => oneAction(args(apiRequest("PUT", `/api/admin/products/${id}`, { cookie, body }), { id: String(id) })));
const create = (body: unknown) => run(() => listAction(args(apiRequest("POST", "/api/admin/products", { cookie: admin, body }))));
const editPost = (id: number, fields: Record<string, string>) => {
  const form = new FormData();
  // Each product keeps its own slug (the editor's title makes one when it is empty).
  for (const [k, v] of Object.entries({ slug: `sale-dress-${id}`, ...fields })) form.append(k, v);
  return run(() => editAction(args(postMultipart(`/admin/products/edit/${id}`, form, { cookie: admin }), { id: String(id) })));
};
const basics = { title: "Sale Dress", description: "A dress on sale.", stock: "3", intent: "save" };

describe("the admin product API's regularPrice", () => {
  it("sets it on create and answers it; refuses one not above the price", async () => {
    const res = await create({ title: "Reduced Coat", description: "Warm.", price: "35.00", regularPrice: "50.00", stock: 2 });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ price: "35.00", regularPrice: "50.00" });
    const refused = await create({ title: "Odd Coat", description: "Warm.", price: "35.00", regularPrice: 35, stock: 2 });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors.regularPrice).toEqual([PRODUCT_TEXT.regularPriceNotAbove]);
  });

  it("PUT sets, keeps when left out, ends the reduction when the new price reaches it, and clears with null", async () => {
    const product = await makeProduct(db, { priceCents: 5000 });
    const base = { title: "Sale Dress", price: "35.00" };
    let res = await put(product.id, { ...base, regularPrice: 50 });
    expect(res.status).toBe(200);
    expect((await res.json()).regularPrice).toBe("50.00");
    expect(await regularOf(product.id)).toEqual({ price: 3500, regular: 5000 });
    // Left out: kept.
    res = await put(product.id, { ...base, price: "30.00" });
    expect((await res.json()).regularPrice).toBe("50.00");
    // A price at the kept regular price ends the reduction.
    res = await put(product.id, { ...base, price: "50.00" });
    expect((await res.json()).regularPrice).toBeNull();
    await put(product.id, { ...base, regularPrice: "60.00" });
    res = await put(product.id, { ...base, regularPrice: null });
    expect((await res.json()).regularPrice).toBeNull();
    const history = await db
      .selectFrom("price_history")
      .select(["price_cents as price", "regular_price_cents as regular"])
      .where("product_id", "=", product.id)
      .orderBy("id")
      .execute();
    expect(history).toEqual([
      { price: 5000, regular: null },
      { price: 3500, regular: 5000 },
      { price: 3000, regular: 5000 },
      { price: 5000, regular: null },
      { price: 3500, regular: 6000 },
      { price: 3500, regular: null },
    ]);
  });

  it("refuses a regular price at or below the price, a comma, a negative and junk, and a customer", async () => {
    const product = await makeProduct(db, { priceCents: 5000 });
    for (const regularPrice of ["35.00", "20", "60,00", "-60", "sixty", true, "9".repeat(12)]) {
      const res = await put(product.id, { title: "Sale Dress", price: "35.00", regularPrice });
      expect(res.status, String(regularPrice)).toBe(400);
      expect((await res.json()).errors.regularPrice, String(regularPrice)).toHaveLength(1);
    }
    expect((await put(product.id, { title: "Sale Dress", price: "35.00", regularPrice: "50.00" }, customer)).status).toBe(403);
    expect(await regularOf(product.id)).toEqual({ price: 5000, regular: null });
  });
});

describe("the product editor's regular price", () => {
  it("shows the stored one, takes a decimal comma and saves it", async () => {
    const product = await makeProduct(db, { priceCents: 5000 });
    const page = await run(() => editLoader(args(get(`/admin/products/edit/${product.id}`, { cookie: admin }), { id: String(product.id) })));
    const data = await page.json();
    expect(data.values.regularPrice).toBe("");
    expect(data.options.constraints.regularPrice.required).toBeUndefined();
    const res = await editPost(product.id, { ...basics, price: "35,00", regularPrice: "49,90" });
    expect(res.status).toBe(302);
    expect(await regularOf(product.id)).toEqual({ price: 3500, regular: 4990 });
    const again = await run(() => editLoader(args(get(`/admin/products/edit/${product.id}`, { cookie: admin }), { id: String(product.id) })));
    expect((await again.json()).values.regularPrice).toBe("49.90");
  });

  it("gives a field error for a regular price not above the price or not an amount, and keeps the form as typed", async () => {
    const product = await makeProduct(db, { priceCents: 5000 });
    let res = await editPost(product.id, { ...basics, price: "35,00", regularPrice: "35" });
    expect(res.status).toBe(400);
    let body = await res.json();
    expect(body.errors.regularPrice).toEqual([PRODUCT_TEXT.regularPriceNotAbove]);
    expect(body.values.regularPrice).toBe("35");
    res = await editPost(product.id, { ...basics, price: "35,00", regularPrice: "abc" });
    body = await res.json();
    expect(body.errors.regularPrice).toEqual([TYPED_AMOUNT_TEXT]);
    // The Price field's own checks stay.
    res = await editPost(product.id, { ...basics, price: "", regularPrice: "50" });
    expect((await res.json()).errors.price).toEqual([PRODUCT_TEXT.priceRequired]);
    expect(await regularOf(product.id)).toEqual({ price: 5000, regular: null });
  });

  it("an empty field ends the reduction", async () => {
    const product = await makeProduct(db, { priceCents: 5000 });
    await db.updateTable("products").set({ price_cents: 4000, regular_price_cents: 5000 }).where("id", "=", product.id).execute();
    const res = await editPost(product.id, { ...basics, price: "40.00", regularPrice: "" });
    expect(res.status).toBe(302);
    expect(await regularOf(product.id)).toEqual({ price: 4000, regular: null });
  });
});
