import { addToCart, clearCart, getCart, getCartCount, removeCartItem, updateCartItem } from "~/domain/cart/cart.server";
import { DomainError } from "~/domain/common/errors";
import { purgeExpiredGuestData } from "~/domain/ops/purge.server";
import { db } from "~/lib/db.server";
import { action as apiCartAction } from "~/routes/api.cart";
import { makeProduct } from "../helpers/kit";
import { args, postJson, run } from "../helpers/requests";

// The file's own database (tests/helpers/db.ts), the one the routes use too.
afterAll(() => db.destroy());

async function expectDomainError(promise: Promise<unknown>, status: number, text: string | RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).status).toBe(status);
  expect((error as DomainError).message).toMatch(text);
}

describe("cart domain", () => {
  it("adds, merges lines and caps at stock with a 409", async () => {
    const owner = { cartKey: "guest-a" };
    const p = await makeProduct(db, { stock: 3, priceCents: 1250 });
    await addToCart(db, owner, { productId: p.id, quantity: 1 });
    await addToCart(db, owner, { productId: p.id, quantity: 2 });
    const cart = await getCart(db, owner);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.quantity).toBe(3);
    expect(cart.totals.subtotalCents).toBe(3750);
    await expectDomainError(addToCart(db, owner, { productId: p.id, quantity: 1 }), 409, /items available in stock/);
    expect(await getCartCount(db, owner)).toBe(3);
  });

  it("refuses sold-out products and unknown ones", async () => {
    const owner = { cartKey: "guest-b" };
    const p = await makeProduct(db, { stock: 0 });
    await expectDomainError(addToCart(db, owner, { productId: p.id, quantity: 1 }), 409, /out of stock/);
    await expectDomainError(addToCart(db, owner, { productId: 999999, quantity: 1 }), 404, /not found/);
  });

  it("needs a colour for colour products and refuses a sold-out colour", async () => {
    const owner = { cartKey: "guest-c" };
    const p = await makeProduct(db, {
      colors: [
        { colorId: 3, stock: 2 },
        { colorId: 1, stock: 0 },
      ],
    });
    await expectDomainError(addToCart(db, owner, { productId: p.id, quantity: 1 }), 400, "Select a color");
    await expectDomainError(addToCart(db, owner, { productId: p.id, quantity: 1, colorId: 1 }), 409, /items available in stock/);
    await expectDomainError(addToCart(db, owner, { productId: p.id, quantity: 1, colorId: 9 }), 400, /not available/);
    const item = await addToCart(db, owner, { productId: p.id, quantity: 2, colorId: 3 });
    expect(item.colorName).toBe("Red");
    expect(item.specificStock).toBe(2);
  });

  it("needs a variation for variation products", async () => {
    const owner = { cartKey: "guest-d" };
    const p = await makeProduct(db, {
      variations: [
        { name: "Size S", stock: 1 },
        { name: "Size M", stock: 0 },
      ],
    });
    await expectDomainError(addToCart(db, owner, { productId: p.id, quantity: 1 }), 400, "Select a variation");
    await expectDomainError(addToCart(db, owner, { productId: p.id, quantity: 1, variationCode: "B" }), 409, /items available in stock/);
    const item = await addToCart(db, owner, { productId: p.id, quantity: 1, variationCode: "A" });
    expect(item.variation).toEqual({ variationCode: "A", variationName: "Size S" });
  });

  it("updates quantity within 1..stock, only for the owner", async () => {
    const owner = { cartKey: "guest-e" };
    const p = await makeProduct(db, { stock: 4 });
    const item = await addToCart(db, owner, { productId: p.id, quantity: 1 });
    expect((await updateCartItem(db, owner, item.id, { quantity: 4 })).quantity).toBe(4);
    await expectDomainError(updateCartItem(db, owner, item.id, { quantity: 5 }), 409, "Only 4 items available in stock");
    await expectDomainError(updateCartItem(db, owner, item.id, { quantity: 0 }), 400, /at least 1/);
    await expectDomainError(updateCartItem(db, { cartKey: "someone-else" }, item.id, { quantity: 1 }), 404, /not found/);
    await expectDomainError(removeCartItem(db, { cartKey: "someone-else" }, item.id), 404, /not found/);
    await removeCartItem(db, owner, item.id);
    expect((await getCart(db, owner)).items).toHaveLength(0);
  });

  it("clears a cart and applies large item shipping", async () => {
    const owner = { cartKey: "guest-f" };
    const a = await makeProduct(db, { stock: 5 });
    const b = await makeProduct(db, { stock: 5, isLarge: true });
    await addToCart(db, owner, { productId: a.id, quantity: 1 });
    await addToCart(db, owner, { productId: b.id, quantity: 1 });
    expect((await getCart(db, owner)).totals.shippingName).toBe("Large Item Shipping");
    await clearCart(db, owner);
    const cart = await getCart(db, owner);
    expect(cart.items).toHaveLength(0);
    expect(cart.totals.shippingCents).toBe(0);
  });
});

describe("guest carts and sessions are bounded", () => {
  const cookieless = (body: unknown) => postJson("/api/cart", body, { ip: "198.51.100.80" });
  const counts = async () => ({
    sessions: Number(
      (
        await db
          .selectFrom("sessions")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    carts: Number(
      (
        await db
          .selectFrom("carts")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it("a loop of cookie-less POST /api/cart that fails stores no session and no cart", async () => {
    const soldOut = await makeProduct(db, { stock: 0 });
    const before = await counts();
    for (let i = 0; i < 40; i++) {
      const res = await run(() => apiCartAction(args(cookieless({ productId: i % 2 ? 999999 : soldOut.id, quantity: 1 }))));
      expect([404, 409]).toContain(res.status);
      expect(res.headers.get("Set-Cookie") ?? "").not.toContain("__session=");
    }
    expect(await counts()).toEqual(before);
  });

  it("sessions and guest carts made by cookie-less adds are purged once they expire; live ones stay", async () => {
    const product = await makeProduct(db, { stock: 1000 });
    const before = await counts();
    const cookies: string[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await run(() => apiCartAction(args(cookieless({ productId: product.id, quantity: 1 }))));
      expect(res.status).toBe(201);
      cookies.push(res.headers.get("Set-Cookie")!.split(";")[0]!);
    }
    expect(await counts()).toEqual({ sessions: before.sessions + 30, carts: before.carts + 30 });
    // Nothing has expired yet: the purge keeps everything.
    await purgeExpiredGuestData(db, new Date());
    expect(await counts()).toEqual({ sessions: before.sessions + 30, carts: before.carts + 30 });
    // One shopper comes back later: her session is renewed, so her cart outlives the others.
    const later = new Date(Date.now() + 31 * 86_400_000);
    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(later.getTime() + 86_400_000).toISOString() })
      .where("id", "in", db.selectFrom("sessions").select("id").orderBy("created_at", "desc").limit(1))
      .execute();
    await purgeExpiredGuestData(db, later);
    const after = await counts();
    expect(after.carts).toBe(1);
    expect(after.sessions).toBe(1);
  });
});
