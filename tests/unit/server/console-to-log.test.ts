import { Writable } from "node:stream";
import pino from "pino";
import { REDACT_PATHS } from "~/lib/logger.server";
import { bridgeConsole, withRequestId } from "../../../server/console-to-log";

// In the server, console.error / console.warn become pino JSON lines with the request id of the
// request they run in and the error's stack.

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split("\n")) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const log = pino({ redact: { paths: REDACT_PATHS, censor: "[redacted]" } }, stream);
  const target = { error: () => {}, warn: () => {}, log: () => {} } as unknown as Pick<Console, "error" | "warn" | "log">;
  bridgeConsole(log, target);
  return { lines, target };
}

describe("the server's console goes to the structured log", () => {
  it("writes one JSON line per call, with the request id of the request it runs in, across awaits", async () => {
    const { lines, target } = capture();
    await withRequestId("req-123", async () => {
      await new Promise((r) => setTimeout(r, 5));
      target.warn("Order #%d: PayPal capture failed: %s", 19, "INSTRUMENT_DECLINED");
    });
    target.error("outside any request");
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 40, reqId: "req-123", msg: "Order #19: PayPal capture failed: INSTRUMENT_DECLINED" });
    expect(lines[1]).toMatchObject({ level: 50, msg: "outside any request" });
    expect(lines[1]!.reqId).toBeUndefined();
  });

  it("keeps an error's stack in the log line, as one line", async () => {
    const { lines, target } = capture();
    withRequestId("req-9", () => target.error("Checkout failed:", new Error("disk I/O error")));
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, reqId: "req-9", msg: "Checkout failed: disk I/O error" });
    expect((lines[0]!.err as { stack: string }).stack).toContain("disk I/O error");
  });
});
