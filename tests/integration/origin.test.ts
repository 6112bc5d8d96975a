/// <reference types="vite/client" />
import { type ActionFunctionArgs } from "@remix-run/node";

// Route actions on their own, behind the server's same-origin step (which refuses a foreign
// Origin for every route before an action runs: tests/e2e/api/every-write-route.spec.ts).
const modules = import.meta.glob<{ action?: (args: ActionFunctionArgs) => Promise<Response> }>("../../app/routes/*.{ts,tsx}", { eager: true });

async function statusOf(run: () => Promise<Response>): Promise<number> {
  try {
    return (await run()).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("route actions behind the same-origin step", () => {
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
