import { createRemixStub } from "@remix-run/testing";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { PaymentView } from "~/components/orders/payment-view";
import { createToastCookie, getSessionStorage } from "~/web/session.server";
import { PAYMENT_TEXT, type PaymentPageData } from "~/domain/payments/page-data";
import { paymentPageHeaders } from "~/web/payment-routes.server";
import { setPaypalConfig } from "~/lib/paypal-client.server";
import { db } from "~/lib/db.server";
import { action as completeAction, loader as completeLoader } from "~/routes/api.orders.$orderId.complete-payment";
import { action as validateAction } from "~/routes/api.orders.$orderId.validate-stock";
import { action as captureAction } from "~/routes/api.paypal.order.$id.capture";
import { action as paypalOrderAction } from "~/routes/api.paypal.order";
import { action as setupAction, loader as setupLoader } from "~/routes/api.paypal.setup";
import { action as paymentAction, loader as paymentLoader } from "~/routes/order.$id.payment";
import { loader as cancelLoader } from "~/routes/order.$id.paypal-cancel";
import { loader as returnLoader } from "~/routes/order.$id.paypal-return";
import { loader as altPaymentLoader } from "~/routes/order-payment.$orderId";
import { startPaypalEmulator, type PaypalEmulator } from "../../tools/paypal-emulator";
import { makeProduct, makeUser } from "../helpers/kit";
import { emulatorClient } from "../helpers/paypal-emulator";
import { makeOrder, orderRow, productStock } from "./payments-fixtures";
import { apiRequest, call, get, ORIGIN, postForm } from "../helpers/requests";

const CLIENT_ID = "routes-test-client";
const CLIENT_SECRET = "routes-test-secret";
const CONFIG = () => ({ mode: "emulator" as const, apiBase: emulator.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });

let emulator: PaypalEmulator;
let pp: ReturnType<typeof emulatorClient>;
let warn: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  emulator = await startPaypalEmulator({ port: 0, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  pp = emulatorClient(emulator.url, CLIENT_ID, CLIENT_SECRET);
});
beforeEach(() => {
  setPaypalConfig(CONFIG());
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());
afterAll(async () => {
  setPaypalConfig(undefined);
  await emulator?.close();
  await db.destroy();
});

async function guestCookie(cartKey: string): Promise<string> {
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("cartKey", cartKey);
  return (await storage.commitSession(session)).split(";")[0]!;
}

async function userCookie(userId: number): Promise<string> {
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("userId", userId);
  return (await storage.commitSession(session)).split(";")[0]!;
}

async function toastOf(res: Response): Promise<{ title: string; description?: string; type: string } | null> {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  return header ? ((await createToastCookie().parse(header)) as { title: string; description?: string; type: string }) : null;
}

/** A guest's unpaid order of one product, with the guest's session cookie. */
async function guestOrder(opts: { stock?: number; quantity?: number } = {}) {
  const product = await makeProduct(db, { stock: opts.stock ?? 5, title: "Lace Pinafore", priceCents: 2400 });
  const cartKey = `guest-${Math.random().toString(36).slice(2)}`;
  const order = await makeOrder(db, { lines: [{ productId: product.id, quantity: opts.quantity ?? 1, title: "Lace Pinafore" }], sessionKey: cartKey });
  return { product, order, cookie: await guestCookie(cartKey) };
}

/** What PayPal's approval page sends the buyer back to, after 'Pay with PayPal'. */
async function payAndDecide(orderId: number, cookie: string, decision: "approve" | "cancel") {
  const res = await call(paymentAction, postForm(`/order/${orderId}/payment`, { intent: "pay" }, { cookie }), { id: String(orderId) });
  expect(res.status).toBe(302);
  const approveUrl = new URL(res.headers.get("Location")!);
  const paypalOrderId = approveUrl.searchParams.get("token")!;
  const back = new URL(await pp.decide(paypalOrderId, decision));
  return { paypalOrderId, back };
}

function renderPage(data: PaymentPageData, path: string): string {
  const Stub = createRemixStub([{ id: "payment", path: "/order/:id/payment", Component: PaymentView, loader: () => data }]);
  const report = console.error;
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) report(...args);
  };
  try {
    return renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { payment: data } } }));
  } finally {
    console.error = report;
  }
}

