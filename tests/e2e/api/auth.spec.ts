import { expect, test } from "../fixtures";
import { expectError, productId } from "../helpers/api";
import { uniqueEmail } from "../helpers/session";

// The auth calls over HTTP against the built server: register, login, me, logout,
// register-checkout, the throttle and the admin flag.

const PASSWORD = "needle-and-thread";

test("register, me, logout and login again over the API", async ({ request }) => {
  const email = uniqueEmail("api-auth");
  const reg = await request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "Ana", lastName: "Pin" } });
  expect(reg.status()).toBe(201);
  expect(reg.headers()["set-cookie"]).toMatch(/__session=.*HttpOnly.*SameSite=Lax/i);
  const created = await reg.json();
  expect(created).toMatchObject({ email, firstName: "Ana", lastName: "Pin", isAdmin: false, loyaltyPoints: 0 });
  expect(JSON.stringify(created)).not.toMatch(/scrypt|password_hash|passwordHash/);

  const me = await request.get("/api/auth/me");
  expect(me.status()).toBe(200);
  expect((await me.json()).email).toBe(email);

  const out = await request.post("/api/auth/logout");
  expect(out.status()).toBe(200);
  await expectError(await request.get("/api/auth/me"), 401);

  const login = await request.post("/api/auth/login", { data: { email: email.toUpperCase(), password: PASSWORD } });
  expect(login.status()).toBe(200);
  expect(await login.json()).toMatchObject({ email, isAdmin: false });
  expect((await request.get("/api/auth/me")).status()).toBe(200);
});

test("login refuses missing fields, a bad e-mail and wrong credentials with {message}", async ({ request }) => {
  expect(await expectError(await request.post("/api/auth/login", { data: {} }), 400)).toBe("Please enter both email and password");
  expect(await expectError(await request.post("/api/auth/login", { data: { email: "a@b.co" } }), 400)).toBe("Please enter both email and password");
  expect(await expectError(await request.post("/api/auth/login", { data: { email: "not-mail", password: "x" } }), 400)).toMatch("Invalid email address");
  const email = uniqueEmail("wrongpw");
  await request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "W", lastName: "P" } });
  await request.post("/api/auth/logout");
  const wrong = await expectError(await request.post("/api/auth/login", { data: { email, password: "not-it" } }), 401);
  const unknown = await expectError(await request.post("/api/auth/login", { data: { email: uniqueEmail("ghost"), password: "not-it" } }), 401);
  expect(wrong).toBe("Invalid credentials");
  expect(unknown).toBe(wrong);
});

test("five failed sign-ins for one e-mail answer 429 until the window passes, even with the right password", async ({ request }) => {
  const email = uniqueEmail("throttled");
  await request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "T", lastName: "R" } });
  await request.post("/api/auth/logout");
  for (let i = 0; i < 5; i++) await expectError(await request.post("/api/auth/login", { data: { email, password: `wrong-${i}` } }), 401);
  const blocked = await expectError(await request.post("/api/auth/login", { data: { email, password: PASSWORD } }), 429);
  expect(blocked).toMatch(/Too many failed sign-in attempts\. Please wait 1[45] minutes and try again\./);
});

test("register checks every field and refuses a taken e-mail", async ({ request }) => {
  const res = await request.post("/api/auth/register", { data: { email: "nope", password: "123", firstName: "", lastName: " " } });
  await expectError(res, 400);
  const body = await (await request.post("/api/auth/register", { data: { email: "nope", password: "123", firstName: "", lastName: " " } })).json();
  expect(body.errors).toEqual({
    email: ["Invalid email address"],
    password: ["Password must be at least 6 characters"],
    firstName: ["First name is required"],
    lastName: ["Last name is required"],
  });
  const email = uniqueEmail("taken");
  expect((await request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "A", lastName: "B" } })).status()).toBe(201);
  expect(await expectError(await request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "A", lastName: "B" } }), 409)).toBe(
    "An account with this email already exists",
  );
  await expectError(await request.post("/api/auth/register", { data: "not json", headers: { "Content-Type": "application/json" } }), 400);
});

test("register-checkout creates the account with createAccount true and answers {message} otherwise", async ({ request }) => {
  const email = uniqueEmail("checkout-reg");
  const ok = await request.post("/api/auth/register-checkout", { data: { email, password: PASSWORD, firstName: "C", lastName: "K", createAccount: true } });
  expect(ok.status()).toBe(201);
  expect((await (await request.get("/api/auth/me")).json()).email).toBe(email);
  expect(
    await expectError(
      await request.post("/api/auth/register-checkout", { data: { email, password: PASSWORD, firstName: "C", lastName: "K", createAccount: true } }),
      409,
    ),
  ).toBe("An account with this email already exists");
  await expectError(
    await request.post("/api/auth/register-checkout", { data: { email: uniqueEmail("x"), password: "1", firstName: "C", lastName: "K", createAccount: true } }),
    400,
  );
});

test("the guest's cart moves into the account on sign-in", async ({ request }) => {
  const email = uniqueEmail("merge");
  await request.post("/api/auth/register", { data: { email, password: PASSWORD, firstName: "M", lastName: "G" } });
  await request.post("/api/auth/logout");
  const id = await productId(request, "cream-cable-knit-sweater");
  expect((await request.post("/api/cart", { data: { productId: id, quantity: 2 } })).status()).toBe(201);
  expect((await request.post("/api/auth/login", { data: { email, password: PASSWORD } })).status()).toBe(200);
  const cart = await (await request.get("/api/cart")).json();
  expect(cart.map((i: { productId: number; quantity: number }) => [i.productId, i.quantity])).toEqual([[id, 2]]);
});

test("/api/auth/me tells admins apart; logout and login are POST only", async ({ loginAsAdmin, loginAsCustomer }) => {
  const { request: admin } = await loginAsAdmin({ email: "admin@example.com" });
  expect(await (await admin.get("/api/auth/me")).json()).toMatchObject({ email: "admin@example.com", isAdmin: true, is_admin: true });
  const { request: customer } = await loginAsCustomer({ email: uniqueEmail("plain") });
  expect(await (await customer.get("/api/auth/me")).json()).toMatchObject({ isAdmin: false });
  await expectError(await customer.get("/api/auth/logout"), 405);
  await expectError(await customer.get("/api/auth/login"), 405);
  expect((await customer.get("/api/auth/me")).status()).toBe(200);
});

test("/login shows its two tabs as links and the sign-up fields with native constraints", async ({ request }) => {
  const page = await request.get("/login");
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain('href="/login?tab=signup"');
  expect(html).toContain("Sign In");
  const signup = await (await request.get("/login?tab=signup")).text();
  expect(signup).toContain('name="firstName"');
  expect(signup).toMatch(/name="password"[^>]*minlength="6"|minlength="6"[^>]*name="password"/i);
});
