import http from "node:http";
import { expect, test } from "@playwright/test";
import { expectError, productId } from "../helpers/api";

/** A request the browser would mark as coming from another site, sent without Origin. */
const CROSS_SITE = { "Sec-Fetch-Site": "cross-site" };

test.describe("the edges of the running server", () => {
  test("8 MB of JSON to POST /api/cart gets 413 {message}, and the cart is untouched", async ({ request }) => {
    const id = await productId(request, "cream-cable-knit-sweater");
    const huge = JSON.stringify({ productId: id, quantity: 1, padding: "x".repeat(8 * 1024 * 1024) });
    const res = await request.post("/api/cart", { data: huge, headers: { "Content-Type": "application/json" } });
    expect(await expectError(res, 413)).toBe("The request is too large.");
    expect(await (await request.get("/api/cart")).json()).toEqual([]);
  });

  test("a chunked 2 MB body (no Content-Length) gets 413 too", async ({ baseURL }) => {
    const status = await new Promise<number>((resolve, reject) => {
      let answered = false;
      const req = http.request(new URL("/api/cart", baseURL), { method: "POST", headers: { "Content-Type": "application/json" } }, (res) => {
        answered = true;
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", (error) => (answered ? undefined : reject(error)));
      const chunk = Buffer.alloc(64 * 1024, "x");
      let sent = 0;
      const pump = () => {
        while (sent < 2 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
  });

  test("a write without Origin but with Sec-Fetch-Site: cross-site gets 403; with neither header it passes", async ({ request }) => {
    const id = await productId(request, "cream-cable-knit-sweater");
    await expectError(await request.post("/api/cart", { data: { productId: id, quantity: 1 }, headers: CROSS_SITE }), 403);
    expect(await (await request.get("/api/cart")).json()).toEqual([]);
    expect((await request.post("/api/cart", { data: { productId: id, quantity: 1 }, headers: { "Sec-Fetch-Site": "same-origin" } })).status()).toBe(201);
    expect((await request.post("/api/cart", { data: { productId: id, quantity: 1 } })).status()).toBe(201);
  });
});