describe("the payment page (both URLs)", () => {
  it("shows the owner's unpaid order with the server's stock check and the PayPal mode", async () => {
    const { order, cookie } = await guestOrder({ quantity: 2 });
    for (const [loader, params] of [
      [paymentLoader, { id: String(order.id) }],
      [altPaymentLoader, { orderId: String(order.id) }],
    ] as const) {
      const res = await call(loader, get(`/order/${order.id}/payment`, { cookie, accept: "text/html" }), params);
      expect(res.status).toBe(200);
      const data = (await res.json()) as Extract<PaymentPageData, { state: "unpaid" }>;
      expect(data).toMatchObject({
        state: "unpaid",
        token: null,
        stock: { hasStockIssues: false, message: "" },
        paypal: { configured: true, mode: "emulator" },
        recordingFailed: false,
        order: { id: order.id, subtotalCents: 4800, shippingCents: 500, shippingName: "Standard Shipping", loyaltyDiscountCents: 0, totalCents: 5300 },
      });
      expect(data.order.items).toEqual([expect.objectContaining({ title: "Lace Pinafore", quantity: 2, unitCents: 2400, lineCents: 4800 })]);
    }
  });

  it("opens with the order's token, and answers 'Order Not Found' (404) to anyone else", async () => {
    const { order } = await guestOrder();
    const withToken = await call(paymentLoader, get(`/order/${order.id}/payment?token=${order.token}`, { accept: "text/html" }), { id: String(order.id) });
    expect(((await withToken.json()) as { token: string }).token).toBe(order.token);
    const stranger = await guestCookie("someone-else");
    for (const path of [`/order/${order.id}/payment`, `/order/${order.id}/payment?token=wrong`]) {
      const res = await call(paymentLoader, get(path, { cookie: stranger, accept: "text/html" }), { id: String(order.id) });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ state: "not-found" });
    }
    for (const id of ["999999", "abc", "0"]) {
      expect((await call(paymentLoader, get(`/order/${id}/payment`, { accept: "text/html" }), { id })).status).toBe(404);
    }
    const user = await makeUser(db);
    const signedIn = await call(paymentLoader, get(`/order/${order.id}/payment`, { cookie: await userCookie(user.id), accept: "text/html" }), {
      id: String(order.id),
    });
    expect(signedIn.status).toBe(404);
  });

  it("says 'Order Already Paid' with View Order Details for a paid order, and offers no payment for a cancelled one", async () => {
    const product = await makeProduct(db);
    const paid = await makeOrder(db, { lines: [{ productId: product.id }], status: "paid" });
    const data = await (
      await call(paymentLoader, get(`/order/${paid.id}/payment?token=${paid.token}`, { accept: "text/html" }), { id: String(paid.id) })
    ).json();
    expect(data).toEqual({ state: "paid", orderId: paid.id, confirmationUrl: `/order/${paid.id}/confirmation?token=${paid.token}` });
    const html = renderPage(data, `/order/${paid.id}/payment`);
    expect(html).toContain(`<h1>${PAYMENT_TEXT.alreadyPaid}</h1>`);
    expect(html).toMatch(new RegExp(`<a[^>]*href="/order/${paid.id}/confirmation\\?token=${paid.token}"[^>]*>View Order Details</a>`));
    expect(html).not.toContain("Pay with PayPal");

    const cancelled = await makeOrder(db, { lines: [{ productId: product.id }], status: "unpaidcancelled" });
    const closed = await (
      await call(paymentLoader, get(`/order/${cancelled.id}/payment?token=${cancelled.token}`, { accept: "text/html" }), { id: String(cancelled.id) })
    ).json();
    expect(closed).toMatchObject({ state: "closed", statusLabel: "Cancelled (Unpaid)" });
    expect(renderPage(closed, `/order/${cancelled.id}/payment`)).not.toContain("Pay with PayPal");

    const missing = renderPage({ state: "not-found" }, "/order/1/payment");
    expect(missing).toContain(`<h1>${PAYMENT_TEXT.notFound}</h1>`);
  });

  it("renders, without JavaScript, the summary and a plain form POST 'Pay with PayPal' (or the stock issue box)", async () => {
    const { order, cookie } = await guestOrder();
    const data = await (await call(paymentLoader, get(`/order/${order.id}/payment`, { cookie, accept: "text/html" }), { id: String(order.id) })).json();
    const html = renderPage(data, `/order/${order.id}/payment`);
    expect(html).toContain("<h1>Complete Payment</h1>");
    expect(html).toContain("Shipping (Standard Shipping)");
    expect(html).toContain("$29.00");
    expect(html).toMatch(/<form method="post" class="pay-form">/);
    expect(html).toContain('<input type="hidden" name="intent" value="pay"/>');
    expect(html).toMatch(/<button type="submit"[^>]*>Pay with PayPal<\/button>/);
    expect(html).toContain(PAYMENT_TEXT.emulatorNote);
    expect(html).not.toContain(PAYMENT_TEXT.verifying);

    const short = await guestOrder({ stock: 1, quantity: 3 });
    const shortData = await (
      await call(paymentLoader, get(`/order/${short.order.id}/payment`, { cookie: short.cookie, accept: "text/html" }), { id: String(short.order.id) })
    ).json();
    expect(shortData.stock).toEqual({ hasStockIssues: true, message: "Lace Pinafore: only 1 items available in stock (you ordered 3)" });
    const shortHtml = renderPage(shortData, `/order/${short.order.id}/payment`);
    expect(shortHtml).toContain("Lace Pinafore: only 1 items available in stock (you ordered 3)");
    expect(shortHtml).toMatch(/<a[^>]*href="\/cart"[^>]*>Return to Cart<\/a>/);
    expect(shortHtml).not.toContain("Pay with PayPal");
  });

  it("says payments are not configured when there is no PayPal, and the pay form says so too", async () => {
    setPaypalConfig(null);
    const { order, cookie } = await guestOrder();
    const data = await (await call(paymentLoader, get(`/order/${order.id}/payment`, { cookie, accept: "text/html" }), { id: String(order.id) })).json();
    expect(data.paypal).toEqual({ configured: false, mode: null, clientId: null });
    const html = renderPage(data, `/order/${order.id}/payment`);
    expect(html).toContain(PAYMENT_TEXT.notConfigured);
    expect(html).not.toContain("Pay with PayPal");
    const res = await call(paymentAction, postForm(`/order/${order.id}/payment`, { intent: "pay" }, { cookie }), { id: String(order.id) });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/order/${order.id}/payment`);
    expect(await toastOf(res)).toMatchObject({ title: "Payment failed", description: PAYMENT_TEXT.notConfigured });
    const setup = await (await call(setupLoader, get("/api/paypal/setup", { accept: "text/html" }))).json();
    expect(setup).toMatchObject({ configured: false, clientId: null });
  });

  it("keeps the token out of referrers and shared caches, and keeps the root's cookies (the shown toast is cleared)", () => {
    const parentHeaders = new Headers({ "Cache-Control": "no-cache" });
    parentHeaders.append("Set-Cookie", "__toast=; Max-Age=0; Path=/");
    const loaderHeaders = new Headers();
    loaderHeaders.append("Set-Cookie", "other=1; Path=/");
    const headers = new Headers(paymentPageHeaders({ loaderHeaders, actionHeaders: new Headers(), parentHeaders, errorHeaders: undefined }));
    expect(headers.get("Referrer-Policy")).toBe("same-origin");
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.getSetCookie()).toEqual(["__toast=; Max-Age=0; Path=/", "other=1; Path=/"]);
  });
});

describe("paying without JavaScript: form POST, PayPal's approval page, return URL", () => {
  it("'Pay with PayPal' redirects to the approval link; PayPal's return captures and shows the confirmation; coming back twice changes nothing", async () => {
    const { product, order, cookie } = await guestOrder({ stock: 2 });
    const { paypalOrderId, back } = await payAndDecide(order.id, cookie, "approve");
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/order/${order.id}/paypal-return`);
    expect(back.searchParams.get("PayerID")).toMatch(/^[A-Z0-9]{13}$/);

    // The buyer's browser comes back from PayPal with its session: the confirmation, with the order's token.
    const res = await call(returnLoader, get(`${back.pathname}${back.search}`, { cookie, accept: "text/html" }), { id: String(order.id) });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/order/${order.id}/confirmation?token=${order.token}`);
    expect(await toastOf(res)).toMatchObject({ title: "Payment successful", type: "success" });
    // Another browser with only PayPal's id from the return URL: told it is paid, never given the order's token.
    const bare = await call(returnLoader, get(`${back.pathname}${back.search}`, { accept: "text/html" }), { id: String(order.id) });
    expect(bare.status).toBe(302);
    expect(bare.headers.get("Location")).toBe("/");
    expect(await toastOf(bare)).toMatchObject({ title: "Payment successful", type: "success" });
    expect(await orderRow(db, order.id)).toMatchObject({ status: "paid", paypalOrderId });
    expect((await productStock(db, product.id)).stock).toBe(1);
    expect(emulator.state.orders.get(paypalOrderId)!.status).toBe("COMPLETED");

    // The page now says it is paid; paying again is refused without touching PayPal.
    const data = await (await call(paymentLoader, get(`/order/${order.id}/payment`, { cookie, accept: "text/html" }), { id: String(order.id) })).json();
    expect(data.state).toBe("paid");
    const again = await call(paymentAction, postForm(`/order/${order.id}/payment`, { intent: "pay" }, { cookie }), { id: String(order.id) });
    expect(again.headers.get("Location")).toBe(`/order/${order.id}/payment`);
  });

  it("a refused capture says 'Payment failed'; a browser without the session is not handed the order's token", async () => {
    const { product, order, cookie } = await guestOrder({ stock: 1 });
    const { back } = await payAndDecide(order.id, cookie, "approve");
    await pp.failNextCapture();
    const res = await call(returnLoader, get(`${back.pathname}${back.search}`, { accept: "text/html" }), { id: String(order.id) });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(await toastOf(res)).toEqual({
      title: "Payment failed",
      description: "There was an error processing your PayPal payment. Please try again.",
      type: "error",
    });
    expect(await orderRow(db, order.id)).toMatchObject({ status: "unpaid", stockReserved: 0 });
    expect((await productStock(db, product.id)).stock).toBe(1);
  });

  it("stock sold meanwhile: the return shows the stock message and nothing is captured", async () => {
    const { product, order, cookie } = await guestOrder({ stock: 1 });
    const { paypalOrderId, back } = await payAndDecide(order.id, cookie, "approve");
    await db.updateTable("products").set({ stock: 0, total_stock: 0 }).where("id", "=", product.id).execute();
    const res = await call(returnLoader, get(`${back.pathname}${back.search}`, { cookie, accept: "text/html" }), { id: String(order.id) });
    expect(res.headers.get("Location")).toBe(`/order/${order.id}/payment`);
    expect(await toastOf(res)).toMatchObject({ title: "Stock issue", description: "Lace Pinafore: only 0 items available in stock" });
    expect(emulator.state.orders.get(paypalOrderId)!.status).toBe("APPROVED");
  });

  it("PayPal's cancel URL shows 'Payment cancelled' on the payment page, and the order can be paid later", async () => {
    const { order, cookie } = await guestOrder();
    const { back } = await payAndDecide(order.id, cookie, "cancel");
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/order/${order.id}/paypal-cancel`);
    const res = await call(cancelLoader, get(`${back.pathname}${back.search}`, { cookie, accept: "text/html" }), { id: String(order.id) });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/order/${order.id}/payment`);
    expect(await toastOf(res)).toEqual({
      title: "Payment cancelled",
      description: "You cancelled the PayPal payment. You can try again when ready.",
      type: "info",
    });
    expect((await orderRow(db, order.id)).status).toBe("unpaid");
  });

  it("return and cancel URLs answer 404 to a stranger with a PayPal id of another order", async () => {
    const first = await guestOrder();
    const second = await guestOrder();
    const { paypalOrderId } = await payAndDecide(first.order.id, first.cookie, "approve");
    for (const loader of [returnLoader, cancelLoader]) {
      const res = await call(loader, get(`/order/${second.order.id}/paypal-return?token=${paypalOrderId}`, { accept: "text/html" }), {
        id: String(second.order.id),
      });
      expect(res.status).toBe(404);
      expect((await call(loader, get(`/order/${second.order.id}/paypal-return`, { accept: "text/html" }), { id: String(second.order.id) })).status).toBe(404);
    }
    expect((await orderRow(db, first.order.id)).status).toBe("unpaid");
  });

  it("the pay action refuses bodies that are not forms (400), unknown intents (400) and strangers (404)", async () => {
    const { order, cookie } = await guestOrder();
    const params = { id: String(order.id) };
    expect((await call(paymentAction, apiRequest("POST", `/order/${order.id}/payment`, { cookie, body: { intent: "pay" } }), params)).status).toBe(400);
    expect((await call(paymentAction, postForm(`/order/${order.id}/payment`, { intent: "other" }, { cookie }), params)).status).toBe(400);
    expect((await call(paymentAction, postForm(`/order/${order.id}/payment`, { intent: "pay" }, { cookie: await guestCookie("nope") }), params)).status).toBe(
      404,
    );
    expect(emulator.state.orders.size).toBeGreaterThanOrEqual(0);
    expect(await db.selectFrom("payment_attempts").select("id").where("order_id", "=", order.id).execute()).toEqual([]);
  });
});

describe("the payment API", () => {
  it("POST /api/orders/{id}/validate-stock answers {hasStockIssues, message} to the owner or a token holder only", async () => {
    const { order, cookie } = await guestOrder({ stock: 1, quantity: 2 });
    const params = { orderId: String(order.id) };
    for (const req of [
      apiRequest("POST", `/api/orders/${order.id}/validate-stock`, { cookie }),
      apiRequest("POST", `/api/orders/${order.id}/validate-stock?token=${order.token}`),
    ]) {
      const res = await call(validateAction, req, params);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ hasStockIssues: true, message: "Lace Pinafore: only 1 items available in stock (you ordered 2)" });
    }
    for (const req of [apiRequest("POST", `/api/orders/${order.id}/validate-stock`), apiRequest("POST", `/api/orders/${order.id}/validate-stock?token=nope`)]) {
      const res = await call(validateAction, req, params);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Order not found" });
    }
    expect((await call(validateAction, apiRequest("PUT", `/api/orders/${order.id}/validate-stock`, { cookie }), params)).status).toBe(405);
  });

  it("GET /api/paypal/setup gives the public client id, never the secret", async () => {
    const res = await call(setupLoader, get("/api/paypal/setup", { accept: "text/html" }));
    const body = await res.json();
    expect(body).toEqual({ configured: true, mode: "emulator", clientId: CLIENT_ID, clientToken: null, currency: "USD", intent: "capture" });
    expect(JSON.stringify(body)).not.toContain(CLIENT_SECRET);
    expect((await call(setupAction, apiRequest("POST", "/api/paypal/setup", { body: {} }))).status).toBe(405);
  });

  it("POST /api/paypal/order creates the PayPal order for the order's own total; another amount, currency or intent is 400", async () => {
    const { order, cookie } = await guestOrder();
    for (const body of [
      { orderId: order.id, amount: "1.00" },
      { orderId: order.id, amount: 29.01 },
      { orderId: order.id, amount: "29.00", currency: "EUR" },
      { orderId: order.id, intent: "AUTHORIZE" },
      { orderId: "x" },
      {},
    ]) {
      const res = await call(paypalOrderAction, apiRequest("POST", "/api/paypal/order", { cookie, body }));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof (await res.json()).message).toBe("string");
    }
    expect(await db.selectFrom("payment_attempts").select("id").where("order_id", "=", order.id).execute()).toEqual([]);

    const res = await call(
      paypalOrderAction,
      apiRequest("POST", "/api/paypal/order", { cookie, body: { orderId: order.id, amount: "29.00", currency: "USD", intent: "CAPTURE" } }),
    );
    expect(res.status).toBe(200);
    const created = await res.json();
    expect(created).toMatchObject({ id: expect.stringMatching(/^[A-Z0-9]{17}$/), status: "CREATED" });
    expect(created.links).toEqual(
      expect.arrayContaining([expect.objectContaining({ rel: "approve", href: `${emulator.url}/checkoutnow?token=${created.id}` })]),
    );
    // The stored figures go along as PayPal's breakdown (no discount on this order: no discount part).
    expect((await pp.getOrder(created.id)).body.purchase_units[0].amount).toEqual({
      currency_code: "USD",
      value: "29.00",
      breakdown: { item_total: { currency_code: "USD", value: "24.00" }, shipping: { currency_code: "USD", value: "5.00" } },
    });

    expect(
      (await call(paypalOrderAction, apiRequest("POST", "/api/paypal/order", { cookie: await guestCookie("x"), body: { orderId: order.id } }))).status,
    ).toBe(404);
    expect((await call(paypalOrderAction, apiRequest("POST", "/api/paypal/order", { body: { orderId: order.id, token: order.token } }))).status).toBe(200);
  });

  it("POST /api/orders/{id}/complete-payment: 400 bad input, 404 wrong or missing token, 409 unapproved, then {id, confirmationToken} once and again", async () => {
    const { order, cookie } = await guestOrder();
    const params = { orderId: String(order.id) };
    const created = await (await call(paypalOrderAction, apiRequest("POST", "/api/paypal/order", { cookie, body: { orderId: order.id } }))).json();
    for (const body of [{}, { paypalOrderId: "" }, { paypalOrderId: "../../x" }, { paypalOrderId: created.id, status: "pending" }, "not json"]) {
      expect(
        (await call(completeAction, apiRequest("POST", `/api/orders/${order.id}/complete-payment`, { cookie, body }), params)).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    for (const req of [
      apiRequest("POST", `/api/orders/${order.id}/complete-payment`, { body: { paypalOrderId: created.id, status: "paid" } }),
      apiRequest("POST", `/api/orders/${order.id}/complete-payment?token=wrong`, { body: { paypalOrderId: created.id, status: "paid" } }),
      apiRequest("POST", `/api/orders/${order.id}/complete-payment`, { body: { paypalOrderId: created.id, status: "paid", token: "wrong" } }),
    ]) {
      const res = await call(completeAction, req, params);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Order not found" });
    }
    const early = await call(
      completeAction,
      apiRequest("POST", `/api/orders/${order.id}/complete-payment`, { cookie, body: { paypalOrderId: created.id, status: "paid" } }),
      params,
    );
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ message: "Payment failed: The PayPal payment has not been approved yet" });

    await pp.approve(created.id);
    for (let i = 0; i < 2; i++) {
      const res = await call(
        completeAction,
        apiRequest("POST", `/api/orders/${order.id}/complete-payment?token=${order.token}`, { body: { paypalOrderId: created.id, status: "paid" } }),
        params,
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ id: order.id, confirmationToken: order.token });
    }
    expect((await orderRow(db, order.id)).status).toBe("paid");
    expect((await call(completeLoader, get(`/api/orders/${order.id}/complete-payment`, { accept: "text/html" }), params)).status).toBe(405);
  });

  it("complete-payment with a refused capture answers 409 'Payment failed: ...', with another order's PayPal id 409", async () => {
    const first = await guestOrder();
    const second = await guestOrder();
    const created = await (
      await call(paypalOrderAction, apiRequest("POST", "/api/paypal/order", { cookie: first.cookie, body: { orderId: first.order.id } }))
    ).json();
    await pp.approve(created.id);
    await pp.failNextCapture();
    const refused = await call(
      completeAction,
      apiRequest("POST", `/api/orders/${first.order.id}/complete-payment`, { cookie: first.cookie, body: { paypalOrderId: created.id } }),
      { orderId: String(first.order.id) },
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: "Payment failed: There was an error processing your PayPal payment. Please try again." });
    const stolen = await call(
      completeAction,
      apiRequest("POST", `/api/orders/${second.order.id}/complete-payment`, { cookie: second.cookie, body: { paypalOrderId: created.id } }),
      { orderId: String(second.order.id) },
    );
    expect(stolen.status).toBe(409);
    expect(await stolen.json()).toEqual({ message: "This PayPal payment belongs to another order" });
  });

  it("POST /api/paypal/order/{id}/capture captures for the order that owns the PayPal order, for its owner only", async () => {
    const { order, cookie } = await guestOrder();
    const created = await (await call(paypalOrderAction, apiRequest("POST", "/api/paypal/order", { cookie, body: { orderId: order.id } }))).json();
    await pp.approve(created.id);
    expect(
      (await call(captureAction, apiRequest("POST", `/api/paypal/order/${created.id}/capture`, { cookie: await guestCookie("x") }), { id: created.id })).status,
    ).toBe(404);
    expect((await call(captureAction, apiRequest("POST", "/api/paypal/order/NOPE/capture", { cookie }), { id: "NOPE" })).status).toBe(404);
    const res = await call(captureAction, apiRequest("POST", `/api/paypal/order/${created.id}/capture`, { cookie }), { id: created.id });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      id: created.id,
      status: "COMPLETED",
      orderId: order.id,
      confirmationToken: order.token,
      captureId: expect.stringMatching(/^[A-Z0-9]{17}$/),
    });
    expect(await orderRow(db, order.id)).toMatchObject({ status: "paid", paypalOrderId: created.id, paypalCaptureId: body.captureId });
  });

  it("PayPal unreachable answers 503 and marks nothing paid", async () => {
    const { order, cookie } = await guestOrder();
    setPaypalConfig({ ...CONFIG(), apiBase: "http://127.0.0.1:9", timeoutMs: 2000 });
    const res = await call(paypalOrderAction, apiRequest("POST", "/api/paypal/order", { cookie, body: { orderId: order.id } }));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: "PayPal could not be reached. Please try again in a moment." });
    const pageRes = await call(paymentLoader, get(`/order/${order.id}/payment`, { cookie, accept: "text/html" }), { id: String(order.id) });
    expect(pageRes.status).toBe(200);
    expect((await orderRow(db, order.id)).status).toBe("unpaid");
  });
});
