import { type EntryContext } from "@remix-run/node";
import { createStaticHandler, type StaticHandlerContext } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { requestWantsJson } from "~/lib/wants-json";
import { answersActionAsJson, formJsonAnswer } from "~/web/form-answer.server";

// The server's side of the browser↔server contract (entry.server.tsx): a page action posted with
// Accept: application/json answers JSON. The contexts come from the router's own static handler,
// the one Remix's server runs, so the thrown responses and internal refusals have their real shape.

const FIELD_ERRORS = { result: { status: "error", error: { email: ["Email is required"] } } };

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "routes/cart", path: "cart", action: () => ({ ok: true, toast: { title: "Added to cart" } }) },
      {
        id: "routes/checkout",
        path: "checkout",
        action: () => new Response(JSON.stringify(FIELD_ERRORS), { status: 400, headers: { "Content-Type": "application/json" } }),
      },
      {
        id: "routes/order",
        path: "order",
        action: () => {
          throw new Response(JSON.stringify({ message: "Order not found" }), { status: 404, headers: { "Content-Type": "application/json" } });
        },
      },
      {
        id: "routes/plain",
        path: "plain",
        action: () => {
          throw new Response("Access denied", { status: 403 });
        },
      },
      { id: "routes/about", path: "about", loader: () => null },
      {
        id: "routes/broken",
        path: "broken",
        action: () => {
          throw new Error("SQLITE_BUSY at placeOrder (app/domain/orders/place.server.ts:42)");
        },
      },
      {
        id: "routes/failing",
        path: "failing",
        action: () => {
          throw new Response(JSON.stringify({ message: "upstream exploded: token abc123" }), { status: 502, headers: { "Content-Type": "application/json" } });
        },
      },
    ],
  },
];

async function contextFor(path: string): Promise<StaticHandlerContext> {
  const request = new Request(`http://shop.test${path}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "add" }),
    headers: { Accept: "application/json" },
  });
  const context = await createStaticHandler(routes).query(request);
  if (context instanceof Response) throw new Error(`${path} answered a Response`);
  return context;
}

async function answer(path: string, headers = new Headers()) {
  const context = await contextFor(path);
  const response = formJsonAnswer(context as EntryContext["staticHandlerContext"], context.statusCode, headers);
  const text = await response.text();
  return { response, text, body: JSON.parse(text) as unknown };
}

describe("answersActionAsJson", () => {
  const post = (accept?: string, method = "POST") => new Request("http://shop.test/cart", { method, headers: accept ? { Accept: accept } : {} });

  it("is true for a write that asks for JSON only", () => {
    expect(answersActionAsJson(post("application/json"))).toBe(true);
    expect(answersActionAsJson(post("application/json", "DELETE"))).toBe(true);
  });

  it("is false for a browser's own form post, a GET, or no Accept at all", () => {
    expect(answersActionAsJson(post("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"))).toBe(false);
    expect(answersActionAsJson(post("text/html, application/json"))).toBe(false);
    expect(answersActionAsJson(post("*/*"))).toBe(false);
    expect(answersActionAsJson(post())).toBe(false);
    expect(answersActionAsJson(new Request("http://shop.test/cart", { headers: { Accept: "application/json" } }))).toBe(false);
  });
});

describe("requestWantsJson", () => {
  it("sees the script's post in the loaders Remix runs after it (a GET with the post's headers), never a browser's page load", () => {
    const get = (accept?: string) => new Request("http://shop.test/checkout", { headers: accept ? { Accept: accept } : {} });
    expect(requestWantsJson(get("application/json"))).toBe(true);
    expect(requestWantsJson(get("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"))).toBe(false);
    expect(requestWantsJson(get("*/*"))).toBe(false);
    expect(requestWantsJson(get())).toBe(false);
  });
});

describe("formJsonAnswer", () => {
  it("answers the action's data as JSON with its status, keeping the action's cookies", async () => {
    const headers = new Headers({ "Set-Cookie": "__session=abc; Path=/; HttpOnly" });
    const { response, body } = await answer("/cart", headers);
    expect(response.status).toBe(200);
    expect(body).toEqual({ ok: true, toast: { title: "Added to cart" } });
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Set-Cookie")).toBe("__session=abc; Path=/; HttpOnly");
  });

  it("keeps a 400 the action returned, with its field errors", async () => {
    const { response, body } = await answer("/checkout");
    expect(response.status).toBe(400);
    expect(body).toEqual(FIELD_ERRORS);
  });

  it("turns a thrown 4xx into { message } with its status", async () => {
    const json = await answer("/order");
    expect(json.response.status).toBe(404);
    expect(json.body).toEqual({ message: "Order not found" });
    const text = await answer("/plain");
    expect(text.response.status).toBe(403);
    expect(text.body).toEqual({ message: "Access denied" });
  });

  it("answers Remix's own 405 (a page without an action) with a generic message, not the developer's text", async () => {
    const { response, body, text } = await answer("/about");
    expect(response.status).toBe(405);
    expect(body).toEqual({ message: "Method not allowed" });
    expect(text).not.toMatch(/routes\/about|action/);
  });

  it("answers an unexpected error with a generic 500 and no stack or detail", async () => {
    const { response, body, text } = await answer("/broken");
    expect(response.status).toBe(500);
    expect(body).toEqual({ message: "Something went wrong. Please try again." });
    expect(text).not.toMatch(/SQLITE|place\.server|at |stack/);
  });

  it("keeps a thrown 5xx generic too", async () => {
    const { response, body, text } = await answer("/failing");
    expect(response.status).toBe(500);
    expect(body).toEqual({ message: "Something went wrong. Please try again." });
    expect(text).not.toContain("abc123");
  });
});
