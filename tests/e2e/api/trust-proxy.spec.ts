import { expect, test } from "@playwright/test";
import { send, startOwnServer } from "../helpers/own-server";

// The two production mistakes around a proxy, on a server of the test's own: listening on every
// interface when nobody said so (HOST), and TRUST_PROXY=0 behind a proxy, which makes every
// per-address limit one limit for the whole shop.

test("in production HOST defaults to loopback: the shop answers on 127.0.0.1 and on no other address", async () => {
  test.setTimeout(60_000);
  const server = await startOwnServer({ HOST: undefined });
  try {
    expect((await send({ port: server.port }, "GET", "/healthz")).status).toBe(200);
    // 127.0.0.2 is the loopback interface too: a server on every interface would answer it.
    const other = await send({ host: "127.0.0.2", port: server.port }, "GET", "/healthz").then(
      (r) => `answered ${r.status}`,
      (e: NodeJS.ErrnoException) => e.code,
    );
    expect(other).toBe("ECONNREFUSED");
  } finally {
    await server.stop();
  }
});

test("production with TRUST_PROXY=0 logs one error per minute when requests carry X-Forwarded-For", async () => {
  test.setTimeout(60_000);
  const server = await startOwnServer({ TRUST_PROXY: undefined });
  try {
    // Without the header nothing is said.
    expect((await send({ port: server.port }, "GET", "/healthz")).status).toBe(200);
    expect(server.log()).not.toContain("behind a proxy?");
    for (let i = 0; i < 5; i++) {
      expect((await send({ port: server.port }, "GET", "/healthz", { "X-Forwarded-For": `203.0.113.${i + 1}` })).status).toBe(200);
    }
    const lines = server
      .log()
      .split("\n")
      .filter((l) => l.includes("behind a proxy? set TRUST_PROXY"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "error" });
  } finally {
    await server.stop();
  }
});

test("with TRUST_PROXY set, X-Forwarded-For is expected and logs nothing", async () => {
  test.setTimeout(60_000);
  const server = await startOwnServer({ TRUST_PROXY: "1" });
  try {
    expect((await send({ port: server.port }, "GET", "/healthz", { "X-Forwarded-For": "203.0.113.7" })).status).toBe(200);
    expect(server.log()).not.toContain("behind a proxy?");
  } finally {
    await server.stop();
  }
});
