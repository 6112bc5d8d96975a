import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { paypalConfigFromEnv } from "~/lib/paypal-client.server";
import { parseEnv } from "~/lib/env.server";

const dir = mkdtempSync(path.join(tmpdir(), "env-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const base = { DATABASE_PATH: path.join(dir, "shop.db") };
const SECRET = "a-real-session-secret-1234";

const APP_URL = "https://shop.example.com";

describe("the server refuses to start on an unsafe production environment", () => {
  it("refuses PAYPAL_MODE=emulator in production unless DEMO=1", () => {
    expect(() => parseEnv({ ...base, NODE_ENV: "production", SESSION_SECRET: SECRET, APP_URL, PAYPAL_MODE: "emulator" })).toThrow(
      /PAYPAL_MODE=emulator.*DEMO=1/,
    );
    expect(parseEnv({ ...base, NODE_ENV: "production", SESSION_SECRET: SECRET, PAYPAL_MODE: "emulator", DEMO: "1" }).PAYPAL_MODE).toBe("emulator");
    // DEMO=0 or DEMO=false is not a demonstration shop.
    for (const DEMO of ["0", "false", "no", ""]) {
      expect(() => parseEnv({ ...base, NODE_ENV: "production", SESSION_SECRET: SECRET, APP_URL, PAYPAL_MODE: "emulator", DEMO })).toThrow(
        /PAYPAL_MODE=emulator/,
      );
      expect(() => parseEnv({ ...base, NODE_ENV: "production", APP_URL, DEMO })).toThrow(/SESSION_SECRET/);
    }
  });

  it("refuses a generated session secret in production unless DEMO=1", () => {
    expect(() => parseEnv({ ...base, NODE_ENV: "production", APP_URL })).toThrow(/SESSION_SECRET is required/);
    expect(parseEnv({ ...base, NODE_ENV: "production", DEMO: "1" }).SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
  });

  it("requires PAYPAL_MERCHANT_ID (13 characters) for sandbox and live", () => {
    const live = { ...base, NODE_ENV: "production", SESSION_SECRET: SECRET, APP_URL, PAYPAL_MODE: "live", PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s" };
    expect(() => parseEnv(live)).toThrow(/PAYPAL_MERCHANT_ID is required/);
    expect(() => parseEnv({ ...live, PAYPAL_MERCHANT_ID: "short" })).toThrow(/PAYPAL_MERCHANT_ID/);
    expect(parseEnv({ ...live, PAYPAL_MERCHANT_ID: "ABCDEFGH12345" }).PAYPAL_MERCHANT_ID).toBe("ABCDEFGH12345");
  });

  it("reads TRUST_PROXY as a number of hops and the per-address limits with their defaults", () => {
    const env = parseEnv({ ...base, TRUST_PROXY: "2" });
    expect(env.TRUST_PROXY).toBe(2);
    expect(env.SIGNUP_LIMIT_PER_HOUR).toBe(30);
    expect(env.ORDER_LIMIT_PER_HOUR).toBe(60);
    expect(() => parseEnv({ ...base, TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  });
});

describe("production takes its addresses from the environment, never from test settings", () => {
  const production = { ...base, NODE_ENV: "production", SESSION_SECRET: SECRET };
  const overrides = {
    GOOGLE_AUTH_URL: "http://127.0.0.1:9/authorize",
    GOOGLE_TOKEN_URL: "http://127.0.0.1:9/token",
    GOOGLE_USERINFO_URL: "http://127.0.0.1:9/userinfo",
    PAYPAL_API_BASE: "http://127.0.0.1:9",
  };

  it("refuses production without APP_URL, naming it; a demonstration shop defaults it", () => {
    expect(() => parseEnv(production)).toThrow(/APP_URL is required in production/);
    expect(() => parseEnv({ ...production, APP_URL: "" })).toThrow(/APP_URL/);
    expect(parseEnv({ ...production, APP_URL: "https://shop.example.com/" }).APP_URL).toBe("https://shop.example.com");
    expect(parseEnv({ ...base, NODE_ENV: "production", DEMO: "1", PORT: "3456" }).APP_URL).toBe("http://localhost:3456");
  });

  it("ignores the test-only URL overrides in production, with one warning naming them", () => {
    const warn = vi.fn();
    const live = { ...production, APP_URL, PAYPAL_MODE: "live", PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s", PAYPAL_MERCHANT_ID: "ABCDEFGH12345" };
    const env = parseEnv({ ...live, ...overrides }, warn);
    expect([env.GOOGLE_AUTH_URL, env.GOOGLE_TOKEN_URL, env.GOOGLE_USERINFO_URL, env.PAYPAL_API_BASE]).toEqual([undefined, undefined, undefined, undefined]);
    expect(paypalConfigFromEnv(env)?.apiBase).toBe("https://api-m.paypal.com");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/GOOGLE_AUTH_URL, GOOGLE_TOKEN_URL, GOOGLE_USERINFO_URL, PAYPAL_API_BASE/);
    // DEMO=1 alone (a sandbox demonstration) does not bring them back.
    const sandboxDemo = parseEnv({ ...production, DEMO: "1", PAYPAL_MODE: "sandbox", PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s", ...overrides }, warn);
    expect(paypalConfigFromEnv(sandboxDemo)?.apiBase).toBe("https://api-m.sandbox.paypal.com");
    expect(sandboxDemo.GOOGLE_TOKEN_URL).toBeUndefined();
    // No overrides, no warning.
    const quiet = vi.fn();
    parseEnv(live, quiet);
    expect(quiet).not.toHaveBeenCalled();
  });

  it("keeps the overrides for the emulator demonstration (npm run demo, the e2e server) and outside production", () => {
    const warn = vi.fn();
    const demo = parseEnv({ ...base, NODE_ENV: "production", DEMO: "1", PAYPAL_MODE: "emulator", ...overrides }, warn);
    expect(demo.PAYPAL_API_BASE).toBe(overrides.PAYPAL_API_BASE);
    expect(demo.GOOGLE_AUTH_URL).toBe(overrides.GOOGLE_AUTH_URL);
    const dev = parseEnv({ ...base, NODE_ENV: "development", ...overrides }, warn);
    expect(dev.GOOGLE_USERINFO_URL).toBe(overrides.GOOGLE_USERINFO_URL);
    expect(warn).not.toHaveBeenCalled();
  });

  it("refuses live PayPal under a test or development NODE_ENV", () => {
    const live = { ...base, PAYPAL_MODE: "live", PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s", PAYPAL_MERCHANT_ID: "ABCDEFGH12345" };
    for (const NODE_ENV of ["test", "development", undefined]) {
      expect(() => parseEnv({ ...live, NODE_ENV })).toThrow(/PAYPAL_MODE=live.*NODE_ENV=production/);
    }
    expect(parseEnv({ ...base, NODE_ENV: "test", PAYPAL_MODE: "sandbox", PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s" }).PAYPAL_MODE).toBe("sandbox");
    expect(parseEnv({ ...live, NODE_ENV: "production", SESSION_SECRET: SECRET, APP_URL }).PAYPAL_MODE).toBe("live");
  });
});

describe("NBP_API_BASE: where the exchange-rate job reads the bank's rates", () => {
  const standIn = "http://127.0.0.1:3195/api";
  it("defaults to the bank; tests, development and the emulator demonstration may point it at the stand-in", () => {
    expect(parseEnv(base).NBP_API_BASE).toBe("https://api.nbp.pl/api");
    expect(parseEnv({ ...base, NBP_API_BASE: "" }).NBP_API_BASE).toBe("https://api.nbp.pl/api");
    expect(parseEnv({ ...base, NBP_API_BASE: standIn }).NBP_API_BASE).toBe(standIn);
    expect(parseEnv({ ...base, NODE_ENV: "production", DEMO: "1", PAYPAL_MODE: "emulator", NBP_API_BASE: standIn }).NBP_API_BASE).toBe(standIn);
    expect(() => parseEnv({ ...base, NBP_API_BASE: "not a url" })).toThrow(/NBP_API_BASE/);
  });

  it("is the bank's own in a real production shop (the rates go into tax records), with the one warning", () => {
    const warn = vi.fn();
    const live = {
      ...base,
      NODE_ENV: "production",
      SESSION_SECRET: SECRET,
      APP_URL,
      PAYPAL_MODE: "live",
      PAYPAL_CLIENT_ID: "id",
      PAYPAL_CLIENT_SECRET: "s",
      PAYPAL_MERCHANT_ID: "ABCDEFGH12345",
    };
    expect(parseEnv({ ...live, NBP_API_BASE: standIn }, warn).NBP_API_BASE).toBe("https://api.nbp.pl/api");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/^NBP_API_BASE ignored/);
    const quiet = vi.fn();
    parseEnv({ ...live, NBP_API_BASE: "https://api.nbp.pl/api" }, quiet);
    expect(quiet).not.toHaveBeenCalled();
  });
});

describe("LITESTREAM_REPLICA_URL: where the database is replicated", () => {
  it("is optional (empty counts as unset) and takes file://, sftp:// and s3:// replicas", () => {
    expect(parseEnv(base).LITESTREAM_REPLICA_URL).toBeUndefined();
    expect(parseEnv({ ...base, LITESTREAM_REPLICA_URL: "" }).LITESTREAM_REPLICA_URL).toBeUndefined();
    for (const url of ["file:///srv/shop-replica", "sftp://shopbackup@backup.example.net/doll-boutique/replica", "s3://shop-replica/doll-boutique"]) {
      expect(parseEnv({ ...base, LITESTREAM_REPLICA_URL: url }).LITESTREAM_REPLICA_URL).toBe(url);
    }
  });

  it("refuses a credential in the URL, without repeating it, and anything Litestream 0.3 cannot replicate to", () => {
    for (const url of [
      "sftp://shopbackup:hunter2secret@backup.example.net/replica",
      "s3://AKIAEXAMPLE:hunter2secret@shop-replica/db",
      "s3://AKIAEXAMPLE@shop-replica/db",
    ]) {
      let message = "";
      try {
        parseEnv({ ...base, LITESTREAM_REPLICA_URL: url });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/LITESTREAM_REPLICA_URL: holds a credential/);
      expect(message).not.toMatch(/hunter2secret|AKIAEXAMPLE/);
    }
    expect(() => parseEnv({ ...base, LITESTREAM_REPLICA_URL: "https://backup.example.net/replica" })).toThrow(
      /LITESTREAM_REPLICA_URL: https:\/\/ is not a replica/,
    );
    expect(() => parseEnv({ ...base, LITESTREAM_REPLICA_URL: "file://relative/replica" })).toThrow(/file:\/\/ takes an absolute folder/);
    expect(() => parseEnv({ ...base, LITESTREAM_REPLICA_URL: "/srv/shop-replica" })).toThrow(/LITESTREAM_REPLICA_URL: not a URL/);
    expect(() => parseEnv({ ...base, LITESTREAM_REPLICA_URL: "s3://shop-replica/db?endpoint=x" })).toThrow(/no query/);
  });
});
