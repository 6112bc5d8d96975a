import { expect, test } from "@playwright/test";
import { productId } from "../helpers/api";

// Document responses: status, content type and cache policy (pages show the visitor's own cart).

test("pages of a visitor without a session may be revalidated but are not private", async ({ request }) => {
  for (const path of ["/", "/shop", "/about", "/product/cream-cable-knit-sweater"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/html");
    expect(res.headers()["cache-control"], path).toBe("no-cache");
    expect(res.headers()["set-cookie"], path).toBeUndefined();
  }
});

test("pages of a visitor with a cart are private and never stored", async ({ request }) => {
  const id = await productId(request, "cream-cable-knit-sweater");
  const add = await request.post("/api/cart", { data: { productId: id, quantity: 1 } });
  expect(add.status()).toBe(201);
  for (const path of ["/", "/cart", "/shop/1-4-scale"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["cache-control"], path).toBe("private, no-store");
  }
});

test("unknown paths answer 404 with the Page Not Found page", async ({ request }) => {
  const res = await request.get("/definitely/not/here");
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain("Page Not Found");
});

test("unknown /api/ paths answer 404 {message} like every other API error, whatever the method", async ({ request, baseURL }) => {
  for (const [method, path] of [
    ["GET", "/api/definitely-not-here"],
    ["GET", "/api/products/some-slug"],
    ["POST", "/api/cart/1/nothing"],
    ["DELETE", "/api"],
  ] as const) {
    const res = await request.fetch(path, { method, headers: { Origin: baseURL! } });
    expect(res.status(), `${method} ${path}`).toBe(404);
    expect(res.headers()["content-type"], path).toContain("application/json");
    expect(await res.json(), path).toEqual({ message: "Not found" });
  }
  // Known API paths still reach their routes.
  expect((await request.get("/api/categories")).status()).toBe(200);
  expect((await request.get("/api/cart/1")).status()).toBe(405);
});
