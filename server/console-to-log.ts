import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";

// The server's console goes to the structured log: code that reports a handled error or a
// warning with console.error / console.warn writes one pino JSON line with the request id of
// the request it runs in (kept by AsyncLocalStorage) and the error's stack.

interface Log {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `fn` (the rest of a request's handling) with its request id known to the log. */
export function withRequestId<T>(reqId: string, fn: () => T): T {
  return requestContext.run({ reqId }, fn);
}

/** Points console.error and console.warn (and console.log, at info) at `log` (a pino logger). */
export function bridgeConsole(log: Log, target: Pick<Console, "error" | "warn" | "log"> = console): void {
  const to = (level: "error" | "warn" | "info") =>
    function logged(...args: unknown[]) {
      const err = args.find((a) => a instanceof Error);
      const msg = format(...args.map((a) => (a instanceof Error ? a.message : a)));
      const reqId = requestContext.getStore()?.reqId;
      log[level]({ ...(reqId ? { reqId } : {}), ...(err ? { err } : {}) }, msg);
    };
  target.error = to("error");
  target.warn = to("warn");
  target.log = to("info");
}
