import { startPaypalEmulator, type PaypalEmulator } from "../../tools/paypal-emulator";

const CLIENT_ID = "test-client";
const CLIENT_SECRET = "test-secret";
const RETURN_URL = "https://shop.example/paypal/return?orderId=42";
const CANCEL_URL = "https://shop.example/paypal/cancel";

let emulator: PaypalEmulator;
let base: string;
let accessToken: string;

beforeAll(async () => {
  emulator = await startPaypalEmulator({ port: 0, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  base = emulator.url;
});

afterAll(async () => {
  await emulator?.close();
});

beforeEach(async () => {
  await fetch(`${base}/__emulator/reset`, { method: "POST" });
  accessToken ??= (await getToken()).access_token;
});

type Json = Record<string, any>;

function basic(id: string, secret: string) {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
}

async function getToken(id = CLIENT_ID, secret = CLIENT_SECRET) {
  const res = await fetch(`${base}/v1/oauth2/token`, {
    method: "POST",
    headers: { Authorization: basic(id, secret), "Content-Type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  return Object.assign((await res.json()) as Json, { httpStatus: res.status });
}

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as Json };
}

function orderPayload(overrides: Json = {}) {
  return {
    intent: "CAPTURE",
    purchase_units: [{ reference_id: "order-42", custom_id: "42", amount: { currency_code: "USD", value: "24.00" } }],
    application_context: { return_url: RETURN_URL, cancel_url: CANCEL_URL, brand_name: "Doll Boutique", user_action: "PAY_NOW" },
    ...overrides,
  };
}

async function createOrder(overrides: Json = {}, headers: Record<string, string> = {}) {
  const res = await api("POST", "/v2/checkout/orders", orderPayload(overrides), headers);
  expect(res.status).toBe(201);
  return res.body;
}

const link = (order: Json, rel: string) => (order.links as { href: string; rel: string; method: string }[]).find((l) => l.rel === rel);

async function approveViaPage(id: string) {
  const page = await fetch(`${base}/checkoutnow?token=${id}`);
  expect(page.status).toBe(200);
  return fetch(`${base}/checkoutnow`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: id, decision: "approve" }).toString(),
    redirect: "manual",
  });
}

