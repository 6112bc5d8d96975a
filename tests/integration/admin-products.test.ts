import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { PRODUCT_INTENTS, PRODUCT_TEXT } from "~/domain/catalogue/product-texts";
import { UPLOAD_TEXT } from "~/domain/catalogue/image-uploads.server";
import { createToastCookie } from "~/web/session.server";
import { db } from "~/lib/db.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { action as addAction, loader as addLoader } from "~/routes/admin_.products.add";
import { action as editAction, loader as editLoader } from "~/routes/admin_.products.edit.$id";
import { action as listAction, loader as listLoader } from "~/routes/api.admin.products";
import { action as oneAction, loader as oneLoader } from "~/routes/api.admin.products.$id";
import { makeCategory, makeProduct, makeUser, seedPalette } from "../helpers/kit";
import { apiRequest, args, get, postForm, postMultipart, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

afterAll(() => db.destroy());

const UPLOAD_DIR = process.env.UPLOAD_DIR!;

async function png(width = 40, height = 50, color = "#c07090"): Promise<Uint8Array<ArrayBuffer>> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new Uint8Array(buffer);
}

type Fields = Record<string, string | string[]>;

function multipart(fields: Fields, files: File[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) form.append(k, item);
  for (const f of files) form.append("files", f);
  return form;
}

async function toastOf(res: Response): Promise<{ title: string; description?: string; type: string } | null> {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  return header ? ((await createToastCookie().parse(header)) as { title: string; description?: string; type: string }) : null;
}

