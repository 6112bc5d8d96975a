import { describe, expect, it } from "vitest";
import { type AnswerRequest, requestWantsJson, wantsJson } from "~/lib/wants-json";

// The one rule for "JSON or a page?" (the server's 403 and 413, page actions, respond(), sign-in,
// checkout): every answer that can be either asks it, so they all agree.

const CHROME_NAVIGATION =
  "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7";
const FIREFOX_NAVIGATION = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const SAFARI_NAVIGATION = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const FORM = "application/x-www-form-urlencoded";

const TABLE: [string, AnswerRequest, "json" | "page"][] = [
  // /api/ is JSON, whatever the client says.
  ["an API path, no headers", { path: "/api/cart" }, "json"],
  ["an API path with a browser's navigation Accept", { path: "/api/cart", accept: CHROME_NAVIGATION }, "json"],
  ["an API path in capitals (Remix matches it too)", { path: "/API/Cart/1" }, "json"],
  ["/api itself", { path: "/api" }, "json"],
  ["an API path with a query", { path: "/api/products?page=2", accept: "*/*" }, "json"],
  ["a page whose name starts with api", { path: "/apiary", accept: "*/*" }, "page"],
  // Browsers: a navigation or a plain form post names text/html.
  ["Chrome's navigation", { path: "/cart", accept: CHROME_NAVIGATION, contentType: FORM }, "page"],
  ["Firefox's navigation", { path: "/cart", accept: FIREFOX_NAVIGATION, contentType: FORM }, "page"],
  ["Safari's navigation", { path: "/cart", accept: SAFARI_NAVIGATION }, "page"],
  ["text/html alone", { path: "/login", accept: "text/html" }, "page"],
  ["text/html with parameters", { path: "/login", accept: "TEXT/HTML; q=0.5" }, "page"],
  ["JSON and text/html both", { path: "/cart", accept: "text/html, application/json" }, "page"],
  ["JSON first, text/html after", { path: "/cart", accept: "application/json, text/html;q=0.1" }, "page"],
  ["a JSON body with a browser's Accept", { path: "/cart", accept: FIREFOX_NAVIGATION, contentType: "application/json" }, "page"],
  // Scripts that ask for JSON.
  ["Accept: application/json (the browser module)", { path: "/cart", accept: "application/json", contentType: FORM }, "json"],
  ["Accept with a charset", { path: "/cart", accept: "application/json; charset=utf-8" }, "json"],
  ["a +json type", { path: "/cart", accept: "application/problem+json" }, "json"],
  ["JSON preferred over anything", { path: "/cart", accept: "application/json, */*;q=0.5" }, "json"],
  ["fetch with a JSON body and no Accept", { path: "/cart", contentType: "application/json" }, "json"],
  ["fetch with a JSON body and the wildcard", { path: "/cart", accept: "*/*", contentType: "application/json;charset=UTF-8" }, "json"],
  ["Remix's own client (the admin's forms and fetchers)", { path: "/admin?tab=products&_data=routes%2Fadmin", accept: "*/*", contentType: FORM }, "json"],
  ["Remix's own client with no Accept", { path: "/admin?_data=routes%2Fadmin" }, "json"],
  // Neither: what a form post gets.
  ["the wildcard (curl, Playwright's request)", { path: "/cart", accept: "*/*", contentType: FORM }, "page"],
  ["fetch with no Accept and a form body", { path: "/favorites", contentType: FORM }, "page"],
  ["no headers at all", { path: "/" }, "page"],
  ["an empty Accept", { path: "/", accept: "" }, "page"],
  ["a query that only mentions _data in a value", { path: "/shop?q=_data", accept: "*/*" }, "page"],
  ["XML only", { path: "/cart", accept: "application/xml" }, "page"],
];

describe("wantsJson", () => {
  it.each(TABLE)("%s → %s", (_name, request, expected) => {
    expect(wantsJson(request) ? "json" : "page").toBe(expected);
  });
});

describe("requestWantsJson", () => {
  it("reads the same fields from a Fetch API request", () => {
    for (const [name, shape, expected] of TABLE) {
      const headers: Record<string, string> = {};
      if (shape.accept) headers.Accept = shape.accept;
      if (shape.contentType) headers["Content-Type"] = shape.contentType;
      const request = new Request(new URL(shape.path, "http://shop.test"), { method: "POST", headers, body: "" });
      expect(requestWantsJson(request) ? "json" : "page", name).toBe(expected);
    }
  });
});
