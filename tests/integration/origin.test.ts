/// <reference types="vite/client" />
import { type ActionFunctionArgs } from "@remix-run/node";
import { args, postForm, postJson, run } from "../helpers/requests";

// Route actions on their own, behind the server's same-origin step (which refuses a foreign
// Origin for every route before an action runs: tests/e2e/api/every-write-route.spec.ts).
const modules = import.meta.glob<{ action?: (args: ActionFunctionArgs) => Promise<Response> }>("../../app/routes/*.{ts,tsx}", { eager: true });

const statusOf = async (fn: () => Promise<Response>) => (await run(fn)).status;

describe("route actions behind the same-origin step", () => {
  it("lets the shop's own origin through", async () => {
    const mod = Object.entries(modules).find(([f]) => f.endsWith("/cart.tsx"))![1];
    const request = postForm("/cart", { intent: "clear", confirmed: "yes", redirectTo: "/cart" });
    expect(await statusOf(() => mod.action!(args(request)))).toBe(302);
  });

  for (const name of ["cart.tsx", "favorites.tsx", "product.$slug.tsx"]) {
    it(`${name} answers 400, not 500, to a body that is not a form`, async () => {
      const mod = Object.entries(modules).find(([f]) => f.endsWith(`/${name}`))![1];
      const request = postJson("/x", { intent: "clear" }, { accept: "text/html" });
      expect(await statusOf(() => mod.action!(args(request, { slug: "x" })))).toBe(400);
    });
  }
});
