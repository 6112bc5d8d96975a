import { addToCart, getCart } from "~/domain/cart/cart.server";
import { addBusinessDays } from "~/domain/catalogue/made-to-order";
import { getProductBySlug } from "~/domain/catalogue/products.server";
import { getAdminProduct } from "~/domain/catalogue/admin-products.server";
import { createProduct, updateProduct } from "~/domain/catalogue/products-write.server";
import { CreateProductSchema, UpdateProductSchema } from "~/domain/catalogue/product-schemas";
import { adminCancelOrder, listAdminOrders } from "~/domain/orders/fulfilment.server";
import { placeOrder } from "~/domain/orders/checkout.server";
import { expireUnpaidOrders } from "~/domain/orders/expiry.server";
import { CheckoutSchema } from "~/domain/orders/schemas";
import { completePayment, startPayment, validateOrderStock } from "~/domain/payments/payments.server";
import { checkWithdrawal, submitWithdrawal } from "~/domain/withdrawals/withdrawals.server";
import { db } from "~/lib/db.server";
import { PRODUCT_INTENTS } from "~/domain/catalogue/product-texts";
import { loader as adminOrderLoader } from "~/routes/admin_.orders.$orderId";
import { action as editAction } from "~/routes/admin_.products.edit.$id";
import { action as createAction } from "~/routes/api.admin.products";
import { action as oneAction, loader as oneLoader } from "~/routes/api.admin.products.$id";
import { loader as slugLoader } from "~/routes/api.products.slug.$slug";
import { makeProduct, makeUser } from "../helpers/kit";
import { apiRequest, args, get, postMultipart, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";
import { useEmulator } from "../helpers/paypal-emulator";
import { productStock } from "./payments-fixtures";

// Made-to-order pieces (docs/made-to-order.md): bought at stock 0, the cap of open pieces decided
// inside placement's write transaction, no stock given back that was never taken, the ship date,
// and the withdrawal exemption of personalised pieces. Real SQLite, the PayPal emulator in process.

const APP_URL = "http://localhost:3000";
const { pp } = useEmulator({ clientId: "mto-test-client", clientSecret: "mto-test-secret" });

afterAll(() => db.destroy());

const ADDRESS = CheckoutSchema.parse({
  email: "maker@example.com",
  firstName: "Mira",
  lastName: "Thread",
  addressLine1: "3 Needle Row",
  city: "Berlin",
  postalCode: "10115",
  country: "DE",
  agreeToTerms: true,
});

let n = 0;
const cartKey = () => `mto-cart-${++n}-${Math.random().toString(36).slice(2)}`;

async function madeToOrder(productId: number, facts: { leadTimeDays?: number; cap?: number | null; personalised?: boolean } = {}) {
  await db
    .updateTable("products")
    .set({
      made_to_order: 1,
      lead_time_days: facts.leadTimeDays ?? 10,
      made_to_order_cap: facts.cap ?? null,
      is_personalised: facts.personalised ? 1 : 0,
    })
    .where("id", "=", productId)
    .execute();
}

async function place(lines: { productId: number; quantity?: number; colorId?: number }[], email = ADDRESS.email) {
  const key = cartKey();
  for (const l of lines) await addToCart(db, { cartKey: key }, { productId: l.productId, quantity: l.quantity ?? 1, colorId: l.colorId });
  return placeOrder(db, { owner: { cartKey: key }, userId: null, sessionKey: key }, { ...ADDRESS, email });
}

async function pay(orderId: number) {
  const started = await startPayment(db, orderId, { appUrl: APP_URL });
  await pp.approve(started.paypalOrderId);
  return completePayment(db, orderId, started.paypalOrderId);
}

async function items(orderId: number) {
  return db
    .selectFrom("order_items")
    .select([
      "title",
      "made_to_order as madeToOrder",
      "lead_time_days as leadTimeDays",
      "is_personalised as isPersonalised",
      "stock_taken as stockTaken",
      "quantity",
    ])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}

async function shipDate(orderId: number) {
  return (await db.selectFrom("orders").select("expected_ship_date as date").where("id", "=", orderId).executeTakeFirstOrThrow()).date;
}

describe("buying a made-to-order piece", () => {
  it("is refused at stock 0 for an ordinary product and taken into the cart for a made-to-order one", async () => {
    const plain = await makeProduct(db, { stock: 0 });
    await expect(addToCart(db, { cartKey: cartKey() }, { productId: plain.id, quantity: 1 })).rejects.toMatchObject({ status: 409 });

    const sewn = await makeProduct(db, { stock: 0 });
    await madeToOrder(sewn.id, { leadTimeDays: 10 });
    const key = cartKey();
    await addToCart(db, { cartKey: key }, { productId: sewn.id, quantity: 2 });
    const cart = await getCart(db, { cartKey: key });
    expect(cart.items[0]).toMatchObject({ quantity: 2, madeToOrderDays: 10 });
  });

  it("places and pays at stock 0: the line is made to order, takes no stock and the order gets its ship date", async () => {
    const sewn = await makeProduct(db, { stock: 0, priceCents: 3000 });
    await madeToOrder(sewn.id, { leadTimeDays: 10, personalised: true });
    const placed = await place([{ productId: sewn.id }]);
    expect(await items(placed.id)).toEqual([expect.objectContaining({ madeToOrder: 1, leadTimeDays: 10, isPersonalised: 1, stockTaken: 0 })]);
    expect(await shipDate(placed.id)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await validateOrderStock(db, placed.id)).toEqual({ hasStockIssues: false, message: "" });

    await pay(placed.id);
    const paidAt = (await db.selectFrom("orders").select(["paid_at", "status"]).where("id", "=", placed.id).executeTakeFirstOrThrow()) as {
      paid_at: string;
      status: string;
    };
    expect(paidAt.status).toBe("paid");
    // Ten business days counted from the payment day, never on a weekend.
    const date = (await shipDate(placed.id))!;
    expect(date).toBe(addBusinessDays(paidAt.paid_at.slice(0, 10), 10));
    expect([0, 6]).not.toContain(new Date(`${date}T00:00:00Z`).getUTCDay());
    expect((await productStock(db, sewn.id)).stock).toBe(0);
  });

  it("ships pieces in stock ready and only makes the line that stock cannot cover", async () => {
    const sewn = await makeProduct(db, {
      colors: [
        { colorId: 3, stock: 1 },
        { colorId: 7, stock: 0 },
      ],
    });
    await madeToOrder(sewn.id, { leadTimeDays: 5 });
    const ready = await makeProduct(db, { stock: 4 });
    const placed = await place([{ productId: sewn.id, colorId: 3 }, { productId: sewn.id, colorId: 7 }, { productId: ready.id }]);
    expect((await items(placed.id)).map((i) => i.madeToOrder)).toEqual([0, 1, 0]);
    await pay(placed.id);
    expect((await items(placed.id)).map((i) => i.stockTaken)).toEqual([1, 0, 1]);
    const colours = await db.selectFrom("product_colors").select(["color_id", "stock"]).where("product_id", "=", sewn.id).orderBy("color_id").execute();
    expect(colours).toEqual([
      { color_id: 3, stock: 0 },
      { color_id: 7, stock: 0 },
    ]);
  });

  it("an order of ready pieces only has no ship date", async () => {
    const ready = await makeProduct(db, { stock: 4 });
    await madeToOrder(ready.id);
    const placed = await place([{ productId: ready.id }]);
    expect(await shipDate(placed.id)).toBeNull();
    expect((await items(placed.id))[0]!.madeToOrder).toBe(0);
  });
});

describe("the cap of open made-to-order pieces", () => {
  it("sells out at the cap, on the product, the cart and placement, and frees places when an order is cancelled", async () => {
    const sewn = await makeProduct(db, { stock: 0 });
    await madeToOrder(sewn.id, { cap: 2 });
    const first = await place([{ productId: sewn.id, quantity: 2 }], "first@example.com");
    expect((await getProductBySlug(db, sewn.slug))!.madeToOrderAvailable).toBe(false);
    await expect(addToCart(db, { cartKey: cartKey() }, { productId: sewn.id, quantity: 1 })).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("items available in stock"),
    });

    await adminCancelOrder(db, first.id, { paypal: null });
    expect((await getProductBySlug(db, sewn.slug))!.madeToOrderAvailable).toBe(true);
    const again = await place([{ productId: sewn.id, quantity: 1 }], "again@example.com");
    expect((await items(again.id))[0]!.madeToOrder).toBe(1);
  });

  it("refuses a placement that would pass the cap, even from a cart filled before it was reached", async () => {
    const sewn = await makeProduct(db, { stock: 0 });
    await madeToOrder(sewn.id, { cap: 1 });
    const early = cartKey();
    await addToCart(db, { cartKey: early }, { productId: sewn.id, quantity: 1 });
    await place([{ productId: sewn.id }], "winner@example.com");
    await expect(placeOrder(db, { owner: { cartKey: early }, userId: null, sessionKey: early }, ADDRESS)).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining("sold out"),
    });
  });

  it("lets exactly one of two buyers placing at once take the last place", async () => {
    const sewn = await makeProduct(db, { stock: 0 });
    await madeToOrder(sewn.id, { cap: 1 });
    const keys = [cartKey(), cartKey()];
    for (const key of keys) await addToCart(db, { cartKey: key }, { productId: sewn.id, quantity: 1 });
    const outcomes = await Promise.allSettled(
      keys.map((key, i) => placeOrder(db, { owner: { cartKey: key }, userId: null, sessionKey: key }, { ...ADDRESS, email: `race${i}@example.com` })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === "rejected")).toEqual([expect.objectContaining({ reason: expect.objectContaining({ status: 409 }) })]);
    const open = await db
      .selectFrom("order_items")
      .select((eb) => eb.fn.sum<number>("quantity").as("n"))
      .where("product_id", "=", sewn.id)
      .where("made_to_order", "=", 1)
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(1);
  });
});

