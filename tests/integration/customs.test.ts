import { parse } from "csv-parse/sync";
import { getPackingSlips } from "~/domain/customs/packing-slip.server";
import { CUSTOMS_SETTINGS_KEY } from "~/domain/customs/settings.server";
import { CUSTOMS_TEXT, DEFAULT_CUSTOMS_SETTINGS, PACKING_SLIP_TEXT } from "~/domain/customs/texts";
import { STORE_INTENTS } from "~/domain/common/settings-texts";
import { PRODUCT_INTENTS } from "~/domain/catalogue/product-texts";
import { db } from "~/lib/db.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { loader as slipLoader } from "~/routes/admin_.orders.$orderId_.packing-slip";
import { loader as slipsLoader } from "~/routes/admin_.orders.packing-slips";
import { loader as ordersCsvLoader } from "~/routes/admin_.orders[.]csv";
import { action as editAction } from "~/routes/admin_.products.edit.$id";
import { action as productAction, loader as productLoader } from "~/routes/api.admin.products.$id";
import { loader as orderApiLoader } from "~/routes/api.admin.orders.$orderId";
import { action as ordersAction } from "~/routes/api.orders";
import { action as checkoutAction } from "~/routes/checkout";
import { addToCart } from "~/domain/cart/cart.server";
import { getSessionStorage } from "~/web/session.server";
import { makeOrder, makeProduct, makeUser } from "../helpers/kit";
import { apiRequest, args, get, postForm, postJson, postMultipart, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

// Customs data (docs/shipping.md): the products' four fields through the API and the editor, the
// Settings' defaults, the packing slip's data and its guard, the orders CSV and the gift flag.

afterAll(() => db.destroy());

let admin: string;
let customer: string;

beforeAll(async () => {
  admin = await cookieFor((await makeUser(db, { isAdmin: true })).id);
  customer = await cookieFor((await makeUser(db)).id);
});

const apiGet = async (id: number, cookie = admin) =>
  run(() => productLoader(args(apiRequest("GET", `/api/admin/products/${id}`, { cookie }), { id: String(id) })));
const apiPut = (id: number, body: unknown, cookie = admin) =>
  run(() => productAction(args(apiRequest("PUT", `/api/admin/products/${id}`, { cookie, body }), { id: String(id) })));
const stored = (id: number) =>
  db.selectFrom("products").select(["weight_grams", "hs_code", "origin_country", "customs_description"]).where("id", "=", id).executeTakeFirstOrThrow();

describe("the product API", () => {
  it("a PUT without the customs fields keeps them; one with them changes them; null goes back to none or the default", async () => {
    const p = await makeProduct(db, {
      title: "Customs Coat",
      weightGrams: 120,
      hsCode: "95030029",
      originCountry: "GB",
      customsDescription: "Doll coat, wool",
    });
    const read = await (await apiGet(p.id)).json();
    expect(read).toMatchObject({ weightGrams: 120, hsCode: "95030029", originCountry: "GB", customsDescription: "Doll coat, wool" });

    expect((await apiPut(p.id, { title: "Customs Coat", price: "30.00" })).status).toBe(200);
    expect(await stored(p.id)).toEqual({ weight_grams: 120, hs_code: "95030029", origin_country: "GB", customs_description: "Doll coat, wool" });

    const changed = await apiPut(p.id, { title: "Customs Coat", price: "30.00", weightGrams: 95, originCountry: "pl", hsCode: "950300" });
    expect(changed.status).toBe(200);
    // 'PL' and '950300' are the Settings' defaults: stored as null, so they follow the Settings.
    expect(await stored(p.id)).toEqual({ weight_grams: 95, hs_code: null, origin_country: null, customs_description: "Doll coat, wool" });
    expect(await changed.json()).toMatchObject({
      weightGrams: 95,
      hsCode: DEFAULT_CUSTOMS_SETTINGS.hsCode,
      originCountry: "PL",
      usesDefaultCustoms: { hsCode: true, originCountry: true, customsDescription: false },
    });

    const cleared = await apiPut(p.id, { title: "Customs Coat", price: "30.00", weightGrams: null, customsDescription: null });
    expect(await cleared.json()).toMatchObject({ weightGrams: null, customsDescription: DEFAULT_CUSTOMS_SETTINGS.customsDescription });
  });

  it("bad values are 400 with the field's error, and nothing changes", async () => {
    const p = await makeProduct(db, { weightGrams: 50 });
    for (const [field, value, message] of [
      ["weightGrams", 0, CUSTOMS_TEXT.weight],
      ["weightGrams", 20_001, CUSTOMS_TEXT.weight],
      ["weightGrams", "50", CUSTOMS_TEXT.weight],
      ["hsCode", "9503.00", CUSTOMS_TEXT.hsCode],
      ["hsCode", "12345", CUSTOMS_TEXT.hsCode],
      ["originCountry", "XX", CUSTOMS_TEXT.originCountry],
      ["originCountry", "POL", CUSTOMS_TEXT.originCountry],
      ["customsDescription", "x".repeat(61), CUSTOMS_TEXT.descriptionTooLong],
      ["customsDescription", " ", CUSTOMS_TEXT.descriptionRequired],
    ] as const) {
      const res = await apiPut(p.id, { title: "Plain", price: "20.00", [field]: value });
      expect(res.status, `${field}=${String(value)}`).toBe(400);
      const body = await res.json();
      expect(body.errors[field]).toContain(message);
    }
    expect(await stored(p.id)).toEqual({ weight_grams: 50, hs_code: null, origin_country: null, customs_description: null });
  });
});

describe("the product editor", () => {
  const fields = (over: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: "Editor Blouse",
      slug: "",
      description: "A blouse.",
      price: "18,50",
      stock: "2",
      intent: PRODUCT_INTENTS.save,
      ...over,
    }))
      form.set(k, v);
    return form;
  };
  const post = (id: number, form: FormData) =>
    run(() => editAction(args(postMultipart(`/admin/products/edit/${id}`, form, { cookie: admin }), { id: String(id) })));

  it("bad customs values come back as field errors with what was typed", async () => {
    const p = await makeProduct(db, { title: "Editor Blouse", weightGrams: 40 });
    const res = await post(p.id, fields({ weightGrams: "12.5", hsCode: "9503", originCountry: "XX", customsDescription: "x".repeat(61) }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toMatchObject({
      weightGrams: [CUSTOMS_TEXT.weight],
      hsCode: [CUSTOMS_TEXT.hsCode],
      originCountry: [CUSTOMS_TEXT.originCountry],
      customsDescription: [CUSTOMS_TEXT.descriptionTooLong],
    });
    expect(body.values).toMatchObject({ weightGrams: "12.5", hsCode: "9503", originCountry: "XX" });
    expect((await stored(p.id)).weight_grams).toBe(40);
  });

  it("saves them; empty fields mean no weight and the Settings' defaults", async () => {
    const p = await makeProduct(db, { title: "Editor Blouse", hsCode: "95030029" });
    const res = await post(p.id, fields({ weightGrams: "35", hsCode: "", originCountry: "fr", customsDescription: "Doll blouse, cotton" }));
    expect(res.status).toBe(302);
    expect(await stored(p.id)).toEqual({ weight_grams: 35, hs_code: null, origin_country: "FR", customs_description: "Doll blouse, cotton" });
    expect((await post(p.id, fields({ weightGrams: "" }))).status).toBe(302);
    expect(await stored(p.id)).toEqual({ weight_grams: null, hs_code: null, origin_country: null, customs_description: null });
  });
});

