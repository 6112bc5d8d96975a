import { expect, type Login, test } from "../fixtures";
import { expectError } from "../helpers/api";
import { linkIn, waitForMail } from "../helpers/mail";
import { insertOrder } from "../helpers/orders";
import { withDb } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// Data rights over HTTP: GET /api/account/export and POST /api/account/delete {password}.

const PASSWORD = "velvet-and-tulle-3";

/** A signed-in account with a password. */
function registered(loginAsCustomer: Login, tag: string) {
  return loginAsCustomer({ email: uniqueEmail(tag), password: PASSWORD, firstName: "Nora", lastName: "Needle" });
}

test("the export is the signed-in person's data as a JSON attachment; 401 {message} when signed out", async ({ request, loginAsCustomer }) => {
  await expectError(await request.get("/api/account/export"), 401);
  const me = await registered(loginAsCustomer, "export-api");
  const other = await registered(loginAsCustomer, "export-other");
  const mine = await insertOrder({ userId: me.userId, email: me.email });
  const theirs = await insertOrder({ userId: other.userId, email: other.email });
  const res = await me.request.get("/api/account/export");
  expect(res.status()).toBe(200);
  const headers = res.headers();
  expect(headers["content-type"]).toContain("application/json");
  expect(headers["content-disposition"]).toBe(`attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`);
  expect(headers["cache-control"]).toContain("no-store");
  const text = await res.text();
  const body = JSON.parse(text);
  expect(body.profile).toMatchObject({ email: me.email, firstName: "Nora", passwordSet: true });
  expect(body.orders.map((o: { id: number }) => o.id)).toEqual([mine.id]);
  expect(text).not.toContain(other.email);
  expect(text).not.toContain(theirs.token);
  expect(text).not.toMatch(/scrypt|\$2[aby]\$|password_hash|passwordHash/);
});

test("deletion: 400 without a password, 403 with a wrong one (nothing deleted), 200 with the right one; the old cookie is then anonymous and the order link still works", async ({
  playwright,
  baseURL,
  loginAsCustomer,
}) => {
  const me = await registered(loginAsCustomer, "delete-api");
  const order = await insertOrder({ userId: me.userId, email: me.email });
  await expectError(await me.request.post("/api/account/delete", { data: {} }), 400);
  expect(await expectError(await me.request.post("/api/account/delete", { data: { password: "not-my-password" } }), 403)).toBe(
    "Your current password is not correct",
  );
  expect((await me.request.get("/api/auth/me")).status()).toBe(200);

  // The same cookie, kept aside, as a second device would hold it.
  const { cookies } = await me.request.storageState();
  const oldCookie = cookies.find((c) => c.name === "__session")!;
  const res = await me.request.post("/api/account/delete", { data: { password: PASSWORD } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ message: "Your account has been deleted." });
  expect(res.headersArray().some((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__session="))).toBe(true);

  const replay = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: `__session=${oldCookie.value}` } });
  try {
    await expectError(await replay.get("/api/auth/me"), 401);
    await expectError(await replay.get("/api/account/export"), 401);
  } finally {
    await replay.dispose();
  }
  expect(withDb((db) => db.prepare("SELECT user_id AS userId FROM orders WHERE id = ?").get(order.id))).toEqual({ userId: null });
  const anonymous = await playwright.request.newContext({ baseURL });
  try {
    expect((await anonymous.get(`/order-details/${order.id}/${order.token}`)).status()).toBe(200);
  } finally {
    await anonymous.dispose();
  }
  const mail = await waitForMail(me.email, /has been deleted/i);
  expect(mail.text).toContain("order stays with us");
});

test("an account without a password gets the e-mailed link (202); the link's page deletes only on POST", async ({ loginAsCustomer }) => {
  const email = uniqueEmail("delete-link-api");
  const { request } = await loginAsCustomer({ email, firstName: "Gwen" });
  const res = await request.post("/api/account/delete", { data: {} });
  expect(res.status()).toBe(202);
  expect((await res.json()).message).toContain("confirmation link");
  const link = linkIn(await waitForMail(email, /confirm the deletion/i), "http://127.0.0.1:");
  const url = new URL(link);
  expect(url.pathname).toBe("/account/data/delete");
  const page = await request.get(url.pathname + url.search);
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain(email);
  expect((await request.get("/api/auth/me")).status()).toBe(200);
  const confirm = await request.post(url.pathname, { form: { token: url.searchParams.get("token")! }, maxRedirects: 0 });
  expect(confirm.status()).toBe(302);
  expect(confirm.headers()["location"]).toBe("/");
  await expectError(await request.get("/api/auth/me"), 401);
});

test("a customer gets 403 from the admin's export and delete of another account", async ({ loginAsCustomer }) => {
  const victim = await loginAsCustomer({ email: uniqueEmail("victim") });
  const { request } = await loginAsCustomer({ email: uniqueEmail("nosy") });
  expect((await request.get(`/admin/users/${victim.userId}/export`)).status()).toBe(403);
  expect((await request.post(`/admin/users/${victim.userId}/delete`, { form: { email: "x@example.com" } })).status()).toBe(403);
  expect((await victim.request.get("/api/auth/me")).status()).toBe(200);
});