describe("giving back only what was taken", () => {
  it("a cancelled paid made-to-order order and an expired unpaid one leave the stock as it was", async () => {
    const sewn = await makeProduct(db, { stock: 0 });
    await madeToOrder(sewn.id);
    const paid = await place([{ productId: sewn.id, quantity: 2 }]);
    await pay(paid.id);
    await adminCancelOrder(db, paid.id);
    expect((await db.selectFrom("orders").select("status").where("id", "=", paid.id).executeTakeFirstOrThrow()).status).toBe("cancelled");
    const unpaid = await place([{ productId: sewn.id, quantity: 3 }], "late@example.com");
    await db
      .updateTable("orders")
      .set({ created_at: "2020-01-01T00:00:00.000Z", updated_at: "2020-01-01T00:00:00.000Z" })
      .where("id", "=", unpaid.id)
      .execute();
    expect(await expireUnpaidOrders(db, new Date(), 72)).toContain(unpaid.id);
    expect(await productStock(db, sewn.id)).toEqual({ stock: 0, total: 0 });
  });
});

describe("the personalised exemption from withdrawal", () => {
  it("refuses an order of personalised pieces only, with the reason", async () => {
    const sewn = await makeProduct(db, { stock: 0 });
    await madeToOrder(sewn.id, { personalised: true });
    const placed = await place([{ productId: sewn.id }], "only-personal@example.com");
    await pay(placed.id);
    const input = { orderId: placed.id, email: "only-personal@example.com", name: "Mira Thread" };
    await expect(checkWithdrawal(db, input)).rejects.toMatchObject({ status: 409, message: expect.stringContaining("own measurements or choices") });
    await expect(submitWithdrawal(db, input)).rejects.toMatchObject({ status: 409 });
    expect(await db.selectFrom("withdrawals").select("id").where("order_id", "=", placed.id).executeTakeFirst()).toBeUndefined();
  });

  it("takes a mixed order's withdrawal for the other items and names the exempt ones", async () => {
    const sewn = await makeProduct(db, { stock: 0, title: "Measured Coat" });
    await madeToOrder(sewn.id, { personalised: true });
    const ready = await makeProduct(db, { stock: 2, title: "Ready Hat" });
    const placed = await place([{ productId: sewn.id }, { productId: ready.id }], "mixed@example.com");
    await pay(placed.id);
    const input = { orderId: placed.id, email: "mixed@example.com", name: "Mira Thread" };
    const { summary } = await checkWithdrawal(db, input);
    expect(summary.items.map((i) => [i.title, i.exempt])).toEqual([
      ["Measured Coat", true],
      ["Ready Hat", false],
    ]);
    await submitWithdrawal(db, input);
    const receipt = await db.selectFrom("outbox").select("data").where("kind", "=", "withdrawal-received").execute();
    const mine = receipt
      .map((r) => JSON.parse(r.data) as { orderId: number; items: { title: string; isPersonalised: boolean }[] })
      .find((d) => d.orderId === placed.id);
    expect(mine?.items.find((i) => i.title === "Measured Coat")?.isPersonalised).toBe(true);

    // The owner is not offered a full cancel, which would break the receipt's word, but told what to do.
    const admin = await makeUser(db, { isAdmin: true });
    const cookie = await cookieFor(admin.id);
    const page = await run(() => adminOrderLoader(args(get(`/admin/orders/${placed.id}`, { cookie }), { orderId: String(placed.id) })));
    const withdrawal = (await page.json()).withdrawal;
    expect(withdrawal.canRefundInFull).toBe(false);
    expect(withdrawal.keepExemptNote).toContain("cannot withdraw from Measured Coat");
    expect(withdrawal.keepExemptNote).toContain("refund the other items with the return form");
  });
});