describe("the Settings' customs card", () => {
  const save = (fields: Record<string, string>, cookie = admin) =>
    run(() => adminAction(args(postForm("/admin?tab=settings", { intent: STORE_INTENTS.customsSave, ...fields }, { cookie }))));
  afterEach(() => db.deleteFrom("settings").where("key", "=", CUSTOMS_SETTINGS_KEY).execute());

  it("saves the defaults with a comma limit, logs it, and refuses bad values with field errors", async () => {
    const refused = await save({ hsCode: "95", originCountry: "ZZ", customsDescription: "", cn22Limit: "1.234,50" });
    expect(refused.status).toBe(400);
    const errors = (await refused.json()).result.error;
    expect(errors).toMatchObject({ hsCode: [CUSTOMS_TEXT.hsCode], originCountry: [CUSTOMS_TEXT.originCountry], cn22Limit: [CUSTOMS_TEXT.cn22LimitRequired] });
    expect((await save({ hsCode: "950300", originCountry: "PL", customsDescription: "Doll clothes", cn22Limit: "300" }, customer)).status).toBe(403);

    const done = await save({ hsCode: "95030029", originCountry: "pl", customsDescription: "Handmade doll clothes", cn22Limit: "350,50" });
    expect(done.status).toBe(302);
    const page = await (await run(() => adminLoader(args(get("/admin?tab=settings", { cookie: admin }))))).json();
    expect(page.store.customs).toEqual({ hsCode: "95030029", originCountry: "PL", customsDescription: "Handmade doll clothes", cn22LimitCents: 350_50 });
    const log = await db.selectFrom("activity_log").select("kind").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(log.kind).toBe("settings.customs");
  });
});

