import { createHash } from "node:crypto";
import { getSessionStorage } from "~/web/session.server";
import { COMMON_PASSWORD_MESSAGE } from "~/domain/auth/password-policy.server";
import { addToCart } from "~/domain/cart/cart.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { action as ordersAction } from "~/routes/api.orders";
import { action as apiRegister } from "~/routes/api.auth.register";
import { action as apiRegisterCheckout } from "~/routes/api.auth.register-checkout";
import { action as checkoutAction } from "~/routes/checkout";
import { action as loginAction } from "~/routes/login";
import { action as resetAction } from "~/routes/reset-password";
import { makeProduct } from "../helpers/kit";
import { args, postForm, postJson, run } from "../helpers/requests";

let n = 0;
const freshIp = () => `10.20.${Math.floor(++n / 250)}.${n % 250}`;

async function fillBucket(bucket: string, key: string, count: number) {
  const now = new Date().toISOString();
  await db
    .insertInto("rate_events")
    .values(Array.from({ length: count }, () => ({ bucket, key, created_at: now })))
    .execute();
}

const register = (body: Record<string, unknown>, ip: string) => run(() => apiRegister(args(postJson("/api/auth/register", body, { ip }))));

describe("common passwords", () => {
  it("are refused at registration through the API and the form, with the spec's length rule unchanged", async () => {
    const ip = freshIp();
    for (const password of ["password1", "Qwerty123", "iloveyou"]) {
      const res = await register({ email: `common-${password}@example.com`, password, firstName: "A", lastName: "B" }, ip);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(COMMON_PASSWORD_MESSAGE);
    }
    const form = await run(() =>
      loginAction(
        args(postForm("/login", { intent: "signup", email: "common-form@example.com", password: "football", firstName: "A", lastName: "B" }, { ip })),
      ),
    );
    expect(form.status).toBe(400);
    expect(JSON.stringify(await form.json())).toContain(COMMON_PASSWORD_MESSAGE);
    expect(await db.selectFrom("users").select("id").where("email", "like", "common-%").execute()).toHaveLength(0);
    expect((await register({ email: "uncommon@example.com", password: "tulle-and-lace", firstName: "A", lastName: "B" }, ip)).status).toBe(201);
  });

  it("are refused by the checkout's account creation (API and form)", async () => {
    const ip = freshIp();
    const res = await run(() =>
      apiRegisterCheckout(
        args(
          postJson(
            "/api/auth/register-checkout",
            { email: "co-common@example.com", password: "sunshine", firstName: "A", lastName: "B", createAccount: true },
            { ip },
          ),
        ),
      ),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(COMMON_PASSWORD_MESSAGE);

    const product = await makeProduct(db, { title: "Limit Scarf", priceCents: 500, stock: 5 });
    const cartKey = `limits-${Date.now()}`;
    await addToCart(db, { cartKey }, { productId: product.id, quantity: 1 });
    const storage = getSessionStorage();
    const session = await storage.getSession();
    session.set("cartKey", cartKey);
    const cookie = (await storage.commitSession(session)).split(";")[0]!;
    const form = await run(() =>
      checkoutAction(
        args(
          postForm(
            "/checkout",
            {
              email: "co-form@example.com",
              firstName: "Clara",
              lastName: "Bloom",
              addressLine1: "12 Lace Lane",
              city: "Paris",
              postalCode: "75001",
              country: "FR",
              agreeToTerms: "on",
              createAccount: "on",
              password: "princess",
              confirmPassword: "princess",
            },
            { cookie, ip },
          ),
        ),
      ),
    );
    expect(form.status).toBe(400);
    expect(JSON.stringify(await form.json())).toContain(COMMON_PASSWORD_MESSAGE);
    expect(await db.selectFrom("users").select("id").where("email", "like", "co-%").execute()).toHaveLength(0);
  });
});

describe("common passwords at the reset link", () => {
  it("are refused there too; a good one is set, the address counts as verified and every session ends", async () => {
    const user = await db
      .insertInto("users")
      .values({ email: "reset-common@example.com", password_hash: "x", first_name: "R", last_name: "S" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("sessions")
      .values({ id: "reset-common-session", user_id: user.id, data: JSON.stringify({ userId: user.id }), expires_at: "2999-01-01T00:00:00.000Z" })
      .execute();
    const token = "reset-common-token-0123456789";
    await db
      .insertInto("password_reset_tokens")
      .values({ user_id: user.id, token_hash: createHash("sha256").update(token).digest("hex"), expires_at: new Date(Date.now() + 3_600_000).toISOString() })
      .execute();
    const reset = (password: string) =>
      run(() => resetAction(args(postForm("/reset-password", { token, password, confirmPassword: password }, { ip: freshIp() }))));
    const common = await reset("qwerty123");
    expect(common.status).toBe(400);
    expect(JSON.stringify(await common.json())).toContain(COMMON_PASSWORD_MESSAGE);
    expect((await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow()).password_hash).toBe("x");
    expect((await reset("moss-and-velvet-3")).status).toBe(302);
    const row = await db.selectFrom("users").select(["password_hash", "email_verified_at"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).not.toBe("x");
    expect(row.email_verified_at).not.toBeNull();
    expect(await db.selectFrom("sessions").select("id").where("id", "=", "reset-common-session").executeTakeFirst()).toBeUndefined();
  });
});

describe("per-address limits", () => {
  it(`lets one address create ${getEnv().SIGNUP_LIMIT_PER_HOUR} accounts an hour, then answers 429 with a message`, async () => {
    const ip = freshIp();
    await fillBucket("signup", ip, getEnv().SIGNUP_LIMIT_PER_HOUR - 1);
    expect((await register({ email: "last-ok@example.com", password: "tulle-and-lace", firstName: "A", lastName: "B" }, ip)).status).toBe(201);
    const refused = await register({ email: "one-too-many@example.com", password: "tulle-and-lace", firstName: "A", lastName: "B" }, ip);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^Too many new accounts from your network\. Please wait \d+ minutes? and try again\.$/);
    // Another address still may.
    expect((await register({ email: "elsewhere@example.com", password: "tulle-and-lace", firstName: "A", lastName: "B" }, freshIp())).status).toBe(201);
  });

  it("holds under simultaneous sign-ups: no more accounts than the limit", async () => {
    const ip = freshIp();
    await fillBucket("signup", ip, getEnv().SIGNUP_LIMIT_PER_HOUR - 3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => register({ email: `burst-${i}@example.com`, password: "tulle-and-lace", firstName: "A", lastName: "B" }, ip)),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(7);
  });

  it(`answers 429 to the ${getEnv().ORDER_LIMIT_PER_HOUR + 1}th order of an hour from one address`, async () => {
    const ip = freshIp();
    await fillBucket("order", ip, getEnv().ORDER_LIMIT_PER_HOUR);
    const product = await makeProduct(db, { title: "Limit Hat", priceCents: 500, stock: 5 });
    const cartKey = `limits-order-${Date.now()}`;
    await addToCart(db, { cartKey }, { productId: product.id, quantity: 1 });
    const storage = getSessionStorage();
    const session = await storage.getSession();
    session.set("cartKey", cartKey);
    const cookie = (await storage.commitSession(session)).split(";")[0]!;
    const body = {
      email: "buyer@example.com",
      shippingAddress: { firstName: "Clara", lastName: "Bloom", addressLine1: "12 Lace Lane", city: "Paris", postalCode: "75001", country: "FR" },
      useLoyaltyPoints: false,
    };
    const refused = await run(() => ordersAction(args(postJson("/api/orders", body, { cookie, ip }))));
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^Too many orders from your network\./);
    expect(await db.selectFrom("orders").select("id").where("email", "=", "buyer@example.com").execute()).toHaveLength(0);
    const ok = await run(() => ordersAction(args(postJson("/api/orders", body, { cookie, ip: freshIp() }))));
    expect(ok.status).toBe(201);
  });
});
