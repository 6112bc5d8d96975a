import http from "node:http";
import { type APIRequestContext, type APIResponse } from "@playwright/test";
import { expect, test } from "../fixtures";
import { uniqueEmail } from "../helpers/session";
import { productId } from "../helpers/api";

const EVIL = { Origin: "http://evil.example" };
/** What a browser sends with a plain (JavaScript off) form submission. */
const HTML_FORM = { Accept: "text/html,application/xhtml+xml" };

async function expectRefused(res: APIResponse) {
  expect(res.status()).toBe(403);
  if ((res.headers()["content-type"] ?? "").includes("application/json")) {
    expect(typeof (await res.json()).message).toBe("string");
  }
}

async function cartSnapshot(request: APIRequestContext) {
  const res = await request.get("/api/cart");
  expect(res.status()).toBe(200);
  return (await res.json()).map((i: { id: number; productId: number; quantity: number }) => ({ id: i.id, productId: i.productId, quantity: i.quantity }));
}

/** A guest cart with one line of 1 sweater. */
async function cartWithItem(request: APIRequestContext) {
  const id = await productId(request, "cream-cable-knit-sweater");
  const res = await request.post("/api/cart", { data: { productId: id, quantity: 1 } });
  expect(res.status()).toBe(201);
  return { productId: id, item: (await res.json()) as { id: number } };
}