describe("the packing slip", () => {
  const slipPage = (id: number | string, cookie?: string) =>
    run(() => slipLoader(args(get(`/admin/orders/${id}/packing-slip`, { cookie }), { orderId: String(id) })));
  const slipsPage = (query: string, cookie = admin) => run(() => slipsLoader(args(get(`/admin/orders/packing-slips${query}`, { cookie }))));

  it("a guest gets 401 and a customer 403, both with the denied view and no order in it", async () => {
    const p = await makeProduct(db, { weightGrams: 60 });
    const order = await makeOrder(db, { lines: [{ productId: p.id }], customerMessage: "For my sister" });
    const guest = await slipPage(order.id);
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ state: "denied", signedIn: false });
    const cust = await slipPage(order.id, customer);
    expect(cust.status).toBe(403);
    expect(await cust.json()).toEqual({ state: "denied", signedIn: true });
    expect((await slipsPage(`?ids=${order.id}`, customer)).status).toBe(403);
    expect((await slipPage(order.id, admin)).status).toBe(200);
  });

  it("inside the EU: the slip and no declaration; outside: the declaration with values, weights, HS codes and origins", async () => {
    const dress = await makeProduct(db, { title: "Slip Dress", priceCents: 3000, weightGrams: 60, customsDescription: "Doll dress, cotton" });
    const hat = await makeProduct(db, { title: "Slip Hat", priceCents: 1000, weightGrams: 25, hsCode: "95030029", originCountry: "GB" });
    const lines = [{ productId: dress.id, quantity: 2 }, { productId: hat.id }];
    const eu = await makeOrder(db, { lines, shipTo: "DE" });
    const home = await makeOrder(db, { lines, shipTo: "PL" });
    const away = await makeOrder(db, { lines, shipTo: "US", loyaltyDiscountCents: 700, customerMessage: "Happy birthday" });
    const [euSlip, homeSlip, awaySlip] = await getPackingSlips(db, [eu.id, home.id, away.id]);
    expect(euSlip!.customs).toBeNull();
    expect(homeSlip!.customs).toBeNull();
    expect(euSlip!.lines.map((l) => l.lineCents)).toEqual([6000, 1000]);
    expect(awaySlip!.customerMessage).toBe("Happy birthday");
    expect(awaySlip!.seller.name).toBeTruthy();
    expect(awaySlip!.shipTo).toMatchObject({ name: "Clara Bloom", country: "US", countryName: "United States" });
    expect(awaySlip!.lines[0]).toMatchObject({ title: "Slip Dress", sku: expect.stringMatching(/^LSA-/), quantity: 2, lineCents: 6000 });
    // $70.00 of goods, $7.00 off: 6000 → 5400 and 1000 → 900.
    expect(awaySlip!.customs).toEqual({
      form: "CN22",
      limitCents: DEFAULT_CUSTOMS_SETTINGS.cn22LimitCents,
      lines: [
        { description: "Doll dress, cotton", quantity: 2, netWeightGrams: 120, valueCents: 5400, hsCode: "950300", originCountry: "PL", originName: "Poland" },
        {
          description: DEFAULT_CUSTOMS_SETTINGS.customsDescription,
          quantity: 1,
          netWeightGrams: 25,
          valueCents: 900,
          hsCode: "95030029",
          originCountry: "GB",
          originName: "United Kingdom",
        },
      ],
      totalWeightGrams: 145,
      missingWeights: 0,
      totalValueCents: 6300,
    });
  });

  it("CN22 up to the Settings' limit, CN23 above it", async () => {
    const piece = await makeProduct(db, { priceCents: 200_00, weightGrams: 300 });
    const atLimit = await makeOrder(db, { lines: [{ productId: piece.id, quantity: 2 }], shipTo: "JP" });
    const above = await makeOrder(db, { lines: [{ productId: piece.id, quantity: 2, unitPriceCents: 200_01 }], shipTo: "JP" });
    const [a, b] = await getPackingSlips(db, [atLimit.id, above.id]);
    expect(a!.customs).toMatchObject({ form: "CN22", totalValueCents: 400_00 });
    expect(b!.customs).toMatchObject({ form: "CN23", totalValueCents: 400_02 });
  });

  it("a gift's slip carries no prices, while its declaration keeps the values customs needs", async () => {
    const p = await makeProduct(db, { priceCents: 2500, weightGrams: 50 });
    const gift = await makeOrder(db, { lines: [{ productId: p.id }], isGift: true, shipTo: "GB" });
    const [slip] = await getPackingSlips(db, [gift.id]);
    expect(slip!.isGift).toBe(true);
    expect(slip!.totals).toBeNull();
    expect(slip!.lines.every((l) => l.unitPriceCents === null && l.lineCents === null)).toBe(true);
    expect(slip!.customs?.lines[0]?.valueCents).toBe(2500);
    const page = await (await slipPage(gift.id, admin)).json();
    expect(JSON.stringify(page.slips[0].lines)).not.toContain("2500");
    const order = await (
      await run(() => orderApiLoader(args(apiRequest("GET", `/api/admin/orders/${gift.id}`, { cookie: admin }), { orderId: String(gift.id) })))
    ).json();
    expect(order.isGift).toBe(true);
  });

  it("a product without a weight, and a deleted one, say so plainly", async () => {
    const weighed = await makeProduct(db, { weightGrams: 80 });
    const unweighed = await makeProduct(db);
    const gone = await makeProduct(db, { weightGrams: 40 });
    const order = await makeOrder(db, { lines: [{ productId: weighed.id }, { productId: unweighed.id, quantity: 3 }, { productId: gone.id }], shipTo: "CH" });
    await db.deleteFrom("products").where("id", "=", gone.id).execute();
    const [slip] = await getPackingSlips(db, [order.id]);
    expect(slip!.customs).toMatchObject({ totalWeightGrams: 80, missingWeights: 2 });
    expect(slip!.customs!.lines.map((l) => l.netWeightGrams)).toEqual([80, null, null]);
    expect(slip!.lines[2]).toMatchObject({ sku: null });
    expect(slip!.deletedProducts).toBe(1);
  });

  it("several at once: in the order asked, the missing named; none chosen, a bad id, or none found are refused", async () => {
    const p = await makeProduct(db, { weightGrams: 10 });
    const one = await makeOrder(db, { lines: [{ productId: p.id }] });
    const two = await makeOrder(db, { lines: [{ productId: p.id }] });
    const res = await slipsPage(`?ids=${two.id}&ids=${one.id}&ids=${two.id}&ids=99999999`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.slips.map((s: { orderId: number }) => s.orderId)).toEqual([two.id, one.id]);
    expect(body.missing).toEqual([99999999]);
    expect(body.sizeLinks.a6).toContain("size=a6");
    expect((await (await slipsPage(`?ids=${one.id}&size=a6`)).json()).size).toBe("a6");
    const none = await slipsPage("");
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ state: "refused", message: PACKING_SLIP_TEXT.noneChosen });
    expect((await slipsPage("?ids=1;drop")).status).toBe(400);
    expect((await slipsPage(`?${Array.from({ length: 101 }, (_, i) => `ids=${i + 1}`).join("&")}`)).status).toBe(400);
    expect((await slipsPage("?ids=99999998")).status).toBe(404);
    expect((await slipPage("abc", admin)).status).toBe(400);
  });
});

