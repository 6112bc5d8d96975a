import { parse } from "csv-parse/sync";
import { addToCart, getCart } from "~/domain/cart/cart.server";
import { listActivity } from "~/domain/ops/activity.server";
import { SHIPPING_TEXT, SHIPPING_ZONE_TEXT as Z } from "~/domain/shipping/texts";
import { type ShippingZone } from "~/domain/shipping/zones";
import { listShippingZones, saveShippingZone, shippingZoneJson } from "~/domain/shipping/zones.server";
import { db } from "~/lib/db.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { loader as ordersCsvLoader } from "~/routes/admin_.orders[.]csv";
import { action as zonesAction, loader as zonesLoader } from "~/routes/api.admin.shipping-zones";
import { action as orderApiAction } from "~/routes/api.orders";
import { loader as orderLoader } from "~/routes/api.orders.$orderId";
import { action as calculateAction } from "~/routes/api.shipping.calculate";
import { loader as countriesLoader } from "~/routes/api.shipping.countries";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { getSessionStorage } from "~/web/session.server";
import { makeProduct, makeUser } from "../helpers/kit";
import { args, get, getJson, postForm, postJson, putJson, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

// Shipping zones end to end through the routes: the seeded zones, the countries API, the admin
// API and the Settings card (one transaction and one activity row per save), the rate and the
// free-shipping nudge in the cart and at checkout, and every door refusing a country no zone ships to.

afterAll(() => db.destroy());

let adminCookie: string;
let customerCookie: string;
let keys = 0;

beforeAll(async () => {
  adminCookie = await cookieFor((await makeUser(db, { isAdmin: true, email: "zones-admin@example.com" })).id);
  customerCookie = await cookieFor((await makeUser(db, { email: "zones-customer@example.com" })).id);
});

const SPEC_21 = "US CA GB AU DE FR IT ES NL BE CH AT SE NO DK FI JP KR SG HK NZ".split(" ");
const EU = "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split(" ");

async function guest(lines: { productId: number; quantity: number }[] = []) {
  const cartKey = `zones-guest-${++keys}`;
  for (const line of lines) await addToCart(db, { cartKey }, line);
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("cartKey", cartKey);
  return { cartKey, cookie: (await storage.commitSession(session)).split(";")[0]! };
}

const zoneOf = async (country: string) => (await listShippingZones(db)).find((z) => z.countries.includes(country))!;
const activityCount = async () => (await listActivity(db, { kind: "settings.shipping" })).total;
const orderCount = async () =>
  Number(
    (
      await db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const putZones = (body: unknown, cookie = adminCookie) => run(() => zonesAction(args(putJson("/api/admin/shipping-zones", body, { cookie }))));
const calculate = (body: unknown) => run(() => calculateAction(args(postJson("/api/shipping/calculate", body))));

/** Puts a zone back as it was (tests in this file share its database). */
async function restore(zone: ShippingZone) {
  await saveShippingZone(db, {
    id: zone.id,
    name: zone.name,
    countries: zone.countries,
    standardPrice: zone.standardCents,
    largePrice: zone.largeCents,
    freeShippingFrom: zone.freeFromCents,
    shipped: zone.shipped,
    message: zone.message,
  });
}

const ADDRESS = { firstName: "Clara", lastName: "Bloom", addressLine1: "1 Lace Lane", city: "Oslo", postalCode: "0150" };

describe("the seeded zones", () => {
  it("ship to Poland, every EU state and the spec's 21 at the spec's prices, with no threshold", async () => {
    const zones = await listShippingZones(db);
    expect(zones.map((z) => z.name)).toEqual(["Poland", "European Union", "Europe outside the EU", "North America", "Rest of the world"]);
    expect(new Set(zones.flatMap((z) => z.countries))).toEqual(new Set([...EU, ...SPEC_21]));
    for (const zone of zones) expect(zone).toMatchObject({ standardCents: 800, largeCents: 1800, freeFromCents: null, shipped: true, message: null });
  });

  it("GET /api/shipping/countries answers exactly those, by name, Poland among them", async () => {
    const res = await run(() => countriesLoader());
    expect(res.status).toBe(200);
    const { countries } = (await res.json()) as { countries: { code: string; name: string }[] };
    expect(countries.map((c) => c.code).sort()).toEqual([...new Set([...EU, ...SPEC_21])].sort());
    expect(countries.map((c) => c.name)).toEqual([...countries.map((c) => c.name)].sort((a, b) => a.localeCompare(b, "en")));
    expect(countries).toContainEqual({ code: "PL", name: "Poland" });
    expect(countries).toContainEqual({ code: "HK", name: "Hong Kong" });
  });
});

describe("GET and PUT /api/admin/shipping-zones", () => {
  it("answers 401 to a guest and 403 to a customer, and changes nothing for them", async () => {
    const before = await listShippingZones(db);
    expect((await run(() => zonesLoader(args(getJson("/api/admin/shipping-zones"))))).status).toBe(401);
    expect((await run(() => zonesLoader(args(getJson("/api/admin/shipping-zones", { cookie: customerCookie }))))).status).toBe(403);
    expect((await putZones({ zones: [] }, "")).status).toBe(401);
    expect((await putZones({ zones: [] }, customerCookie)).status).toBe(403);
    expect(await listShippingZones(db)).toEqual(before);
  });

  it("GET answers the contract's zones; PUT replaces them in one transaction with one activity row", async () => {
    const res = await run(() => zonesLoader(args(getJson("/api/admin/shipping-zones", { cookie: adminCookie }))));
    const { zones } = (await res.json()) as { zones: ReturnType<typeof shippingZoneJson>[] };
    expect(zones[0]).toEqual({
      id: expect.any(Number),
      name: "Poland",
      countries: ["PL"],
      standardPrice: "8.00",
      largePrice: "18.00",
      freeShippingFrom: null,
      shipped: true,
      message: null,
    });
    const rows = await activityCount();
    // Norway moves from 'Europe outside the EU' to a new zone; the EU gets a threshold; the rest stay.
    const next = zones.map((z) =>
      z.name === "Europe outside the EU"
        ? { ...z, countries: ["GB", "CH"] }
        : z.name === "European Union"
          ? { ...z, freeShippingFrom: "150.00", standardPrice: 9.5 }
          : z,
    );
    next.push({
      name: "Nordics",
      countries: ["NO", "IS"],
      standardPrice: "12.00",
      largePrice: "25.00",
      freeShippingFrom: null,
      shipped: true,
      message: null,
    } as never);
    const put = await putZones({ zones: next });
    expect(put.status).toBe(200);
    const answered = (await put.json()) as { zones: ReturnType<typeof shippingZoneJson>[] };
    expect(answered.zones.map((z) => z.name)).toEqual([...zones.map((z) => z.name), "Nordics"]);
    expect(answered.zones.find((z) => z.name === "European Union")).toMatchObject({ id: zones[1]!.id, standardPrice: "9.50", freeShippingFrom: "150.00" });
    expect((await zoneOf("NO")).name).toBe("Nordics");
    expect((await zoneOf("IS")).standardCents).toBe(1200);
    expect(await activityCount()).toBe(rows + 1);
    // ...and back as it was: the zone left out is deleted.
    expect((await putZones({ zones })).status).toBe(200);
    expect((await listShippingZones(db)).map(shippingZoneJson)).toEqual(zones);
    expect(await zoneOf("IS")).toBeUndefined();
  });

  const bad: [string, (zones: ReturnType<typeof shippingZoneJson>[]) => unknown, string][] = [
    ["a country in two zones", (z) => [z[0], { ...z[1]!, countries: [...z[1]!.countries, "PL"] }, ...z.slice(2)], "zones.1.countries"],
    ["an unknown code", (z) => [{ ...z[0]!, countries: ["PL", "XX"] }, ...z.slice(1)], "zones.0.countries.1"],
    ["a negative price", (z) => [{ ...z[0]!, standardPrice: "-8.00" }, ...z.slice(1)], "zones.0.standardPrice"],
    ["a comma price", (z) => [{ ...z[0]!, largePrice: "18,00" }, ...z.slice(1)], "zones.0.largePrice"],
    ["a price that is no number", (z) => [{ ...z[0]!, freeShippingFrom: "lots" }, ...z.slice(1)], "zones.0.freeShippingFrom"],
    ["a name twice", (z) => [z[0], { ...z[1]!, name: "poland" }, ...z.slice(2)], "zones.1.name"],
  ];
  for (const [what, change, field] of bad) {
    it(`refuses ${what} with 400 {message, errors} and saves nothing`, async () => {
      const zones = (await listShippingZones(db)).map(shippingZoneJson);
      const rows = await activityCount();
      const res = await putZones({ zones: change(zones) });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
      expect(typeof body.message).toBe("string");
      expect(Object.keys(body.errors)).toEqual([field]);
      expect((await listShippingZones(db)).map(shippingZoneJson)).toEqual(zones);
      expect(await activityCount()).toBe(rows);
    });
  }

  it("answers 404 for an id that is no zone, and 400 for a body that is no list of zones", async () => {
    const zones = (await listShippingZones(db)).map(shippingZoneJson);
    expect((await putZones({ zones: [...zones, { ...zones[0]!, id: 99_999, name: "Ghost", countries: ["IS"] }] })).status).toBe(404);
    expect((await putZones({ zones: "all" })).status).toBe(400);
    expect((await putZones("[")).status).toBe(400);
    expect((await listShippingZones(db)).map(shippingZoneJson)).toEqual(zones);
  });
});

describe("POST /api/shipping/calculate", () => {
  const items = (price: string, isLargeItem = false) => [{ price, quantity: 1, product: { isLargeItem } }];

  it("answers the country's zone: its threshold's 'Free Shipping', else large, else standard", async () => {
    const eu = await zoneOf("DE");
    await saveShippingZone(db, { ...shippingZoneInput(eu), freeShippingFrom: 10_000 });
    try {
      const rate = async (body: unknown) => ((await (await calculate(body)).json()) as { rate: { name: string; price: string } }).rate;
      expect(await rate({ cartItems: items("99.99"), country: "DE" })).toMatchObject({ name: "Standard Shipping", price: "8.00" });
      expect(await rate({ cartItems: items("99.99", true), country: "DE" })).toMatchObject({ name: "Large Item Shipping", price: "18.00" });
      expect(await rate({ cartItems: items("100.00", true), country: "DE" })).toEqual({
        name: "Free Shipping",
        price: "0.00",
        description: "Free on orders from $100.00",
      });
      // Another zone, and no country at all (the home zone), keep their own rule.
      expect(await rate({ cartItems: items("100.00"), country: "US" })).toMatchObject({ name: "Standard Shipping", price: "8.00" });
      expect(await rate({ cartItems: items("100.00") })).toMatchObject({ name: "Standard Shipping", price: "8.00" });
    } finally {
      await restore(eu);
    }
  });

  it("answers 422 {message} for a country no zone ships to (the zone's own message), 400 for one that is no country", async () => {
    const ru = await calculate({ cartItems: items("10.00"), country: "RU" });
    expect(ru.status).toBe(422);
    expect(await ru.json()).toEqual({ message: SHIPPING_TEXT.notShipped });
    const nordic = await saveShippingZone(db, {
      name: "Iceland",
      countries: ["IS"],
      standardPrice: 0,
      largePrice: 0,
      freeShippingFrom: null,
      shipped: false,
      message: "Not to Iceland this winter",
    });
    try {
      const is = await calculate({ cartItems: items("10.00"), country: "IS" });
      expect(is.status).toBe(422);
      expect(await is.json()).toEqual({ message: "Not to Iceland this winter" });
    } finally {
      await run(() =>
        adminAction(
          args(postForm("/admin?tab=settings", { intent: "shipping-zone-delete", id: String(nordic.id), confirmed: "yes" }, { cookie: adminCookie })),
        ),
      );
    }
    expect(await zoneOf("IS")).toBeUndefined();
    const xx = await calculate({ cartItems: items("10.00"), country: "XX" });
    expect(xx.status).toBe(400);
    expect(await xx.json()).toEqual({ message: SHIPPING_TEXT.unknownCountry });
  });
});

function shippingZoneInput(zone: ShippingZone) {
  return {
    id: zone.id,
    name: zone.name,
    countries: zone.countries,
    standardPrice: zone.standardCents,
    largePrice: zone.largeCents,
    freeShippingFrom: zone.freeFromCents,
    shipped: zone.shipped,
    message: zone.message,
  };
}

describe("a country no zone ships to, at every door", () => {
  it("POST /api/orders answers 400 'We do not ship to this country' and creates nothing; a code that is no country too", async () => {
    const p = await makeProduct(db, { priceCents: 2000, stock: 5 });
    const { cookie } = await guest([{ productId: p.id, quantity: 1 }]);
    const before = await orderCount();
    for (const country of ["RU", "XX"]) {
      const res = await run(() =>
        orderApiAction(args(postJson("/api/orders", { email: "ru@example.com", shippingAddress: { ...ADDRESS, country } }, { cookie }))),
      );
      expect(res.status, country).toBe(400);
      const body = (await res.json()) as { message: string; errors?: Record<string, string[]> };
      expect(body.message === SHIPPING_TEXT.notShipped || body.errors?.["shippingAddress.country"]?.[0] === SHIPPING_TEXT.notShipped, country).toBe(true);
    }
    expect(await orderCount()).toBe(before);
  });

  it("the checkout form says so on the country, creates no order and no account", async () => {
    const p = await makeProduct(db, { priceCents: 2000, stock: 5 });
    const { cookie } = await guest([{ productId: p.id, quantity: 1 }]);
    const before = await orderCount();
    const email = "no-account@example.com";
    const fields = { email, ...ADDRESS, country: "RU", agreeToTerms: "on", createAccount: "on", password: "secret123", confirmPassword: "secret123" };
    const res = await run(() => checkoutAction(args(postForm("/checkout", fields, { cookie }))));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.country).toEqual([SHIPPING_TEXT.notShipped]);
    expect(await orderCount()).toBe(before);
    expect(await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });
});

describe("orders keep the shipping they were placed with", () => {
  it("name, price and zone stay when the zone changes afterwards; the order JSON and the CSV carry the zone", async () => {
    const p = await makeProduct(db, { priceCents: 3000, stock: 5 });
    const { cookie } = await guest([{ productId: p.id, quantity: 1 }]);
    const placed = await run(() =>
      orderApiAction(
        args(
          postJson(
            "/api/orders",
            { email: "keep@example.com", shippingAddress: { ...ADDRESS, country: "CA" }, shippingCost: "8.00", shippingName: "Standard Shipping" },
            { cookie },
          ),
        ),
      ),
    );
    expect(placed.status).toBe(201);
    const { id } = (await placed.json()) as { id: number };
    const america = await zoneOf("CA");
    await saveShippingZone(db, { ...shippingZoneInput(america), name: "Americas", standardPrice: 1500, freeShippingFrom: 2000 });
    try {
      const order = await db
        .selectFrom("orders")
        .select(["shipping_name", "shipping_cents", "shipping_zone", "total_cents"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({ shipping_name: "Standard Shipping", shipping_cents: 800, shipping_zone: "North America", total_cents: 3800 });
      const json = (await (await run(() => orderLoader(args(getJson(`/api/orders/${id}`, { cookie }), { orderId: String(id) })))).json()) as Record<
        string,
        unknown
      >;
      expect(json).toMatchObject({ shippingName: "Standard Shipping", shippingCost: "8.00", shippingZone: "North America", total: "38.00" });
      const csv = await run(() => ordersCsvLoader(args(get("/admin/orders.csv?q=keep%40example.com", { cookie: adminCookie }))));
      const rows = parse(new TextDecoder().decode(await csv.arrayBuffer()), { columns: true, bom: true }) as Record<string, string>[];
      expect(rows[0]).toMatchObject({ "Shipping method": "Standard Shipping", "Shipping zone": "North America" });
    } finally {
      await restore(america);
    }
  });

  it("a client's shipping price or name that differs from the zone's is refused, nothing stored", async () => {
    const p = await makeProduct(db, { priceCents: 3000, stock: 5 });
    const { cookie } = await guest([{ productId: p.id, quantity: 1 }]);
    const before = await orderCount();
    for (const figures of [{ shippingCost: "0.00" }, { shippingName: "Free Shipping" }, { shippingCost: "18.00", shippingName: "Large Item Shipping" }]) {
      const res = await run(() =>
        orderApiAction(args(postJson("/api/orders", { email: "t@example.com", shippingAddress: { ...ADDRESS, country: "US" }, ...figures }, { cookie }))),
      );
      expect(res.status, JSON.stringify(figures)).toBe(409);
    }
    expect(await orderCount()).toBe(before);
  });
});

describe("the Settings card's zone forms", () => {
  const post = (fields: Record<string, string>) => run(() => adminAction(args(postForm("/admin?tab=settings", fields, { cookie: adminCookie }))));
  const form = (zone: ShippingZone, change: Record<string, string> = {}) => ({
    intent: "shipping-zone-save",
    id: String(zone.id),
    name: zone.name,
    countries: zone.countries.join(", "),
    standardPrice: "8.00",
    largePrice: "18.00",
    freeShippingFrom: "",
    shipped: "yes",
    message: "",
    ...change,
  });

  it("refuses a country of another zone or a taken name on its field, and saves nothing", async () => {
    const poland = await zoneOf("PL");
    const zones = await listShippingZones(db);
    const rows = await activityCount();
    const overlap = await post(form(poland, { countries: "PL, Germany" }));
    expect(overlap.status).toBe(400);
    expect(((await overlap.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      countries: [Z.overlap("Germany (DE)", "European Union")],
    });
    const taken = await post(form(poland, { name: "north america" }));
    expect(((await taken.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({ name: [Z.nameTaken] });
    const added = await post({ ...form(poland, { name: "Also Poland" }), id: "" });
    expect(added.status).toBe(400);
    expect(await listShippingZones(db)).toEqual(zones);
    expect(await activityCount()).toBe(rows);
  });

  it("adds, edits and deletes a zone, each one activity row; the delete asks first without JavaScript", async () => {
    const rows = await activityCount();
    const added = await post({ ...form({ countries: ["IS"] } as ShippingZone, { name: "Iceland", standardPrice: "12,50", freeShippingFrom: "200" }), id: "" });
    expect(added.status).toBe(302);
    const iceland = await zoneOf("IS");
    expect(iceland).toMatchObject({ name: "Iceland", standardCents: 1250, largeCents: 1800, freeFromCents: 20_000, shipped: true });
    expect(await activityCount()).toBe(rows + 1);
    expect((await post(form(iceland, { shipped: "no", message: "Closed for winter" }))).status).toBe(302);
    expect(await zoneOf("IS")).toMatchObject({ shipped: false, message: "Closed for winter" });
    expect(await activityCount()).toBe(rows + 2);
    const ask = await post({ intent: "shipping-zone-delete", id: String(iceland.id) });
    expect(ask.status).toBe(302);
    expect(ask.headers.get("Location")).toBe(`/admin?tab=settings&confirm=delete-zone&zone=${iceland.id}#shipping-zones`);
    const page = await run(() => adminLoader(args(get(`/admin?tab=settings&confirm=delete-zone&zone=${iceland.id}`, { cookie: adminCookie }))));
    expect(JSON.stringify(await page.json())).toContain('"confirmDelete":{"id":' + iceland.id);
    expect(await zoneOf("IS")).toBeDefined();
    expect((await post({ intent: "shipping-zone-delete", id: String(iceland.id), confirmed: "yes" })).status).toBe(302);
    expect(await zoneOf("IS")).toBeUndefined();
    expect(await activityCount()).toBe(rows + 3);
  });
});

describe("the free-shipping nudge and the shopper's country", () => {
  it("the cart shows its country's zone (home until chosen); checkout's country change brings its shipping and nudge, and the cart follows", async () => {
    const eu = await zoneOf("DE");
    const home = await zoneOf("PL");
    await saveShippingZone(db, { ...shippingZoneInput(eu), freeShippingFrom: 10_000 });
    await saveShippingZone(db, { ...shippingZoneInput(home), freeShippingFrom: 5000 });
    try {
      const p = await makeProduct(db, { priceCents: 6250, stock: 5 });
      const shopper = await guest([{ productId: p.id, quantity: 1 }]);
      // No country yet: the shop's home zone, over its threshold.
      const before = await getCart(db, { cartKey: shopper.cartKey });
      expect(before.totals).toMatchObject({ shippingCountry: "PL", shippingName: "Free Shipping", freeShipping: null });
      // The checkout page asked for Germany: its rate and nudge, preselected.
      const page = (await (await run(() => checkoutLoader(args(get("/checkout?country=DE", { cookie: shopper.cookie }))))).json()) as Record<string, any>;
      expect(page.shipping).toMatchObject({ country: "DE", name: "Standard Shipping", freeShipping: { fromCents: 10_000, missingCents: 3750 } });
      expect(page.defaults.country).toBe("DE");
      // The browser module's country change: the figures' markup carries the nudge.
      const js = await run(() =>
        checkoutAction(args(postForm("/checkout", { intent: "totals", country: "DE" }, { cookie: shopper.cookie, accept: "application/json" }))),
      );
      const answer = (await js.json()) as { figures: { shipping: string; expectedShipping: string } };
      expect(answer.figures.shipping).toContain("Free shipping from $100.00. Add $37.50 more");
      expect(answer.figures.expectedShipping).toBe("8.00");
      // ...and the cart now shows Germany's shipping and nudge.
      expect((await getCart(db, { cartKey: shopper.cartKey })).totals).toMatchObject({
        shippingCountry: "DE",
        shippingCents: 800,
        freeShipping: { fromCents: 10_000, missingCents: 3750 },
      });
      // Without JavaScript, 'Update shipping' answers the page with Poland's shipping and no field errors yet.
      const plain = await run(() => checkoutAction(args(postForm("/checkout", { intent: "totals", country: "PL", email: "" }, { cookie: shopper.cookie }))));
      const data = (await plain.json()) as { result: { error: Record<string, unknown> }; shipping: Record<string, unknown> };
      expect(data.result.error).toEqual({});
      expect(data.shipping).toMatchObject({ country: "PL", name: "Free Shipping", priceCents: 0, freeShipping: null });
      // A country no zone ships to is never remembered.
      await run(() => checkoutAction(args(postForm("/checkout", { intent: "totals", country: "RU" }, { cookie: shopper.cookie, accept: "application/json" }))));
      expect((await getCart(db, { cartKey: shopper.cartKey })).totals.shippingCountry).toBe("PL");
    } finally {
      await restore(eu);
      await restore(home);
    }
  });
});
