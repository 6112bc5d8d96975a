import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createPaypalClient,
  EMULATOR_CREDENTIALS,
  EMULATOR_MERCHANT_ID,
  isPaypalConfigured,
  paypalConfigFromEnv,
  PaypalError,
  setPaypalConfig,
  warnIfPaypalNotConfigured,
} from "~/lib/paypal-client.server";
import { startPaypalEmulator, type PaypalEmulator } from "../../tools/paypal-emulator";

// The shop's PayPal client (app/lib/paypal-client.server.ts) against the emulator.

const CLIENT_ID = "client-test-id";
const CLIENT_SECRET = "client-test-secret-do-not-leak";
let emulator: PaypalEmulator;

beforeAll(async () => {
  emulator = await startPaypalEmulator({ port: 0, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
});
afterAll(async () => {
  setPaypalConfig(undefined);
  await emulator?.close();
});

function client(overrides: Partial<Parameters<typeof createPaypalClient>[0]> = {}) {
  return createPaypalClient({ mode: "emulator", apiBase: emulator.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...overrides });
}

const INPUT = {
  orderId: 7,
  totalCents: 4250,
  returnUrl: "http://localhost:3000/order/7/paypal-return",
  cancelUrl: "http://localhost:3000/order/7/paypal-cancel",
};

/** Counts the calls the client makes, by path. */
function countCalls() {
  const calls: string[] = [];
  const real = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    calls.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
    return real(input, init);
  });
  return { calls, restore: () => spy.mockRestore() };
}

describe("configuration from the environment", () => {
  it("emulator mode has defaults; credentials alone mean the sandbox; live only by name; nothing means not configured", () => {
    expect(paypalConfigFromEnv({ PAYPAL_MODE: "emulator" })).toEqual({
      mode: "emulator",
      apiBase: "http://127.0.0.1:4010",
      clientId: EMULATOR_CREDENTIALS.clientId,
      clientSecret: EMULATOR_CREDENTIALS.clientSecret,
      merchantId: EMULATOR_MERCHANT_ID,
    });
    expect(
      paypalConfigFromEnv({ PAYPAL_MODE: "sandbox", PAYPAL_CLIENT_ID: "a", PAYPAL_CLIENT_SECRET: "b", PAYPAL_MERCHANT_ID: "SHOPMERCHANT1" })?.merchantId,
    ).toBe("SHOPMERCHANT1");
    expect(paypalConfigFromEnv({ PAYPAL_MODE: "emulator", PAYPAL_EMULATOR_PORT: 4999 })?.apiBase).toBe("http://127.0.0.1:4999");
    expect(paypalConfigFromEnv({ PAYPAL_CLIENT_ID: "a", PAYPAL_CLIENT_SECRET: "b" })).toEqual({
      mode: "sandbox",
      apiBase: "https://api-m.sandbox.paypal.com",
      clientId: "a",
      clientSecret: "b",
    });
    expect(paypalConfigFromEnv({ PAYPAL_MODE: "live", PAYPAL_CLIENT_ID: "a", PAYPAL_CLIENT_SECRET: "b" })?.apiBase).toBe("https://api-m.paypal.com");
    expect(paypalConfigFromEnv({ PAYPAL_MODE: "sandbox", PAYPAL_CLIENT_ID: "a", PAYPAL_CLIENT_SECRET: "b", PAYPAL_API_BASE: "http://x.test" })?.apiBase).toBe(
      "http://x.test",
    );
    expect(paypalConfigFromEnv({ PAYPAL_MODE: "live" })).toBeNull();
    expect(paypalConfigFromEnv({ PAYPAL_CLIENT_ID: "a" })).toBeNull();
    expect(paypalConfigFromEnv({})).toBeNull();
  });

  it("says once, with console.warn, that payments are not configured", () => {
    setPaypalConfig(null);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(isPaypalConfigured()).toBe(false);
    warnIfPaypalNotConfigured();
    warnIfPaypalNotConfigured();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain("PayPal is not configured");
    warn.mockRestore();
    setPaypalConfig(undefined);
  });
});

