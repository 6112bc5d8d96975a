/// <reference types="vite/client" />
import { type ActionFunctionArgs } from "@remix-run/node";

// Every route with an action must refuse a write from another origin with 403, before it changes anything.
const modules = import.meta.glob<{ action?: (args: ActionFunctionArgs) => Promise<Response> }>("../../app/routes/*.{ts,tsx}", { eager: true });
// The catch-all 404 route changes nothing and answers 404 to every method.
const EXEMPT = new Set(["$.tsx"]);

const withActions = Object.entries(modules).filter(([file, mod]) => typeof mod.action === "function" && !EXEMPT.has(file.split("/").pop()!));

async function statusOf(run: () => Promise<Response>): Promise<number> {
  try {
    return (await run()).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("same-origin rule", () => {
  it("finds the route actions", () => {
    expect(withActions.length).toBeGreaterThanOrEqual(8);
  });

  for (const [file, mod] of withActions) {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      it(`${file.split("/").pop()} refuses a foreign ${method}`, async () => {
        const request = new Request("http://localhost:3000/anything", {
          method,
          headers: { Origin: "http://evil.example", "Content-Type": "application/json", Accept: "text/html" },
          body: JSON.stringify({ productId: 1, quantity: 1 }),
        });
        const status = await statusOf(() => mod.action!({ request, params: { itemId: "1", productId: "1", slug: "x", id: "1" }, context: {} }));
        expect(status).toBe(403);
      });
    }
  }

  // DNS rebinding: the attacker's name resolves to the shop, so the request's own URL (built from
  // its Host header) and its Origin agree; only APP_URL says which origin is the shop's.
  for (const [file, mod] of withActions) {
    it(`${file.split("/").pop()} refuses a write whose Host and Origin both name evil.example`, async () => {
      const request = new Request("http://evil.example:3000/anything", {
        method: "POST",
        headers: { Origin: "http://evil.example:3000", "Content-Type": "application/json", Accept: "text/html" },
        body: JSON.stringify({ productId: 1, quantity: 1 }),
      });
      const status = await statusOf(() => mod.action!({ request, params: { itemId: "1", productId: "1", slug: "x", id: "1" }, context: {} }));
      expect(status).toBe(403);
    });
  }

  it("lets the shop's own origin through", async () => {
    const mod = Object.entries(modules).find(([f]) => f.endsWith("/cart.tsx"))![1];
    const request = new Request("http://localhost:3000/cart", {
      method: "POST",
      headers: { Origin: "http://localhost:3000", "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: "intent=clear&confirmed=yes&redirectTo=/cart",
    });
    expect(await statusOf(() => mod.action!({ request, params: {}, context: {} }))).toBe(302);
  });

  for (const name of ["cart.tsx", "favorites.tsx", "product.$slug.tsx"]) {
    it(`${name} answers 400, not 500, to a body that is not a form`, async () => {
      const mod = Object.entries(modules).find(([f]) => f.endsWith(`/${name}`))![1];
      const request = new Request("http://localhost:3000/x", {
        method: "POST",
        headers: { Origin: "http://localhost:3000", "Content-Type": "application/json", Accept: "text/html" },
        body: JSON.stringify({ intent: "clear" }),
      });
      expect(await statusOf(() => mod.action!({ request, params: { slug: "x" }, context: {} }))).toBe(400);
    });
  }
});
