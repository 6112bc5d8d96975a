import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { logger } from "~/lib/logger.server";
import { OpsEnvSchema } from "~/lib/ops-env.server";

const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);

/** The bank's public API (api.nbp.pl): no key, JSON with ?format=json. */
export const NBP_API_DEFAULT = "https://api.nbp.pl/api";

const EnvSchema = OpsEnvSchema.extend({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  APP_URL: z.preprocess(emptyAsUnset, z.string().url().optional()),
  SESSION_SECRET: z.string().min(16).optional(),
  SHOP_EMAIL: z.string().email().default("hello@example.com"),
  ADMIN_EMAIL: z.string().email().default("admin@example.com"),
  ADMIN_PASSWORD: z.string().min(6).default("admin12345"),
  // Only "1" (or "true") makes a demonstration shop: DEMO=0 or DEMO=false must not switch off
  // production's refusals.
  DEMO: z
    .string()
    .optional()
    .transform((v) => v === "1" || v?.toLowerCase() === "true"),
  /** The number of reverse proxies in front of the shop (0 or unset: none); see getClientIp. */
  TRUST_PROXY: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(10).default(0)),
  SIGNUP_LIMIT_PER_HOUR: z.preprocess(emptyAsUnset, z.coerce.number().int().positive().default(30)),
  ORDER_LIMIT_PER_HOUR: z.preprocess(emptyAsUnset, z.coerce.number().int().positive().default(60)),
  /** Withdrawal requests (each step and each API call) per client address and hour. */
  WITHDRAWAL_LIMIT_PER_HOUR: z.preprocess(emptyAsUnset, z.coerce.number().int().positive().default(30)),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: z.string().url().optional(),
  GOOGLE_TOKEN_URL: z.string().url().optional(),
  GOOGLE_USERINFO_URL: z.string().url().optional(),
  // PayPal (CONTRACT.md): an empty value counts as unset, as in .env.example.
  PAYPAL_MODE: z.preprocess(emptyAsUnset, z.enum(["emulator", "sandbox", "live"]).optional()),
  PAYPAL_CLIENT_ID: z.preprocess(emptyAsUnset, z.string().optional()),
  PAYPAL_CLIENT_SECRET: z.preprocess(emptyAsUnset, z.string().optional()),
  PAYPAL_API_BASE: z.preprocess(emptyAsUnset, z.string().url().optional()),
  /** The shop's own PayPal merchant id: the payee every PayPal order must name (see domain/payments). */
  PAYPAL_MERCHANT_ID: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^[A-Z0-9]{13}$/, "a 13-character PayPal merchant id")
      .optional(),
  ),
  PAYPAL_EMULATOR_PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(65535).optional()),
  PAYPAL_WEBHOOK_ID: z.preprocess(emptyAsUnset, z.string().max(50).optional()),
  UNPAID_ORDER_HOURS: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(72),
  ),
  /** The daily backup's time of day, HH:MM in UTC. */
  BACKUP_AT: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "HH:MM (UTC)")
      .default("03:00"),
  ),
  LOG_LEVEL: z.preprocess(emptyAsUnset, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info")),
  // E-mail (CONTRACT.md): without SMTP_URL messages wait in the outbox.
  SMTP_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyAsUnset, z.string().max(320).optional()),
  /**
   * 1 (or true): the database is opened for reading only (SQLite's query_only): the shop can be
   * browsed, every write answers 503 'The shop cannot save right now', and no background job
   * runs. For a maintenance window, and for the tests of a refused write.
   */
  DATABASE_READ_ONLY: z
    .string()
    .optional()
    .transform((v) => v === "1" || v?.toLowerCase() === "true"),
  /** Demo and e2e only: the folder where the local SMTP catcher keeps what it receives (/admin/outbox shows it). */
  MAIL_CATCHER_DIR: z.preprocess(emptyAsUnset, z.string().optional()),
  /**
   * The National Bank of Poland's API the daily exchange-rate job reads (its JSON format); tests
   * and the demo point it at tools/nbp-stand-in. Production uses the bank's own address.
   */
  NBP_API_BASE: z.preprocess(emptyAsUnset, z.string().url().default(NBP_API_DEFAULT)),
});

