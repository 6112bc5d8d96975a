// @vitest-environment node
import { addToCart, clearCart, getCart, getCartCount, removeCartItem, updateCartItem } from "~/domain/cart/cart.server";
import { DomainError } from "~/domain/common/errors";
import { createTestDb } from "../helpers/db";
import { makeProduct } from "../helpers/factories";

const db = createTestDb();
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
    const p = await makeProduct(db, { colors: [{ colorId: 3, stock: 2 }, { colorId: 1, stock: 0 }] });
    await expectDomainError(addToCart(db, owner, { productId: p.id, quantity: 1 }), 400, "Select a color");
    await expectDomainError(addToCart(db, owner, { productId: p.id, quantity: 1, colorId: 1 }), 409, /items available in stock/);
    await expectDomainError(addToCart(db, owner, { productId: p.id, quantity: 1, colorId: 9 }), 400, /not available/);
    const item = await addToCart(db, owner, { productId: p.id, quantity: 2, colorId: 3 });
    expect(item.colorName).toBe("Red");
    expect(item.specificStock).toBe(2);
  });

  it("needs a variation for variation products", async () => {
    const owner = { cartKey: "guest-d" };
    const p = await makeProduct(db, { variations: [{ name: "Size S", stock: 1 }, { name: "Size M", stock: 0 }] });
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
