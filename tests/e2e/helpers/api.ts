import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";

/** A seeded product by slug, through the API (ids are never hard-coded). */
export async function productBySlug(request: APIRequestContext, slug: string) {
  const res = await request.get(`/api/products/slug/${slug}`);
  expect(res.status(), `product ${slug}`).toBe(200);
  return res.json();
}

export async function productId(request: APIRequestContext, slug: string): Promise<number> {
  return (await productBySlug(request, slug)).id;
}

/** An error answer: the status, a non-empty `{message}`, and nothing of a stack trace. */
export async function expectError(res: APIResponse, status: number): Promise<string> {
  expect(res.status()).toBe(status);
  const body = await res.json();
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|node_modules|SqliteError|stack/i);
  return body.message;
}
