import { type OrderStatus } from "../../../app/lib/db-schema/order-status";
import { makeLoyaltyEvents, makeOrder } from "../../helpers/kit";
import { expect, test } from "../fixtures";
import { expectError, productId } from "../helpers/api";
import { e2eDb } from "../helpers/db";
import { signedSessionValue, uniqueEmail } from "../helpers/session";

/** An order without items for the user (no API writes one with exactly this total). */
function insertOrder(userId: number | null, totalCents: number, status: OrderStatus = "unpaid") {
  return makeOrder(e2eDb(), { userId, email: "orders@example.com", status, lines: [], subtotalCents: totalCents - 800, shippingCents: 800 });
}

test.describe("GET /api/auth/me", () => {
  test("401 {message} when signed out", async ({ request }) => {
    const res = await request.get("/api/auth/me");
    await expectError(res, 401);
    expect(res.headers()["cache-control"]).toContain("no-store");
  });

  test("a forged or garbage session cookie is just signed out", async ({ playwright, baseURL }) => {
    for (const value of ["garbage", await signedSessionValue("no-such-session"), await signedSessionValue("x", "wrong-secret-wrong-secret")]) {
      const ctx = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: `__session=${value}` } });
      try {
        await expectError(await ctx.get("/api/auth/me"), 401);
        expect((await ctx.get("/api/cart")).status()).toBe(200);
      } finally {
        await ctx.dispose();
      }
    }
  });

  test("answers the signed-in user with both admin flags", async ({ loginAsCustomer }) => {
    const email = uniqueEmail("me");
    const { request, userId } = await loginAsCustomer({ email, firstName: "Mia", lastName: "Stitch", loyaltyPoints: 40 });
    const res = await request.get("/api/auth/me");
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toContain("no-store");
    expect(await res.json()).toEqual({
      id: userId,
      email,
      firstName: "Mia",
      lastName: "Stitch",
      shippingFirstName: null,
      shippingLastName: null,
      shippingAddressLine1: null,
      shippingAddressLine2: null,
      shippingCity: null,
      shippingState: null,
      shippingPostalCode: null,
      shippingCountry: null,
      loyaltyPoints: 40,
      isAdmin: false,
      is_admin: false,
      hasPassword: false,
      hasGoogle: false,
      createdAt: expect.any(String),
    });
  });

  test("an admin has isAdmin and is_admin true", async ({ loginAsAdmin }) => {
    const { request } = await loginAsAdmin({ email: uniqueEmail("admin") });
    const me = await (await request.get("/api/auth/me")).json();
    expect(me.isAdmin).toBe(true);
    expect(me.is_admin).toBe(true);
  });
});

test.describe("POST /api/auth/logout", () => {
  test("destroys the session", async ({ playwright, baseURL, loginAsCustomer }) => {
    const { request, cookie } = await loginAsCustomer({ email: uniqueEmail("logout") });
    expect((await request.get("/api/auth/me")).status()).toBe(200);
    const res = await request.post("/api/auth/logout");
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ message: "Logged out successfully" });
    expect(res.headers()["set-cookie"]).toMatch(/__session=;/);
    await expectError(await request.get("/api/auth/me"), 401);
    await expectError(await request.get("/api/favorites"), 401);
    // The old cookie is worthless now: the session row is gone on the server.
    const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: `__session=${cookie.value}` } });
    try {
      await expectError(await replay.get("/api/auth/me"), 401);
    } finally {
      await replay.dispose();
    }
  });

  test("a guest may log out too", async ({ request }) => {
    const res = await request.post("/api/auth/logout");
    expect(res.status()).toBe(200);
    expect((await res.json()).message).toBe("Logged out successfully");
  });

  test("GET is 405", async ({ request }) => {
    await expectError(await request.get("/api/auth/logout"), 405);
  });
});