describe("PayPal emulator: OAuth2 token", () => {
  it("issues a bearer token for the right client credentials", async () => {
    const token = await getToken();
    expect(token.httpStatus).toBe(200);
    expect(token).toMatchObject({ token_type: "Bearer", expires_in: 32400 });
    expect(typeof token.access_token).toBe("string");
    expect(typeof token.scope).toBe("string");
    expect(token.app_id).toMatch(/^APP-/);
    expect(typeof token.nonce).toBe("string");
    expect((await getToken()).access_token).not.toBe(token.access_token);
  });

  it("answers 401 invalid_client to wrong or missing credentials", async () => {
    const wrong = await getToken(CLIENT_ID, "nope");
    expect(wrong.httpStatus).toBe(401);
    expect(wrong.error).toBe("invalid_client");
    expect(typeof wrong.error_description).toBe("string");
    const none = await fetch(`${base}/v1/oauth2/token`, { method: "POST", body: "grant_type=client_credentials" });
    expect(none.status).toBe(401);
    expect(((await none.json()) as Json).error).toBe("invalid_client");
  });

  it("refuses another grant type", async () => {
    const res = await fetch(`${base}/v1/oauth2/token`, {
      method: "POST",
      headers: { Authorization: basic(CLIENT_ID, CLIENT_SECRET), "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=password",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error).toBe("unsupported_grant_type");
  });
});

describe("PayPal emulator: orders", () => {
  it("requires a valid bearer token", async () => {
    const missing = await fetch(`${base}/v2/checkout/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(orderPayload()),
    });
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as Json).name).toBe("AUTHENTICATION_FAILURE");
    const bad = await api("POST", "/v2/checkout/orders", orderPayload(), { Authorization: "Bearer not-a-token" });
    expect(bad.status).toBe(401);
    expect(bad.body.name).toBe("AUTHENTICATION_FAILURE");
    const get = await api("GET", "/v2/checkout/orders/ABCDEFGHIJ1234567", undefined, { Authorization: "Bearer not-a-token" });
    expect(get.status).toBe(401);
    expect(emulator.state.orders.size).toBe(0);
  });

  it.each([
    ["a wrong intent", { intent: "SALE" }, "/intent"],
    ["no intent", { intent: undefined }, "/intent"],
    ["no purchase units", { purchase_units: [] }, "/purchase_units"],
    ["a malformed value", { purchase_units: [{ amount: { currency_code: "USD", value: "24.5" } }] }, "/purchase_units/@reference_id=='default'/amount/value"],
    ["a zero value", { purchase_units: [{ amount: { currency_code: "USD", value: "0.00" } }] }, "/purchase_units/@reference_id=='default'/amount/value"],
    ["a negative value", { purchase_units: [{ amount: { currency_code: "USD", value: "-1.00" } }] }, "/purchase_units/@reference_id=='default'/amount/value"],
    ["a numeric value", { purchase_units: [{ amount: { currency_code: "USD", value: 24 } }] }, "/purchase_units/@reference_id=='default'/amount/value"],
    [
      "a bad currency",
      { purchase_units: [{ amount: { currency_code: "usd", value: "24.00" } }] },
      "/purchase_units/@reference_id=='default'/amount/currency_code",
    ],
    ["no amount", { purchase_units: [{ reference_id: "x" }] }, "/purchase_units/@reference_id=='x'/amount"],
    ["a bad return URL", { application_context: { return_url: "not a url", cancel_url: CANCEL_URL } }, "/application_context/return_url"],
  ])("answers 400 INVALID_REQUEST to %s", async (_label, overrides, field) => {
    const res = await api("POST", "/v2/checkout/orders", orderPayload(overrides));
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("paypal-debug-id")).toBe(res.body.debug_id);
    expect(res.body).toMatchObject({ name: "INVALID_REQUEST", message: expect.any(String), debug_id: expect.any(String) });
    expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field, issue: expect.any(String), description: expect.any(String) })]));
    expect(emulator.state.orders.size).toBe(0);
  });

  it("checks an amount breakdown against its items like PayPal (422)", async () => {
    const res = await api(
      "POST",
      "/v2/checkout/orders",
      orderPayload({
        purchase_units: [
          {
            amount: {
              currency_code: "USD",
              value: "24.00",
              breakdown: { item_total: { currency_code: "USD", value: "20.00" }, shipping: { currency_code: "USD", value: "3.00" } },
            },
            items: [{ name: "Dress", quantity: "2", unit_amount: { currency_code: "USD", value: "10.00" } }],
          },
        ],
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.name).toBe("UNPROCESSABLE_ENTITY");
    expect(res.body.details[0].issue).toBe("AMOUNT_MISMATCH");
  });

  it("answers 400 to malformed JSON", async () => {
    const res = await api("POST", "/v2/checkout/orders", "{not json");
    expect(res.status).toBe(400);
    expect(res.body.name).toBe("INVALID_REQUEST");
    expect(res.body.details[0].issue).toBe("MALFORMED_REQUEST_JSON");
    const arr = await api("POST", "/v2/checkout/orders", "[1,2]");
    expect(arr.status).toBe(400);
  });

  it("creates, shows, approves through the page, captures once", async () => {
    const created = await createOrder();
    expect(created.id).toMatch(/^[A-Z0-9]{17}$/);
    expect(created).toMatchObject({
      intent: "CAPTURE",
      status: "CREATED",
      purchase_units: [{ reference_id: "order-42", custom_id: "42", amount: { currency_code: "USD", value: "24.00" } }],
    });
    expect(created.create_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(link(created, "self")).toEqual({ href: `${base}/v2/checkout/orders/${created.id}`, rel: "self", method: "GET" });
    expect(link(created, "approve")).toEqual({ href: `${base}/checkoutnow?token=${created.id}`, rel: "approve", method: "GET" });
    expect(link(created, "update")?.method).toBe("PATCH");
    expect(link(created, "capture")).toEqual({ href: `${base}/v2/checkout/orders/${created.id}/capture`, rel: "capture", method: "POST" });

    const shown = await api("GET", `/v2/checkout/orders/${created.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: created.id, status: "CREATED" });
    expect(shown.body.payer).toBeUndefined();

    const page = await fetch(link(created, "approve")!.href);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("24.00");
    expect(html).toContain("USD");
    expect(html).toContain("Doll Boutique");
    expect(html).toMatch(/<form method="post" action="\/checkoutnow"/);
    expect(html).toContain(`name="token" value="${created.id}"`);
    expect(html).toMatch(/<button[^>]*name="decision" value="approve"[^>]*>Approve<\/button>/);
    expect(html).toMatch(/<button[^>]*name="decision" value="cancel"[^>]*>Cancel<\/button>/);
    expect(html).not.toMatch(/<script|https?:\/\/(?!shop\.example)[^"\s]*\.(css|js)/);

    const decision = await fetch(`${base}/checkoutnow`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: created.id, decision: "approve" }).toString(),
      redirect: "manual",
    });
    expect(decision.status).toBe(302);
    const location = new URL(decision.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe("https://shop.example/paypal/return");
    expect(location.searchParams.get("orderId")).toBe("42");
    expect(location.searchParams.get("token")).toBe(created.id);
    const payerId = location.searchParams.get("PayerID");
    expect(payerId).toMatch(/^[A-Z0-9]{13}$/);
    expect(decision.headers.get("location")).toBe(`${RETURN_URL}&token=${created.id}&PayerID=${payerId}`);

    const approved = await api("GET", `/v2/checkout/orders/${created.id}`);
    expect(approved.body).toMatchObject({
      status: "APPROVED",
      payer: { payer_id: payerId, email_address: "buyer@example.com", name: { given_name: "Test", surname: "Buyer" } },
    });

    const captured = await api("POST", `/v2/checkout/orders/${created.id}/capture`, {});
    expect(captured.status).toBe(201);
    expect(captured.body).toMatchObject({ id: created.id, status: "COMPLETED", payer: { payer_id: payerId } });
    const capture = captured.body.purchase_units[0].payments.captures[0];
    expect(capture).toMatchObject({ status: "COMPLETED", amount: { currency_code: "USD", value: "24.00" }, final_capture: true, custom_id: "42" });
    expect(capture.id).toMatch(/^[A-Z0-9]{17}$/);
    expect(capture.seller_protection.status).toBe("ELIGIBLE");
    expect(typeof capture.create_time).toBe("string");

    const again = await api("POST", `/v2/checkout/orders/${created.id}/capture`);
    expect(again.status).toBe(422);
    expect(again.body.name).toBe("UNPROCESSABLE_ENTITY");
    expect(again.body.details[0].issue).toBe("ORDER_ALREADY_CAPTURED");

    const after = await api("GET", `/v2/checkout/orders/${created.id}`);
    expect(after.body.status).toBe("COMPLETED");
    expect(after.body.purchase_units[0].payments.captures[0].id).toBe(capture.id);

    const byCapture = await api("GET", `/v2/payments/captures/${capture.id}`);
    expect(byCapture.status).toBe(200);
    expect(byCapture.body).toMatchObject({ id: capture.id, status: "COMPLETED" });
  });

  it("refuses to capture an order the buyer has not approved", async () => {
    const created = await createOrder();
    const res = await api("POST", `/v2/checkout/orders/${created.id}/capture`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_NOT_APPROVED" }] });
  });

  it("sends a cancelling buyer to cancel_url with the token", async () => {
    const created = await createOrder();
    const res = await fetch(`${base}/checkoutnow`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: created.id, decision: "cancel" }).toString(),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${CANCEL_URL}?token=${created.id}`);
    expect((await api("GET", `/v2/checkout/orders/${created.id}`)).body.status).toBe("CREATED");
  });

  it("shows a 404 page for an unknown token", async () => {
    const res = await fetch(`${base}/checkoutnow?token=NOPE`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("text/html");
    const post = await fetch(`${base}/checkoutnow`, { method: "POST", body: new URLSearchParams({ token: "NOPE", decision: "approve" }), redirect: "manual" });
    expect(post.status).toBe(404);
  });

  it("answers payer-action for the payment_source.paypal flow", async () => {
    const created = await createOrder({
      application_context: undefined,
      payment_source: { paypal: { experience_context: { return_url: RETURN_URL, cancel_url: CANCEL_URL } } },
    });
    expect(created.status).toBe("PAYER_ACTION_REQUIRED");
    expect(link(created, "approve")).toBeUndefined();
    expect(link(created, "payer-action")).toEqual({ href: `${base}/checkoutnow?token=${created.id}`, rel: "payer-action", method: "GET" });
    const decision = await approveViaPage(created.id);
    expect(decision.status).toBe(302);
    expect(decision.headers.get("location")).toMatch(new RegExp(`^${RETURN_URL.replace(/[.?]/g, "\\$&")}&token=${created.id}&PayerID=[A-Z0-9]{13}$`));
    const captured = await api("POST", `/v2/checkout/orders/${created.id}/capture`);
    expect(captured.status).toBe(201);
    expect(captured.body.payment_source.paypal.email_address).toBe("buyer@example.com");
  });

  it("replays create for a repeated PayPal-Request-Id", async () => {
    const first = await api("POST", "/v2/checkout/orders", orderPayload(), { "PayPal-Request-Id": "create-1" });
    const second = await api("POST", "/v2/checkout/orders", orderPayload(), { "PayPal-Request-Id": "create-1" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    const listed = await fetch(`${base}/__emulator/orders`).then((r) => r.json() as Promise<Json>);
    expect(listed.orders).toHaveLength(1);
    expect(listed.orders[0].id).toBe(first.body.id);
    const other = await api("POST", "/v2/checkout/orders", orderPayload(), { "PayPal-Request-Id": "create-2" });
    expect(other.body.id).not.toBe(first.body.id);
  });

  it("replays capture for a repeated PayPal-Request-Id", async () => {
    const created = await createOrder();
    expect((await fetch(`${base}/__emulator/approve/${created.id}`, { method: "POST" })).status).toBe(200);
    const first = await api("POST", `/v2/checkout/orders/${created.id}/capture`, {}, { "PayPal-Request-Id": "capture-1" });
    const second = await api("POST", `/v2/checkout/orders/${created.id}/capture`, {}, { "PayPal-Request-Id": "capture-1" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(emulator.state.captures.size).toBe(1);
    const fresh = await api("POST", `/v2/checkout/orders/${created.id}/capture`, {}, { "PayPal-Request-Id": "capture-2" });
    expect(fresh.status).toBe(422);
    expect(fresh.body.details[0].issue).toBe("ORDER_ALREADY_CAPTURED");
  });

  it("answers 404 RESOURCE_NOT_FOUND for an unknown order and unknown paths", async () => {
    const res = await api("GET", "/v2/checkout/orders/UNKNOWN0000000000");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] });
    expect((await api("POST", "/v2/checkout/orders/UNKNOWN0000000000/capture")).status).toBe(404);
    const other = await fetch(`${base}/v1/nothing/here`);
    expect(other.status).toBe(404);
    expect(other.headers.get("content-type")).toContain("application/json");
    expect(((await other.json()) as Json).name).toBe("RESOURCE_NOT_FOUND");
    expect((await api("GET", "/v2/checkout/orders/%E0%A4%A")).status).toBe(404);
  });

  it("updates an order with PATCH", async () => {
    const created = await createOrder();
    const res = await api("PATCH", `/v2/checkout/orders/${created.id}`, [
      { op: "replace", path: "/purchase_units/@reference_id=='order-42'/amount", value: { currency_code: "USD", value: "30.00" } },
    ]);
    expect(res.status).toBe(204);
    expect((await api("GET", `/v2/checkout/orders/${created.id}`)).body.purchase_units[0].amount.value).toBe("30.00");
    const bad = await api("PATCH", `/v2/checkout/orders/${created.id}`, [
      { op: "replace", path: "/purchase_units/@reference_id=='order-42'/amount", value: { currency_code: "USD", value: "x" } },
    ]);
    expect(bad.status).toBe(400);
    expect((await api("GET", `/v2/checkout/orders/${created.id}`)).body.purchase_units[0].amount.value).toBe("30.00");
  });
});

describe("PayPal emulator: test controls", () => {
  it("fails the next capture on request, then captures normally", async () => {
    const created = await createOrder();
    await fetch(`${base}/__emulator/approve/${created.id}`, { method: "POST" });
    const set = await fetch(`${base}/__emulator/fail-next-capture`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(set.status).toBe(200);
    const failed = await api("POST", `/v2/checkout/orders/${created.id}/capture`);
    expect(failed.status).toBe(422);
    expect(failed.body).toMatchObject({ name: "UNPROCESSABLE_ENTITY", details: [{ issue: "INSTRUMENT_DECLINED" }] });
    expect((await api("POST", `/v2/checkout/orders/${created.id}/capture`)).status).toBe(201);
  });

  it("fails with a chosen status and issue", async () => {
    const created = await createOrder();
    await fetch(`${base}/__emulator/approve/${created.id}`, { method: "POST" });
    await fetch(`${base}/__emulator/fail-next-capture`, { method: "POST", body: JSON.stringify({ status: 500, issue: "INTERNAL_SERVICE_ERROR" }) });
    const failed = await api("POST", `/v2/checkout/orders/${created.id}/capture`);
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ name: "INTERNAL_SERVER_ERROR", details: [{ issue: "INTERNAL_SERVICE_ERROR" }] });
    const bad = await fetch(`${base}/__emulator/fail-next-capture`, { method: "POST", body: JSON.stringify({ status: 200 }) });
    expect(bad.status).toBe(400);
  });

  it("completes the next capture with PENDING", async () => {
    const created = await createOrder();
    await fetch(`${base}/__emulator/approve/${created.id}`, { method: "POST" });
    const set = await fetch(`${base}/__emulator/complete-capture-with`, { method: "POST", body: JSON.stringify({ status: "PENDING" }) });
    expect(set.status).toBe(200);
    const captured = await api("POST", `/v2/checkout/orders/${created.id}/capture`);
    expect(captured.status).toBe(201);
    expect(captured.body.purchase_units[0].payments.captures[0]).toMatchObject({ status: "PENDING", amount: { value: "24.00" } });
    const bad = await fetch(`${base}/__emulator/complete-capture-with`, { method: "POST", body: JSON.stringify({ status: "WHATEVER" }) });
    expect(bad.status).toBe(400);
  });

  it("approves an order without the browser and resets", async () => {
    const created = await createOrder();
    const approved = await fetch(`${base}/__emulator/approve/${created.id}`, { method: "POST" });
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as Json).status).toBe("APPROVED");
    expect((await fetch(`${base}/__emulator/approve/NOPE`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${base}/__emulator/reset`, { method: "POST" })).status).toBe(200);
    expect((await api("GET", `/v2/checkout/orders/${created.id}`)).status).toBe(404);
  });

  it("answers bad JSON to a control with 400", async () => {
    const res = await fetch(`${base}/__emulator/complete-capture-with`, { method: "POST", body: "{" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).name).toBe("INVALID_REQUEST");
  });
});

