import { addToCart, getCart } from "~/domain/cart/cart.server";
import {
  addBusinessDays,
  MADE_TO_ORDER_HOLD_LIMIT,
  MADE_TO_ORDER_HOLD_MEMORY_HOURS,
  MADE_TO_ORDER_HOLD_MINUTES,
  MADE_TO_ORDER_HOLD_TEXT,
  MADE_TO_ORDER_RELEASE_INTENT,
} from "~/domain/catalogue/made-to-order";
import { endLapsedHolds, orderHeldUntil, purgeEndedHolds } from "~/domain/catalogue/made-to-order-holds.server";
import { listActivity } from "~/domain/ops/activity.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { action as ordersAction } from "~/routes/api.orders";
import { createToastCookie, getSessionStorage } from "~/web/session.server";
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
import { endMadeToOrderHold, makeOrder, makeProduct, makeUser } from "../helpers/kit";
import { apiRequest, args, get, postForm, postJson, postMultipart, run } from "../helpers/requests";
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

async function toastOf(res: Response) {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  return header ? ((await createToastCookie().parse(header)) as { title: string; description?: string; type: string }) : null;
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

describe("unpaid orders hold made-to-order places for a short time", () => {
  const sessions: string[] = [];
  /** A guest session with these lines in its cart (its cart key). */
  async function guestCart(lines: { productId: number; quantity?: number }[]) {
    const key = cartKey();
    sessions.push(key);
    for (const l of lines) await addToCart(db, { cartKey: key }, { productId: l.productId, quantity: l.quantity ?? 1 });
    return key;
  }
  const placeAs = (key: string, ip: string | null, email = ADDRESS.email) =>
    placeOrder(db, { owner: { cartKey: key }, userId: null, sessionKey: key, clientIp: ip }, { ...ADDRESS, email });
  const heldUntil = async (orderId: number) => await orderHeldUntil(db, orderId);
  const available = async (slug: string) => (await getProductBySlug(db, slug))!.madeToOrderAvailable;
  const status = async (orderId: number) => (await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()).status;
  let ip = 0;
  const newIp = () => `198.51.100.${++ip}`;

  it("one guest order holds the cap only for its window; then another buyer takes the places and the first is refused at payment", async () => {
    const sewn = await makeProduct(db, { stock: 0, title: "Window Cloak" });
    await madeToOrder(sewn.id, { cap: 2 });
    // Another buyer's cart, filled before the cap was reached (a cart reserves nothing).
    const late = await guestCart([{ productId: sewn.id }]);
    const before = Date.now();
    const first = await placeAs(await guestCart([{ productId: sewn.id, quantity: 2 }]), newIp());
    const until = Date.parse((await heldUntil(first.id))!);
    expect(until - before).toBeGreaterThanOrEqual(MADE_TO_ORDER_HOLD_MINUTES * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(MADE_TO_ORDER_HOLD_MINUTES * 60_000);
    expect(await available(sewn.slug)).toBe(false);
    await expect(placeAs(late, newIp())).rejects.toMatchObject({ status: 409 });

    // The window is over: the unpaid order still lives, but holds nothing.
    await endMadeToOrderHold(db, first.id);
    expect(await status(first.id)).toBe("unpaid");
    expect(await available(sewn.slug)).toBe(true);
    const second = await placeAs(await guestCart([{ productId: sewn.id, quantity: 2 }]), newIp(), "second@example.com");
    await pay(second.id);
    expect(await status(second.id)).toBe("paid");

    // Paying late checks the cap again: no PayPal order is created and nothing is captured.
    expect(await validateOrderStock(db, first.id)).toEqual({ hasStockIssues: true, message: MADE_TO_ORDER_HOLD_TEXT.lapsed("Window Cloak") });
    await expect(startPayment(db, first.id, { appUrl: APP_URL })).rejects.toMatchObject({
      kind: "stock",
      message: expect.stringContaining("items available in stock"),
    });
    expect(await status(first.id)).toBe("unpaid");
    expect(await db.selectFrom("payment_attempts").select("id").where("order_id", "=", first.id).execute()).toEqual([]);
  });

  it("placing the same cart again, replacing the order or ordering the product anew never restarts the clock", async () => {
    const sewn = await makeProduct(db, { stock: 0, priceCents: 5000, title: "Clock Bonnet" });
    await madeToOrder(sewn.id, { cap: 1 });
    const ready = await makeProduct(db, { stock: 10 });
    const address = newIp();
    const key = await guestCart([{ productId: sewn.id }]);
    const first = await placeAs(key, address);
    await endMadeToOrderHold(db, first.id);
    const ended = await heldUntil(first.id);

    // The same cart again: the same order, its hold as it was.
    const again = await placeAs(key, address);
    expect(again.id).toBe(first.id);
    expect(await heldUntil(first.id)).toBe(ended);
    expect(await available(sewn.slug)).toBe(true);
    // Another cart of the same session, and another session from the same address: held no longer than the first.
    await addToCart(db, { cartKey: key }, { productId: ready.id, quantity: 1 });
    const widened = await placeAs(key, address);
    expect(widened.id).not.toBe(first.id);
    expect(await heldUntil(widened.id)).toBe(ended);
    const sameAddress = await placeAs(await guestCart([{ productId: sewn.id }]), address);
    expect(await heldUntil(sameAddress.id)).toBe(ended);
    expect(await available(sewn.slug)).toBe(true);

    // A signed-in customer's order replaced by the same cart with her points: the new order keeps the first clock.
    const customer = await makeUser(db, { loyaltyPoints: 500 });
    await addToCart(db, { userId: customer.id }, { productId: sewn.id, quantity: 1 });
    const ctx = { owner: { userId: customer.id }, userId: customer.id, sessionKey: null, clientIp: newIp() };
    const plain = await placeOrder(db, ctx, { ...ADDRESS, email: "points@example.com" });
    await endMadeToOrderHold(db, plain.id);
    const replaced = await placeOrder(db, ctx, { ...ADDRESS, email: "points@example.com", useLoyaltyPoints: true });
    expect(replaced.id).not.toBe(plain.id);
    expect(await status(plain.id)).toBe("unpaidcancelled");
    expect(await heldUntil(replaced.id)).toBe(await heldUntil(plain.id));

    // None of them holds the place: a new buyer elsewhere gets it.
    const other = await placeAs(await guestCart([{ productId: sewn.id }]), newIp(), "other@example.com");
    expect((await items(other.id))[0]!.madeToOrder).toBe(1);
    expect(await available(sewn.slug)).toBe(false);
  });

  it("limits the pieces unpaid orders of one session or one address hold, with the reason (429), on the API too", async () => {
    const sewn = await makeProduct(db, { stock: 0, title: "Limit Shawl" });
    await madeToOrder(sewn.id, { cap: 6 });
    const ready = await makeProduct(db, { stock: 10 });
    const tooMany = { status: 429, message: MADE_TO_ORDER_HOLD_TEXT.limit("Limit Shawl") };
    const address = newIp();
    const key = await guestCart([{ productId: sewn.id, quantity: MADE_TO_ORDER_HOLD_LIMIT }]);
    await placeAs(key, address);
    // The same session with another cart, and another session from the same address.
    await addToCart(db, { cartKey: key }, { productId: ready.id, quantity: 1 });
    await expect(placeAs(key, newIp())).rejects.toMatchObject(tooMany);
    await expect(placeAs(await guestCart([{ productId: sewn.id }]), address)).rejects.toMatchObject(tooMany);
    // One order past the limit on its own.
    await expect(placeAs(await guestCart([{ productId: sewn.id, quantity: MADE_TO_ORDER_HOLD_LIMIT + 1 }]), newIp())).rejects.toMatchObject(tooMany);
    // Another session from another address is a buyer of her own.
    const other = await placeAs(await guestCart([{ productId: sewn.id, quantity: MADE_TO_ORDER_HOLD_LIMIT }]), newIp(), "own@example.com");
    expect((await items(other.id))[0]!.madeToOrder).toBe(1);

    // POST /api/orders answers 429 {message} and stores nothing.
    const apiKey = await guestCart([{ productId: sewn.id, quantity: 1 }]);
    const storage = getSessionStorage();
    const session = await storage.getSession();
    session.set("cartKey", apiKey);
    const cookie = (await storage.commitSession(session)).split(";")[0]!;
    const payload = {
      email: "api@example.com",
      shippingAddress: { firstName: "Ada", lastName: "Loom", addressLine1: "1 Hem St", city: "Oslo", postalCode: "0150", country: "NO" },
    };
    const res = await run(() => ordersAction(args(postJson("/api/orders", payload, { cookie, ip: address }))));
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: MADE_TO_ORDER_HOLD_TEXT.limit("Limit Shawl") });
    expect(await db.selectFrom("orders").select("id").where("session_key", "=", apiKey).execute()).toEqual([]);
  });

  it("lets exactly one of two buyers take a place a lapsed hold freed, placing at once and paying at once", async () => {
    const sewn = await makeProduct(db, { stock: 0 });
    await madeToOrder(sewn.id, { cap: 1 });
    const idle = await placeAs(await guestCart([{ productId: sewn.id }]), newIp());
    await endMadeToOrderHold(db, idle.id);
    const keys = [await guestCart([{ productId: sewn.id }]), await guestCart([{ productId: sewn.id }])];
    const placed = await Promise.allSettled(keys.map((key, i) => placeAs(key, newIp(), `at-once-${i}@example.com`)));
    expect(placed.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(placed.filter((o) => o.status === "rejected")).toEqual([expect.objectContaining({ reason: expect.objectContaining({ status: 409 }) })]);

    // Two orders whose holds ran out, paid at once for the one free place: one is paid, the other refused before capture.
    const winner = placed.find((o) => o.status === "fulfilled")!.value;
    await endMadeToOrderHold(db, winner.id);
    const started = await Promise.all([idle.id, winner.id].map((id) => startPayment(db, id, { appUrl: APP_URL })));
    for (const s of started) await pp.approve(s.paypalOrderId);
    const paid = await Promise.allSettled([idle.id, winner.id].map((id, i) => completePayment(db, id, started[i]!.paypalOrderId)));
    expect(paid.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(paid.filter((o) => o.status === "rejected")).toEqual([expect.objectContaining({ reason: expect.objectContaining({ kind: "stock" }) })]);
    expect((await Promise.all([idle.id, winner.id].map(status))).sort()).toEqual(["paid", "unpaid"]);
  });

  it("a buyer who pays within the window keeps her place", async () => {
    const sewn = await makeProduct(db, { stock: 0 });
    await madeToOrder(sewn.id, { cap: 1 });
    const late = await guestCart([{ productId: sewn.id }]);
    const mine = await placeAs(await guestCart([{ productId: sewn.id }]), newIp());
    await pay(mine.id);
    await endMadeToOrderHold(db, mine.id);
    expect(await status(mine.id)).toBe("paid");
    expect(await available(sewn.slug)).toBe(false);
    await expect(placeAs(late, newIp())).rejects.toMatchObject({ status: 409 });
  });

  it("tells the owner when unpaid orders fill a cap, and her plain form releases them (the orders stay unpaid), logged", async () => {
    const sewn = await makeProduct(db, { stock: 0, title: "Release Tutu" });
    await madeToOrder(sewn.id, { cap: 2 });
    const a = await placeAs(await guestCart([{ productId: sewn.id }]), newIp(), "a@example.com");
    const b = await placeAs(await guestCart([{ productId: sewn.id }]), newIp(), "b@example.com");
    const alerts = await db.selectFrom("outbox").select(["event_key", "data"]).where("kind", "=", "owner-made-to-order-held").execute();
    expect(alerts.filter((m) => m.event_key.startsWith(`made-to-order-held:${sewn.id}:`))).toEqual([
      expect.objectContaining({ data: expect.stringContaining("Unpaid orders hold all 2 places of Release Tutu") }),
    ]);

    const admin = await makeUser(db, { isAdmin: true, email: `mto-release-${Math.random().toString(36).slice(2)}@example.com` });
    const cookie = await cookieFor(admin.id);
    const tab = await (await run(() => adminLoader(args(get("/admin?tab=orders", { cookie }))))).json();
    const held = (tab.orders.heldPlaces as { productId: number; text: string }[]).filter((h) => h.productId === sewn.id);
    expect(held).toEqual([expect.objectContaining({ text: "Unpaid orders hold all 2 places of Release Tutu" })]);

    const release = () =>
      run(() =>
        adminAction(
          args(
            postForm(
              "/admin",
              { intent: MADE_TO_ORDER_RELEASE_INTENT, productId: String(sewn.id), redirectTo: "/admin?tab=orders" },
              { cookie, ip: "192.0.2.9" },
            ),
          ),
        ),
      );
    const done = await release();
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin?tab=orders");
    expect(await toastOf(done)).toMatchObject({
      title: "Places released",
      description: "2 unpaid orders no longer hold places of Release Tutu.",
      type: "success",
    });
    expect([await status(a.id), await status(b.id)]).toEqual(["unpaid", "unpaid"]);
    expect(await available(sewn.slug)).toBe(true);
    const logged = await listActivity(db, { kind: "product.release-holds", subjectType: "product", subjectId: sewn.id });
    expect(logged.rows).toEqual([expect.objectContaining({ actorEmail: admin.email, summary: expect.stringContaining(`#${a.id}, #${b.id}`) })]);

    // Nothing left to release: an error notification, no second row.
    expect(await toastOf(await release())).toMatchObject({ type: "error", description: "No unpaid order holds places of Release Tutu now." });
    expect((await listActivity(db, { kind: "product.release-holds", subjectType: "product", subjectId: sewn.id })).total).toBe(1);
    // A customer cannot release.
    const customerCookie = await cookieFor((await makeUser(db)).id);
    const refused = await run(() =>
      adminAction(args(postForm("/admin", { intent: MADE_TO_ORDER_RELEASE_INTENT, productId: String(sewn.id) }, { cookie: customerCookie }))),
    );
    expect(refused.status).toBe(403);
  });
  it("the minute job marks holds that ran out as ended; the purge drops them a day later, once the order is no longer unpaid", async () => {
    const sewn = await makeProduct(db, { stock: 0 });
    await madeToOrder(sewn.id, { cap: 1 });
    const past = new Date(Date.now() - 60_000).toISOString();
    const order = await makeOrder(db, {
      status: "unpaid",
      lines: [{ productId: sewn.id, madeToOrder: true, leadTimeDays: 10 }],
      madeToOrderHold: { heldUntil: past, clientIp: newIp() },
    });
    expect(await endLapsedHolds(db)).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom("made_to_order_holds").select("ended_at").where("order_id", "=", order.id).executeTakeFirstOrThrow()).toEqual({
      ended_at: past,
    });
    const dayLater = new Date(Date.now() + (MADE_TO_ORDER_HOLD_MEMORY_HOURS + 1) * 3_600_000);
    await purgeEndedHolds(db, dayLater);
    expect(await heldUntil(order.id)).toBe(past);
    await adminCancelOrder(db, order.id);
    await purgeEndedHolds(db, dayLater);
    expect(await heldUntil(order.id)).toBeNull();
  });
});