describe("the product's made-to-order fields", () => {
  it("round-trip through create, read and update, and a product that is not personalised says so", async () => {
    const created = await createProduct(
      db,
      CreateProductSchema.parse({
        title: "Sewn Cape",
        description: "A cape.",
        price: "30.00",
        madeToOrder: true,
        leadTimeDays: 21,
        madeToOrderCap: 4,
        isPersonalised: true,
      }),
    );
    expect(await getAdminProduct(db, created.id)).toMatchObject({ madeToOrder: true, leadTimeDays: 21, madeToOrderCap: 4, isPersonalised: true });
    const card = await getProductBySlug(db, (await getAdminProduct(db, created.id))!.slug);
    expect(card).toMatchObject({ madeToOrder: true, leadTimeDays: 21, isPersonalised: true, madeToOrderAvailable: true });

    // Left out on update: kept; given: changed.
    await updateProduct(db, created.id, UpdateProductSchema.parse({ title: "Sewn Cape", price: "30.00" }));
    expect(await getAdminProduct(db, created.id)).toMatchObject({ madeToOrder: true, leadTimeDays: 21, madeToOrderCap: 4 });
    await updateProduct(
      db,
      created.id,
      UpdateProductSchema.parse({ title: "Sewn Cape", price: "30.00", madeToOrder: false, madeToOrderCap: null, isPersonalised: false }),
    );
    expect(await getAdminProduct(db, created.id)).toMatchObject({ madeToOrder: false, madeToOrderCap: null, isPersonalised: false });
  });

  it("refuses a made-to-order product without a lead time, and lead times or caps out of range", () => {
    const base = { title: "T", description: "D", price: "1.00" };
    const issues = (value: object) => {
      const parsed = CreateProductSchema.safeParse({ ...base, ...value });
      return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join("."));
    };
    expect(issues({ madeToOrder: true })).toEqual(["leadTimeDays"]);
    expect(issues({ madeToOrder: true, leadTimeDays: 0 })).toEqual(["leadTimeDays"]);
    expect(issues({ madeToOrder: true, leadTimeDays: 366 })).toEqual(["leadTimeDays"]);
    expect(issues({ madeToOrder: true, leadTimeDays: 2.5 })).toEqual(["leadTimeDays"]);
    expect(issues({ madeToOrder: "yes", leadTimeDays: 3 })).toEqual(["madeToOrder"]);
    expect(issues({ madeToOrder: true, leadTimeDays: 3, madeToOrderCap: 0 })).toEqual(["madeToOrderCap"]);
    expect(issues({ madeToOrder: true, leadTimeDays: 365, madeToOrderCap: null })).toEqual([]);
  });
});

