import { getLegalSettings } from "~/domain/common/settings.server";
import { DEFAULT_LEGAL_SETTINGS, DEFAULT_SAFETY_NOTICE } from "~/domain/legal/seller";
import { SAFETY_TEXT } from "~/domain/legal/product-safety";
import { enqueueMail } from "~/domain/mail/outbox.server";
import { deliverPendingMail } from "~/domain/mail/sender.server";
import { db } from "~/lib/db.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { action as addAction } from "~/routes/admin_.products.add";
import { action as editAction, loader as editLoader } from "~/routes/admin_.products.edit.$id";
import { action as listAction, loader as listLoader } from "~/routes/api.admin.products";
import { action as oneAction, loader as oneLoader } from "~/routes/api.admin.products.$id";
import { loader as productsLoader } from "~/routes/api.products";
import { loader as latestLoader } from "~/routes/api.products.latest-collection";
import { loader as slugLoader } from "~/routes/api.products.slug.$slug";
import { loader as productPageLoader } from "~/routes/product.$slug";
import { makeProduct, makeUser } from "../helpers/kit";
import { apiRequest, args, get, postForm, postMultipart, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";
import { mailTo, startSmtp } from "../helpers/smtp";
import { STORE_INTENTS, SETTINGS_TEXT } from "~/domain/common/settings-texts";

let admin: { id: number; cookie: string };
let customer: { id: number; cookie: string };
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  const a = await makeUser(db, { isAdmin: true });
  const c = await makeUser(db);
  admin = { id: a.id, cookie: await cookieFor(a.id) };
  customer = { id: c.id, cookie: await cookieFor(c.id) };
  smtp = await startSmtp();
});

afterAll(async () => {
  await smtp?.catcher.close();
  await db.destroy();
});

