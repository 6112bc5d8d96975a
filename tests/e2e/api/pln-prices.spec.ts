import { type APIRequestContext, expect, test } from "@playwright/test";
import { productBySlug } from "../helpers/api";
import { SLUGS } from "../helpers/browser";

// The indicative złoty amounts on Polish pages, from the rate the shop's job read from the local
// stand-in for the National Bank of Poland's API (tests/e2e/start-server.ts), never the bank.

const NBP_BASE = `http://127.0.0.1:${process.env.E2E_NBP_PORT ?? 3195}/api`;

/** The stand-in's newest table: what the job stored at start-up. */
async function newestMid(request: APIRequestContext): Promise<number> {
  const res = await request.get(`${NBP_BASE}/exchangerates/rates/a/usd/?format=json`);
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ table: "A", code: "USD" });
  return body.rates[0].mid;
}

/** 'ok. 1 234,56 zł' as the page writes it (no-break spaces after 'ok.', in the amount and before 'zł'). */
function zloty(cents: number, mid: number): string {
  const grosze = Math.round(cents * mid);
  return `ok.\u00a0${new Intl.NumberFormat("pl-PL", { style: "currency", currency: "PLN" }).format(grosze / 100)}`;
}

const plnLines = (html: string) => [...html.matchAll(/<span class="pln">([^<]*)<\/span>/g)].map((m) => m[1]!);

test("a Polish product page and the Polish cart show 'ok. … zł' beside the dollar price; English pages never", async ({ request }) => {
  const mid = await newestMid(request);
  const product = await productBySlug(request, SLUGS.inStock);
  const cents = Math.round(Number(product.price) * 100);
  expect(Number.isInteger(cents) && cents > 0).toBe(true);

  // The job's start-up read may still be under way in a process that served no page yet.
  await expect.poll(async () => plnLines(await (await request.get(`/pl/product/${SLUGS.inStock}`)).text()), { timeout: 15_000 }).toContain(zloty(cents, mid));
  const english = await (await request.get(`/product/${SLUGS.inStock}`)).text();
  expect(plnLines(english)).toEqual([]);
  expect(english).not.toContain("zł");

  expect((await request.post("/api/cart", { data: { productId: product.id, quantity: 2 } })).status()).toBeLessThan(300);
  const cart = await (await request.get("/pl/cart")).text();
  expect(plnLines(cart)).toContain(zloty(cents * 2, mid));
  const englishCart = await (await request.get("/cart")).text();
  expect(englishCart).not.toContain("zł");
});
