import { AUTH_TEXT } from "~/domain/auth/schemas";
import { addToCart, getCart, mergeGuestCart } from "~/domain/cart/cart.server";
import { DomainError } from "~/domain/common/errors";
import { type CheckoutOrderInput, placeCheckoutOrder } from "~/domain/orders/checkout-order.server";
import { type CheckoutInput } from "~/domain/orders/schemas";
import { createTestDb } from "../helpers/db";
import { makeProduct, makeUser } from "../helpers/kit";

// placeCheckoutOrder on a database of its own: the account-then-order rules without a request.
const db = createTestDb();
afterAll(() => db.destroy());

let n = 0;

const CHECKOUT: CheckoutInput = {
  email: "clara@example.com",
  firstName: "Clara",
  lastName: "Bloom",
  addressLine1: "12 Lace Lane",
  addressLine2: "Flat 2",
  city: "Paris",
  state: null,
  postalCode: "75001",
  country: "FR",
  customerMessage: null,
  agreeToTerms: true,
  useLoyaltyPoints: false,
  discountCode: null,
  isGift: false,
  createAccount: false,
};

async function guestCart(productId: number, quantity = 1) {
  const cartKey = `order-guest-${++n}`;
  await addToCart(db, { cartKey }, { productId, quantity });
  return cartKey;
}

/** The web side's sign-in, as far as the database sees it: the guest's cart goes to the account. */
function signInRecorder(cartKey: string | null) {
  const signedIn: number[] = [];
  return {
    signedIn,
    signIn: async (userId: number) => {
      signedIn.push(userId);
      if (cartKey) await mergeGuestCart(db, cartKey, userId);
    },
  };
}

const input = (extra: Partial<CheckoutOrderInput>): CheckoutOrderInput => ({
  checkout: CHECKOUT,
  userId: null,
  owner: null,
  clientIp: `203.0.113.${++n}`,
  shown: {},
  ...extra,
});

const count = async (table: "orders" | "users") =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const newAccount = (email: string): CheckoutInput => ({ ...CHECKOUT, email, createAccount: true, password: "linen-seam-42", confirmPassword: "linen-seam-42" });