test.describe("favorites", () => {
  test("401 for every favorites call when signed out", async ({ request }) => {
    const id = await productId(request, "cream-cable-knit-sweater");
    const get = await request.get("/api/favorites");
    await expectError(get, 401);
    expect(get.headers()["cache-control"]).toContain("no-store");
    await expectError(await request.post("/api/favorites", { data: { productId: id } }), 401);
    await expectError(await request.delete(`/api/favorites/${id}`), 401);
  });

  test("add, list, add twice, remove", async ({ loginAsCustomer }) => {
    const { request } = await loginAsCustomer({ email: uniqueEmail("fav") });
    const id = await productId(request, "rose-garden-tea-dress");
    const other = await productId(request, "cream-cable-knit-sweater");
    const empty = await request.get("/api/favorites");
    expect(empty.status()).toBe(200);
    expect(empty.headers()["cache-control"]).toContain("no-store");
    expect(await empty.json()).toEqual([]);

    const added = await request.post("/api/favorites", { data: { productId: id } });
    expect(added.status()).toBe(201);
    expect(await added.json()).toEqual({ productId: id });
    const again = await request.post("/api/favorites", { data: { productId: id } });
    expect(again.status()).toBe(201);
    expect((await request.post("/api/favorites", { data: { productId: other } })).status()).toBe(201);

    const list = await (await request.get("/api/favorites")).json();
    expect(list).toHaveLength(2);
    const fav = list.find((f: { productId: number }) => f.productId === id);
    expect(fav).toEqual(expect.objectContaining({ id: expect.any(Number), productId: id }));
    expect(fav.product.slug).toBe("rose-garden-tea-dress");
    expect(fav.product.price).toMatch(/^\d+\.\d{2}$/);

    const removed = await request.delete(`/api/favorites/${id}`);
    expect(removed.status()).toBe(200);
    expect(await removed.json()).toEqual({ productId: id });
    await expectError(await request.delete(`/api/favorites/${id}`), 404);
    const after = await (await request.get("/api/favorites")).json();
    expect(after.map((f: { productId: number }) => f.productId)).toEqual([other]);
  });

  test("favorites are per user", async ({ loginAsCustomer }) => {
    const a = await loginAsCustomer({ email: uniqueEmail("fav-a") });
    const b = await loginAsCustomer({ email: uniqueEmail("fav-b") });
    const id = await productId(a.request, "linen-summer-apron");
    expect((await a.request.post("/api/favorites", { data: { productId: id } })).status()).toBe(201);
    expect(await (await b.request.get("/api/favorites")).json()).toEqual([]);
    await expectError(await b.request.delete(`/api/favorites/${id}`), 404);
    expect(await (await a.request.get("/api/favorites")).json()).toHaveLength(1);
  });

  test("bad input: 404 unknown product, 400 bad body, 404 bad id", async ({ loginAsCustomer }) => {
    const { request } = await loginAsCustomer({ email: uniqueEmail("fav-bad") });
    expect(await expectError(await request.post("/api/favorites", { data: { productId: 98765432 } }), 404)).toBe("Product not found");
    for (const data of [{}, { productId: "1" }, { productId: -1 }, { productId: 1.5 }, { productId: "1 OR 1=1" }, { productId: "x".repeat(1000) }]) {
      await expectError(await request.post("/api/favorites", { data }), 400);
    }
    expect(
      await expectError(await request.post("/api/favorites", { data: Buffer.from("{bad json"), headers: { "Content-Type": "application/json" } }), 400),
    ).toMatch(/JSON/);
    for (const id of ["abc", "0", "-1", "98765432", "1%20OR%201%3D1"]) {
      await expectError(await request.delete(`/api/favorites/${id}`), 404);
    }
    await expectError(await request.get("/api/favorites/1"), 405);
    expect(await (await request.get("/api/favorites")).json()).toEqual([]);
  });
});

