import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import { type PaypalConfig, setPaypalConfig } from "../../app/lib/paypal-client.server";
import { type PaypalEmulator, startPaypalEmulator } from "../../tools/paypal-emulator";

// The PayPal emulator for integration tests: a client for its own API and test controls, and
// useEmulator(), the hooks every payment test file needs.

export type Json = Record<string, any>;

/** Talks to a running emulator directly, as PayPal's own API and its test controls. */
export function emulatorClient(base: string, clientId: string, clientSecret: string) {
  let token: string | undefined;
  async function accessToken(): Promise<string> {
    if (token) return token;
    const res = await fetch(`${base}/v1/oauth2/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    token = ((await res.json()) as Json).access_token as string;
    return token;
  }
  async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${await accessToken()}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
  }
  return {
    api,
    /** A PayPal order made outside the shop (for tampering tests). */
    async createOrder(referenceId: string, value: string, currency = "USD", payee?: { email_address?: string; merchant_id?: string }): Promise<Json> {
      const res = await api("POST", "/v2/checkout/orders", {
        intent: "CAPTURE",
        purchase_units: [{ reference_id: referenceId, custom_id: referenceId, amount: { currency_code: currency, value }, ...(payee ? { payee } : {}) }],
        application_context: { return_url: "http://localhost:3000/return", cancel_url: "http://localhost:3000/cancel" },
      });
      if (res.status !== 201) throw new Error(`emulator create: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    getOrder: (id: string) => api("GET", `/v2/checkout/orders/${id}`),
    capture: (id: string) => api("POST", `/v2/checkout/orders/${id}/capture`, {}),
    async approve(id: string): Promise<void> {
      const res = await fetch(`${base}/__emulator/approve/${id}`, { method: "POST" });
      if (res.status !== 200) throw new Error(`emulator approve ${id}: ${res.status}`);
    },
    /** Approves through the buyer's page, like a browser: answers where PayPal sends the buyer. */
    async decide(id: string, decision: "approve" | "cancel"): Promise<string> {
      const res = await fetch(`${base}/checkoutnow`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: id, decision }).toString(),
        redirect: "manual",
      });
      if (res.status !== 302) throw new Error(`emulator decision: ${res.status}`);
      return res.headers.get("location")!;
    },
    async failNextCapture(body: Json = {}): Promise<void> {
      await fetch(`${base}/__emulator/fail-next-capture`, { method: "POST", body: JSON.stringify(body) });
    },
    async completeNextCaptureWith(status: "PENDING" | "DECLINED", orderId?: string): Promise<void> {
      await fetch(`${base}/__emulator/complete-capture-with`, { method: "POST", body: JSON.stringify({ status, orderId }) });
    },
  };
}

export type EmulatorClient = ReturnType<typeof emulatorClient>;

/**
 * Starts an emulator for this test file and points the shop's PayPal settings at it; quiets
 * console.warn (the payment code warns the owner about refused captures) and clears it per test.
 * `emulator`, `pp` and `config` are filled in before the first test, so they can be taken apart here.
 */
export function useEmulator(credentials: { clientId: string; clientSecret: string }) {
  const emulator = {} as PaypalEmulator;
  const pp = {} as EmulatorClient;
  const config = {} as PaypalConfig & { mode: "emulator" };
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});

  beforeAll(async () => {
    Object.assign(emulator, await startPaypalEmulator({ port: 0, ...credentials }));
    Object.assign(pp, emulatorClient(emulator.url, credentials.clientId, credentials.clientSecret));
    Object.assign(config, { mode: "emulator" as const, apiBase: emulator.url, ...credentials });
    setPaypalConfig(config);
  });
  afterAll(async () => {
    setPaypalConfig(undefined);
    warn.mockRestore();
    await emulator.close?.();
  });
  beforeEach(() => warn.mockClear());

  return { emulator, pp, config, warn };
}
