// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "~/lib/env.server";

const dir = mkdtempSync(path.join(tmpdir(), "env-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const base = { DATABASE_PATH: path.join(dir, "shop.db") };
const SECRET = "a-real-session-secret-1234";

describe("the server refuses to start on an unsafe production environment", () => {
  it("refuses PAYPAL_MODE=emulator in production unless DEMO=1", () => {
    expect(() => parseEnv({ ...base, NODE_ENV: "production", SESSION_SECRET: SECRET, PAYPAL_MODE: "emulator" })).toThrow(/PAYPAL_MODE=emulator.*DEMO=1/);
    expect(parseEnv({ ...base, NODE_ENV: "production", SESSION_SECRET: SECRET, PAYPAL_MODE: "emulator", DEMO: "1" }).PAYPAL_MODE).toBe("emulator");
    // DEMO=0 or DEMO=false is not a demonstration shop.
    for (const DEMO of ["0", "false", "no", ""]) {
      expect(() => parseEnv({ ...base, NODE_ENV: "production", SESSION_SECRET: SECRET, PAYPAL_MODE: "emulator", DEMO })).toThrow(/PAYPAL_MODE=emulator/);
      expect(() => parseEnv({ ...base, NODE_ENV: "production", DEMO })).toThrow(/SESSION_SECRET/);
    }
  });

  it("refuses a generated session secret in production unless DEMO=1", () => {
    expect(() => parseEnv({ ...base, NODE_ENV: "production" })).toThrow(/SESSION_SECRET is required/);
    expect(parseEnv({ ...base, NODE_ENV: "production", DEMO: "1" }).SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
  });

  it("requires PAYPAL_MERCHANT_ID (13 characters) for sandbox and live", () => {
    const live = { ...base, NODE_ENV: "production", SESSION_SECRET: SECRET, PAYPAL_MODE: "live", PAYPAL_CLIENT_ID: "id", PAYPAL_CLIENT_SECRET: "s" };
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