describe("placeCheckoutOrder", () => {
  it("a guest's order belongs to the guest's session", async () => {
    const p = await makeProduct(db, { priceCents: 1500 });
    const cartKey = await guestCart(p.id, 2);
    const { signedIn, signIn } = signInRecorder(cartKey);
    const outcome = await placeCheckoutOrder(db, input({ owner: { cartKey }, shown: { subtotalCents: 3000 } }), signIn);
    expect(outcome.kind).toBe("placed");
    if (outcome.kind !== "placed") return;
    const order = await db
      .selectFrom("orders")
      .select(["user_id", "session_key", "subtotal_cents", "status"])
      .where("id", "=", outcome.order.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ user_id: null, session_key: cartKey, subtotal_cents: 3000, status: "unpaid" });
    expect(signedIn).toEqual([]);
  });

  it("creates the account with the address first, signs it in, and the order is the new customer's", async () => {
    const p = await makeProduct(db, { priceCents: 1000 });
    const cartKey = await guestCart(p.id);
    const { signedIn, signIn } = signInRecorder(cartKey);
    const email = `new-${++n}@example.com`;
    const outcome = await placeCheckoutOrder(db, input({ checkout: newAccount(email), owner: { cartKey } }), signIn);
    expect(outcome.kind).toBe("placed");
    if (outcome.kind !== "placed") return;
    const user = await db
      .selectFrom("users")
      .select(["id", "first_name", "shipping_first_name", "shipping_address_line1", "shipping_state", "shipping_country", "password_hash"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      first_name: "Clara",
      shipping_first_name: "Clara",
      shipping_address_line1: "12 Lace Lane",
      shipping_state: null,
      shipping_country: "FR",
    });
    expect(user.password_hash).toBeTruthy();
    expect(signedIn).toEqual([user.id]);
    const order = await db.selectFrom("orders").select(["user_id", "session_key", "email"]).where("id", "=", outcome.order.id).executeTakeFirstOrThrow();
    expect(order).toEqual({ user_id: user.id, session_key: null, email });
    // Payment takes the cart, not placing the order.
    expect((await getCart(db, { userId: user.id })).items).toHaveLength(1);
  });

  it("an e-mail that already has an account: no account, no sign-in, no order", async () => {
    const existing = await makeUser(db);
    const p = await makeProduct(db);
    const cartKey = await guestCart(p.id);
    const { signedIn, signIn } = signInRecorder(cartKey);
    const [orders, users] = [await count("orders"), await count("users")];
    const outcome = await placeCheckoutOrder(db, input({ checkout: newAccount(existing.email.toUpperCase()), owner: { cartKey } }), signIn);
    expect(outcome.kind).toBe("account-refused");
    if (outcome.kind !== "account-refused") return;
    expect(outcome.error).toMatchObject({ message: AUTH_TEXT.emailTaken, status: 409, field: "email" });
    expect(signedIn).toEqual([]);
    expect(await count("orders")).toBe(orders);
    expect(await count("users")).toBe(users);
    expect((await getCart(db, { cartKey })).items).toHaveLength(1);
  });

  it("a signed-in customer's tick does not make a second account", async () => {
    const user = await makeUser(db);
    const p = await makeProduct(db);
    await addToCart(db, { userId: user.id }, { productId: p.id, quantity: 1 });
    const { signedIn, signIn } = signInRecorder(null);
    const users = await count("users");
    const outcome = await placeCheckoutOrder(
      db,
      input({ checkout: newAccount(`other-${++n}@example.com`), userId: user.id, owner: { userId: user.id } }),
      signIn,
    );
    expect(outcome.kind).toBe("placed");
    expect(signedIn).toEqual([]);
    expect(await count("users")).toBe(users);
  });

  it("points the balance does not cover give no discount and take nothing", async () => {
    const user = await makeUser(db);
    await db.updateTable("users").set({ loyalty_points: 49 }).where("id", "=", user.id).execute();
    const p = await makeProduct(db, { priceCents: 3000 });
    await addToCart(db, { userId: user.id }, { productId: p.id, quantity: 1 });
    const outcome = await placeCheckoutOrder(
      db,
      input({ checkout: { ...CHECKOUT, useLoyaltyPoints: true }, userId: user.id, owner: { userId: user.id } }),
      signInRecorder(null).signIn,
    );
    expect(outcome.kind).toBe("placed");
    if (outcome.kind !== "placed") return;
    const order = await db
      .selectFrom("orders")
      .select(["loyalty_discount_cents", "loyalty_points_used", "points_taken"])
      .where("id", "=", outcome.order.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ loyalty_discount_cents: 0, loyalty_points_used: 0, points_taken: 0 });
    expect((await db.selectFrom("users").select("loyalty_points").where("id", "=", user.id).executeTakeFirstOrThrow()).loyalty_points).toBe(49);
  });

  it("a discount the page showed but the balance no longer covers is refused as changed figures", async () => {
    const user = await makeUser(db);
    await db.updateTable("users").set({ loyalty_points: 60 }).where("id", "=", user.id).execute();
    const p = await makeProduct(db, { priceCents: 3000 });
    await addToCart(db, { userId: user.id }, { productId: p.id, quantity: 1 });
    // The points went elsewhere after the page showed a $5 discount.
    await db.updateTable("users").set({ loyalty_points: 10 }).where("id", "=", user.id).execute();
    const orders = await count("orders");
    const outcome = await placeCheckoutOrder(
      db,
      input({ checkout: { ...CHECKOUT, useLoyaltyPoints: true }, userId: user.id, owner: { userId: user.id }, shown: { loyaltyDiscountCents: 500 } }),
      signInRecorder(null).signIn,
    );
    expect(outcome).toMatchObject({ kind: "order-failed", accountCreated: false });
    if (outcome.kind !== "order-failed") return;
    expect(outcome.error).toBeInstanceOf(DomainError);
    expect(outcome.error).toMatchObject({ status: 409 });
    expect(await count("orders")).toBe(orders);
    expect((await db.selectFrom("users").select("loyalty_points").where("id", "=", user.id).executeTakeFirstOrThrow()).loyalty_points).toBe(10);
  });

  it("stock gone after the cart was filled: 409 naming the product, no order", async () => {
    const p = await makeProduct(db, { title: "Last Lace Shawl", stock: 1 });
    const cartKey = await guestCart(p.id);
    await db.updateTable("products").set({ stock: 0, total_stock: 0 }).where("id", "=", p.id).execute();
    const orders = await count("orders");
    const outcome = await placeCheckoutOrder(db, input({ owner: { cartKey } }), signInRecorder(cartKey).signIn);
    expect(outcome).toMatchObject({ kind: "order-failed", accountCreated: false });
    if (outcome.kind !== "order-failed") return;
    expect(outcome.error).toBeInstanceOf(DomainError);
    expect(outcome.error).toMatchObject({ status: 409 });
    expect((outcome.error as DomainError).message).toContain("Last Lace Shawl");
    expect(await count("orders")).toBe(orders);
  });

  it("stock gone while the account was made: no order, but the account stays and is signed in", async () => {
    const p = await makeProduct(db, { title: "Only Velvet Cape", stock: 1 });
    const cartKey = await guestCart(p.id);
    const recorder = signInRecorder(cartKey);
    const email = `late-${++n}@example.com`;
    const orders = await count("orders");
    const outcome = await placeCheckoutOrder(db, input({ checkout: newAccount(email), owner: { cartKey } }), async (userId) => {
      await recorder.signIn(userId);
      // Someone else bought the last one in the meantime.
      await db.updateTable("products").set({ stock: 0, total_stock: 0 }).where("id", "=", p.id).execute();
    });
    expect(outcome).toMatchObject({ kind: "order-failed", accountCreated: true });
    if (outcome.kind !== "order-failed") return;
    expect(outcome.error).toMatchObject({ status: 409 });
    expect((outcome.error as DomainError).message).toContain("Only Velvet Cape");
    expect(await count("orders")).toBe(orders);
    const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect(recorder.signedIn).toEqual([user.id]);
  });

  it("no cart, or an empty one: nothing is made", async () => {
    const users = await count("users");
    const { signedIn, signIn } = signInRecorder(null);
    expect(await placeCheckoutOrder(db, input({ checkout: newAccount(`none-${++n}@example.com`), owner: null }), signIn)).toEqual({
      kind: "empty-cart",
      accountCreated: false,
    });
    expect(await placeCheckoutOrder(db, input({ owner: { cartKey: "never-filled" } }), signIn)).toEqual({ kind: "empty-cart", accountCreated: false });
    expect(signedIn).toEqual([]);
    expect(await count("users")).toBe(users);
  });
});