test.describe("writes from another origin are refused with 403 and change nothing", () => {
  test("POST /api/cart", async ({ request }) => {
    const { productId: id } = await cartWithItem(request);
    const before = await cartSnapshot(request);
    await expectRefused(await request.post("/api/cart", { data: { productId: id, quantity: 2 }, headers: EVIL }));
    expect(await cartSnapshot(request)).toEqual(before);
  });

  test("POST /api/cart from a guest with no cart yet creates nothing", async ({ request }) => {
    const id = await productId(request, "cream-cable-knit-sweater");
    const res = await request.post("/api/cart", { data: { productId: id, quantity: 1 }, headers: EVIL });
    await expectRefused(res);
    expect(res.headers()["set-cookie"] ?? "").not.toContain("__session=");
    expect(await cartSnapshot(request)).toEqual([]);
  });

  test("POST, PUT and DELETE /api/cart/{id}", async ({ request }) => {
    const { item } = await cartWithItem(request);
    const before = await cartSnapshot(request);
    await expectRefused(await request.post(`/api/cart/${item.id}`, { data: { quantity: 3 }, headers: EVIL }));
    await expectRefused(await request.put(`/api/cart/${item.id}`, { data: { quantity: 3 }, headers: EVIL }));
    await expectRefused(await request.delete(`/api/cart/${item.id}`, { headers: EVIL }));
    expect(await cartSnapshot(request)).toEqual(before);
  });

  test("DELETE /api/cart and /api/cart/clear", async ({ request }) => {
    await cartWithItem(request);
    const before = await cartSnapshot(request);
    await expectRefused(await request.delete("/api/cart", { headers: EVIL }));
    await expectRefused(await request.delete("/api/cart/clear", { headers: EVIL }));
    expect(await cartSnapshot(request)).toEqual(before);
  });

  test("POST /api/shipping/calculate", async ({ request }) => {
    await expectRefused(await request.post("/api/shipping/calculate", { data: { cartItems: [] }, headers: EVIL }));
  });

  test("POST /api/favorites and DELETE /api/favorites/{id}", async ({ loginAsCustomer }) => {
    const { request } = await loginAsCustomer({ email: uniqueEmail("xfav") });
    const keep = await productId(request, "linen-summer-apron");
    const other = await productId(request, "rose-garden-tea-dress");
    expect((await request.post("/api/favorites", { data: { productId: keep } })).status()).toBe(201);
    await expectRefused(await request.post("/api/favorites", { data: { productId: other }, headers: EVIL }));
    await expectRefused(await request.delete(`/api/favorites/${keep}`, { headers: EVIL }));
    const list = await (await request.get("/api/favorites")).json();
    expect(list.map((f: { productId: number }) => f.productId)).toEqual([keep]);
  });

  test("POST /api/auth/logout", async ({ loginAsCustomer }) => {
    const { request, userId } = await loginAsCustomer({ email: uniqueEmail("xlogout") });
    const res = await request.post("/api/auth/logout", { headers: EVIL });
    await expectRefused(res);
    expect(res.headers()["set-cookie"] ?? "").not.toContain("__session=");
    const me = await request.get("/api/auth/me");
    expect(me.status()).toBe(200);
    expect((await me.json()).id).toBe(userId);
  });

  const cartForms = (productId: number, itemId: number): Record<string, string>[] => [
    { intent: "add", productId: String(productId), quantity: "2" },
    { intent: "update", itemId: String(itemId), quantity: "3" },
    { intent: "remove", itemId: String(itemId), confirmed: "yes" },
    { intent: "clear", confirmed: "yes" },
  ];

  // The browser module's way in (Accept: application/json, answered by web/form-answer.server.ts).
  test("the HTML form endpoint /cart asked for JSON", async ({ request }) => {
    const { productId: id, item } = await cartWithItem(request);
    const before = await cartSnapshot(request);
    for (const form of cartForms(id, item.id)) {
      const res = await request.post("/cart", { form, headers: { ...EVIL, Accept: "application/json" }, maxRedirects: 0 });
      await expectRefused(res);
      expect(res.headers()["content-type"]).toContain("application/json");
    }
    expect(await cartSnapshot(request)).toEqual(before);
  });

  test("the HTML form endpoint /cart (plain form post) is refused and changes nothing", async ({ request }) => {
    const { productId: id, item } = await cartWithItem(request);
    const before = await cartSnapshot(request);
    for (const form of cartForms(id, item.id)) {
      await expectRefused(await request.post("/cart", { form, headers: { ...EVIL, ...HTML_FORM }, maxRedirects: 0 }));
    }
    expect(await cartSnapshot(request)).toEqual(before);
  });

  // Remix's own document-request check would answer an empty 500; the server's same-origin step
  // refuses first, with 403.
  test("the HTML form endpoint /cart (plain form post) answers 403", async ({ request }) => {
    const { productId: id, item } = await cartWithItem(request);
    await expectRefused(await request.post("/cart", { form: cartForms(id, item.id)[3]!, headers: { ...EVIL, ...HTML_FORM }, maxRedirects: 0 }));
  });

  test("the HTML form endpoint /favorites", async ({ loginAsCustomer }) => {
    const { request } = await loginAsCustomer({ email: uniqueEmail("xfavform") });
    const id = await productId(request, "linen-summer-apron");
    await expectRefused(await request.post("/favorites", { form: { productId: String(id) }, headers: { ...EVIL, ...HTML_FORM }, maxRedirects: 0 }));
    await expectRefused(await request.post("/favorites", { form: { productId: String(id) }, headers: EVIL, maxRedirects: 0 }));
    expect(await (await request.get("/api/favorites")).json()).toEqual([]);
  });

  test("the same requests from the shop's own origin go through", async ({ request, baseURL }) => {
    const id = await productId(request, "cream-cable-knit-sweater");
    const res = await request.post("/api/cart", { data: { productId: id, quantity: 1 }, headers: { Origin: baseURL! } });
    expect(res.status()).toBe(201);
    expect(await cartSnapshot(request)).toHaveLength(1);
    const form = await request.post("/cart", {
      form: { intent: "clear", confirmed: "yes" },
      headers: { Origin: baseURL!, ...HTML_FORM },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(302);
    expect(await cartSnapshot(request)).toEqual([]);
  });
});

/** A raw request whose Host header we choose (fetch clients set Host from the URL). */
function sendWithHost(
  baseURL: string,
  method: string,
  p: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; setCookie: string[] }> {
  const url = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path: p, headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, setCookie: res.headers["set-cookie"] ?? [] }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test.describe("DNS rebinding: a Host header naming the attacker's origin does not make it the shop's", () => {
  test("a JSON write with Host and Origin evil.example:PORT is 403 and stores nothing", async ({ request, baseURL }) => {
    const port = new URL(baseURL!).port;
    const id = await productId(request, "cream-cable-knit-sweater");
    const res = await sendWithHost(
      baseURL!,
      "POST",
      "/api/cart",
      { Host: `evil.example:${port}`, Origin: `http://evil.example:${port}`, "Content-Type": "application/json", Accept: "application/json" },
      JSON.stringify({ productId: id, quantity: 1 }),
    );
    expect(res.status).toBe(403);
    expect(res.setCookie.join("\n")).not.toContain("__session=");
  });

  test("a form write with Host and Origin evil.example:PORT is 403", async ({ baseURL }) => {
    const port = new URL(baseURL!).port;
    const res = await sendWithHost(
      baseURL!,
      "POST",
      "/cart",
      { Host: `evil.example:${port}`, Origin: `http://evil.example:${port}`, "Content-Type": "application/x-www-form-urlencoded", ...HTML_FORM },
      new URLSearchParams({ intent: "clear", confirmed: "yes" }).toString(),
    );
    expect(res.status).toBe(403);
  });
});