function multipart(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

const settingsPost = (fields: Record<string, string>, cookie = admin.cookie) =>
  run(() => adminAction(args(postForm("/admin?tab=settings", fields, { cookie }))));
const addPost = (fields: Record<string, string>) =>
  run(() => addAction(args(postMultipart("/admin/products/add", multipart(fields), { cookie: admin.cookie }))));
const editPost = (id: number, fields: Record<string, string>) =>
  run(() => editAction(args(postMultipart(`/admin/products/edit/${id}`, multipart(fields), { cookie: admin.cookie }), { id: String(id) })));
const api = {
  create: (body: unknown) => run(() => listAction(args(apiRequest("POST", "/api/admin/products", { cookie: admin.cookie, body })))),
  list: () => run(() => listLoader(args(apiRequest("GET", "/api/admin/products", { cookie: admin.cookie })))),
  get: (id: number) => run(() => oneLoader(args(apiRequest("GET", `/api/admin/products/${id}`, { cookie: admin.cookie }), { id: String(id) }))),
  put: (id: number, body: unknown) =>
    run(() => oneAction(args(apiRequest("PUT", `/api/admin/products/${id}`, { cookie: admin.cookie, body }), { id: String(id) }))),
};
const stored = (id: number) =>
  db.selectFrom("products").select(["sku", "materials", "safety_notice as safetyNotice"]).where("id", "=", id).executeTakeFirstOrThrow();
const bySlug = (slug: string) => db.selectFrom("products").select(["id", "sku"]).where("slug", "=", slug).executeTakeFirstOrThrow();
const skuFor = (id: number) => `LSA-${String(id).padStart(5, "0")}`;

const SELLER = {
  legalName: "Anna Nowak Szycie",
  address: "ul. Igielna 3\n  \n31-000 Kraków\nPoland",
  email: "anna@atelier.example",
  phone: "+48 600 100 200",
  vatLine: "PL1234567890",
  safetyNotice: "Collector item for adults. Small buttons.",
  orderRetentionYears: "7",
};

async function restoreLegal() {
  await db.deleteFrom("settings").where("key", "=", "legal").execute();
}

describe("Settings: the seller card", () => {
  afterEach(restoreLegal);

  it("refuses bad input with a field error for each field, and saves nothing", async () => {
    const res = await settingsPost({
      intent: STORE_INTENTS.legalSave,
      legalName: " ",
      address: "",
      email: "not-an-email",
      phone: "call me",
      vatLine: "x".repeat(121),
      safetyNotice: "",
      orderRetentionYears: "21",
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.intent).toBe(STORE_INTENTS.legalSave);
    expect(Object.keys(body.result.error).sort()).toEqual(["address", "email", "legalName", "orderRetentionYears", "phone", "safetyNotice", "vatLine"]);
    expect(body.result.error.legalName).toEqual(["Legal name is required"]);
    expect(body.result.error.orderRetentionYears).toEqual(["Retention period must be between 1 and 20 years"]);
    expect(await db.selectFrom("settings").select("key").where("key", "=", "legal").executeTakeFirst()).toBeUndefined();
    // A year count of 0 and a fraction are refused too.
    for (const years of ["0", "2.5"]) {
      const again = await settingsPost({ intent: STORE_INTENTS.legalSave, ...SELLER, orderRetentionYears: years });
      expect(again.status).toBe(400);
      expect(Object.keys((await again.json()).result.error)).toEqual(["orderRetentionYears"]);
    }
  });

  it("saves the seller, logs 'settings.legal' with what changed, and the Settings tab reads it back", async () => {
    const res = await settingsPost({ intent: STORE_INTENTS.legalSave, ...SELLER });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin?tab=settings");
    const legal = await getLegalSettings(db);
    expect(legal).toEqual({ ...SELLER, address: "ul. Igielna 3\n31-000 Kraków\nPoland", orderRetentionYears: 7 });

    const row = await db
      .selectFrom("activity_log")
      .select(["kind", "summary", "changes", "actor_id as actorId"])
      .where("kind", "=", "settings.legal")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(row.actorId).toBe(admin.id);
    const changes = JSON.parse(row.changes!) as Record<string, [unknown, unknown]>;
    expect(changes.legalName).toEqual([DEFAULT_LEGAL_SETTINGS.legalName, SELLER.legalName]);
    expect(changes.orderRetentionYears).toEqual([5, 7]);
    expect(changes.phone).toEqual(["", SELLER.phone]);

    const page = await run(() => adminLoader(args(get(`}/admin?tab=settings`, { cookie: admin.cookie }))));
    const data = (await page.json()) as { store: { legal: unknown } };
    expect(data.store.legal).toMatchObject({ legalName: SELLER.legalName, orderRetentionYears: 7 });
  });

  it("refuses customers", async () => {
    expect((await settingsPost({ intent: STORE_INTENTS.legalSave, ...SELLER }, customer.cookie)).status).toBe(403);
    expect(await db.selectFrom("settings").select("key").where("key", "=", "legal").executeTakeFirst()).toBeUndefined();
  });
});

describe("product SKU, materials and safety notice", () => {
  it("the form and the API generate a SKU from the id when none is given", async () => {
    const form = await addPost({ title: "Sku Form Dress", description: "d", price: "10", stock: "1", sku: "", intent: "save" });
    expect(form.status).toBe(302);
    const fromForm = await bySlug("sku-form-dress");
    expect(fromForm.sku).toBe(skuFor(fromForm.id));

    const res = await api.create({ title: "Sku Api Dress", description: "d", price: "10", stock: 1 });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.sku).toBe(skuFor(body.id));
    expect(body.materials).toBe("");
    expect(body.safetyNotice).toBe(DEFAULT_SAFETY_NOTICE);
    expect(body.usesDefaultSafetyNotice).toBe(true);
  });

  it("keeps a given SKU (trimmed), materials and notice; refuses a bad SKU (400) and a used one (form field error, API 409)", async () => {
    const res = await api.create({
      title: "Sku Given",
      description: "d",
      price: "10",
      stock: 1,
      sku: "  RTD-001.b_2 ",
      materials: "100% cotton lawn",
      safetyNotice: "Tiny snaps.",
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ sku: "RTD-001.b_2", materials: "100% cotton lawn", safetyNotice: "Tiny snaps.", usesDefaultSafetyNotice: false });

    const bad = await api.create({ title: "Sku Bad", description: "d", price: "10", sku: "has space" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBeTruthy();
    const tooLong = await api.create({ title: "Sku Long", description: "d", price: "10", sku: "A".repeat(41) });
    expect(tooLong.status).toBe(400);

    const taken = await api.create({ title: "Sku Taken", description: "d", price: "10", sku: "RTD-001.b_2" });
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toBe(SAFETY_TEXT.skuTaken);

    const form = await addPost({ title: "Sku Taken Form", description: "d", price: "10", stock: "1", sku: "RTD-001.b_2", intent: "save" });
    expect(form.status).toBe(409);
    const answer = await form.json();
    expect(answer.errors.sku).toEqual([SAFETY_TEXT.skuTaken]);
    expect(answer.values.sku).toBe("RTD-001.b_2");
    expect(await db.selectFrom("products").select("id").where("slug", "in", ["sku-taken", "sku-taken-form", "sku-bad"]).execute()).toEqual([]);

    // Another product's generated SKU is taken as well.
    const other = await makeProduct(db);
    const clash = await api.put(body.id, { title: "Sku Given", price: "10", sku: skuFor(other.id) });
    expect(clash.status).toBe(409);
    expect((await stored(body.id)).sku).toBe("RTD-001.b_2");
  });

  it("the editor edits all three: an empty SKU keeps the current one, an empty notice follows the store's", async () => {
    const p = await makeProduct(db, { title: "Editor Safety Dress" });
    const page = await run(() => editLoader(args(get(`}/admin/products/edit/${p.id}`, { cookie: admin.cookie }), { id: String(p.id) })));
    const data = await page.json();
    expect(data.values).toMatchObject({ sku: skuFor(p.id), materials: "", safetyNotice: "" });
    expect(data.options.defaultSafetyNotice).toBe(DEFAULT_SAFETY_NOTICE);

    const base = { title: "Editor Safety Dress", slug: p.slug, description: "d", price: "24", stock: "3", intent: "save" };
    let res = await editPost(p.id, { ...base, sku: "ESD-9", materials: " Silk taffeta ", safetyNotice: "Contains a pin." });
    expect(res.status).toBe(302);
    expect(await stored(p.id)).toEqual({ sku: "ESD-9", materials: "Silk taffeta", safetyNotice: "Contains a pin." });
    const log = await db
      .selectFrom("activity_log")
      .select("changes")
      .where("kind", "=", "product.update")
      .where("subject_id", "=", p.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.changes!)).toMatchObject({ sku: [skuFor(p.id), "ESD-9"], materials: ["", "Silk taffeta"] });

    res = await editPost(p.id, { ...base, sku: "", materials: "", safetyNotice: "" });
    expect(res.status).toBe(302);
    expect(await stored(p.id)).toEqual({ sku: "ESD-9", materials: "", safetyNotice: null });

    // A notice equal to the store's default is stored as "the default", so it follows later changes.
    res = await editPost(p.id, { ...base, sku: "ESD-9", safetyNotice: DEFAULT_SAFETY_NOTICE });
    expect(res.status).toBe(302);
    expect((await stored(p.id)).safetyNotice).toBeNull();

    res = await editPost(p.id, { ...base, sku: "bad sku", materials: "x".repeat(301) });
    expect(res.status).toBe(400);
    const refused = await res.json();
    expect(refused.errors.sku).toEqual([SAFETY_TEXT.skuFormat]);
    expect(refused.errors.materials).toEqual([SAFETY_TEXT.materialsTooLong]);
  });

  it("an API PUT without the new fields keeps them; with them, it changes them", async () => {
    const created = await (
      await api.create({ title: "Put Keeps", description: "d", price: "10", stock: 1, sku: "PK-1", materials: "Wool", safetyNotice: "Own notice." })
    ).json();
    let res = await api.put(created.id, { title: "Put Keeps", description: "d", price: "11", stock: 1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ price: "11.00", sku: "PK-1", materials: "Wool", safetyNotice: "Own notice." });
    res = await api.put(created.id, { title: "Put Keeps", price: "11", sku: "PK-2", materials: "", safetyNotice: null });
    expect(await res.json()).toMatchObject({ sku: "PK-2", materials: "", safetyNotice: DEFAULT_SAFETY_NOTICE, usesDefaultSafetyNotice: true });
    const list = await (await api.list()).json();
    expect(list.products.find((p: { id: number }) => p.id === created.id)).toMatchObject({ sku: "PK-2", materials: "", safetyNotice: DEFAULT_SAFETY_NOTICE });
  });
});

describe("product JSON and the product page", () => {
  afterEach(restoreLegal);

  it("every product JSON carries sku, materials and safetyNotice, the store's default when the product has none", async () => {
    const own = await makeProduct(db, { title: "Json Own Notice" });
    await db
      .updateTable("products")
      .set({ sku: "JSON-OWN", materials: "Linen", safety_notice: "Own words.", is_latest_collection: 1 })
      .where("id", "=", own.id)
      .execute();
    const plain = await makeProduct(db, { title: "Json Default Notice" });
    await db.updateTable("products").set({ is_latest_collection: 1 }).where("id", "=", plain.id).execute();

    const check = (products: { id: number; sku: string; materials: string; safetyNotice: string }[], notice: string) => {
      expect(products.find((p) => p.id === own.id)).toMatchObject({ sku: "JSON-OWN", materials: "Linen", safetyNotice: "Own words." });
      expect(products.find((p) => p.id === plain.id)).toMatchObject({ sku: skuFor(plain.id), materials: "", safetyNotice: notice });
    };
    const read = async (notice: string) => {
      const list = await (await run(() => productsLoader(args(get(`}/api/products?limit=100`))))).json();
      check(list.products, notice);
      check(await (await run(() => latestLoader(args(get("/api/products/latest-collection"))))).json(), notice);
      const one = await (await run(() => slugLoader(args(get(`}/api/products/slug/${plain.slug}`), { slug: plain.slug })))).json();
      expect(one).toMatchObject({ sku: skuFor(plain.id), materials: "", safetyNotice: notice });
    };
    await read(DEFAULT_SAFETY_NOTICE);
    // A new default in Settings reaches the products without a notice of their own at once.
    await settingsPost({ intent: STORE_INTENTS.legalSave, ...SELLER });
    await read(SELLER.safetyNotice);
  });

  it("the product page's data names the maker and carries the product's sku, materials and notice", async () => {
    await settingsPost({ intent: STORE_INTENTS.legalSave, ...SELLER });
    const p = await makeProduct(db, { title: "Page Maker Dress" });
    await db.updateTable("products").set({ sku: "PMD-1", materials: "Cotton lawn" }).where("id", "=", p.id).execute();
    const res = await run(() => productPageLoader(args(get(`}/product/${p.slug}`), { slug: p.slug })));
    const data = await res.json();
    expect(data.maker).toEqual({
      legalName: SELLER.legalName,
      address: "ul. Igielna 3, 31-000 Kraków, Poland",
      email: SELLER.email,
      phone: SELLER.phone,
      vatLine: SELLER.vatLine,
    });
    expect(data.product).toMatchObject({ sku: "PMD-1", materials: "Cotton lawn", safetyNotice: SELLER.safetyNotice });
  });
});

describe("order e-mails carry the seller", () => {
  afterEach(restoreLegal);

  it("names the seller (legal name, address, e-mail, phone, VAT line) in HTML and plain text", async () => {
    await settingsPost({ intent: STORE_INTENTS.legalSave, ...SELLER });
    const to = `seller-mail-${Date.now()}@example.com`;
    await enqueueMail(db, {
      eventKey: `seller-test:${to}`,
      to,
      kind: "order-shipped",
      data: {
        orderId: 77,
        token: "tok",
        email: to,
        firstName: "Ada",
        lastName: "Lovelace",
        items: [{ title: "Rose Tea Dress", colorName: null, variationName: null, quantity: 1, unitPrice: "24.00", price: "24.00" }],
        subtotal: "24.00",
        shippingCost: "5.00",
        shippingName: "Standard Shipping",
        loyaltyDiscount: "0.00",
        loyaltyPointsUsed: 0,
        total: "29.00",
        address: {
          firstName: "Ada",
          lastName: "Lovelace",
          addressLine1: "1 Lace Lane",
          addressLine2: null,
          city: "London",
          state: null,
          postalCode: "N1",
          country: "GB",
        },
        customerMessage: null,
        trackingNumber: "RR1PL",
      },
      userId: null,
    });
    const report = await deliverPendingMail(db, smtp.transport, new Date());
    expect(report.failed).toBe(0);
    const [mail] = mailTo(smtp.catcher, to);
    expect(mail).toBeTruthy();
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain(SELLER.legalName);
      expect(body).toContain("ul. Igielna 3, 31-000 Kraków, Poland");
      expect(body).toContain(SELLER.email);
      expect(body).toContain(SELLER.phone);
      expect(body).toContain(SELLER.vatLine);
    }
    expect(SETTINGS_TEXT.legalSaved).toBe("Seller details saved");
  });
});
