import { addToCart, type CartOwner } from "~/domain/cart/cart.server";
import { getPackingSlips } from "~/domain/customs/packing-slip.server";
import { DomainError } from "~/domain/common/errors";
import { getLoyaltyConfig, recordPointsEvent } from "~/domain/loyalty/loyalty.server";
import { placeOrder } from "~/domain/orders/checkout.server";
import { getReturnTerms, markDelivered, processReturn, returnOrder, shipOrder } from "~/domain/orders/fulfilment.server";
import { CheckoutSchema } from "~/domain/orders/schemas";
import { completePayment, startPayment } from "~/domain/payments/payments.server";
import { listRefunds } from "~/domain/payments/refunds.server";
import { submitWithdrawal } from "~/domain/withdrawals/withdrawals.server";
import { db } from "~/lib/db.server";
import { createPaypalClient, type PaypalClient } from "~/lib/paypal-client.server";
import { type DiscountType } from "~/lib/db-schema/discounts";
import { ADMIN_ORDER_INTENTS } from "~/domain/orders/fulfilment";
import { action as adminOrderAction, loader as adminOrderLoader } from "~/routes/admin_.orders.$orderId";
import { createToastCookie } from "~/web/session.server";
import { makeProduct, makeUser } from "../helpers/kit";
import { args, get, postForm, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";
import { useEmulator } from "../helpers/paypal-emulator";
import { pointsOf } from "./payments-fixtures";

// Refunds of orders placed with a discount code (docs/decisions/codes-and-points.md): the code's
// discount on the items, and the loyalty discount, are shared over the lines in proportion
// (app/domain/orders/line-shares.ts), so a partial return never refunds more than was paid for
// its lines. Orders are placed with placeOrder and paid through the PayPal emulator.

const { pp, config } = useEmulator({ clientId: "code-refund-client", clientSecret: "code-refund-secret" });
let paypal: PaypalClient;
beforeAll(() => {
  paypal = createPaypalClient(config);
});
afterAll(() => db.destroy());

const ADDRESS = CheckoutSchema.parse({
  email: "coded@example.com",
  firstName: "Cora",
  lastName: "Code",
  addressLine1: "5 Coupon Court",
  city: "Berlin",
  postalCode: "10115",
  country: "DE",
  agreeToTerms: true,
});

let n = 0;

async function makeCode(type: DiscountType, value: number): Promise<string> {
  const code = `REFUND${++n}${Math.random().toString(36).slice(2, 8).toUpperCase()}`.slice(0, 20);
  await db.insertInto("discounts").values({ code, type, value }).execute();
  return code;
}

interface Line {
  priceCents: number;
  quantity?: number;
}

/** An order of these lines with `code` (and the loyalty discount for a signed-in buyer who asks), placed, paid, shipped and delivered. */
async function deliveredOrder(lines: Line[], opts: { code?: string; userId?: number; useLoyaltyPoints?: boolean; email?: string } = {}) {
  const owner: CartOwner = opts.userId ? { userId: opts.userId } : { cartKey: `code-refund-${++n}-${Math.random().toString(36).slice(2)}` };
  const products = [];
  for (const line of lines) {
    const product = await makeProduct(db, { stock: 10, priceCents: line.priceCents });
    await addToCart(db, owner, { productId: product.id, quantity: line.quantity ?? 1 });
    products.push(product);
  }
  const email = opts.email ?? `coded${n}@example.com`;
  const placed = await placeOrder(
    db,
    { owner, userId: opts.userId ?? null, sessionKey: "cartKey" in owner ? owner.cartKey : null },
    { ...ADDRESS, email, discountCode: opts.code ?? null, useLoyaltyPoints: opts.useLoyaltyPoints ?? false },
  );
  const started = await startPayment(db, placed.id, { appUrl: "http://localhost:3000" });
  await pp.approve(started.paypalOrderId);
  const paid = await completePayment(db, placed.id, started.paypalOrderId);
  await shipOrder(db, placed.id, `CODE-${placed.id}`);
  await markDelivered(db, placed.id, new Date(Date.now() - 86_400_000));
  const order = await db
    .selectFrom("orders")
    .select([
      "id",
      "subtotal_cents as subtotalCents",
      "shipping_cents as shippingCents",
      "discount_code as discountCode",
      "discount_cents as discountCents",
      "loyalty_discount_cents as loyaltyCents",
      "total_cents as totalCents",
      "points_awarded as pointsAwarded",
    ])
    .where("id", "=", placed.id)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom("order_items")
    .select(["id", "quantity", "unit_price_cents as unitPriceCents", "product_id as productId"])
    .where("order_id", "=", placed.id)
    .orderBy("id")
    .execute();
  return { ...order, email, items, products, captureId: paid.captureId! };
}

async function caught(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const refundsOf = async (orderId: number) => (await listRefunds(db, orderId)).map((r) => [r.kind, r.status, r.amountCents]);
const returnedOf = async (itemId: number) =>
  (await db.selectFrom("order_items").select("returned_quantity as r").where("id", "=", itemId).executeTakeFirstOrThrow()).r;
const stockOf = async (productId: number) => (await db.selectFrom("products").select("stock").where("id", "=", productId).executeTakeFirstOrThrow()).stock;

describe("a 20% code on two lines", () => {
  it("a partial return of one line suggests and refunds at most what that line was paid; a cent more is refused and nothing moves", async () => {
    // $30 and $20: the code takes $10, shared $6 and $4, so the lines were paid $24 and $16.
    const code = await makeCode("percent", 20);
    const o = await deliveredOrder([{ priceCents: 3000 }, { priceCents: 2000 }], { code });
    expect(o).toMatchObject({ discountCode: code, discountCents: 1000, subtotalCents: 5000 });
    const [a, b] = o.items;

    const plain = (await getReturnTerms(db, o.id))!;
    expect(plain.lines.map((l) => l.paidCents)).toEqual([2400, 1600]);
    // Nothing ticked: the items as paid, the buyer keeps paying the shipping.
    expect(plain).toMatchObject({ suggestedCents: 4000, leftCents: o.totalCents, maxCents: o.totalCents });
    const terms = (await getReturnTerms(db, o.id, new Date(), [{ orderItemId: b!.id, quantity: 1 }]))!;
    expect(terms).toMatchObject({ suggestedCents: 1600, maxCents: 1600, byLines: true });

    const refused = await caught(processReturn(db, o.id, { amountCents: 1601, restock: [{ orderItemId: b!.id, quantity: 1 }] }, { paypal }));
    expect(refused).toMatchObject({ status: 400, field: "amount" });
    expect(refused.message).toBe("The refund cannot be more than $16.00, what the ticked items were paid (their share of the discounts taken off)");
    // The line's full price ($20.00) is refused too: that was never paid.
    await caught(processReturn(db, o.id, { amountCents: 2000, restock: [{ orderItemId: b!.id, quantity: 1 }] }, { paypal }));
    expect(await refundsOf(o.id)).toEqual([]);
    expect((await pp.api("GET", `/v2/payments/captures/${o.captureId}`)).body.status).toBe("COMPLETED");
    expect(await returnedOf(b!.id)).toBe(0);
    expect(await stockOf(o.products[1]!.id)).toBe(9);

    await processReturn(db, o.id, { amountCents: terms.suggestedCents, restock: [{ orderItemId: b!.id, quantity: 1 }] }, { paypal });
    expect(await refundsOf(o.id)).toEqual([["return", "COMPLETED", 1600]]);
    expect(await returnedOf(b!.id)).toBe(1);
    expect(await stockOf(o.products[1]!.id)).toBe(10);

    // The other line, the last one out: its paid amount, and the shipping may go back with it.
    const rest = (await getReturnTerms(db, o.id, new Date(), [{ orderItemId: a!.id, quantity: 1 }]))!;
    expect(rest).toMatchObject({ suggestedCents: 2400, maxCents: 2400 + o.shippingCents, maxShippingCents: o.shippingCents });
    const over = await caught(processReturn(db, o.id, { amountCents: rest.maxCents + 1, restock: [{ orderItemId: a!.id, quantity: 1 }] }, { paypal }));
    expect(over.message).toMatch(/not yet refunded|of shipping/);
    await processReturn(db, o.id, { amountCents: 2400, restock: [{ orderItemId: a!.id, quantity: 1 }] }, { paypal });
    expect(await refundsOf(o.id)).toEqual([
      ["return", "COMPLETED", 1600],
      ["return", "COMPLETED", 2400],
    ]);
    // What is left is the shipping the buyer paid.
    expect((await getReturnTerms(db, o.id))!.leftCents).toBe(o.shippingCents);
  });

  it("units of a line: each unit its floor, the last unit the rounding, and the units add up to the line", async () => {
    // Three $9.99 pieces and one $10.00 piece, 15% off: awkward cents.
    const code = await makeCode("percent", 15);
    const o = await deliveredOrder([{ priceCents: 999, quantity: 3 }, { priceCents: 1000 }], { code });
    const [a] = o.items;
    const terms = (await getReturnTerms(db, o.id))!;
    const paid = terms.lines[0]!.paidCents;
    expect(terms.lines.reduce((s, l) => s + l.paidCents, 0)).toBe(o.subtotalCents - o.discountCents);
    const unit = Math.floor(paid / 3);
    const first = (await getReturnTerms(db, o.id, new Date(), [{ orderItemId: a!.id, quantity: 2 }]))!;
    expect(first.maxCents).toBe(unit * 2);
    await caught(processReturn(db, o.id, { amountCents: unit * 2 + 1, restock: [{ orderItemId: a!.id, quantity: 2 }] }, { paypal }));
    await processReturn(db, o.id, { amountCents: unit * 2, restock: [{ orderItemId: a!.id, quantity: 2 }] }, { paypal });
    const last = (await getReturnTerms(db, o.id, new Date(), [{ orderItemId: a!.id, quantity: 1 }]))!;
    expect(last.suggestedCents).toBe(paid - unit * 2);
    await processReturn(db, o.id, { amountCents: last.suggestedCents, restock: [{ orderItemId: a!.id, quantity: 1 }] }, { paypal });
    expect((await refundsOf(o.id)).reduce((s, r) => s + (r[2] as number), 0)).toBe(paid);
  });

  it("abuse: another order's line ticked, or more units than bought, is refused before any refund", async () => {
    const code = await makeCode("percent", 20);
    const o = await deliveredOrder([{ priceCents: 3000 }, { priceCents: 2000 }], { code });
    const other = await deliveredOrder([{ priceCents: 9000 }], { code: await makeCode("percent", 20) });
    // The other order's line would allow $72.00: it is not this order's.
    const forged = await caught(processReturn(db, o.id, { amountCents: 5000, restock: [{ orderItemId: other.items[0]!.id, quantity: 1 }] }, { paypal }));
    expect(forged).toMatchObject({ status: 400, field: "items" });
    const tooMany = await caught(processReturn(db, o.id, { amountCents: 2400, restock: [{ orderItemId: o.items[0]!.id, quantity: 2 }] }, { paypal }));
    expect(tooMany).toMatchObject({ status: 400, field: "items" });
    // Two ticks of the same line do not add up to a larger cap either.
    const twice = await caught(
      processReturn(
        db,
        o.id,
        {
          amountCents: 4800,
          restock: [
            { orderItemId: o.items[0]!.id, quantity: 1 },
            { orderItemId: o.items[0]!.id, quantity: 1 },
          ],
        },
        { paypal },
      ),
    );
    expect(twice).toMatchObject({ status: 400 });
    expect(await refundsOf(o.id)).toEqual([]);
    expect(await refundsOf(other.id)).toEqual([]);
  });

  it("the API's whole-order return refunds what the lines were paid", async () => {
    const code = await makeCode("percent", 20);
    const o = await deliveredOrder([{ priceCents: 3000 }, { priceCents: 2000 }], { code });
    await returnOrder(db, o.id, { paypal });
    expect(await refundsOf(o.id)).toEqual([["return", "COMPLETED", 4000]]);
  });
});

describe("the admin order page's return form", () => {
  async function toastOf(res: Response) {
    const header = res.headers.getSetCookie().find((c) => c.startsWith("__toast="));
    return header ? ((await createToastCookie().parse(header)) as { title: string; description?: string; type: string }) : null;
  }

  it("shows each line's paid amount, and its post refuses a refund above the ticked line's with the reason, refunding nothing", async () => {
    const cookie = await cookieFor((await makeUser(db, { isAdmin: true })).id);
    const code = await makeCode("percent", 20);
    const o = await deliveredOrder([{ priceCents: 3000 }, { priceCents: 1000, quantity: 2 }], { code });
    const page = await run(() => adminOrderLoader(args(get(`/admin/orders/${o.id}`, { cookie }), { orderId: String(o.id) })));
    const terms = (await page.json()).returnTerms;
    expect(terms.lines.map((l: { paidCents: number }) => l.paidCents)).toEqual([2400, 1600]);
    expect(terms).toMatchObject({ suggestedCents: 4000, shippingPaidCents: o.shippingCents });

    const post = (amount: string) =>
      run(() =>
        adminOrderAction(
          args(
            postForm(
              `/admin/orders/${o.id}`,
              { intent: ADMIN_ORDER_INTENTS.return, orderId: String(o.id), restock: String(o.items[1]!.id), [`qty-${o.items[1]!.id}`]: "1", amount },
              { cookie },
            ),
            { orderId: String(o.id) },
          ),
        ),
      );
    // One of the two $10.00 pieces: $8.00 was paid for it.
    const refused = await post("10.00");
    expect(refused.status).toBe(302);
    expect(await toastOf(refused)).toMatchObject({
      type: "error",
      description: "The refund cannot be more than $8.00, what the ticked items were paid (their share of the discounts taken off)",
    });
    expect(await refundsOf(o.id)).toEqual([]);
    expect(await returnedOf(o.items[1]!.id)).toBe(0);
    const done = await post("8,00");
    expect(await toastOf(done)).toMatchObject({ type: "success" });
    expect(await refundsOf(o.id)).toEqual([["return", "COMPLETED", 800]]);
  });
});

describe("a withdrawal from part of a coded order", () => {
  it("the line sent back is suggested and capped at its paid amount plus the shipping paid", async () => {
    const code = await makeCode("percent", 20);
    const o = await deliveredOrder([{ priceCents: 3000 }, { priceCents: 2000 }], { code });
    await submitWithdrawal(db, { orderId: o.id, email: o.email, name: "Cora" });
    const b = o.items[1]!;
    const terms = (await getReturnTerms(db, o.id, new Date(), [{ orderItemId: b.id, quantity: 1 }]))!;
    expect(terms).toMatchObject({ withdrawn: true, suggestedCents: 1600 + o.shippingCents, maxCents: 1600 + o.shippingCents });
    const refused = await caught(processReturn(db, o.id, { amountCents: 2000 + o.shippingCents, restock: [{ orderItemId: b.id, quantity: 1 }] }, { paypal }));
    expect(refused.message).toContain("of shipping");
    expect(await refundsOf(o.id)).toEqual([]);
    await processReturn(db, o.id, { amountCents: terms.suggestedCents, restock: [{ orderItemId: b.id, quantity: 1 }] }, { paypal });
    expect(await refundsOf(o.id)).toEqual([["return", "COMPLETED", 1600 + o.shippingCents]]);
  });

  it("with a free-shipping code no shipping was paid: none is added, and the lines keep their full price", async () => {
    const code = await makeCode("shipping", 0);
    const o = await deliveredOrder([{ priceCents: 3000 }, { priceCents: 2000 }], { code });
    expect(o.shippingCents).toBeGreaterThan(0);
    expect(o.discountCents).toBe(o.shippingCents);
    expect(o.totalCents).toBe(5000);
    await submitWithdrawal(db, { orderId: o.id, email: o.email, name: "Cora" });
    const b = o.items[1]!;
    const terms = (await getReturnTerms(db, o.id, new Date(), [{ orderItemId: b.id, quantity: 1 }]))!;
    expect(terms).toMatchObject({ shippingPaidCents: 0, suggestedCents: 2000, maxCents: 2000 });
    expect(terms.lines.map((l) => l.paidCents)).toEqual([3000, 2000]);
    await caught(processReturn(db, o.id, { amountCents: 2001, restock: [{ orderItemId: b.id, quantity: 1 }] }, { paypal }));
    await processReturn(db, o.id, { amountCents: 2000, restock: [{ orderItemId: b.id, quantity: 1 }] }, { paypal });
    expect(await refundsOf(o.id)).toEqual([["return", "COMPLETED", 2000]]);
  });
});

describe("a code whose type the owner changes after the order", () => {
  it("a free-shipping code made a percent one later still belongs to the shipping: the order keeps the type it used", async () => {
    const code = await makeCode("shipping", 0);
    const o = await deliveredOrder([{ priceCents: 3000 }, { priceCents: 1000 }], { code });
    expect(o.discountCents).toBe(o.shippingCents);
    await db.updateTable("discounts").set({ type: "percent", value: 50 }).where("code", "=", code).execute();
    const terms = (await getReturnTerms(db, o.id))!;
    expect(terms.lines.map((l) => l.paidCents)).toEqual([3000, 1000]);
    expect(terms.shippingPaidCents).toBe(0);
  });

  it("an items code made a free-shipping one later still shares over the lines", async () => {
    const code = await makeCode("percent", 20);
    const o = await deliveredOrder([{ priceCents: 10000 }, { priceCents: 5000 }], { code });
    expect(o.discountCents).toBe(3000);
    expect(o.discountCents).toBeGreaterThan(o.shippingCents);
    await db.updateTable("discounts").set({ type: "shipping", value: 0 }).where("code", "=", code).execute();
    const terms = (await getReturnTerms(db, o.id))!;
    expect(terms.lines.map((l) => l.paidCents)).toEqual([8000, 4000]);
    expect(terms.shippingPaidCents).toBe(o.shippingCents);
  });
});

describe("a code and the loyalty points together", () => {
  it("both discounts are shared over the lines; a return of everything paid for the items takes back every earned point", async () => {
    const loyalty = await getLoyaltyConfig(db);
    const user = await makeUser(db);
    await recordPointsEvent(db, user.id, { type: "admin_reward", description: "Saved up", points: loyalty.discountExchange.pointsRequired });
    const code = await makeCode("percent", 20);
    // $40 and $20: 20% takes $12, then the points' discount.
    const o = await deliveredOrder([{ priceCents: 4000 }, { priceCents: 2000 }], { code, userId: user.id, useLoyaltyPoints: true });
    const loyaltyCents = Math.round(loyalty.discountExchange.discountAmount * 100);
    expect(o).toMatchObject({ discountCents: 1200, loyaltyCents });
    const earned = o.pointsAwarded;
    expect(earned).toBeGreaterThan(0);
    const itemsPaid = 6000 - 1200 - loyaltyCents;
    const terms = (await getReturnTerms(db, o.id))!;
    expect(terms.lines.reduce((s, l) => s + l.paidCents, 0)).toBe(itemsPaid);
    // In proportion, 2:1.
    const [a, b] = terms.lines;
    expect(Math.abs(a!.paidCents - 2 * b!.paidCents)).toBeLessThanOrEqual(2);

    // The smaller line: at most its paid amount, and its share of the earned points taken back.
    const refused = await caught(
      processReturn(db, o.id, { amountCents: b!.paidCents + 1, restock: [{ orderItemId: b!.orderItemId, quantity: 1 }] }, { paypal }),
    );
    expect(refused.field).toBe("amount");
    const before = await pointsOf(db, user.id);
    await processReturn(db, o.id, { amountCents: b!.paidCents, restock: [{ orderItemId: b!.orderItemId, quantity: 1 }] }, { paypal });
    const taken = Math.round(earned * (b!.paidCents / itemsPaid));
    expect(await pointsOf(db, user.id)).toBe(before - taken);

    // The other line at its paid amount: every point earned is back, none left on the order.
    await processReturn(db, o.id, { amountCents: a!.paidCents, restock: [{ orderItemId: a!.orderItemId, quantity: 1 }] }, { paypal });
    expect(await pointsOf(db, user.id)).toBe(before - earned);
    expect((await db.selectFrom("orders").select("points_awarded as p").where("id", "=", o.id).executeTakeFirstOrThrow()).p).toBe(0);
  });
});

describe("the customs values of a coded order", () => {
  it("share an items code over the lines, but not a free-shipping code", async () => {
    const items = await makeCode("percent", 20);
    const ship = await makeCode("shipping", 0);
    const coded = await deliveredOrder([{ priceCents: 3000 }, { priceCents: 2000 }], { code: items });
    const free = await deliveredOrder([{ priceCents: 3000 }, { priceCents: 2000 }], { code: ship });
    await db.updateTable("orders").set({ shipping_country: "US" }).where("id", "in", [coded.id, free.id]).execute();
    const [slipA, slipB] = await getPackingSlips(db, [coded.id, free.id]);
    expect(slipA!.customs!.lines.map((l) => l.valueCents)).toEqual([2400, 1600]);
    expect(slipB!.customs!.lines.map((l) => l.valueCents)).toEqual([3000, 2000]);
    // The slip's own figures still take every discount off: they add up to the total paid.
    expect(slipB!.totals).toMatchObject({ discountCents: free.discountCents, totalCents: free.totalCents });
  });
});