const fileOnDisk = (url: string) => path.join(UPLOAD_DIR, url.replace(/^\/uploads\//, ""));

let admin: { id: number; cookie: string };
let customer: { id: number; cookie: string };
let parent: { id: number; slug: string };
let child: { id: number; slug: string };
let otherChild: { id: number; slug: string };

beforeAll(async () => {
  const a = await makeUser(db, { isAdmin: true });
  const c = await makeUser(db);
  admin = { id: a.id, cookie: await cookieFor(a.id) };
  customer = { id: c.id, cookie: await cookieFor(c.id) };
  await seedPalette(db);
  parent = await makeCategory(db, { name: "Editor Dresses" });
  child = await makeCategory(db, { name: "Editor Tea Dresses", parentId: parent.id });
  otherChild = await makeCategory(db, { name: "Editor Ball Gowns", parentId: parent.id });
});

const addPost = (form: FormData, cookie = admin.cookie) => run(() => addAction(args(postMultipart("/admin/products/add", form, { cookie }))));
const editPost = (id: number | string, form: FormData, cookie = admin.cookie) =>
  run(() => editAction(args(postMultipart(`/admin/products/edit/${id}`, form, { cookie }), { id: String(id) })));
const pageLoad = async (pathName: string, cookie: string | null, id?: string) => {
  const request = get(pathName, { cookie: cookie ?? undefined });
  const res = await run(() => (id === undefined ? addLoader(args(request)) : editLoader(args(request, { id }))));
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const api = {
  list: (query = "", cookie = admin.cookie) => run(() => listLoader(args(apiRequest("GET", `/api/admin/products${query}`, { cookie })))),
  create: (body: unknown, cookie = admin.cookie) => run(() => listAction(args(apiRequest("POST", "/api/admin/products", { cookie, body })))),
  get: (id: number | string, cookie = admin.cookie) =>
    run(() => oneLoader(args(apiRequest("GET", `/api/admin/products/${id}`, { cookie }), { id: String(id) }))),
  write: (method: string, id: number | string, body?: unknown, cookie = admin.cookie) =>
    run(() => oneAction(args(apiRequest(method, `/api/admin/products/${id}`, { cookie, body }), { id: String(id) }))),
};
const productBySlug = (slug: string) => db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirst();
const countOf = async (categoryId: number) =>
  (await db.selectFrom("categories").select("product_count").where("id", "=", categoryId).executeTakeFirstOrThrow()).product_count;

const basics = (over: Fields = {}): Fields => ({
  title: "Rose Tea Dress",
  slug: "",
  description: "A rose-pink dress for 1:6 dolls.",
  price: "24.50",
  stock: "3",
  ...over,
});

describe("access", () => {
  it("pages show access denied to guests (401) and customers (403); posts are refused", async () => {
    const guest = await pageLoad("/admin/products/add", null);
    expect(guest.status).toBe(401);
    expect(guest.body).toEqual({ state: "denied", signedIn: false });
    const cust = await pageLoad("/admin/products/add", customer.cookie);
    expect(cust.status).toBe(403);
    expect(cust.body.state).toBe("denied");
    const p = await makeProduct(db);
    expect((await pageLoad(`/admin/products/edit/${p.id}`, customer.cookie, String(p.id))).status).toBe(403);
    const res = await addPost(multipart({ ...basics({ title: "Sneaky" }), intent: "save" }), customer.cookie);
    expect(res.status).toBe(403);
    expect(await productBySlug("sneaky")).toBeUndefined();
  });

  it("the API answers 401 to guests and 403 to customers", async () => {
    const p = await makeProduct(db);
    for (const cookie of ["", customer.cookie]) {
      const status = cookie ? 403 : 401;
      expect((await api.list("", cookie)).status).toBe(status);
      expect((await api.create({ title: "x" }, cookie)).status).toBe(status);
      expect((await api.get(p.id, cookie)).status).toBe(status);
      expect((await api.write("PATCH", p.id, { isLatestCollection: true }, cookie)).status).toBe(status);
      expect((await api.write("DELETE", p.id, undefined, cookie)).status).toBe(status);
    }
    expect(await db.selectFrom("products").select("id").where("id", "=", p.id).executeTakeFirst()).toBeTruthy();
  });

  it("edit page: 'Product not found.' (404) for an unknown id", async () => {
    const res = await pageLoad("/admin/products/edit/999999", admin.cookie, "999999");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ state: "not-found" });
    expect((await pageLoad("/admin/products/edit/abc", admin.cookie, "abc")).status).toBe(404);
    expect((await api.get(999999)).status).toBe(404);
    expect(await (await api.get(999999)).json()).toEqual({ message: PRODUCT_TEXT.notFound });
    expect((await editPost(999999, multipart({ ...basics(), intent: "save" }))).status).toBe(404);
  });
});

describe("add product without JavaScript (one multipart form)", () => {
  it("uploads files, adds colours, keeps everything, then saves in one go", async () => {
    const files = [
      new File([await png(60, 75)], "front.png", { type: "image/png" }),
      new File([await png(50, 50, "#204080")], "back.png", { type: "image/png" }),
    ];
    // Add a colour row while choosing two files: the form comes back with both images and a row.
    let res = await addPost(multipart({ ...basics({ title: "Garden Party Dress" }), categories: [String(child.id)], intent: PRODUCT_INTENTS.addColor }, files));
    expect(res.status).toBe(200);
    let body = await res.json();
    expect(body.values.title).toBe("Garden Party Dress");
    expect(body.values.categories).toEqual([child.id]);
    expect(body.values.colorVariations).toEqual([{ colorId: "", stock: "0" }]);
    expect(body.values.images).toHaveLength(2);
    expect(body.values.images.map((i: { isPrimary: boolean }) => i.isPrimary)).toEqual([true, false]);
    const [first, second] = body.values.images as { id: string; url: string }[];
    expect(existsSync(fileOnDisk(first!.url))).toBe(true);

    // A second colour, then remove the first image: the remaining one becomes primary.
    const kept = {
      ...basics({ title: "Garden Party Dress" }),
      categories: [String(child.id)],
      "colorVariations[0].colorId": "3",
      "colorVariations[0].stock": "4",
      "images[0].id": first!.id,
      "images[1].id": second!.id,
      primaryImage: `new:${first!.id}`,
    };
    res = await addPost(multipart({ ...kept, intent: PRODUCT_INTENTS.addColor }));
    body = await res.json();
    expect(body.values.colorVariations).toEqual([
      { colorId: "3", stock: "4" },
      { colorId: "", stock: "0" },
    ]);
    // Adding A/B/C variations while colours exist is refused with a message.
    res = await addPost(multipart({ ...kept, intent: PRODUCT_INTENTS.addVariation }));
    body = await res.json();
    expect(body.values.productVariations).toEqual([]);
    expect(body.errors.productVariations).toEqual([PRODUCT_TEXT.bothKinds]);
    res = await addPost(multipart({ ...kept, intent: "remove-image-0" }));
    body = await res.json();
    expect(body.values.images).toEqual([{ kind: "new", id: second!.id, url: second!.url, isPrimary: true, colorId: "" }]);
    res = await addPost(multipart({ ...kept, intent: "remove-color-0" }));
    expect((await res.json()).values.colorVariations).toEqual([]);

    // Save with two colours, both images, the second as primary; the slug comes from the title.
    res = await addPost(
      multipart({
        ...kept,
        "colorVariations[1].colorId": "5",
        "colorVariations[1].stock": "2",
        stock: "99",
        isLatestCollection: "on",
        primaryImage: `new:${second!.id}`,
        intent: PRODUCT_INTENTS.save,
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin?tab=products");
    expect(await toastOf(res)).toEqual({ title: PRODUCT_TEXT.created, description: "Garden Party Dress", type: "success" });
    const row = await productBySlug("garden-party-dress");
    expect(row).toMatchObject({ price_cents: 2450, stock: 0, total_stock: 6, has_color_variations: 1, has_variations: 0, is_latest_collection: 1 });
    const colours = await db.selectFrom("product_colors").select(["color_id", "stock"]).where("product_id", "=", row!.id).orderBy("color_id").execute();
    expect(colours).toEqual([
      { color_id: 3, stock: 4 },
      { color_id: 5, stock: 2 },
    ]);
    const images = await db.selectFrom("product_images").selectAll().where("product_id", "=", row!.id).orderBy("sort_order").execute();
    expect(images.map((i) => i.is_primary)).toEqual([0, 1]);
    for (const img of images) {
      expect(img.image_url).toMatch(/^\/uploads\/products\//);
      expect(existsSync(fileOnDisk(img.image_url))).toBe(true);
    }
    expect(await db.selectFrom("uploads").select("id").where("id", "in", [first!.id, second!.id]).execute()).toEqual([]);
    // The subcategory brought its parent; both counts went up.
    const links = await db.selectFrom("product_categories").select("category_id").where("product_id", "=", row!.id).orderBy("category_id").execute();
    expect(links.map((l) => l.category_id)).toEqual([parent.id, child.id].sort((a, b) => a - b));
    expect(await countOf(parent.id)).toBeGreaterThanOrEqual(1);
    expect(await countOf(child.id)).toBe(1);
  });

  it("refuses bad input with field errors and keeps what was typed", async () => {
    let res = await addPost(multipart({ title: "", description: "", price: "", stock: "-1", intent: "save" }));
    expect(res.status).toBe(400);
    let body = await res.json();
    expect(body.errors.title).toEqual([PRODUCT_TEXT.titleRequired]);
    expect(body.errors.description).toEqual([PRODUCT_TEXT.descriptionRequired]);
    expect(body.errors.price).toEqual([PRODUCT_TEXT.priceRequired]);
    expect(body.errors.stock).toEqual([PRODUCT_TEXT.stockMin]);
    expect(body.values.stock).toBe("-1");

    res = await addPost(
      multipart({
        ...basics({ title: "Variation Mix" }),
        "productVariations[0].variationName": "Short",
        "productVariations[0].stock": "-2",
        "productVariations[1].variationName": "",
        "productVariations[1].stock": "1",
        intent: "save",
      }),
    );
    body = await res.json();
    expect(body.errors["productVariations[0].stock"]).toEqual([PRODUCT_TEXT.stockMin]);
    expect(body.errors["productVariations[1].variationName"]).toEqual([PRODUCT_TEXT.variationNameRequired]);

    const existing = await makeProduct(db, { title: "Taken Slug" });
    res = await addPost(multipart({ ...basics({ title: "Another", slug: existing.slug }), intent: "save" }));
    expect(res.status).toBe(400);
    body = await res.json();
    expect(body.errors.slug).toEqual([PRODUCT_TEXT.slugTaken]);
    expect(body.failure).toMatchObject({ title: PRODUCT_TEXT.createFailed });
    res = await addPost(multipart({ ...basics({ title: "!!!" }), intent: "save" }));
    expect((await res.json()).errors.slug).toEqual([PRODUCT_TEXT.slugRequired]);

    // Both kinds at once (possible only by hand-made posts) are refused.
    res = await addPost(
      multipart({
        ...basics({ title: "Both Kinds" }),
        "colorVariations[0].colorId": "1",
        "colorVariations[0].stock": "1",
        "productVariations[0].variationName": "A",
        "productVariations[0].stock": "1",
        intent: "save",
      }),
    );
    expect((await res.json()).errors.productVariations).toEqual([PRODUCT_TEXT.bothKinds]);
    expect(await productBySlug("both-kinds")).toBeUndefined();
  });

  it("refuses a file that is not an image with the spec text and keeps the form", async () => {
    const res = await addPost(
      multipart({ ...basics({ title: "Not An Image" }), intent: PRODUCT_INTENTS.upload }, [new File(["hello"], "notes.png", { type: "image/png" })]),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors.files).toEqual([`notes.png: ${UPLOAD_TEXT.invalidType}`]);
    expect(body.failure).toMatchObject({ title: PRODUCT_TEXT.invalidTypeTitle, description: UPLOAD_TEXT.invalidType });
    expect(body.values.title).toBe("Not An Image");
    expect(body.values.images).toEqual([]);
  });

  it("an unexpected failure while saving removes the temporary uploads and says 'Failed to create product.'", async () => {
    const up = await addPost(multipart({ ...basics(), intent: PRODUCT_INTENTS.upload }, [new File([await png()], "lost.png", { type: "image/png" })]));
    const temp = (await up.json()).values.images[0] as { id: string; url: string };
    // The temporary file vanishes from disk before the save (the image work then fails).
    rmSync(fileOnDisk(temp.url));
    const errorSpy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await addPost(multipart({ ...basics({ title: "Lost Image Dress" }), "images[0].id": temp.id, primaryImage: `new:${temp.id}`, intent: "save" }));
    expect(errorSpy).toHaveBeenCalled();
    errorSpy.mockClear();
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.errors[""]).toEqual([PRODUCT_TEXT.createFailed]);
    expect(body.failure).toMatchObject({ title: PRODUCT_TEXT.createFailed, type: "error" });
    expect(body.values.title).toBe("Lost Image Dress");
    expect(body.values.images).toEqual([]);
    expect(await productBySlug("lost-image-dress")).toBeUndefined();
    expect(await db.selectFrom("uploads").select("id").where("id", "=", temp.id).execute()).toEqual([]);
  });

  it("answers 400 to an unknown intent", async () => {
    expect((await addPost(multipart({ ...basics(), intent: "explode" }))).status).toBe(400);
  });
});

describe("same payload through both doors", () => {
  it("form and API create the same product (variations A, B by position)", async () => {
    const form = await addPost(
      multipart({
        ...basics({ title: "Door Form Coat", description: "Warm." }),
        categories: [String(parent.id)],
        "productVariations[0].variationName": "Short",
        "productVariations[0].stock": "2",
        "productVariations[1].variationName": "Long",
        "productVariations[1].stock": "5",
        isLarge: "on",
        intent: "save",
      }),
    );
    expect(form.status).toBe(302);
    const apiRes = await api.create({
      title: "Door Api Coat",
      description: "Warm.",
      price: "24.50",
      stock: 3,
      isLarge: true,
      categories: [parent.id],
      productVariations: [
        { variationCode: "Z", variationName: "Short", stock: 2 },
        { variationName: "Long", stock: 5 },
      ],
    });
    expect(apiRes.status).toBe(201);
    const created = await apiRes.json();
    const fromForm = await api.get((await productBySlug("door-form-coat"))!.id);
    const a = await fromForm.json();
    const strip = (p: Record<string, unknown>) => ({ ...p, id: 0, title: "", slug: "", sku: "" });
    expect(strip(created)).toEqual(strip(a));
    expect(created).toMatchObject({
      price: "24.50",
      stock: 0,
      totalStock: 7,
      isLarge: true,
      hasVariations: true,
      hasColorVariations: false,
      categories: [parent.id],
      productVariations: [
        { variationCode: "A", variationName: "Short", stock: 2 },
        { variationCode: "B", variationName: "Long", stock: 5 },
      ],
    });
  });

  it("API: 400 with errors for negative stock, both kinds and a used slug", async () => {
    let res = await api.create({ title: "Neg", description: "d", price: "5", stock: -1 });
    expect(res.status).toBe(400);
    let body = await res.json();
    expect(body.errors.stock).toEqual([PRODUCT_TEXT.stockMin]);
    expect(typeof body.message).toBe("string");
    res = await api.create({
      title: "Both",
      description: "d",
      price: "5",
      colorVariations: [{ colorId: 1, stock: 1 }],
      productVariations: [{ variationName: "A", stock: 1 }],
    });
    body = await res.json();
    expect(res.status).toBe(400);
    expect(body.errors.productVariations).toEqual([PRODUCT_TEXT.bothKinds]);
    const taken = await makeProduct(db, { title: "Api Taken" });
    res = await api.create({ title: "Other", slug: taken.slug, description: "d", price: "5" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: PRODUCT_TEXT.slugTaken, errors: { slug: [PRODUCT_TEXT.slugTaken] } });
    res = await api.create({ title: "Bad Image", description: "d", price: "5", images: [{ id: "nope", isPrimary: true }] });
    expect(res.status).toBe(400);
    res = await api.create({ title: "Bad colour", description: "d", price: "5", colorVariations: [{ colorId: 999, stock: 1 }] });
    expect(res.status).toBe(400);
    expect((await res.json()).errors["colorVariations[0].colorId"]).toEqual([PRODUCT_TEXT.colorUnknown]);
  });
});

describe("edit product", () => {
  it("loads the stored values, changes price and stock, removes an image, and drops subcategories of an unticked parent", async () => {
    const p = await makeProduct(db, { title: "Editable Apron", stock: 4, categoryIds: [parent.id, child.id, otherChild.id] });
    await db
      .insertInto("product_images")
      .values({ product_id: p.id, image_url: `/uploads/products/${p.slug}-2.jpg`, is_primary: 0, sort_order: 1 })
      .execute();
    const page = await pageLoad(`/admin/products/edit/${p.id}`, admin.cookie, String(p.id));
    expect(page.status).toBe(200);
    expect(page.body.mode).toBe("edit");
    expect(page.body.values).toMatchObject({
      title: "Editable Apron",
      price: "24.00",
      stock: "4",
      categories: [parent.id, child.id, otherChild.id].sort((a, b) => a - b),
    });
    const imgs = page.body.values.images as { id: string; isPrimary: boolean }[];
    expect(imgs.map((i) => i.isPrimary)).toEqual([true, false]);
    expect(page.body.options.categories.find((c: { id: number }) => c.id === child.id).label).toBe("Editor Dresses → Editor Tea Dresses");

    const res = await editPost(
      p.id,
      multipart({
        title: "Editable Apron",
        slug: p.slug,
        description: "",
        price: "30",
        stock: "7",
        categories: [String(child.id)],
        "existingImages[0].id": imgs[1]!.id,
        primaryImage: `existing:${imgs[1]!.id}`,
        intent: "save",
      }),
    );
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ title: PRODUCT_TEXT.updated });
    const after = await api.get(p.id).then((r) => r.json());
    expect(after).toMatchObject({ price: "30.00", stock: 7, totalStock: 7, description: "", categories: [] });
    expect(after.images).toHaveLength(1);
    expect(after.images[0]).toMatchObject({ id: Number(imgs[1]!.id), isPrimary: true });
  });

  it("a newly ticked subcategory brings its parent; API PUT keeps stored images when existingImages is left out", async () => {
    const p = await makeProduct(db, { title: "Put Cape" });
    const res = await api.write("PUT", p.id, { title: "Put Cape", price: "12", stock: 0, categories: [otherChild.id] });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.categories).toEqual([parent.id, otherChild.id].sort((a, b) => a - b));
    expect(body.images).toHaveLength(1);
    expect(body.totalStock).toBe(0);
    expect((await api.write("PUT", 999999, { title: "x", price: "1" })).status).toBe(404);
    expect((await api.write("PUT", p.id, { title: "x", price: "1", stock: -5 })).status).toBe(400);
    expect((await api.write("PUT", p.id, { title: "x", price: "1", existingImages: [{ id: 999999 }] })).status).toBe(400);
  });

  it("edit with a new uploaded image through the API door (temp id) makes it primary when asked", async () => {
    const p = await makeProduct(db, { title: "Photo Bonnet" });
    const up = await addPost(multipart({ ...basics(), intent: PRODUCT_INTENTS.upload }, [new File([await png()], "bonnet.png", { type: "image/png" })]));
    const temp = (await up.json()).values.images[0] as { id: string };
    const stored = (await api.get(p.id).then((r) => r.json())).images[0];
    const res = await api.write("PUT", p.id, {
      title: "Photo Bonnet",
      price: "9.99",
      images: [{ id: temp.id, isPrimary: true }],
      existingImages: [{ id: stored.id, isPrimary: false }],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.images.map((i: { isPrimary: boolean }) => i.isPrimary)).toEqual([true, false]);
    expect(body.images[0].imageUrl).toMatch(/^\/uploads\/products\//);
  });
});

describe("products tab and the small API calls", () => {
  const tabPost = (fields: Record<string, string>, accept = "text/html") =>
    run(() => adminAction(args(postForm("/admin?tab=products", fields, { cookie: admin.cookie, accept }))));
  const tab = async (query: string) => {
    const res = await run(() => adminLoader(args(get(`/admin?tab=products${query}`, { cookie: admin.cookie }))));
    return (await res.json()).productsTab as {
      products: { id: number; slug: string; stock: number; isActive: boolean }[];
      total: number;
      confirmDelete: unknown;
      categories: { label: string }[];
    };
  };

  it("filters by stock, category, latest collection and status", async () => {
    const cat = await makeCategory(db, { name: "Filter Shelf" });
    const sold = await makeProduct(db, { title: "Filter Sold", stock: 0, categoryIds: [cat.id] });
    const inStock = await makeProduct(db, { title: "Filter Stocked", colors: [{ colorId: 1, stock: 2 }], categoryIds: [cat.id] });
    await db.updateTable("products").set({ is_latest_collection: 1 }).where("id", "=", inStock.id).execute();
    const slugs = async (q: string) => (await tab(`&category=${cat.id}${q}`)).products.map((p) => p.slug);
    expect((await slugs("")).sort()).toEqual([sold.slug, inStock.slug].sort());
    expect(await slugs("&stock=sold-out")).toEqual([sold.slug]);
    expect(await slugs("&stock=in-stock")).toEqual([inStock.slug]);
    expect(await slugs("&status=inactive")).toEqual([sold.slug]);
    expect(await slugs("&status=active")).toEqual([inStock.slug]);
    expect(await slugs("&latest=latest")).toEqual([inStock.slug]);
    expect(await slugs("&latest=not-latest")).toEqual([sold.slug]);
    const data = await tab(`&category=${cat.id}`);
    expect(data.products.find((p) => p.slug === inStock.slug)).toMatchObject({ stock: 2, isActive: true, hasColorVariations: true });
    expect(data.categories.map((c) => c.label)).toContain("Editor Dresses → Editor Ball Gowns");
    const apiList = await (await api.list(`?limit=1000&category=${cat.id}&stock=sold-out`)).json();
    expect(apiList.products.map((p: { slug: string }) => p.slug)).toEqual([sold.slug]);
    expect((await api.list("?limit=abc")).status).toBe(400);
    expect((await (await api.list("?limit=1")).json()).products).toHaveLength(1);
  });

  it("toggles the latest collection (form and PATCH)", async () => {
    const p = await makeProduct(db, { title: "Toggle Hat" });
    let res = await tabPost({
      intent: PRODUCT_INTENTS.toggleLatest,
      productId: String(p.id),
      isLatestCollection: "true",
      redirectTo: "/admin?tab=products&latest=all",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin?tab=products&latest=all");
    expect(await toastOf(res)).toMatchObject({ title: PRODUCT_TEXT.addedToLatest, description: "Toggle Hat" });
    expect((await productBySlug(p.slug))!.is_latest_collection).toBe(1);
    res = await tabPost({ intent: PRODUCT_INTENTS.toggleLatest, productId: "999999", isLatestCollection: "true" });
    expect(await toastOf(res)).toMatchObject({ title: PRODUCT_TEXT.toggleFailed, type: "error" });
    res = await tabPost({ intent: PRODUCT_INTENTS.toggleLatest, productId: String(p.id), isLatestCollection: "false" }, "application/json");
    expect(await res.json()).toEqual({ ok: true, toast: { title: PRODUCT_TEXT.removedFromLatest, description: "Toggle Hat", type: "success" } });
    expect((await productBySlug(p.slug))!.is_latest_collection).toBe(0);
    res = await api.write("PATCH", p.id, { isLatestCollection: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: p.id, title: "Toggle Hat", isLatestCollection: true });
    expect((await api.write("PATCH", p.id, { isLatestCollection: "yes" })).status).toBe(400);
    expect((await api.write("PATCH", 999999, { isLatestCollection: true })).status).toBe(404);
  });

  it("delete asks first without JavaScript, then deletes with a toast and recounts categories; API DELETE too", async () => {
    const cat = await makeCategory(db, { name: "Delete Shelf" });
    const p = await makeProduct(db, { title: "Delete Me", categoryIds: [cat.id] });
    await db.updateTable("categories").set({ product_count: 1 }).where("id", "=", cat.id).execute();
    let res = await tabPost({ intent: PRODUCT_INTENTS.delete, productId: String(p.id), confirmed: "", redirectTo: "/admin?tab=products&stock=all" });
    expect(res.headers.get("Location")).toBe(`/admin?tab=products&stock=all&confirmDelete=${p.id}`);
    expect(await productBySlug(p.slug)).toBeTruthy();
    expect((await tab(`&confirmDelete=${p.id}`)).confirmDelete).toEqual({ id: p.id, title: "Delete Me", slug: p.slug });
    res = await tabPost({ intent: PRODUCT_INTENTS.delete, productId: String(p.id), confirmed: "yes", redirectTo: "/admin?tab=products&stock=all" });
    expect(res.headers.get("Location")).toBe("/admin?tab=products&stock=all");
    expect(await toastOf(res)).toEqual({ title: PRODUCT_TEXT.deleted, description: "Delete Me", type: "success" });
    expect(await productBySlug(p.slug)).toBeUndefined();
    expect(await countOf(cat.id)).toBe(0);
    res = await tabPost({ intent: PRODUCT_INTENTS.delete, productId: String(p.id), confirmed: "yes" });
    expect(await toastOf(res)).toMatchObject({ title: PRODUCT_TEXT.deleteFailed, type: "error" });

    const q = await makeProduct(db, { title: "Api Delete" });
    res = await api.write("DELETE", q.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: PRODUCT_TEXT.deleted, id: q.id });
    expect((await api.write("DELETE", q.id)).status).toBe(404);
  });
});
