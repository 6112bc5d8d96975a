import http from "node:http";
import { type AddressInfo } from "node:net";
import express from "express";
import { MAX_BODY_BYTES } from "~/lib/body-limit.server";
import { wantsJson } from "~/lib/wants-json";
import { bodyLimit, sameOrigin } from "../../../server/pipeline";
import { entryStub } from "./entry-stub";

// The server's two refusals that come before the app, the same-origin 403 and the body-limit 413,
// answer JSON or a page by the app's one rule (app/lib/wants-json.ts): the same request gets the
// same kind of answer from both.

const APP_URL = "http://shop.test";
let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(bodyLimit(entryStub()));
  app.use(sameOrigin(entryStub(), APP_URL));
  app.all("*", (_req, res) => void res.status(200).end("passed"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Declares a Content-Length (the body-limit step answers from it) and sends a small body. */
function send(path: string, headers: Record<string, string>, declared: number): Promise<{ status: number; contentType: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: "127.0.0.1", port, agent: false, method: "POST", path, headers: { ...headers, "Content-Length": String(declared) } },
      (res) => {
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers["content-type"] ?? "") });
        // A refused body is never sent in full: drop the connection once the answer is in.
        req.destroy();
      },
    );
    req.on("error", () => undefined);
    req.end(declared <= 64 ? "x".repeat(declared) : "x");
  });
}

const CASES: [string, string, Record<string, string>][] = [
  [
    "a browser's form post",
    "/cart",
    { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "Content-Type": "application/x-www-form-urlencoded" },
  ],
  ["the browser module", "/cart", { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" }],
  ["the wildcard", "/cart", { Accept: "*/*", "Content-Type": "application/x-www-form-urlencoded" }],
  ["no Accept", "/login", { "Content-Type": "application/x-www-form-urlencoded" }],
  ["a JSON body", "/cart", { Accept: "*/*", "Content-Type": "application/json" }],
  ["Remix's own client", "/admin?_data=routes%2Fadmin", { Accept: "*/*", "Content-Type": "application/x-www-form-urlencoded" }],
  ["the API asked for a page", "/api/cart", { Accept: "text/html", "Content-Type": "application/json" }],
];

describe("the server's 403 and 413 answer JSON or a page by the one rule", () => {
  it.each(CASES)("%s", async (_name, path, headers) => {
    const expected = wantsJson({ path, accept: headers.Accept, contentType: headers["Content-Type"] }) ? "application/json" : "text/html";
    const refused = await send(path, { ...headers, Origin: "https://evil.example" }, 10);
    expect(refused.status).toBe(403);
    expect(refused.contentType).toContain(expected);
    const tooLarge = await send(path, { ...headers, Origin: APP_URL }, MAX_BODY_BYTES + 1);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.contentType).toContain(expected);
  });

  it("passes a same-origin request within the limit", async () => {
    expect((await send("/cart", { Accept: "*/*", Origin: APP_URL }, 10)).status).toBe(200);
  });
});