describe("Payments v2 refunds and webhooks", () => {
  async function capturedOrder(value = "24.00") {
    const created = await api(
      "POST",
      "/v2/checkout/orders",
      orderPayload({ purchase_units: [{ reference_id: "r1", amount: { currency_code: "USD", value } }] }),
    );
    await fetch(`${base}/__emulator/approve/${created.body.id}`, { method: "POST" });
    const captured = await api("POST", `/v2/checkout/orders/${created.body.id}/capture`, {});
    return captured.body.purchase_units[0].payments.captures[0].id as string;
  }

  it("refunds partly, then the rest; never more than is left; a replayed request id answers the same refund", async () => {
    const captureId = await capturedOrder();
    const first = await api(
      "POST",
      `/v2/payments/captures/${captureId}/refund`,
      { amount: { currency_code: "USD", value: "10.00" } },
      { "PayPal-Request-Id": "r-1" },
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: "COMPLETED", amount: { currency_code: "USD", value: "10.00" } });
    const replay = await api(
      "POST",
      `/v2/payments/captures/${captureId}/refund`,
      { amount: { currency_code: "USD", value: "10.00" } },
      { "PayPal-Request-Id": "r-1" },
    );
    expect(replay.body.id).toBe(first.body.id);
    expect((await api("GET", `/v2/payments/captures/${captureId}`)).body.status).toBe("PARTIALLY_REFUNDED");
    const over = await api("POST", `/v2/payments/captures/${captureId}/refund`, { amount: { currency_code: "USD", value: "14.01" } });
    expect(over.status).toBe(422);
    expect(over.body.details[0].issue).toBe("REFUND_AMOUNT_EXCEEDED");
    const currency = await api("POST", `/v2/payments/captures/${captureId}/refund`, { amount: { currency_code: "EUR", value: "1.00" } });
    expect(currency.body.details[0].issue).toBe("REFUND_CAPTURE_CURRENCY_MISMATCH");
    const rest = await api("POST", `/v2/payments/captures/${captureId}/refund`, {});
    expect(rest.body.amount.value).toBe("14.00");
    expect((await api("GET", `/v2/payments/captures/${captureId}`)).body.status).toBe("REFUNDED");
    const again = await api("POST", `/v2/payments/captures/${captureId}/refund`, {});
    expect(again.body.details[0].issue).toBe("CAPTURE_FULLY_REFUNDED");
    expect((await api("GET", `/v2/payments/refunds/${rest.body.id}`)).body.links.find((l: Json) => l.rel === "up").href).toBe(
      `${base}/v2/payments/captures/${captureId}`,
    );
    expect((await api("GET", "/v2/payments/refunds/NOSUCHREFUND")).status).toBe(404);
    expect((await fetch(`${base}/v2/payments/captures/${captureId}/refund`, { method: "POST", body: "{}" })).status).toBe(401);
  });

  it("verify-webhook-signature says SUCCESS only for its own signature, body and webhook id", async () => {
    const captureId = await capturedOrder();
    const signed = (await (
      await fetch(`${base}/__emulator/webhook-event`, {
        method: "POST",
        body: JSON.stringify({ event_type: "PAYMENT.CAPTURE.COMPLETED", resource_id: captureId }),
      })
    ).json()) as Json;
    const h = signed.headers as Record<string, string>;
    const request = (event: unknown, overrides: Json = {}) => ({
      auth_algo: h["PAYPAL-AUTH-ALGO"],
      cert_url: h["PAYPAL-CERT-URL"],
      transmission_id: h["PAYPAL-TRANSMISSION-ID"],
      transmission_sig: h["PAYPAL-TRANSMISSION-SIG"],
      transmission_time: h["PAYPAL-TRANSMISSION-TIME"],
      webhook_id: "8EMULATR2WEBHK4SHP0PAYPAL",
      webhook_event: event,
      ...overrides,
    });
    const event = JSON.parse(signed.body);
    expect((await api("POST", "/v1/notifications/verify-webhook-signature", request(event))).body).toEqual({ verification_status: "SUCCESS" });
    expect((await api("POST", "/v1/notifications/verify-webhook-signature", request({ ...event, summary: "changed" }))).body.verification_status).toBe(
      "FAILURE",
    );
    expect((await api("POST", "/v1/notifications/verify-webhook-signature", request(event, { webhook_id: "OTHER" }))).body.verification_status).toBe("FAILURE");
    expect(
      (await api("POST", "/v1/notifications/verify-webhook-signature", request(event, { transmission_sig: "0".repeat(64) }))).body.verification_status,
    ).toBe("FAILURE");
    expect((await api("POST", "/v1/notifications/verify-webhook-signature", { webhook_event: event })).status).toBe(400);
  });

  it("sends its webhooks to webhookUrl, signed", async () => {
    const received: { headers: Record<string, string>; body: string }[] = [];
    const { createServer } = await import("node:http");
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ headers: req.headers as Record<string, string>, body });
        res.end("ok");
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
    const port = (receiver.address() as { port: number }).port;
    const sender = await startPaypalEmulator({ port: 0, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, webhookUrl: `http://127.0.0.1:${port}/hook` });
    try {
      const token = (
        (await (
          await fetch(`${sender.url}/v1/oauth2/token`, {
            method: "POST",
            headers: { Authorization: basic(CLIENT_ID, CLIENT_SECRET) },
            body: "grant_type=client_credentials",
          })
        ).json()) as Json
      ).access_token;
      const created = (await (
        await fetch(`${sender.url}/v2/checkout/orders`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify(orderPayload()),
        })
      ).json()) as Json;
      await fetch(`${sender.url}/__emulator/capture/${created.id}`, { method: "POST" });
      await sender.settled();
      const types = received.map((r) => JSON.parse(r.body).event_type);
      expect(types).toEqual(["PAYMENT.CAPTURE.COMPLETED"]);
      expect(received[0]!.headers["paypal-transmission-sig"]).toMatch(/^[0-9a-f]{64}$/);
      expect(sender.state.webhooks.every((w) => w.status === 200)).toBe(true);
    } finally {
      await sender.close();
      receiver.close();
    }
  });
});