describe("the orders CSV", () => {
  it("carries each order's weight (empty when a line has none) and its HS codes", async () => {
    const a = await makeProduct(db, { weightGrams: 70, hsCode: "95030029" });
    const b = await makeProduct(db, { weightGrams: 30 });
    const c = await makeProduct(db);
    const full = await makeOrder(db, { email: "csv-weights@example.com", lines: [{ productId: a.id, quantity: 2 }, { productId: b.id }] });
    const partial = await makeOrder(db, { email: "csv-partial@example.com", lines: [{ productId: b.id }, { productId: c.id }] });
    const res = await run(() => ordersCsvLoader(args(get("/admin/orders.csv?q=csv-", { cookie: admin }))));
    const rows = parse(await res.text(), { bom: true, columns: true }) as Record<string, string>[];
    const row = (id: number) => rows.find((r) => r.Order === String(id))!;
    expect(row(full.id)).toMatchObject({ "Weight (g)": "170", "HS codes": "950300 95030029" });
    expect(row(partial.id)).toMatchObject({ "Weight (g)": "", "HS codes": "950300" });
    expect((await run(() => ordersCsvLoader(args(get("/admin/orders.csv", { cookie: customer }))))).status).toBe(403);
  });
});

describe("checkout's gift box", () => {
  let n = 0;
  async function guestCart() {
    const cartKey = `gift-guest-${++n}-${Date.now()}`;
    await addToCart(db, { cartKey }, { productId: (await makeProduct(db, { priceCents: 1500 })).id, quantity: 1 });
    const storage = getSessionStorage();
    const session = await storage.getSession();
    session.set("cartKey", cartKey);
    return (await storage.commitSession(session)).split(";")[0]!;
  }
  const address = { firstName: "Clara", lastName: "Bloom", addressLine1: "12 Lace Lane", city: "Toronto", postalCode: "M5V 2T6", country: "CA" };
  const isGiftOf = async (id: number) => (await db.selectFrom("orders").select("is_gift").where("id", "=", id).executeTakeFirstOrThrow()).is_gift;

  const order = async (body: Record<string, unknown>) => {
    const cookie = await guestCart();
    return run(() => ordersAction(args(postJson("/api/orders", { email: "gift@example.com", shippingAddress: address, ...body }, { cookie }))));
  };

  it("the form's ticked box and the API's isGift are kept on the order; anything but true or false is refused", async () => {
    const cookie = await guestCart();
    const form = await run(() =>
      checkoutAction(args(postForm("/checkout", { email: "gift@example.com", ...address, agreeToTerms: "on", isGift: "on" }, { cookie }))),
    );
    expect(form.status).toBe(302);
    const formId = Number(/\/order\/(\d+)\//.exec(form.headers.get("Location") ?? "")?.[1]);
    expect(await isGiftOf(formId)).toBe(1);

    const api = await order({ isGift: true });
    expect(api.status).toBe(201);
    expect(await isGiftOf((await api.json()).id)).toBe(1);
    expect(await isGiftOf((await (await order({})).json()).id)).toBe(0);

    const refused = await order({ isGift: "yes" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toHaveProperty("isGift");
  });
});
