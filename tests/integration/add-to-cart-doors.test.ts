import { CART_TOAST_TEXT } from "~/domain/cart/texts";
import { db } from "~/lib/db.server";
import { action as apiCartAction } from "~/routes/api.cart";
import { action as cartPageAction } from "~/routes/cart";
import { action as productPageAction } from "~/routes/product.$slug";
import { createToastCookie } from "~/web/session.server";
import { productPageWithChoice } from "~/web/cart-form.server";
import { makeProduct } from "../helpers/kit";
import { call, postForm, postJson, setCookie } from "../helpers/requests";

// The routes' shared `db` is this file's own database (tests/setup/per-file.ts).
afterAll(() => db.destroy());

async function toastOf(res: Response) {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  return header ? ((await createToastCookie().parse(header)) as { title: string }) : null;
}

/** Each door made its own guest cart: the lines they hold for this product. */
function linesOf(productId: number) {
  return db.selectFrom("cart_items").select(["color_id as colorId", "quantity"]).where("product_id", "=", productId).orderBy("id").execute();
}

/** The three doors of Add to Cart, each with the same fields. */
function doors(slug: string, fields: Record<string, string | number>) {
  const form = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  return {
    product: () => call(productPageAction, postForm(`/product/${slug}`, { intent: "add", ...form }), { slug }),
    cartForm: () => call(cartPageAction, postForm("/cart", { intent: "add", redirectTo: "/shop", ...form })),
    api: () => call(apiCartAction, postJson("/api/cart", fields)),
  };
}

describe("Add to Cart: one handler behind every form, the same rules as the API", () => {
  it("adds the chosen colour through the product page, a card's form and the API alike", async () => {
    const product = await makeProduct(db, { stock: 10, colors: [{ colorId: 3, stock: 10 }] });
    const door = doors(product.slug, { productId: product.id, quantity: 2, colorId: 3 });

    const fromProduct = await door.product();
    expect(fromProduct.status).toBe(302);
    // Back to the colour just added, and the notification names the piece and its colour.
    expect(fromProduct.headers.get("Location")).toBe(`/product/${product.slug}?color=3`);
    expect(await toastOf(fromProduct)).toMatchObject({
      title: CART_TOAST_TEXT.added.title,
      description: expect.stringMatching(new RegExp(`^${product.title}, \\S`)),
    });

    const fromCard = await door.cartForm();
    expect(fromCard.status).toBe(302);
    expect(fromCard.headers.get("Location")).toBe("/shop");
    expect(await toastOf(fromCard)).toMatchObject({ title: CART_TOAST_TEXT.added.title });

    const fromApi = await door.api();
    expect(fromApi.status).toBe(201);
    expect(await linesOf(product.id)).toEqual([1, 2, 3].map(() => ({ colorId: 3, quantity: 2 })));
  });

  it("refuses a missing colour at every door with the same message", async () => {
    const product = await makeProduct(db, { stock: 10, colors: [{ colorId: 3, stock: 10 }] });
    const door = doors(product.slug, { productId: product.id, quantity: 1 });

    const fromProduct = await door.product();
    expect(fromProduct.status).toBe(400);
    // The page drawn again keeps the choice posted (here none).
    expect(await fromProduct.json()).toEqual({
      ok: false,
      error: { ...CART_TOAST_TEXT.selectColor },
      field: "colorId",
      choice: { colorId: null, variationCode: null },
    });
    expect(await linesOf(product.id)).toEqual([]);

    const fromCard = await door.cartForm();
    expect(fromCard.headers.get("Location")).toBe("/shop");
    expect(await toastOf(fromCard)).toMatchObject({ title: CART_TOAST_TEXT.selectColor.title });

    const fromApi = await door.api();
    expect(fromApi.status).toBe(400);
    expect(await fromApi.json()).toEqual({ message: CART_TOAST_TEXT.selectColor.title });
  });

  it("the page it comes back to keeps only a real id and variation code from the form", () => {
    const form = (fields: Record<string, string>) => Object.entries(fields).reduce((f, [k, v]) => (f.append(k, v), f), new FormData());
    expect(productPageWithChoice("coat", form({ colorId: "12", variationCode: "B" }))).toBe("/product/coat?color=12&variation=B");
    expect(productPageWithChoice("coat", form({ colorId: "12&x=//evil", variationCode: "<b>" }))).toBe("/product/coat");
    expect(productPageWithChoice("coat", form({ colorId: "9".repeat(40), variationCode: "BB" }))).toBe("/product/coat");
  });

  it("refuses a quantity below 1 before touching the cart", async () => {
    const product = await makeProduct(db, { stock: 10 });
    const door = doors(product.slug, { productId: product.id, quantity: 0 });
    const fromProduct = await door.product();
    expect(fromProduct.status).toBe(400);
    expect(setCookie(fromProduct, "__session")).toBeUndefined();
    expect((await door.api()).status).toBe(400);
    const fromCard = await door.cartForm();
    expect(await toastOf(fromCard)).toMatchObject({ title: "Unable to add to cart" });
  });
});
