import http from "node:http";
import { type AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { Request as RemixRequest } from "@remix-run/web-fetch";
import express from "express";
import { bodyLimitFor, countedBody, MAX_BODY_BYTES, MAX_FILE_BYTES, MAX_REVIEW_BODY_BYTES } from "~/lib/body-limit.server";
import { REVIEW_LIMITS } from "~/domain/reviews/texts";
import { parseJsonBody } from "~/web/http.server";
import { z } from "zod";
import { bodyLimit } from "../../../server/pipeline";
import { entryStub } from "./entry-stub";

// The server's body-limit step (server/pipeline.ts) in front of a handler that reads the body as
// the Remix step does (server/remix.ts: the counted body, read with Remix's own fetch).
let server: http.Server;
let base: string;
let appSaw = 0;

beforeAll(async () => {
  const app = express();
  app.use(bodyLimit(entryStub()));
  app.all("*", (req, res) => {
    appSaw++;
    const request = new RemixRequest(`http://localhost${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: createReadableStreamFromReadable(countedBody(req, res.locals.bodyLimit as number)),
      duplex: "half",
    } as RequestInit) as unknown as Request;
    void (async () => {
      let response: Response;
      try {
        const body = await parseJsonBody(request, z.object({ text: z.string() }));
        response = Response.json({ length: body.text.length });
      } catch (thrown) {
        response = thrown as Response;
      }
      res.writeHead(response.status, { "Content-Type": "application/json" });
      res.end(await response.text());
    })();
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends a raw request (optionally chunked, without Content-Length) and resolves with status and body. */
function send(path: string, body: Buffer, opts: { chunked?: boolean; contentType?: string } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const req = http.request(
      url,
      {
        method: "POST",
        headers: { "Content-Type": opts.contentType ?? "application/json", ...(opts.chunked ? {} : { "Content-Length": body.length }) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    if (opts.chunked) {
      // Stream in 64 KB chunks; the server may answer and close before all are sent.
      let offset = 0;
      const pump = () => {
        while (offset < body.length) {
          const ok = req.write(body.subarray(offset, offset + 65536));
          offset += 65536;
          if (!ok) return void req.once("drain", pump);
        }
        req.end();
      };
      req.on("error", () => undefined);
      pump();
    } else {
      req.end(body);
    }
  });
}

const json = (size: number) => Buffer.from(JSON.stringify({ text: "x".repeat(size) }));

describe("request body limit", () => {
  it("passes a body under 1 MB", async () => {
    const res = await send("/api/cart", json(MAX_BODY_BYTES - 100));
    expect(res.status).toBe(200);
  });

  it("answers 413 {message} to a declared 8 MB JSON body without handing it to the app", async () => {
    const before = appSaw;
    const res = await send("/api/cart", json(8 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: "The request is too large." });
    expect(appSaw).toBe(before);
  });

  it("answers 413 to a streamed (chunked) body once it passes 1 MB", async () => {
    const res = await send("/api/cart", json(3 * 1024 * 1024), { chunked: true });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: "The request is too large." });
  });

  it("answers a too-large form post to a page with a short page", async () => {
    const res = await send("/checkout", Buffer.alloc(2 * 1024 * 1024, "a"), { contentType: "application/x-www-form-urlencoded" });
    expect(res.status).toBe(413);
    expect(res.body).toContain("<h1>Request too large</h1>");
  });

  it("lets a review's photos through, on both of the form's doors, up to three of 10 MB each", async () => {
    const multipart = "multipart/form-data; boundary=x";
    for (const door of ["/product/rose-dress", "/api/products/7/reviews"]) {
      // A 3 MB photo, declared and streamed: the app (here: the JSON reader) got it, not the 413 of the limit.
      expect((await send(door, Buffer.alloc(3 * 1024 * 1024, "a"), { contentType: multipart })).status, door).toBe(400);
      expect((await send(door, Buffer.alloc(3 * 1024 * 1024, "a"), { contentType: multipart, chunked: true })).status, door).toBe(400);
    }
    expect(bodyLimitFor("/product/rose-dress", multipart)).toBe(MAX_REVIEW_BODY_BYTES);
    expect(MAX_REVIEW_BODY_BYTES).toBeGreaterThan(REVIEW_LIMITS.photos * MAX_FILE_BYTES);
  });

  it("keeps the 1 MB limit for every other post to those paths, and refuses a review post over its own", async () => {
    const before = appSaw;
    const over = await send("/api/products/7/reviews", Buffer.alloc(MAX_REVIEW_BODY_BYTES + 1, "a"), { contentType: "multipart/form-data; boundary=x" });
    expect(over.status).toBe(413);
    expect(appSaw).toBe(before);
    // The product page's Add to Cart is a plain form; the reviews API's JSON is JSON.
    expect((await send("/product/rose-dress", Buffer.alloc(2 * 1024 * 1024, "a"), { contentType: "application/x-www-form-urlencoded" })).status).toBe(413);
    expect((await send("/api/products/7/reviews", json(2 * 1024 * 1024))).status).toBe(413);
    // Only those paths: another multipart post keeps 1 MB.
    expect((await send("/product/rose-dress/more", Buffer.alloc(2 * 1024 * 1024, "a"), { contentType: "multipart/form-data; boundary=x" })).status).toBe(413);
    expect((await send("/account", Buffer.alloc(2 * 1024 * 1024, "a"), { contentType: "multipart/form-data; boundary=x" })).status).toBe(413);
  });

  it("lets image uploads through to their own 10 MB-per-image check", async () => {
    const res = await send("/api/upload/temp", Buffer.alloc(2 * 1024 * 1024, "a"), { contentType: "multipart/form-data; boundary=x" });
    // The app (here: the JSON reader) got it: not the 413 of the limit.
    expect(res.status).toBe(400);
  });
});