describe("the PayPal client", () => {
  it("creates an order with intent CAPTURE, USD, the total as a 2-decimal string and the order as reference", async () => {
    const created = await client().createOrder({ ...INPUT, requestId: "client-create-1", brandName: "Little Stitches Atelier" });
    expect(created).toMatchObject({
      status: "CREATED",
      intent: "CAPTURE",
      purchase_units: [{ reference_id: "7", custom_id: "7", amount: { currency_code: "USD", value: "42.50" } }],
    });
    expect(emulator.state.orders.get(created.id)).toMatchObject({
      return_url: INPUT.returnUrl,
      cancel_url: INPUT.cancelUrl,
      brand_name: "Little Stitches Atelier",
    });
  });

  it("sends PayPal-Request-Id: a repeated create or capture answers the first result", async () => {
    const paypal = client();
    const first = await paypal.createOrder({ ...INPUT, totalCents: 105, requestId: "client-create-repeat" });
    const second = await paypal.createOrder({ ...INPUT, totalCents: 105, requestId: "client-create-repeat" });
    expect(second.id).toBe(first.id);
    expect((await paypal.getOrder(first.id)).purchase_units![0]!.amount!.value).toBe("1.05");
    await fetch(`${emulator.url}/__emulator/approve/${first.id}`, { method: "POST" });
    const captured = await paypal.captureOrder(first.id, "client-capture-repeat");
    const again = await paypal.captureOrder(first.id, "client-capture-repeat");
    expect(captured.status).toBe("COMPLETED");
    expect(again.purchase_units![0]!.payments!.captures![0]!.id).toBe(captured.purchase_units![0]!.payments!.captures![0]!.id);
  });

  it("keeps its token until shortly before it expires, and fetches a new one once after a 401", async () => {
    const paypal = client();
    const { calls, restore } = countCalls();
    try {
      const created = await paypal.createOrder({ ...INPUT, requestId: "client-token-1" });
      await Promise.all([paypal.getOrder(created.id), paypal.getOrder(created.id)]);
      expect(calls.filter((c) => c === "POST /v1/oauth2/token")).toHaveLength(1);
      emulator.state.tokens.clear();
      expect((await paypal.getOrder(created.id)).id).toBe(created.id);
      expect(calls.filter((c) => c === "POST /v1/oauth2/token")).toHaveLength(2);
    } finally {
      restore();
    }
  });

  it("renews a token that is about to expire", async () => {
    const short = await startPaypalEmulator({ port: 0, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, tokenLifetimeSeconds: 1 });
    const paypal = createPaypalClient({ mode: "emulator", apiBase: short.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const { calls, restore } = countCalls();
    try {
      const created = await paypal.createOrder({ ...INPUT, requestId: "client-expiry" });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await paypal.getOrder(created.id);
      expect(calls.filter((c) => c === "POST /v1/oauth2/token")).toHaveLength(2);
      expect(calls.filter((c) => c.startsWith("GET "))).toHaveLength(1);
    } finally {
      restore();
      await short.close();
    }
  });

  it("turns PayPal's error answers into PaypalError with its name and issue, never a credential", async () => {
    const paypal = client();
    const notFound = await paypal.getOrder("UNKNOWN0000000000").catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(PaypalError);
    expect(notFound).toMatchObject({ status: 404, paypalName: "RESOURCE_NOT_FOUND", issue: "INVALID_RESOURCE_ID", isUnavailable: false });
    expect((notFound as Error).message).toMatch(/^PayPal get order failed: 404 RESOURCE_NOT_FOUND\/INVALID_RESOURCE_ID: .+ \(debug id \w+\)$/);

    const created = await paypal.createOrder({ ...INPUT, requestId: "client-unapproved" });
    const refused = await paypal.captureOrder(created.id, "client-unapproved-capture").catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 422, paypalName: "UNPROCESSABLE_ENTITY", issue: "ORDER_NOT_APPROVED" });

    const wrong = createPaypalClient({ mode: "emulator", apiBase: emulator.url, clientId: CLIENT_ID, clientSecret: "wrong-secret-value" });
    const denied = await wrong.getOrder(created.id).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(PaypalError);
    expect(denied).toMatchObject({ status: 401 });
    expect((denied as Error).message).toContain("check PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET");
    for (const e of [notFound, refused, denied]) {
      expect(JSON.stringify({ ...(e as object), message: (e as Error).message })).not.toMatch(/client-test-secret|wrong-secret-value|A21AA/);
    }
  });

  it("gives up after its timeout or when nothing listens (status 0, unavailable)", async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const slow = createPaypalClient({ mode: "sandbox", apiBase: `http://127.0.0.1:${port}`, clientId: "a", clientSecret: "b", timeoutMs: 200 });
      const timedOut = await slow.getOrder("X").catch((e: unknown) => e);
      expect(timedOut).toMatchObject({ status: 0, isUnavailable: true, message: "PayPal sign-in: PayPal timed out" });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
    const nobody = createPaypalClient({ mode: "sandbox", apiBase: "http://127.0.0.1:9", clientId: "a", clientSecret: "b" });
    expect(await nobody.getOrder("X").catch((e: unknown) => e)).toMatchObject({ status: 0, message: "PayPal sign-in: PayPal could not be reached" });
  });
});
