import { shopDay } from "~/domain/common/shop-time";
import { parse } from "csv-parse/sync";
import { addToCart, type CartOwner } from "~/domain/cart/cart.server";
import { STORE_INTENTS } from "~/domain/common/settings-texts";

import { placeOrder } from "~/domain/orders/checkout.server";
import { CheckoutSchema } from "~/domain/orders/schemas";
import { completePayment, startPayment } from "~/domain/payments/payments.server";
import { TAX_TEXT, taxFromGross, type TaxRegime } from "~/domain/records/tax";
import { addVatRate, fillMissingPlnRecords, saveTaxSettings, TAX_SETTINGS_KEY } from "~/domain/records/tax.server";
import { db } from "~/lib/db.server";
import { plnGrosze } from "~/lib/money";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { loader as ordersCsvLoader } from "~/routes/admin_.orders[.]csv";
import { loader as orderApiLoader } from "~/routes/api.admin.orders.$orderId";
import { makeProduct, makeUser } from "../helpers/kit";
import { useEmulator } from "../helpers/paypal-emulator";
import { args, get, getJson, postForm, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

// The tax and złoty record of a paid order (docs/decisions/tax-from-gross.md): orders placed and
// paid through the PayPal emulator under each regime, the NBP rate of the last business day before
// the payment, the złoty columns filled later when no rate was stored, and the Settings' Tax card.

const { pp } = useEmulator({ clientId: "tax-record-client", clientSecret: "tax-record-secret" });
afterAll(() => db.destroy());

let admin: string;
let customer: string;
let n = 0;

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const TODAY = shopDay(new Date());
const YESTERDAY = shift(TODAY, -1);

async function seedRates() {
  await db.deleteFrom("exchange_rates").execute();
  await db
    .insertInto("exchange_rates")
    .values([
      { currency: "USD", effective_date: shift(TODAY, -4), table_no: "1/A/NBP/2026", mid: 3.9 },
      { currency: "USD", effective_date: YESTERDAY, table_no: "2/A/NBP/2026", mid: 3.8765 },
      // The payment's own day is never the rate: the last business day before it is.
      { currency: "USD", effective_date: TODAY, table_no: "3/A/NBP/2026", mid: 4.5 },
    ])
    .execute();
}

beforeAll(async () => {
  admin = await cookieFor((await makeUser(db, { isAdmin: true, email: "tax-admin@example.com" })).id);
  customer = await cookieFor((await makeUser(db, { email: "tax-customer@example.com" })).id);
});
beforeEach(seedRates);
afterEach(() => db.deleteFrom("settings").where("key", "=", TAX_SETTINGS_KEY).execute());

async function regime(taxRegime: TaxRegime) {
  await saveTaxSettings(db, { taxRegime, exemptionText: "Zwolnione z VAT" });
}

/** An order of these prices to `country`, placed and paid through the emulator; a percent code when asked. */
async function paidOrder(country: string, prices: number[], percentOff?: number) {
  const owner: CartOwner = { cartKey: `tax-${++n}-${Math.random().toString(36).slice(2)}` };
  for (const priceCents of prices) {
    const product = await makeProduct(db, { stock: 10, priceCents });
    await addToCart(db, owner, { productId: product.id, quantity: 1 });
  }
  let code: string | null = null;
  if (percentOff) {
    code = `TAX${n}X${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    await db.insertInto("discounts").values({ code, type: "percent", value: percentOff }).execute();
  }
  const address = CheckoutSchema.parse({
    email: `tax${n}@example.com`,
    firstName: "Tia",
    lastName: "Tax",
    addressLine1: "1 Ledger Lane",
    city: "Town",
    postalCode: "10-115",
    country,
    agreeToTerms: true,
  });
  const placed = await placeOrder(db, { owner, userId: null, sessionKey: owner.cartKey }, { ...address, discountCode: code, useLoyaltyPoints: false });
  const started = await startPayment(db, placed.id, { appUrl: "http://localhost:3000" });
  await pp.approve(started.paypalOrderId);
  await completePayment(db, placed.id, started.paypalOrderId);
  return record(placed.id);
}

function record(id: number) {
  return db
    .selectFrom("orders")
    .select([
      "id",
      "total_cents as totalCents",
      "shipping_cents as shippingCents",
      "tax_regime as regime",
      "tax_country as country",
      "tax_rate_bp as rateBp",
      "tax_cents as taxCents",
      "pln_mid as mid",
      "pln_table as table",
      "pln_date as date",
      "pln_total_grosze as grosze",
    ])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

describe("the record written when an order is paid", () => {
  it("exempt: no tax, and the złoty total at the rate of the last business day before the payment", async () => {
    const order = await paidOrder("PL", [2400]);
    expect(order).toMatchObject({ regime: "exempt", country: null, rateBp: 0, taxCents: 0, mid: 3.8765, table: "2/A/NBP/2026", date: YESTERDAY });
    expect(order.grosze).toBe(plnGrosze(order.totalCents, 3.8765));
  });

  it("vat: the Polish rate on an order to another EU state, out of each line and the shipping", async () => {
    await regime("vat");
    const order = await paidOrder("DE", [1000, 3000]);
    const expected = taxFromGross(1000, 2300) + taxFromGross(3000, 2300) + taxFromGross(order.shippingCents, 2300);
    expect(order).toMatchObject({ regime: "vat", country: "PL", rateBp: 2300, taxCents: expected, date: YESTERDAY });
  });

  it("vat-oss: the destination's rate in the EU, the Polish one at home, 0 outside the EU", async () => {
    await regime("vat-oss");
    const de = await paidOrder("DE", [2400]);
    expect(de).toMatchObject({ regime: "vat-oss", country: "DE", rateBp: 1900, taxCents: taxFromGross(2400, 1900) + taxFromGross(de.shippingCents, 1900) });
    const pl = await paidOrder("PL", [2400]);
    expect(pl).toMatchObject({ country: "PL", rateBp: 2300, taxCents: taxFromGross(2400, 2300) + taxFromGross(pl.shippingCents, 2300) });
    const us = await paidOrder("US", [2400]);
    expect(us).toMatchObject({ regime: "vat-oss", country: "US", rateBp: 0, taxCents: 0, table: "2/A/NBP/2026" });
  });

  it("rounds per line after each line's share of a code, and a rate row from today takes over today", async () => {
    await regime("vat-oss");
    const before = await paidOrder("FI", [1000, 3000], 10);
    // $10 and $30 less 10 %: $9.00 and $27.00 paid, each taxed on its own.
    expect(before.taxCents).toBe(taxFromGross(900, 2550) + taxFromGross(2700, 2550) + taxFromGross(before.shippingCents, 2550));
    await addVatRate(db, { country: "FI", rate: 2600, effectiveFrom: TODAY });
    const after = await paidOrder("FI", [2400]);
    expect(after).toMatchObject({ country: "FI", rateBp: 2600 });
    // The earlier order keeps the rate it was recorded with.
    expect((await record(before.id)).rateBp).toBe(2550);
  });

  it("leaves the złoty columns null without a rate before the day, then the job's fill writes them once", async () => {
    await db.deleteFrom("exchange_rates").execute();
    await db.insertInto("exchange_rates").values({ currency: "USD", effective_date: TODAY, table_no: "3/A/NBP/2026", mid: 4.5 }).execute();
    const order = await paidOrder("PL", [2400]);
    expect(order).toMatchObject({ regime: "exempt", mid: null, table: null, date: null, grosze: null });
    expect(await fillMissingPlnRecords(db)).toBe(0);
    await db.insertInto("exchange_rates").values({ currency: "USD", effective_date: YESTERDAY, table_no: "2/A/NBP/2026", mid: 3.8765 }).execute();
    expect(await fillMissingPlnRecords(db)).toBeGreaterThanOrEqual(1);
    expect(await record(order.id)).toMatchObject({ mid: 3.8765, table: "2/A/NBP/2026", date: YESTERDAY, grosze: plnGrosze(order.totalCents, 3.8765) });
    expect(await fillMissingPlnRecords(db)).toBe(0);
  });

  it("an order paid before the records keeps null records, and the fill leaves it alone", async () => {
    const old = await paidOrder("PL", [2400]);
    await db
      .updateTable("orders")
      .set({ tax_regime: null, tax_country: null, tax_rate_bp: null, tax_cents: null, pln_mid: null, pln_table: null, pln_date: null, pln_total_grosze: null })
      .where("id", "=", old.id)
      .execute();
    await fillMissingPlnRecords(db);
    expect(await record(old.id)).toMatchObject({ regime: null, mid: null });
    const json = await (await run(() => orderApiLoader(args(getJson(`/api/admin/orders/${old.id}`, { cookie: admin }), { orderId: String(old.id) })))).json();
    expect(json).toMatchObject({ tax: null, pln: null });
  });

  it("the admin order JSON and the orders CSV carry the record", async () => {
    await regime("vat-oss");
    const order = await paidOrder("FI", [2400]);
    const res = await run(() => orderApiLoader(args(getJson(`/api/admin/orders/${order.id}`, { cookie: admin }), { orderId: String(order.id) })));
    const json = await res.json();
    expect(json.tax).toEqual({ regime: "vat-oss", country: "FI", ratePercent: order.rateBp! / 100, amount: (order.taxCents! / 100).toFixed(2) });
    expect(json.pln).toEqual({ rate: 3.8765, table: "2/A/NBP/2026", date: YESTERDAY, total: (order.grosze! / 100).toFixed(2) });
    const csv = parse(await (await run(() => ordersCsvLoader(args(get("/admin/orders.csv", { cookie: admin }))))).text(), {
      columns: true,
      bom: true,
    }) as Record<string, string>[];
    const row = csv.find((r) => r.Order === String(order.id))!;
    expect(row).toMatchObject({
      "Tax regime": "vat-oss",
      "Tax country": "FI",
      "Tax rate %": String(order.rateBp! / 100),
      Tax: (order.taxCents! / 100).toFixed(2),
      "NBP table": "2/A/NBP/2026",
      "NBP date": YESTERDAY,
      "NBP rate": "3.8765",
      "Total PLN": (order.grosze! / 100).toFixed(2),
    });
  });
});

describe("Settings → Tax", () => {
  const post = (fields: Record<string, string>, cookie = admin) => run(() => adminAction(args(postForm("/admin?tab=settings", fields, { cookie }))));
  const lastLog = () => db.selectFrom("activity_log").select(["kind", "summary"]).orderBy("id", "desc").executeTakeFirstOrThrow();

  it("shows the default regime, the wording and the seeded rates", async () => {
    const page = await (await run(() => adminLoader(args(get("/admin?tab=settings", { cookie: admin }))))).json();
    expect(page.store.tax.settings).toEqual({ taxRegime: "exempt", exemptionText: "Zwolnione z VAT na podstawie art. 113 ust. 1 ustawy o VAT" });
    expect(page.store.tax.rates).toContainEqual({ country: "PL", countryName: "Poland", rate: "23", effectiveFrom: "2026-01-01" });
    expect(page.store.tax.rates).toContainEqual(expect.objectContaining({ country: "FI", rate: "25.5" }));
  });

  it("saves the regime with an activity row, and refuses an unknown regime or a too-long wording", async () => {
    const done = await post({ intent: STORE_INTENTS.taxSave, taxRegime: "vat-oss", exemptionText: "Zwolnione" });
    expect(done.status).toBe(302);
    expect(await lastLog()).toMatchObject({ kind: "settings.tax" });
    const page = await (await run(() => adminLoader(args(get("/admin?tab=settings", { cookie: admin }))))).json();
    expect(page.store.tax.settings.taxRegime).toBe("vat-oss");

    const bad = await post({ intent: STORE_INTENTS.taxSave, taxRegime: "oss", exemptionText: "x".repeat(301) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).result.error).toMatchObject({ taxRegime: [TAX_TEXT.regime], exemptionText: [TAX_TEXT.exemptionTooLong] });
  });

  it("adds a rate row from a date with a comma, never rewriting one, and refuses a bad rate, a non-EU country and a bad date", async () => {
    const count = async () =>
      Number(
        (
          await db
            .selectFrom("vat_rates")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const done = await post({ intent: STORE_INTENTS.vatRateAdd, country: "hr", rate: "25,5", effectiveFrom: "2031-01-01" });
    expect(done.status).toBe(302);
    expect(await db.selectFrom("vat_rates").selectAll().where("country", "=", "HR").where("effective_from", "=", "2031-01-01").executeTakeFirst()).toEqual({
      country: "HR",
      rate_bp: 2550,
      effective_from: "2031-01-01",
    });
    expect(await lastLog()).toMatchObject({ kind: "settings.vat-rate", summary: "VAT rate HR 25.5 % from 2031-01-01" });

    const again = await post({ intent: STORE_INTENTS.vatRateAdd, country: "HR", rate: "20", effectiveFrom: "2031-01-01" });
    expect(again.status).toBe(409);
    expect((await again.json()).result.error).toMatchObject({ effectiveFrom: [TAX_TEXT.rateTaken] });

    const bad = await post({ intent: STORE_INTENTS.vatRateAdd, country: "US", rate: "50.5", effectiveFrom: "2031-02-30" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).result.error).toMatchObject({ country: [TAX_TEXT.country], rate: [TAX_TEXT.rate], effectiveFrom: [TAX_TEXT.date] });
    const unknown = await post({ intent: STORE_INTENTS.vatRateAdd, country: "ZZ", rate: "10", effectiveFrom: "2031-03-01" });
    expect(unknown.status).toBe(400);
    expect(await count()).toBe(before + 1);
  });

  it("a customer or a guest cannot post either form", async () => {
    const before = await db
      .selectFrom("vat_rates")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect((await post({ intent: STORE_INTENTS.taxSave, taxRegime: "vat", exemptionText: "x" }, customer)).status).toBe(403);
    expect((await post({ intent: STORE_INTENTS.vatRateAdd, country: "DE", rate: "10", effectiveFrom: "2032-01-01" }, customer)).status).toBe(403);
    const guest = await run(() => adminAction(args(postForm("/admin?tab=settings", { intent: STORE_INTENTS.taxSave, taxRegime: "vat", exemptionText: "x" }))));
    expect([302, 401, 403]).toContain(guest.status);
    expect(await db.selectFrom("settings").select("key").where("key", "=", TAX_SETTINGS_KEY).executeTakeFirst()).toBeUndefined();
    expect(
      await db
        .selectFrom("vat_rates")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  });
});