export type Env = z.infer<typeof EnvSchema> & { APP_URL: string; SESSION_SECRET: string };

let cached: Env | undefined;

/** Reads process.env once. Outside production a session secret is generated into data/. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Settings that point the shop at a test's stand-in for Google or PayPal (NBP_API_BASE too, handled apart: it has a default). */
const URL_OVERRIDES = ["GOOGLE_AUTH_URL", "GOOGLE_TOKEN_URL", "GOOGLE_USERINFO_URL", "PAYPAL_API_BASE"] as const;

/**
 * Checks an environment. Throws (so the server refuses to start) on an invalid value; on
 * PAYPAL_MODE=live under a test or development NODE_ENV; and in production without DEMO=1: no
 * APP_URL, no SESSION_SECRET, PAYPAL_MODE=emulator, or sandbox/live without PAYPAL_MERCHANT_ID.
 * Production drops the URL overrides (GOOGLE_*_URL, PAYPAL_API_BASE, NBP_API_BASE) unless it is the emulator
 * demonstration, and says so once through `warn`. Outside production a missing session secret
 * is generated into data/.
 */
export function parseEnv(source: Record<string, string | undefined>, warn: (message: string) => void = (m) => logger.warn(m)): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV !== "production" && env.PAYPAL_MODE === "live") {
    throw new Error(`PAYPAL_MODE=live moves real money: it runs only with NODE_ENV=production (NODE_ENV is ${env.NODE_ENV}).`);
  }
  if (env.NODE_ENV === "production" && !env.DEMO && !env.APP_URL) {
    throw new Error(
      "APP_URL is required in production: the shop's public address, such as https://shop.example.com (links in e-mails, PayPal's return pages and the same-origin check use it).",
    );
  }
  if (env.NODE_ENV === "production" && !(env.DEMO && env.PAYPAL_MODE === "emulator")) {
    const ignored = [...URL_OVERRIDES.filter((name) => env[name] !== undefined), ...(env.NBP_API_BASE === NBP_API_DEFAULT ? [] : ["NBP_API_BASE"])];
    for (const name of URL_OVERRIDES) env[name] = undefined;
    // The rates stay the bank's own: they go into the tax records.
    env.NBP_API_BASE = NBP_API_DEFAULT;
    if (ignored.length) warn(`${ignored.join(", ")} ignored: in production they apply only to the emulator demonstration (PAYPAL_MODE=emulator with DEMO=1).`);
  }
  if (env.NODE_ENV === "production" && !env.DEMO && env.PAYPAL_MODE === "emulator") {
    throw new Error(
      "PAYPAL_MODE=emulator takes no real payments: in production it needs DEMO=1 (a demonstration shop), or set PAYPAL_MODE to sandbox or live.",
    );
  }
  if (env.NODE_ENV === "production" && !env.DEMO && env.PAYPAL_MODE && env.PAYPAL_MODE !== "emulator" && !env.PAYPAL_MERCHANT_ID) {
    throw new Error("PAYPAL_MERCHANT_ID is required with PAYPAL_MODE sandbox or live: a PayPal order paying anyone else must never pay an order.");
  }
  let secret = env.SESSION_SECRET;
  if (!secret) {
    if (env.NODE_ENV === "production" && !env.DEMO) {
      throw new Error("SESSION_SECRET is required in production (at least 16 characters).");
    }
    secret = generatedSecret(path.dirname(env.DATABASE_PATH));
  }
  return { ...env, APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""), SESSION_SECRET: secret };
}

function generatedSecret(dir: string): string {
  const file = path.join(dir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