describe("the admin API and the editor form", () => {
  let cookie: string;
  beforeAll(async () => {
    const admin = await makeUser(db, { isAdmin: true, email: `mto-admin-${Math.random().toString(36).slice(2)}@example.com` });
    cookie = await cookieFor(admin.id);
  });

  it("POST and PUT /api/admin/products carry the fields; GET /api/products/slug answers madeToOrder and leadTimeDays", async () => {
    const created = await run(() =>
      createAction(
        args(
          apiRequest("POST", "/api/admin/products", {
            cookie,
            body: { title: "API Stole", description: "Knitted.", price: "18.00", stock: 0, madeToOrder: true, leadTimeDays: 8, madeToOrderCap: 3 },
          }),
        ),
      ),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const stored = await run(() => oneLoader(args(apiRequest("GET", `/api/admin/products/${id}`, { cookie }), { id: String(id) })));
    expect(await stored.json()).toMatchObject({ madeToOrder: true, leadTimeDays: 8, madeToOrderCap: 3, isPersonalised: false });
    const slug = (await getAdminProduct(db, id))!.slug;
    const shown = await run(() => slugLoader(args(get(`/api/products/slug/${slug}`), { slug })));
    expect(await shown.json()).toMatchObject({ madeToOrder: true, leadTimeDays: 8 });

    const bad = await run(() =>
      oneAction(
        args(apiRequest("PUT", `/api/admin/products/${id}`, { cookie, body: { title: "API Stole", price: "18.00", madeToOrder: true, leadTimeDays: 400 } }), {
          id: String(id),
        }),
      ),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/Lead time/);
    expect(await getAdminProduct(db, id)).toMatchObject({ leadTimeDays: 8 });
  });

  it("the editor saves the checkbox, lead time, cap and personalised flag, and answers a field error for a missing lead time", async () => {
    const product = await makeProduct(db, { stock: 0, title: "Form Bonnet" });
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries({ intent: PRODUCT_INTENTS.save, title: "Form Bonnet", description: "Lace.", price: "12.00", stock: "0", ...fields }))
        body.append(k, v);
      return body;
    };
    const post = (body: FormData) =>
      run(() => editAction(args(postMultipart(`/admin/products/edit/${product.id}`, body, { cookie }), { id: String(product.id) })));
    const refused = await post(form({ madeToOrder: "on", leadTimeDays: "" }));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.leadTimeDays?.[0]).toMatch(/Lead time/);

    const saved = await post(form({ madeToOrder: "on", leadTimeDays: "15", madeToOrderCap: "2", isPersonalised: "on" }));
    expect(saved.status).toBe(302);
    expect(await getAdminProduct(db, product.id)).toMatchObject({ madeToOrder: true, leadTimeDays: 15, madeToOrderCap: 2, isPersonalised: true });
    // Unticked and emptied: off, no limit.
    expect((await post(form({ leadTimeDays: "15", madeToOrderCap: "" }))).status).toBe(302);
    expect(await getAdminProduct(db, product.id)).toMatchObject({ madeToOrder: false, madeToOrderCap: null, isPersonalised: false });
  });
});

describe("the owner's Orders tab", () => {
  it("sorts by expected ship date, soonest first and orders without one last", async () => {
    const soon = await makeProduct(db, { stock: 0 });
    await madeToOrder(soon.id, { leadTimeDays: 2 });
    const late = await makeProduct(db, { stock: 0 });
    await madeToOrder(late.id, { leadTimeDays: 30 });
    const ready = await makeProduct(db, { stock: 5 });
    const tag = Math.random().toString(36).slice(2, 8);
    const a = await place([{ productId: late.id }], `sort-${tag}-a@example.com`);
    const b = await place([{ productId: ready.id }], `sort-${tag}-b@example.com`);
    const c = await place([{ productId: soon.id }], `sort-${tag}-c@example.com`);
    const { orders } = await listAdminOrders(db, { q: `sort-${tag}`, sort: "ship-date" });
    expect(orders.map((o) => o.id)).toEqual([c.id, a.id, b.id]);
    expect(orders[0]!.expectedShipDate).toBe(await shipDate(c.id));
    expect(orders[2]!.expectedShipDate).toBeNull();
    expect((await listAdminOrders(db, { q: `sort-${tag}` })).orders.map((o) => o.id)).toEqual([c.id, b.id, a.id]);
  });
});
