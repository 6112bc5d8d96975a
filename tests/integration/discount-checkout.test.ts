import { addToCart, type CartOwner } from "~/domain/cart/cart.server";
import { DomainError } from "~/domain/common/errors";
import { DISCOUNT_TEXT } from "~/domain/discounts/texts";
import { getCheckoutSummary, placeOrder, type PlacedOrder } from "~/domain/orders/checkout.server";
import { transitionOrder } from "~/domain/orders/lifecycle.server";
import { CHECKOUT_TEXT } from "~/domain/orders/checkout-texts";
import { type CheckoutInput, CheckoutSchema, type ClientFigures } from "~/domain/orders/schemas";
import { completePayment, startPayment } from "~/domain/payments/payments.server";
import { db } from "~/lib/db.server";
import { type DiscountType } from "~/lib/db-schema/discounts";
import { makeProduct, makeUser } from "../helpers/kit";
import { useEmulator } from "../helpers/paypal-emulator";

// Discount codes at placement (docs/decisions/codes-and-points.md): each type, each refusal
// creating nothing, a code with loyalty points, the figures check, the placement of the same cart
// again, the use given back by the lifecycle, and simultaneous orders on a code's last use.

const { pp } = useEmulator({ clientId: "code-checkout-client", clientSecret: "code-checkout-secret" });
afterAll(() => db.destroy());

const ADDRESS = CheckoutSchema.parse({
  email: "shopper@example.com",
  firstName: "Cora",
  lastName: "Code",
  addressLine1: "5 Coupon Court",
  city: "Berlin",
  postalCode: "10115",
  country: "DE",
  agreeToTerms: true,
});

let n = 0;
const unique = () => `${++n}${Math.random().toString(36).slice(2, 7)}`.toUpperCase();

interface CodeSpec {
  type: DiscountType;
  value?: number;
  minSubtotalCents?: number | null;
  startsAt?: string | null;
  endsAt?: string | null;
  maxUses?: number | null;
  uses?: number;
  oncePerEmail?: boolean;
  active?: boolean;
}

