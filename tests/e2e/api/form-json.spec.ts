import { type APIResponse } from "@playwright/test";
import { CART_TOAST_TEXT } from "../../../app/domain/cart/texts";
import { expect, test } from "../fixtures";
import { productId } from "../helpers/api";
import { SLUGS } from "../helpers/browser";

// The browser↔server contract (docs/decisions/lean-pages.md): a page's form posted to its own
// action with Accept: application/json answers JSON (app/web/form-answer.server.ts); the same
// form posted by a browser without JavaScript gets post/redirect/get. No route ids, no Remix data requests.

const JSON_ONLY = { Accept: "application/json" };
/** What a browser sends with a plain (JavaScript off) form submission. */
const HTML_FORM = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

async function expectJson(res: APIResponse, status: number): Promise<unknown> {
  expect(res.status()).toBe(status);
  expect(res.headers()["content-type"]).toContain("application/json");
  expect(res.headers()["cache-control"]).toBe("no-store");
  return res.json();
}

test("POST /cart intent=add asking for JSON answers { ok: true, toast } and adds the line", async ({ request }) => {
  const id = await productId(request, SLUGS.inStock);
  const res = await request.post("/cart", {
    form: { intent: "add", productId: String(id), quantity: "1", redirectTo: "/shop" },
    headers: JSON_ONLY,
    maxRedirects: 0,
  });
  expect(await expectJson(res, 200)).toMatchObject({ ok: true, toast: { ...CART_TOAST_TEXT.added } });
  // A script request shows its own toast: no flash cookie for the next page.
  expect(res.headers()["set-cookie"] ?? "").not.toMatch(/toast/i);
  const cart = (await (await request.get("/api/cart")).json()) as { productId: number; quantity: number }[];
  expect(cart.map((l) => [l.productId, l.quantity])).toEqual([[id, 1]]);
});

/** The drawer's lines (their Remove buttons' labels), badge label and the page its forms return to, read from its markup. */
function drawerOf(markup: string) {
  return {
    isDrawer: markup.startsWith('<details class="cart-drawer"'),
    badge: /aria-label="(Cart, \d+ items)"/.exec(markup)?.[1],
    lines: [...markup.matchAll(/aria-label="Remove ([^"]+)"/g)].map((m) => m[1]),
    returnsTo: [...new Set([...markup.matchAll(/name="redirectTo" value="([^"]*)"/g)].map((m) => m[1]))],
  };
}

test.describe("Add to Cart's script answer carries the drawer, so the page is not loaded again", () => {
  test("a brand-new guest (no cookie yet): the drawer holds the line the answer's cookie keys", async ({ request }) => {
    expect((await request.storageState()).cookies).toEqual([]);
    const id = await productId(request, SLUGS.inStock);
    const res = await request.post(`/product/${SLUGS.inStock}`, { form: { productId: String(id), quantity: "1" }, headers: JSON_ONLY, maxRedirects: 0 });
    const body = (await expectJson(res, 200)) as { ok: boolean; drawer: string; cartCount: number };
    expect(body.ok).toBe(true);
    expect(body.cartCount).toBe(1);
    expect(drawerOf(body.drawer)).toEqual({
      isDrawer: true,
      badge: "Cart, 1 items",
      lines: ["Cream Cable Knit Sweater"],
      returnsTo: [`/product/${SLUGS.inStock}`],
    });
    // The cart the drawer shows is the one the new cookie opens.
    const cart = (await (await request.get("/api/cart")).json()) as { productId: number; quantity: number }[];
    expect(cart.map((l) => [l.productId, l.quantity])).toEqual([[id, 1]]);
  });

  test("an existing cart: the drawer has every line and the new count", async ({ request }) => {
    const first = await productId(request, SLUGS.lowStock);
    expect((await request.post("/api/cart", { data: { productId: first, quantity: 1 } })).status()).toBe(201);
    const id = await productId(request, SLUGS.inStock);
    const res = await request.post("/cart", { form: { intent: "add", productId: String(id), quantity: "1", redirectTo: "/shop?page=2" }, headers: JSON_ONLY });
    const body = (await expectJson(res, 200)) as { drawer: string; cartCount: number };
    expect(body.cartCount).toBe(2);
    const drawer = drawerOf(body.drawer);
    expect(drawer.badge).toBe("Cart, 2 items");
    expect(drawer.lines.sort()).toEqual(["Cream Cable Knit Sweater", "Linen Summer Apron"]);
    // A card's drawer returns to the page the card was on.
    expect(drawer.returnsTo).toEqual(["/shop?page=2"]);
  });

  test("a refused add carries no drawer and adds nothing", async ({ request }) => {
    const id = await productId(request, SLUGS.soldOut);
    const res = await request.post(`/product/${SLUGS.soldOut}`, { form: { productId: String(id), quantity: "1" }, headers: JSON_ONLY });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status()).toBeGreaterThanOrEqual(400);
    expect(body.ok).toBe(false);
    expect(body).not.toHaveProperty("drawer");
    expect(await (await request.get("/api/cart")).json()).toEqual([]);
  });
});

test("the same form posted as HTML gets post/redirect/get", async ({ request }) => {
  const id = await productId(request, SLUGS.inStock);
  const res = await request.post("/cart", {
    form: { intent: "add", productId: String(id), quantity: "1", redirectTo: "/shop" },
    headers: HTML_FORM,
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toBe("/shop");
});

test("a refusal of the form's own rules answers { ok: false, error } with its status", async ({ request }) => {
  const res = await request.post("/cart", { form: { intent: "update", itemId: "1", quantity: "0" }, headers: JSON_ONLY, maxRedirects: 0 });
  const body = (await expectJson(res, 400)) as { ok: boolean; error: { title: string } };
  expect(body.ok).toBe(false);
  expect(typeof body.error.title).toBe("string");
});

test("a page without an action answers 405 { message } as JSON, not Remix's developer text", async ({ request }) => {
  const res = await request.post("/about", { form: { anything: "1" }, headers: JSON_ONLY, maxRedirects: 0 });
  const body = (await expectJson(res, 405)) as { message: string };
  expect(body).toEqual({ message: "Method not allowed" });
});

test("an unknown page answers 404 { message } as JSON", async ({ request }) => {
  const res = await request.post("/no-such-page", { form: { anything: "1" }, headers: JSON_ONLY, maxRedirects: 0 });
  const body = (await expectJson(res, 404)) as { message: string };
  expect(typeof body.message).toBe("string");
  expect(body.message).not.toMatch(/route|action|stack/i);
});
