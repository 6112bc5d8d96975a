import pino from "pino";

/**
 * The shop's one logger: JSON lines on stdout (pino; LOG_FILE for a file), level from LOG_LEVEL (default info).
 * Secrets and personal data never reach a line: these paths are censored wherever they occur,
 * and request lines carry the path without its query, tokens in paths replaced (routeOf).
 */
export const REDACT_PATHS = [
  "password",
  "*.password",
  "confirmPassword",
  "*.confirmPassword",
  "token",
  "*.token",
  "accessToken",
  "*.accessToken",
  "secret",
  "*.secret",
  "cookie",
  "*.cookie",
  "headers.cookie",
  "*.headers.cookie",
  "headers.authorization",
  "*.headers.authorization",
  'headers["set-cookie"]',
  'headers["x-shop-client-ip"]',
  "authorization",
  "*.authorization",
  "address",
  "*.address",
  "addressLine1",
  "*.addressLine1",
  "addressLine2",
  "*.addressLine2",
  "shipping_address_line1",
  "*.shipping_address_line1",
  "shipping_address_line2",
  "*.shipping_address_line2",
];

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);
const level = LEVELS.has(process.env.LOG_LEVEL ?? "") ? process.env.LOG_LEVEL! : "info";

/**
 * Stdout, unless LOG_FILE names a file (the demo's): then every line is appended there and only
 * errors also reach stderr, so the terminal stays readable. Written synchronously either way.
 */
function destination() {
  const file = process.env.LOG_FILE;
  if (!file) return undefined;
  return pino.multistream([
    { level: level === "silent" ? "fatal" : (level as pino.Level), stream: pino.destination({ dest: file, append: true, mkdir: true, sync: true }) },
    { level: "error", stream: pino.destination({ dest: 2, sync: true }) },
  ]);
}

export const logger = pino(
  {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    formatters: { level: (label) => ({ level: label }) },
  },
  destination(),
);

const TOKEN_ROUTES = /^\/(orders|order-details)\/(\d+)\/[^/]+/;

/** A request's path for the log: no query string, order tokens and any long opaque segment replaced. */
export function routeOf(url: string): string {
  const path = url.split("?")[0] ?? "/";
  return path
    .replace(TOKEN_ROUTES, (_m, a: string, id: string) => `/${a}/${id}/:token`)
    .split("/")
    .map((segment) => (segment.length >= 32 ? ":token" : segment))
    .join("/");
}
