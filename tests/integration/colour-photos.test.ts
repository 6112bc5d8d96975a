// @vitest-environment node
import { addToCart, getCart } from "~/domain/cart/cart.server";
import { PRODUCT_TEXT } from "~/domain/catalogue/product-texts";
import { updateProduct } from "~/domain/catalogue/products-write.server";
import { getProductBySlug } from "~/domain/catalogue/products.server";
import { DomainError } from "~/domain/common/errors";
import { getOrderView } from "~/domain/orders/orders.server";
import { db } from "~/lib/db.server";
import { action as editAction } from "~/routes/admin_.products.edit.$id";
import { loader as slugLoader } from "~/routes/api.products.slug.$slug";
import { loader as pageLoader } from "~/routes/product.$slug";
import { action as oneAction, loader as oneLoader } from "~/routes/api.admin.products.$id";
import { makeProduct, makeUser, seedPalette } from "../helpers/kit";
import { apiRequest, args, get, postMultipart, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

afterAll(() => db.destroy());

const PINK = 7;
const NAVY = 12;
const RED = 3;

let adminCookie: string;

beforeAll(async () => {
  await seedPalette(db);
  adminCookie = await cookieFor((await makeUser(db, { isAdmin: true })).id);
});

/** A dress in pink and navy with three photos: the primary (every colour), a navy one, a pink one. */
async function makeDress(title: string) {
  const p = await makeProduct(db, {
    title,
    colors: [
      { colorId: PINK, stock: 3 },
      { colorId: NAVY, stock: 2 },
    ],
  });
  const add = (name: string, sortOrder: number, colorId: number | null) =>
    db
      .insertInto("product_images")
      .values({
        product_id: p.id,
        image_url: `/uploads/products/${p.slug}-${name}.jpg`,
        is_primary: 0,
        sort_order: sortOrder,
        color_id: colorId,
        width: 800,
        height: 1000,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  const primary = await db.selectFrom("product_images").select("id").where("product_id", "=", p.id).executeTakeFirstOrThrow();
  const navy = await add("navy", 1, null);
  const pink = await add("pink", 2, null);
  return { ...p, primary: primary.id, navy: navy.id, pink: pink.id };
}

const colourOf = async (imageId: number) =>
  (await db.selectFrom("product_images").select("color_id").where("id", "=", imageId).executeTakeFirstOrThrow()).color_id;

const api = {
  get: (id: number) => run(() => oneLoader(args(apiRequest("GET", `/api/admin/products/${id}`, { cookie: adminCookie }), { id: String(id) }))),
  put: (id: number, body: unknown) =>
    run(() => oneAction(args(apiRequest("PUT", `/api/admin/products/${id}`, { cookie: adminCookie, body }), { id: String(id) }))),
};

const dressBody = (title: string, colors: number[], existingImages: unknown[]) => ({
  title,
  price: "24.00",
  colorVariations: colors.map((colorId) => ({ colorId, stock: 2 })),
  existingImages,
});

describe("tagging photos with colours", () => {
  it("the domain stores each photo's colour and the product JSON carries it (null: every colour)", async () => {
    const d = await makeDress("Domain Dress");
    const { slug } = await updateProduct(db, d.id, {
      title: "Domain Dress",
      price: "24.00",
      colorVariations: [
        { colorId: PINK, stock: 3 },
        { colorId: NAVY, stock: 2 },
      ],
      existingImages: [
        { id: d.primary, isPrimary: true, colorId: null },
        { id: d.navy, colorId: NAVY },
        { id: d.pink, colorId: PINK },
      ],
    });
    const product = await getProductBySlug(db, slug);
    expect(product!.images.map((i) => [i.id, i.colorId])).toEqual([
      [d.primary, null],
      [d.navy, NAVY],
      [d.pink, PINK],
    ]);
    const res = await run(() => slugLoader(args(get(`/api/products/slug/${slug}`), { slug })));
    const body = (await res.json()) as { images: { id: number; colorId: number | null }[] };
    expect(body.images.map((i) => i.colorId)).toEqual([null, NAVY, PINK]);
  });

  it("a colour the product does not have is refused, and nothing changes", async () => {
    const d = await makeDress("Foreign Dress");
    const error = await updateProduct(db, d.id, {
      title: "Foreign Dress",
      price: "24.00",
      colorVariations: [{ colorId: PINK, stock: 3 }],
      existingImages: [{ id: d.primary }, { id: d.navy, colorId: RED }],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ status: 400, field: "existingImages[1].colorId", message: PRODUCT_TEXT.imageColorUnknown });
    expect(await colourOf(d.navy)).toBeNull();
    expect(await db.selectFrom("product_colors").select("color_id").where("product_id", "=", d.id).execute()).toHaveLength(2);
  });

  it("taking a colour off the product gives its photos back to every colour, in the same save", async () => {
    const d = await makeDress("Removal Dress");
    await db.updateTable("product_images").set({ color_id: NAVY }).where("id", "=", d.navy).execute();
    await db.updateTable("product_images").set({ color_id: PINK }).where("id", "=", d.pink).execute();
    // existingImages left out: every stored photo is kept with its colour, but navy is gone.
    await updateProduct(db, d.id, { title: "Removal Dress", price: "24.00", colorVariations: [{ colorId: PINK, stock: 3 }] });
    expect(await colourOf(d.navy)).toBeNull();
    expect(await colourOf(d.pink)).toBe(PINK);
  });
});

describe("the product page's ?color=", () => {
  it("opens on a colour of the piece, a sold-out one too (it offers 'Email me when it's back'); an unknown, foreign or malformed one falls back to the first in stock", async () => {
    const d = await makeDress("Page Dress");
    await db.insertInto("product_colors").values({ product_id: d.id, color_id: RED, stock: 0 }).execute();
    const open = async (color: string) => {
      const res = await run(() => pageLoader(args(get(`/product/${d.slug}?color=${encodeURIComponent(color)}`), { slug: d.slug })));
      expect(res.status).toBe(200);
      return (await res.json()) as { colorId: number | null; defaultColorId: number | null };
    };
    expect(await open(String(NAVY))).toMatchObject({ colorId: NAVY, defaultColorId: PINK });
    expect(await open(String(RED))).toMatchObject({ colorId: RED, defaultColorId: PINK });
    for (const color of ["1", "999999", "navy", "-7", "1e3", ""]) expect((await open(color)).colorId).toBe(PINK);
  });

  it("on a piece made to order with room left, a colour at stock 0 can be opened and chosen", async () => {
    const d = await makeDress("Sewn Dress");
    await db.insertInto("product_colors").values({ product_id: d.id, color_id: RED, stock: 0 }).execute();
    await db.updateTable("products").set({ made_to_order: 1, lead_time_days: 14 }).where("id", "=", d.id).execute();
    const res = await run(() => pageLoader(args(get(`/product/${d.slug}?color=${RED}`), { slug: d.slug })));
    expect(await res.json()).toMatchObject({ colorId: RED, defaultColorId: PINK });
  });
});

describe("the admin API door", () => {
  it("PUT round-trips colorId on existingImages; GET answers it", async () => {
    const d = await makeDress("Api Dress");
    const res = await api.put(
      d.id,
      dressBody(
        "Api Dress",
        [PINK, NAVY],
        [
          { id: d.primary, isPrimary: true },
          { id: d.navy, colorId: NAVY },
          { id: d.pink, colorId: PINK },
        ],
      ),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { images: { id: number; colorId: number | null }[] };
    expect(body.images.map((i) => [i.id, i.colorId])).toEqual([
      [d.primary, null],
      [d.navy, NAVY],
      [d.pink, PINK],
    ]);
    const again = (await (await api.get(d.id)).json()) as { images: { colorId: number | null }[] };
    expect(again.images.map((i) => i.colorId)).toEqual([null, NAVY, PINK]);
    // The activity log names the change.
    const logged = await db
      .selectFrom("activity_log")
      .select("changes")
      .where("subject_id", "=", d.id)
      .where("kind", "=", "product.update")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(logged.changes!).images[1]).toMatch(/-navy\.jpg \(Navy\)/);
    // colorId left out keeps the stored tag; null gives the photo back to every colour.
    await api.put(d.id, dressBody("Api Dress", [PINK, NAVY], [{ id: d.primary, isPrimary: true }, { id: d.navy }, { id: d.pink, colorId: null }]));
    expect(await colourOf(d.navy)).toBe(NAVY);
    expect(await colourOf(d.pink)).toBeNull();
  });

  it("a foreign or unknown colour is a 400 with a message and the field; nothing is saved", async () => {
    const d = await makeDress("Refused Dress");
    for (const colorId of [RED, 999, -1, "navy"]) {
      const res = await api.put(d.id, dressBody("Refused Dress", [PINK, NAVY], [{ id: d.primary }, { id: d.navy, colorId }]));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string };
      expect(body.message).toBeTruthy();
    }
    const res = await api.put(d.id, dressBody("Refused Dress", [PINK, NAVY], [{ id: d.primary }, { id: d.navy, colorId: RED }]));
    expect(await res.json()).toEqual({
      message: PRODUCT_TEXT.imageColorUnknown,
      errors: { "existingImages[1].colorId": [PRODUCT_TEXT.imageColorUnknown] },
    });
    expect(await colourOf(d.navy)).toBeNull();
  });

  it("removing a colour through the API resets its photos", async () => {
    const d = await makeDress("Api Removal Dress");
    await api.put(d.id, dressBody("Api Removal Dress", [PINK, NAVY], [{ id: d.primary }, { id: d.navy, colorId: NAVY }, { id: d.pink, colorId: PINK }]));
    const res = await api.put(d.id, dressBody("Api Removal Dress", [PINK], [{ id: d.primary }, { id: d.navy }, { id: d.pink }]));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { images: { colorId: number | null }[] };
    expect(body.images.map((i) => i.colorId)).toEqual([null, null, PINK]);
  });
});

describe("the editor's form door", () => {
  const editPost = (id: number, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return run(() => editAction(args(postMultipart(`/admin/products/edit/${id}`, form, { cookie: adminCookie }), { id: String(id) })));
  };
  const formFields = (d: { slug: string; primary: number; navy: number }, navyColour: string) => ({
    title: "Form Dress",
    slug: d.slug,
    description: "A dress.",
    price: "24.00",
    "colorVariations[0].colorId": String(PINK),
    "colorVariations[0].stock": "3",
    "colorVariations[1].colorId": String(NAVY),
    "colorVariations[1].stock": "2",
    "existingImages[0].id": String(d.primary),
    "existingImages[0].colorId": "",
    "existingImages[1].id": String(d.navy),
    "existingImages[1].colorId": navyColour,
    primaryImage: `existing:${d.primary}`,
    intent: "save",
  });

  it("saves the colour chosen per photo ('All colours' posts empty) and shows a field error for a foreign one", async () => {
    const d = await makeDress("Form Dress");
    const saved = await editPost(d.id, formFields(d, String(NAVY)));
    expect(saved.status).toBe(302);
    expect(await colourOf(d.navy)).toBe(NAVY);
    expect(await colourOf(d.primary)).toBeNull();

    const refused = await editPost(d.id, formFields(d, String(RED)));
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { errors: Record<string, string[]>; values: { images: { colorId: string }[] } };
    expect(body.errors["existingImages[1].colorId"]).toEqual([PRODUCT_TEXT.imageColorUnknown]);
    expect(body.values.images.map((i) => i.colorId)).toEqual(["", String(RED)]);
    expect(await colourOf(d.navy)).toBe(NAVY);

    const cleared = await editPost(d.id, formFields(d, ""));
    expect(cleared.status).toBe(302);
    expect(await colourOf(d.navy)).toBeNull();
  });
});

describe("cart and order lines show the chosen colour's photo", () => {
  it("the first photo tagged with the line's colour, else the primary image", async () => {
    const d = await makeDress("Cart Dress");
    // A width of its own, so the line's width is seen to be the same photo's as its URL.
    await db.updateTable("product_images").set({ color_id: NAVY, width: 640 }).where("id", "=", d.navy).execute();
    const primaryWidth = (await db.selectFrom("product_images").select("width").where("id", "=", d.primary).executeTakeFirstOrThrow()).width;
    const owner = { cartKey: `colour-photos-${Date.now()}` };
    await addToCart(db, owner, { productId: d.id, quantity: 1, colorId: NAVY });
    await addToCart(db, owner, { productId: d.id, quantity: 1, colorId: PINK });
    const cart = await getCart(db, owner);
    const imageOf = (colorId: number) => cart.items.find((i) => i.colorId === colorId)!.product.images[0]!;
    expect(imageOf(NAVY)).toMatchObject({ imageUrl: `/uploads/products/${d.slug}-navy.jpg`, width: 640 });
    expect(imageOf(PINK)).toMatchObject({ imageUrl: `/uploads/products/${d.slug}-1.jpg`, width: primaryWidth });

    const order = await db
      .insertInto("orders")
      .values({
        email: "buyer@example.com",
        status: "paid",
        subtotal_cents: 4800,
        shipping_cents: 0,
        shipping_name: "Standard Shipping",
        total_cents: 4800,
        confirmation_token: `colour-${Date.now()}`,
        shipping_first_name: "Clara",
        shipping_last_name: "Bloom",
        shipping_address_line1: "12 Lace Lane",
        shipping_city: "Lyon",
        shipping_postal_code: "69001",
        shipping_country: "FR",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const colorId of [NAVY, PINK]) {
      await db
        .insertInto("order_items")
        .values({ order_id: order.id, product_id: d.id, title: "Cart Dress", unit_price_cents: 2400, quantity: 1, color_id: colorId })
        .execute();
    }
    const view = await getOrderView(db, order.id);
    expect(view!.items.map((i) => [i.colorId, i.product.images[0]])).toEqual([
      [NAVY, { imageUrl: `/uploads/products/${d.slug}-navy.jpg`, width: 640 }],
      [PINK, { imageUrl: `/uploads/products/${d.slug}-1.jpg`, width: primaryWidth }],
    ]);
  });
});