test.describe("GET /api/orders", () => {
  test("401 when signed out", async ({ request }) => {
    await expectError(await request.get("/api/orders"), 401);
  });

  test("lists only the user's own orders with money as strings", async ({ loginAsCustomer }) => {
    const { request, userId } = await loginAsCustomer({ email: uniqueEmail("orders") });
    const stranger = await loginAsCustomer({ email: uniqueEmail("orders-other") });
    const empty = await request.get("/api/orders");
    expect(empty.status()).toBe(200);
    expect(empty.headers()["cache-control"]).toContain("no-store");
    expect(await empty.json()).toEqual([]);

    const first = await insertOrder(userId, 3250);
    const second = await insertOrder(userId, 10900, "paid");
    await insertOrder(stranger.userId, 5000);
    await insertOrder(null, 7000);

    const list = await (await request.get("/api/orders")).json();
    expect(list).toHaveLength(2);
    const byId = Object.fromEntries(list.map((o: { id: number }) => [o.id, o]));
    expect(byId[first.id]).toEqual({
      id: first.id,
      status: "unpaid",
      total: "32.50",
      createdAt: expect.any(String),
      confirmationToken: first.token,
      withdrawal: null,
    });
    expect(byId[second.id]).toEqual(expect.objectContaining({ status: "paid", total: "109.00", confirmationToken: second.token }));
    expect(await (await stranger.request.get("/api/orders")).json()).toHaveLength(1);
  });
});

test.describe("PUT /api/profile", () => {
  const profile = (email: string) => ({
    email,
    firstName: "Rosa",
    lastName: "Linde",
    shippingFirstName: "Rosa",
    shippingLastName: "Linde",
    shippingAddressLine1: "3 Ribbon Row",
    shippingAddressLine2: "",
    shippingCity: "Oslo",
    shippingState: "",
    shippingPostalCode: "0150",
    shippingCountry: "NO",
  });

  test("401 {message} when signed out", async ({ request }) => {
    await expectError(await request.put("/api/profile", { data: profile(uniqueEmail("nobody")) }), 401);
  });

  test("saves the profile, answers the user, and /api/auth/me follows", async ({ loginAsCustomer }) => {
    // The same address (a new one waits for its confirmation: account-email.spec.ts).
    const email = uniqueEmail("profile");
    const { request, userId } = await loginAsCustomer({ email });
    const res = await request.put("/api/profile", { data: { ...profile(email.toUpperCase()), firstName: "  Rosa " } });
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toContain("no-store");
    const user = await res.json();
    expect(user).toMatchObject({
      id: userId,
      email,
      firstName: "Rosa",
      lastName: "Linde",
      shippingAddressLine1: "3 Ribbon Row",
      shippingAddressLine2: null,
      shippingState: null,
      shippingCountry: "NO",
      loyaltyPoints: 0,
      isAdmin: false,
      is_admin: false,
      pendingEmail: null,
    });
    expect(JSON.stringify(user)).not.toMatch(/password_hash|passwordHash|google_id/);
    const me = await (await request.get("/api/auth/me")).json();
    expect(me).toMatchObject({ id: userId, email, firstName: "Rosa", shippingCountry: "NO" });

    // PUT semantics: what is left out is cleared.
    const cleared = await (await request.put("/api/profile", { data: { email } })).json();
    expect(cleared).toMatchObject({ email, firstName: "", shippingCity: null, shippingCountry: null });
  });

  test("400 {message, errors} for bad input, and nothing changes", async ({ loginAsCustomer }) => {
    const email = uniqueEmail("profile-bad");
    const { request } = await loginAsCustomer({ email, firstName: "Before" });
    const invalid = await request.put("/api/profile", { data: profile("not-an-email") });
    expect(await expectError(invalid, 400)).toContain("Please enter a valid email address");
    expect((await invalid.json()).errors.email).toContain("Please enter a valid email address");

    const empty = await request.put("/api/profile", { data: profile("") });
    expect(await expectError(empty, 400)).toContain("Email is required");
    const missing = await request.put("/api/profile", { data: { firstName: "No mail" } });
    expect((await missing.json()).errors.email).toEqual(["Email is required"]);

    const country = await request.put("/api/profile", { data: { ...profile(email), shippingCountry: "XX" } });
    await expectError(country, 400);
    expect((await country.json()).errors).toHaveProperty("shippingCountry");

    for (const data of [{ ...profile(email), firstName: 42 }, { ...profile(email), shippingCity: "x".repeat(101) }, [], "text"]) {
      await expectError(await request.put("/api/profile", { data }), 400);
    }
    const badJson = await request.put("/api/profile", { data: Buffer.from("{nope"), headers: { "Content-Type": "application/json" } });
    expect(await expectError(badJson, 400)).toMatch(/JSON/);

    expect(await (await request.get("/api/auth/me")).json()).toMatchObject({ email, firstName: "Before" });
  });

  test("409 when another account uses the e-mail, told only once the password is right", async ({ loginAsCustomer }) => {
    const taken = uniqueEmail("profile-taken");
    await loginAsCustomer({ email: taken });
    const { request } = await loginAsCustomer({ email: uniqueEmail("profile-wants"), password: "velvet-ribbon-42" });
    const put = (email: string, currentPassword: string) => request.put("/api/profile", { data: { ...profile(email), currentPassword } });
    // A wrong password gets the same answer for a taken address as for a free one.
    const wrongTaken = await expectError(await put(taken, "not-the-password"), 400);
    expect(await expectError(await put(uniqueEmail("profile-free"), "not-the-password"), 400)).toBe(wrongTaken);
    expect(await expectError(await put(taken.toUpperCase(), "velvet-ribbon-42"), 409)).toBe("An account with this email already exists");
  });

  test("other methods are 405 and a foreign origin is 403", async ({ loginAsCustomer }) => {
    const { request } = await loginAsCustomer({ email: uniqueEmail("profile-methods") });
    await expectError(await request.get("/api/profile"), 405);
    await expectError(await request.post("/api/profile", { data: profile(uniqueEmail("x")) }), 405);
    await expectError(await request.delete("/api/profile"), 405);
    const evil = await request.put("/api/profile", { data: profile(uniqueEmail("evil")), headers: { Origin: "http://evil.example" } });
    await expectError(evil, 403);
  });
});