async function makeCode(spec: CodeSpec): Promise<{ id: number; code: string }> {
  const code = `CHK${unique()}`.slice(0, 20);
  const row = await db
    .insertInto("discounts")
    .values({
      code,
      type: spec.type,
      value: spec.value ?? 0,
      min_subtotal_cents: spec.minSubtotalCents ?? null,
      starts_at: spec.startsAt ?? null,
      ends_at: spec.endsAt ?? null,
      max_uses: spec.maxUses ?? null,
      uses: spec.uses ?? 0,
      once_per_email: spec.oncePerEmail ? 1 : 0,
      active: spec.active === false ? 0 : 1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, code };
}

/** A guest's cart of one product at `priceCents` (× quantity); its owner and placement context. */
async function guestCart(priceCents: number, quantity = 1) {
  const cartKey = `code-checkout-${unique()}`;
  const owner: CartOwner = { cartKey };
  const product = await makeProduct(db, { stock: 20, priceCents });
  await addToCart(db, owner, { productId: product.id, quantity });
  return { owner, ctx: { owner, userId: null, sessionKey: cartKey }, product };
}

function checkout(extra: Partial<CheckoutInput> = {}): CheckoutInput {
  return { ...ADDRESS, email: `shopper-${unique().toLowerCase()}@example.com`, ...extra };
}

async function caught(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const orderRow = (id: number) =>
  db
    .selectFrom("orders")
    .select([
      "status",
      "subtotal_cents as subtotalCents",
      "shipping_cents as shippingCents",
      "discount_code as discountCode",
      "discount_cents as discountCents",
      "loyalty_discount_cents as loyaltyCents",
      "loyalty_points_used as pointsUsed",
      "total_cents as totalCents",
    ])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const usesOf = async (id: number) => (await db.selectFrom("discounts").select("uses").where("id", "=", id).executeTakeFirstOrThrow()).uses;
const liveUses = (discountId: number) =>
  db.selectFrom("discount_uses").select(["order_id as orderId", "email"]).where("discount_id", "=", discountId).where("released_at", "is", null).execute();
const counts = async () => {
  const one = async (table: "orders" | "discount_uses" | "order_items") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { orders: await one("orders"), uses: await one("discount_uses"), items: await one("order_items") };
};

/** The shipping of the test's country for a cart without free shipping (read from the server, never assumed). */
async function shippingCents(owner: CartOwner): Promise<number> {
  return (await getCheckoutSummary(db, { owner, user: null, country: "DE" })).totals.shippingCents;
}

describe("placeOrder with each type of code", () => {
  it("a percentage takes its share of the items, rounded to the cent; the order holds one use", async () => {
    const { id, code } = await makeCode({ type: "percent", value: 15 });
    const { ctx, owner } = await guestCart(3333);
    const shipping = await shippingCents(owner);
    const placed = await placeOrder(db, ctx, checkout({ discountCode: code.toLowerCase() }));
    // 15% of $33.33 is 499.95 cents: 500.
    expect(placed).toMatchObject({ discountCode: code, discountCents: 500, totalCents: 3333 + shipping - 500 });
    expect(await orderRow(placed.id)).toMatchObject({ discountCode: code, discountCents: 500, totalCents: 3333 + shipping - 500 });
    expect(await usesOf(id)).toBe(1);
    expect(await liveUses(id)).toEqual([{ orderId: placed.id, email: expect.stringMatching(/^shopper-/) }]);
  });

  it("a fixed amount, typed with spaces and a dash, takes its cents off the items", async () => {
    const { code } = await makeCode({ type: "amount", value: 750 });
    const { ctx, owner } = await guestCart(2000);
    const shipping = await shippingCents(owner);
    const typed = ` ${code.slice(0, 3)}-${code.slice(3).toLowerCase()} `;
    const placed = await placeOrder(db, ctx, checkout({ discountCode: typed }));
    expect(await orderRow(placed.id)).toMatchObject({ subtotalCents: 2000, discountCode: code, discountCents: 750, totalCents: 2000 + shipping - 750 });
  });

  it("a free-shipping code takes the shipping and leaves the items' price alone", async () => {
    const { code } = await makeCode({ type: "shipping" });
    const { ctx, owner } = await guestCart(2000);
    const shipping = await shippingCents(owner);
    expect(shipping).toBeGreaterThan(0);
    const placed = await placeOrder(db, ctx, checkout({ discountCode: code }));
    expect(await orderRow(placed.id)).toMatchObject({ shippingCents: shipping, discountCents: shipping, totalCents: 2000 });
  });

  it("an amount above the items never takes the total below zero: the items are free, the shipping is paid", async () => {
    const { code } = await makeCode({ type: "amount", value: 100_000 });
    const { ctx, owner } = await guestCart(1200);
    const shipping = await shippingCents(owner);
    const placed = await placeOrder(db, ctx, checkout({ discountCode: code }));
    const row = await orderRow(placed.id);
    expect(row).toMatchObject({ discountCents: 1200, totalCents: shipping });
    expect(row.totalCents).toBeGreaterThan(0);
  });

  it("a 100% code with free shipping and points: the total stays above zero (PayPal takes no $0.00 payment)", async () => {
    const user = await makeUser(db, { loyaltyPoints: 500 });
    const owner: CartOwner = { userId: user.id };
    // Above the zone's free-shipping threshold there is nothing to pay but the items.
    const product = await makeProduct(db, { stock: 5, priceCents: 100_000 });
    await addToCart(db, owner, { productId: product.id, quantity: 1 });
    const { code } = await makeCode({ type: "percent", value: 100 });
    const zone = await db.selectFrom("shipping_zone_countries").select("zone_id as id").where("country", "=", "DE").executeTakeFirstOrThrow();
    const { free } = await db.selectFrom("shipping_zones").select("free_from_cents as free").where("id", "=", zone.id).executeTakeFirstOrThrow();
    await db.updateTable("shipping_zones").set({ free_from_cents: 50_000 }).where("id", "=", zone.id).execute();
    let placed: PlacedOrder;
    try {
      placed = await placeOrder(db, { owner, userId: user.id, sessionKey: null }, checkout({ discountCode: code, useLoyaltyPoints: true }));
    } finally {
      await db.updateTable("shipping_zones").set({ free_from_cents: free }).where("id", "=", zone.id).execute();
    }
    const row = await orderRow(placed.id);
    // The code stops a cent short of a free order, and the points find nothing left to take.
    expect(row).toMatchObject({ shippingCents: 0, discountCents: 99_999, loyaltyCents: 0, totalCents: 1 });
    expect(row.subtotalCents + row.shippingCents - row.discountCents - row.loyaltyCents).toBe(row.totalCents);
  });
});

describe("a refused code creates nothing", () => {
  const day = 86_400_000;
  const cases: [string, () => Promise<{ id: number | null; code: string; expected: string; email?: string }>][] = [
    ["unknown", async () => ({ id: null, code: "NOSUCHCODE1", expected: DISCOUNT_TEXT.unknown("NOSUCHCODE1") })],
    [
      "switched off (as unknown)",
      async () => {
        const c = await makeCode({ type: "amount", value: 100, active: false });
        return { ...c, expected: DISCOUNT_TEXT.unknown(c.code) };
      },
    ],
    ["badly formed", async () => ({ id: null, code: "AB!", expected: DISCOUNT_TEXT.format })],
    [
      "not yet valid",
      async () => {
        const c = await makeCode({ type: "amount", value: 100, startsAt: new Date(Date.now() + 3 * day).toISOString() });
        return { ...c, expected: "" };
      },
    ],
    [
      "expired",
      async () => {
        const c = await makeCode({ type: "amount", value: 100, endsAt: new Date(Date.now() - day).toISOString() });
        return { ...c, expected: "" };
      },
    ],
    [
      "used up",
      async () => {
        const c = await makeCode({ type: "amount", value: 100, maxUses: 3, uses: 3 });
        return { ...c, expected: DISCOUNT_TEXT.usedUp };
      },
    ],
    [
      "below the minimum",
      async () => {
        const c = await makeCode({ type: "amount", value: 100, minSubtotalCents: 5000 });
        return { ...c, expected: DISCOUNT_TEXT.belowMinimum(5000, 3000) };
      },
    ],
    [
      "already used with this e-mail",
      async () => {
        const c = await makeCode({ type: "amount", value: 100, oncePerEmail: true });
        const email = `once-${unique().toLowerCase()}@example.com`;
        const first = await guestCart(2000);
        await placeOrder(db, first.ctx, checkout({ discountCode: c.code, email }));
        // The address as typed again, in other letters: the same address.
        return { ...c, email: email.toUpperCase(), expected: DISCOUNT_TEXT.usedByEmail };
      },
    ],
  ];

  for (const [name, make] of cases) {
    it(name, async () => {
      const c = await make();
      const { ctx } = await guestCart(2000);
      const usesBefore = c.id === null ? 0 : await usesOf(c.id);
      const before = await counts();
      const error = await caught(placeOrder(db, ctx, checkout({ discountCode: c.code, ...(c.email ? { email: c.email } : {}) })));
      expect(error).toMatchObject({ status: 400, field: "discountCode" });
      if (c.expected) expect(error.message).toBe(c.expected);
      else if (name === "expired") expect(error.message).toMatch(/^This discount code expired on \d{4}-\d{2}-\d{2}\.$/);
      else expect(error.message).toMatch(/^This discount code is valid from \d{4}-\d{2}-\d{2}\.$/);
      expect(await counts()).toEqual(before);
      if (c.id !== null) expect(await usesOf(c.id)).toBe(usesBefore);
    });
  }
});

describe("a code with loyalty points", () => {
  it("combine: the code on the items first, then the points; both in PayPal's discount, the items adding up", async () => {
    const user = await makeUser(db, { loyaltyPoints: 120 });
    const owner: CartOwner = { userId: user.id };
    const product = await makeProduct(db, { stock: 5, priceCents: 4000 });
    await addToCart(db, owner, { productId: product.id, quantity: 1 });
    const { code } = await makeCode({ type: "percent", value: 10 });
    const shipping = await shippingCents(owner);
    const placed = await placeOrder(db, { owner, userId: user.id, sessionKey: null }, checkout({ discountCode: code, useLoyaltyPoints: true }));
    // $40.00: the code takes $4.00, the points their $5.00.
    expect(await orderRow(placed.id)).toMatchObject({ discountCents: 400, loyaltyCents: 500, pointsUsed: 50, totalCents: 4000 + shipping - 900 });

    const started = await startPayment(db, placed.id, { appUrl: "http://localhost:3000" });
    const amount = (await pp.getOrder(started.paypalOrderId)).body.purchase_units[0].amount;
    expect(amount).toEqual({
      currency_code: "USD",
      value: ((4000 + shipping - 900) / 100).toFixed(2),
      breakdown: {
        item_total: { currency_code: "USD", value: "40.00" },
        shipping: { currency_code: "USD", value: (shipping / 100).toFixed(2) },
        discount: { currency_code: "USD", value: "9.00" },
      },
    });
  });

  it("the checkout summary shows the code's line, and a refused code as its error without changing a figure", async () => {
    const { code } = await makeCode({ type: "amount", value: 300 });
    const { owner } = await guestCart(2500);
    const applied = await getCheckoutSummary(db, { owner, user: null, country: "DE", discountCode: code.toLowerCase() });
    expect(applied.code).toEqual({ typed: code, applied: code, cents: 300, error: null, terms: { code, type: "amount", value: 300 } });
    expect(applied.totals.lines.map((l) => l.kind)).toEqual(["shipping", "code-discount"]);
    const refused = await getCheckoutSummary(db, { owner, user: null, country: "DE", discountCode: "NOPE1234" });
    expect(refused.code).toEqual({ typed: "NOPE1234", applied: null, cents: 0, error: DISCOUNT_TEXT.unknown("NOPE1234"), terms: null });
    expect(refused.totals.totalCents).toBe(applied.totals.totalCents + 300);
  });
});

describe("the figures the client saw", () => {
  it("a stale total or discount is 409 'prices have changed': no order, no use taken", async () => {
    const { id, code } = await makeCode({ type: "amount", value: 500, maxUses: 10 });
    const { ctx, owner } = await guestCart(3000);
    const shipping = await shippingCents(owner);
    const before = await counts();
    // The page showed the total without the code.
    const stale: ClientFigures = { subtotalCents: 3000, shippingCents: shipping, totalCents: 3000 + shipping };
    const error = await caught(placeOrder(db, ctx, checkout({ discountCode: code }), stale));
    expect(error).toMatchObject({ status: 409, message: CHECKOUT_TEXT.figuresChanged });
    const wrongDiscount = await caught(placeOrder(db, ctx, checkout({ discountCode: code }), { discountCents: 400 }));
    expect(wrongDiscount.status).toBe(409);
    expect(await counts()).toEqual(before);
    expect(await usesOf(id)).toBe(0);
    // The figures as the server has them: placed.
    const placed = await placeOrder(db, ctx, checkout({ discountCode: code }), { ...stale, totalCents: 2500 + shipping, discountCents: 500 });
    expect(placed.totalCents).toBe(2500 + shipping);
  });
});

describe("the same cart placed again", () => {
  it("with the same code keeps the one order and its one use, even on the code's last use", async () => {
    const { id, code } = await makeCode({ type: "amount", value: 200, maxUses: 1 });
    const { ctx } = await guestCart(2000);
    const first = await placeOrder(db, ctx, checkout({ discountCode: code, email: "again@example.com" }));
    const second = await placeOrder(db, ctx, checkout({ discountCode: code, email: "again@example.com", city: "Hamburg" }));
    expect(second.id).toBe(first.id);
    expect(await usesOf(id)).toBe(1);
    expect(await liveUses(id)).toEqual([{ orderId: first.id, email: "again@example.com" }]);
  });

  it("without the code: the earlier order gives way and gives its use back; with another code, the first is freed", async () => {
    const a = await makeCode({ type: "amount", value: 200, maxUses: 1 });
    const b = await makeCode({ type: "amount", value: 300 });
    const { ctx } = await guestCart(2000);
    const first = await placeOrder(db, ctx, checkout({ discountCode: a.code }));
    const other = await placeOrder(db, ctx, checkout({ discountCode: b.code }));
    expect(other.id).not.toBe(first.id);
    expect((await orderRow(first.id)).status).toBe("unpaidcancelled");
    expect([await usesOf(a.id), await usesOf(b.id)]).toEqual([0, 1]);
    const plain = await placeOrder(db, ctx, checkout({ discountCode: null }));
    expect((await orderRow(other.id)).status).toBe("unpaidcancelled");
    expect(await orderRow(plain.id)).toMatchObject({ discountCode: null, discountCents: 0 });
    expect([await usesOf(a.id), await usesOf(b.id)]).toEqual([0, 0]);
  });
});

describe("the lifecycle gives the use back", () => {
  for (const transition of ["expire", "cancelUnpaid"] as const) {
    it(`an unpaid order's '${transition}' frees its use for the next buyer`, async () => {
      const { id, code } = await makeCode({ type: "amount", value: 200, maxUses: 1 });
      const first = await guestCart(2000);
      const placed = await placeOrder(db, first.ctx, checkout({ discountCode: code }));
      const next = await guestCart(2000);
      expect((await caught(placeOrder(db, next.ctx, checkout({ discountCode: code })))).message).toBe(DISCOUNT_TEXT.usedUp);

      await db.transaction().execute((trx) => transitionOrder(trx, placed.id, transition, { message: "Not paid in time." }));
      expect(await usesOf(id)).toBe(0);
      expect(await liveUses(id)).toEqual([]);
      // A second call settles nothing: the count never goes below what orders hold.
      await db.transaction().execute((trx) => transitionOrder(trx, placed.id, transition, { message: "Again." }));
      expect(await usesOf(id)).toBe(0);

      const theirs = await placeOrder(db, next.ctx, checkout({ discountCode: code }));
      expect(await usesOf(id)).toBe(1);
      expect(await liveUses(id)).toEqual([{ orderId: theirs.id, email: expect.any(String) }]);
    });
  }
});

describe("a paid order keeps its use", () => {
  it("cancelled after payment, the order still counts (only an unpaid order gives the use back)", async () => {
    const { id, code } = await makeCode({ type: "amount", value: 200, maxUses: 5 });
    const { ctx } = await guestCart(2000);
    const placed = await placeOrder(db, ctx, checkout({ discountCode: code }));
    const started = await startPayment(db, placed.id, { appUrl: "http://localhost:3000" });
    await pp.approve(started.paypalOrderId);
    await completePayment(db, placed.id, started.paypalOrderId);
    await db.transaction().execute((trx) => transitionOrder(trx, placed.id, "cancel", { message: "Cancelled by the shop." }));
    expect((await orderRow(placed.id)).status).toBe("cancelled");
    expect(await usesOf(id)).toBe(1);
    expect(await liveUses(id)).toHaveLength(1);
  });
});

describe("simultaneous orders on a code's last use", () => {
  it("five guests at once: exactly one order holds it, four get 400 'used up' and create nothing", async () => {
    const { id, code } = await makeCode({ type: "percent", value: 20, maxUses: 4, uses: 3 });
    const carts = await Promise.all(Array.from({ length: 5 }, () => guestCart(2000)));
    const before = await counts();
    const outcomes = await Promise.allSettled(carts.map(({ ctx }) => placeOrder(db, ctx, checkout({ discountCode: code }))));
    const placed = outcomes.filter((o): o is PromiseFulfilledResult<PlacedOrder> => o.status === "fulfilled");
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(DomainError);
      expect(r.reason).toMatchObject({ status: 400, field: "discountCode", message: DISCOUNT_TEXT.usedUp });
    }
    expect(await usesOf(id)).toBe(4);
    expect((await liveUses(id)).map((u) => u.orderId)).toEqual([placed[0]!.value.id]);
    const after = await counts();
    expect(after.orders - before.orders).toBe(1);
    expect(after.uses - before.uses).toBe(1);
  });
});
