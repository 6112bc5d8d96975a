// The server's console goes to the structured log: code that reports a handled error
// or a warning with console.error / console.warn (payments, jobs, admin actions) writes one pino
// JSON line with the request id of the request it runs in (kept by AsyncLocalStorage) and the
// error's stack, instead of plain multi-line text without either.
const { AsyncLocalStorage } = require("node:async_hooks");
const { format } = require("node:util");

const requestContext = new AsyncLocalStorage();

/** Runs `fn` (the rest of a request's handling) with its request id known to the log. */
function withRequestId(reqId, fn) {
  return requestContext.run({ reqId }, fn);
}

/** Points console.error and console.warn (and console.log, at info) at `log` (a pino logger). */
function bridgeConsole(log, target = console) {
  const to = (level) =>
    function logged(...args) {
      const err = args.find((a) => a instanceof Error);
      const msg = format(...args.map((a) => (a instanceof Error ? a.message : a)));
      const reqId = requestContext.getStore()?.reqId;
      log[level]({ ...(reqId ? { reqId } : {}), ...(err ? { err } : {}) }, msg);
    };
  target.error = to("error");
  target.warn = to("warn");
  target.log = to("info");
}

module.exports = { bridgeConsole, withRequestId };
