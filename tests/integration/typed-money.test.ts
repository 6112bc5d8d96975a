import { db } from "~/lib/db.server";
import { action as addAction, loader as addLoader } from "~/routes/admin_.products.add";
import { action as adminAction } from "~/routes/admin";
import { action as listAction } from "~/routes/api.admin.products";
import { STORE_INTENTS } from "~/domain/common/settings-texts";
import { listShippingZones } from "~/domain/shipping/zones.server";
import { getLoyaltyConfig } from "~/domain/loyalty/loyalty.server";
import { makeUser } from "../helpers/kit";
import { apiRequest, args, get, postForm, postMultipart, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

// Money the owner types: "12,50" (a Polish keyboard) and "12.50" are the same amount; anything
// that could mean two amounts is refused with a field error, never stored as something else.

afterAll(() => db.destroy());

let cookie: string;
beforeAll(async () => {
  const admin = await makeUser(db, { isAdmin: true });
  cookie = await cookieFor(admin.id);
});

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
}
const addPost = (fields: Record<string, string>) =>
  run(() => addAction(args(postMultipart("/admin/products/add", form({ description: "A dress.", stock: "1", intent: "save", ...fields }), { cookie }))));
const apiCreate = (body: unknown) => run(() => listAction(args(apiRequest("POST", "/api/admin/products", { cookie, body }))));
const priceOf = async (slug: string) => (await db.selectFrom("products").select("price_cents").where("slug", "=", slug).executeTakeFirst())?.price_cents;

describe("the product editor's price", () => {
  it("saves 12,50 as 12.50", async () => {
    const res = await addPost({ title: "Comma Price Dress", price: "12,50" });
    expect(res.status).toBe(302);
    expect(await priceOf("comma-price-dress")).toBe(1250);
  });

  it("the browser's own check (the input's pattern, from the schema) lets 12,50 through and stops 1.234,50", async () => {
    const res = await run(() => addLoader(args(get("/admin/products/add", { cookie }))));
    const data = (await res.json()) as { options: { constraints: { price: { pattern?: string; required?: boolean } } } };
    const { pattern, required } = data.options.constraints.price;
    expect(required).toBe(true);
    // As the browser compiles a pattern attribute.
    const check = new RegExp(`^(?:${pattern})$`, "v");
    for (const ok of ["12,50", "12.50", "12", "12,5"]) expect(check.test(ok)).toBe(true);
    for (const bad of ["1.234,50", "1,234.50", "12,500", "12.505", "1 234,50", "-1"]) expect(check.test(bad)).toBe(false);
  });

  it("refuses 1.234,50 with a field error and saves nothing", async () => {
    const res = await addPost({ title: "Thousands Price Dress", price: "1.234,50" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors.price).toEqual(["Enter an amount like 12.50"]);
    expect(await priceOf("thousands-price-dress")).toBeUndefined();
  });
});

describe("the admin products API's price", () => {
  it("refuses the string 12,50 with 400 {message, errors} and creates nothing", async () => {
    const res = await apiCreate({ title: "Api Comma Dress", description: "d", price: "12,50" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(typeof body.message).toBe("string");
    expect(body.errors.price).toHaveLength(1);
    expect(await priceOf("api-comma-dress")).toBeUndefined();
  });

  it("takes 12.5 and '12.50' as before", async () => {
    expect((await apiCreate({ title: "Api Number Dress", description: "d", price: 12.5 })).status).toBe(201);
    const res = await apiCreate({ title: "Api String Dress", description: "d", price: "12.50" });
    expect(res.status).toBe(201);
    expect((await res.json()).price).toBe("12.50");
    expect(await priceOf("api-number-dress")).toBe(1250);
    expect(await priceOf("api-string-dress")).toBe(1250);
  });
});

describe("settings", () => {
  const save = (fields: Record<string, string>) => run(() => adminAction(args(postForm("/admin?tab=settings", fields, { cookie }))));
  const poland = async () => (await listShippingZones(db)).find((z) => z.countries.includes("PL"))!;
  const rates = async (standardPrice: string) => {
    const zone = await poland();
    return { intent: STORE_INTENTS.zoneSave, id: String(zone.id), name: zone.name, countries: "PL", standardPrice, largePrice: "20", shipped: "yes" };
  };

  it("a shipping zone's price of 12,50 is 12.50; 1.234,50 is refused and changes nothing", async () => {
    expect((await save(await rates("12,50"))).status).toBe(302);
    expect((await poland()).standardCents).toBe(1250);
    const bad = await save(await rates("1.234,50"));
    expect(bad.status).toBe(400);
    expect((await bad.json()).result.error.standardPrice).toHaveLength(1);
    expect((await poland()).standardCents).toBe(1250);
  });

  it("loyalty amounts take a decimal comma and refuse 12,500", async () => {
    const rules = { intent: STORE_INTENTS.loyaltySave, dollarsPerPoint: "2", minimumOrderForPoints: "10", pointsRequired: "100", minimumOrderValue: "40" };
    expect((await save({ ...rules, discountAmount: "7,5" })).status).toBe(302);
    expect((await getLoyaltyConfig(db)).discountExchange.discountAmount).toBe(7.5);
    const bad = await save({ ...rules, discountAmount: "12,500" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).result.error.discountAmount).toEqual(["Enter an amount like 12.50"]);
    expect((await getLoyaltyConfig(db)).discountExchange.discountAmount).toBe(7.5);
  });
});