test.describe("loyalty API", () => {
  test("GET /api/loyalty/config is public and answers pointsRules", async ({ request }) => {
    const res = await request.get("/api/loyalty/config");
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(["pointsRules"]);
    // The seed stores the default points rules.
    expect(body.pointsRules).toEqual({
      dollarsPerPoint: 1,
      minimumOrderForPoints: 0,
      discountExchange: { pointsRequired: 50, discountAmount: 5, minimumOrderValue: 30 },
    });
    await expectError(await request.post("/api/loyalty/config", { data: {} }), 405);
  });

  test("GET /api/loyalty/history: 401 signed out", async ({ request }) => {
    const res = await request.get("/api/loyalty/history");
    await expectError(res, 401);
    expect(res.headers()["cache-control"]).toContain("no-store");
  });

  test("GET /api/loyalty/history: the user's own events with signed points, newest first", async ({ loginAsCustomer }) => {
    const { request, userId } = await loginAsCustomer({ email: uniqueEmail("history"), loyaltyPoints: 120 });
    const other = await loginAsCustomer({ email: uniqueEmail("history-other") });
    expect(await (await request.get("/api/loyalty/history")).json()).toEqual({ history: [] });
    await makeLoyaltyEvents(e2eDb(), userId, [
      { eventType: "order_gain", description: "Order #1", points: 170, pointsAfter: 170, createdAt: "2025-04-01T09:00:00.000Z" },
      { eventType: "order_spend", description: "Discount", points: -50, pointsAfter: 120, createdAt: "2025-04-02T09:00:00.000Z" },
    ]);
    await makeLoyaltyEvents(e2eDb(), other.userId, [{ eventType: "admin_reward", description: "Not yours", points: 5, pointsAfter: 5 }]);
    const res = await request.get("/api/loyalty/history");
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toContain("no-store");
    expect(await res.json()).toEqual({
      history: [
        { id: expect.any(Number), eventType: "order_spend", description: "Discount", points: -50, pointsAfter: 120, createdAt: "2025-04-02T09:00:00.000Z" },
        { id: expect.any(Number), eventType: "order_gain", description: "Order #1", points: 170, pointsAfter: 170, createdAt: "2025-04-01T09:00:00.000Z" },
      ],
    });
    expect((await (await other.request.get("/api/loyalty/history")).json()).history).toHaveLength(1);
    await expectError(await request.post("/api/loyalty/history", { data: {} }), 405);
  });
});
