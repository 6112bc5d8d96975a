import { createRemixStub } from "@remix-run/testing";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { busySubmit } from "~/browser/behaviors/busy-submit";
import { stockCheck } from "~/browser/behaviors/payment";
import { paypalButtons } from "~/browser/behaviors/paypal-buttons";
import { attachBehaviors } from "~/browser/runtime";
import { PaymentView } from "~/components/orders/payment-view";
import { type PaymentPageData } from "~/domain/payments/page-data";
import { NonceContext } from "~/lib/nonce";

// The payment page as the browser gets it (jsdom): the server's markup, then the browser module's
// behaviours on it. The stock check on load, and in sandbox/live mode PayPal's buttons loaded on
// demand from @paypal/paypal-js (mocked here: PayPal's script cannot load in tests) wired to the
// shop's API.

type ButtonOptions = {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
};

const paypalJs = vi.hoisted(() => ({ options: null as ButtonOptions | null, loadScript: vi.fn(), rendered: [] as HTMLElement[] }));
vi.mock("@paypal/paypal-js", () => ({
  loadScript: paypalJs.loadScript,
}));

const ORDER: Extract<PaymentPageData, { state: "unpaid" }>["order"] = {
  id: 41,
  country: "FR",
  items: [
    { id: 1, title: "Lace Pinafore", quantity: 2, unitCents: 2400, lineCents: 4800, colorName: "Red", variationName: null, imageUrl: null, imageWidth: null },
  ],
  subtotalCents: 4800,
  shippingCents: 800,
  shippingName: "Standard Shipping",
  loyaltyDiscountCents: 500,
  loyaltyPointsUsed: 50,
  discountCode: null,
  discountCents: 0,
  totalCents: 5100,
};

const SANDBOX = { configured: true, mode: "sandbox", clientId: "sandbox-client" } as const;
const EMULATOR = { configured: true, mode: "emulator", clientId: "emulator-client" } as const;

function unpaid(overrides: Partial<Extract<PaymentPageData, { state: "unpaid" }>> = {}): PaymentPageData {
  return {
    state: "unpaid",
    order: ORDER,
    token: null,
    stock: { hasStockIssues: false, message: "" },
    paypal: SANDBOX,
    recordingFailed: false,
    pending: null,
    ...overrides,
  };
}

/** `gate`: the answer waits until the test resolves it, so a test can look at the page mid-request. */
type Answer = { status?: number; body: unknown; gate?: Promise<void> } | { html: string };
let answers: Record<string, Answer>;
let calls: { url: string; body: unknown }[];
let assign: ReturnType<typeof vi.fn>;
let detach: () => void = () => {};

beforeEach(() => {
  calls = [];
  paypalJs.options = null;
  paypalJs.rendered = [];
  paypalJs.loadScript.mockReset();
  paypalJs.loadScript.mockImplementation(async () => ({
    Buttons: (options: ButtonOptions) => {
      paypalJs.options = options;
      return {
        render: async (container: HTMLElement) => {
          paypalJs.rendered.push(container);
        },
      };
    },
  }));
  answers = {
    "/api/orders/41/validate-stock": { body: { hasStockIssues: false, message: "" } },
    "/api/paypal/order": { body: { id: "PAYPALORDER000001", status: "CREATED", links: [] } },
    "/api/orders/41/complete-payment": { body: { id: 41, confirmationToken: "tok-41" } },
  };
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    calls.push({ url: `${url.pathname}${url.search}`, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[url.pathname];
    if (!answer) return new Response(JSON.stringify({ message: "Not found" }), { status: 404 });
    if ("html" in answer) return new Response(answer.html, { headers: { "Content-Type": "text/html" } });
    if (answer.gate) await answer.gate;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { "Content-Type": "application/json" } });
  });
  // jsdom cannot navigate: the redirect is recorded instead.
  assign = vi.fn();
  vi.stubGlobal("location", { href: "http://localhost/order/41/payment", origin: "http://localhost", assign });
});

afterEach(() => {
  detach();
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The server's HTML of the page, rendered by React as on the server. */
function pageHtml(data: PaymentPageData, nonce?: string): string {
  const Stub = createRemixStub([{ path: "/order/:id/payment", Component: () => <PaymentView />, loader: () => data }]);
  const { container } = render(
    <NonceContext.Provider value={nonce}>
      <Stub initialEntries={["/order/41/payment"]} hydrationData={{ loaderData: { "0": data } }} />
    </NonceContext.Provider>,
  );
  const html = container.innerHTML;
  cleanup();
  return html;
}

/** The server's HTML of the page, then the behaviours attached to it. */
function openPage(data: PaymentPageData, nonce?: string) {
  document.body.innerHTML = `<main>${pageHtml(data, nonce)}</main><div class="toast-region" data-toasts=""></div>`;
  detach = attachBehaviors(document.body, [stockCheck, paypalButtons, busySubmit]);
}

function toastTitle(): string | null | undefined {
  return document.querySelector(".toast-region .toast-title")?.textContent;
}

describe("payment page with the browser module", () => {
  it("shows 'Verifying product availability...' with the Pay button usable while the check runs, then the server's stock issue box", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const soldOut = { hasStockIssues: true, message: "Lace Pinafore is sold out" };
    answers["/api/orders/41/validate-stock"] = { body: soldOut, gate };
    answers["/order/41/payment"] = { html: pageHtml(unpaid({ paypal: EMULATOR, stock: soldOut })) };
    openPage(unpaid({ paypal: EMULATOR }));
    expect(screen.getByRole("status")).toHaveTextContent("Verifying product availability...");
    expect(screen.getByRole("button", { name: "Pay with PayPal" })).toBeEnabled();
    release();
    expect(await screen.findByText("Lace Pinafore is sold out")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Stock issue");
    expect(screen.getByRole("link", { name: "Return to Cart" })).toHaveAttribute("href", "/cart");
    expect(screen.queryByText("Verifying product availability...")).toBeNull();
    expect(screen.queryByRole("button", { name: "Pay with PayPal" })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(["/api/orders/41/validate-stock", "/order/41/payment"]);
    expect(paypalJs.loadScript).not.toHaveBeenCalled();
  });

  it("sends the token along when the page was opened with one, and says when the check itself failed", async () => {
    answers["/api/orders/41/validate-stock"] = { status: 500, body: { message: "x" } };
    openPage(unpaid({ token: "tok 41", paypal: EMULATOR }));
    expect(await screen.findByText("Unable to verify product availability. Please try again.")).toBeInTheDocument();
    expect(calls[0]!.url).toBe("/api/orders/41/validate-stock?token=tok%2041");
    // The server's own result still stands: the form is there, with the token.
    const button = screen.getByRole("button", { name: "Pay with PayPal" });
    expect(button.closest("form")).toHaveAttribute("method", "post");
    expect(button.closest("form")!.querySelector('input[name="token"]')).toHaveAttribute("value", "tok 41");
  });

  it("in emulator mode keeps the plain form button, marks no PayPal container and never loads PayPal's script", async () => {
    openPage(unpaid({ paypal: EMULATOR }));
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(screen.getByRole("button", { name: "Pay with PayPal" })).toBeVisible();
    expect(screen.getByText("Test mode: PayPal is simulated on this shop. No real money moves.")).toBeInTheDocument();
    expect(document.querySelector("[data-paypal-buttons]")).toBeNull();
    expect(paypalJs.loadScript).not.toHaveBeenCalled();
  });

  it("in sandbox mode loads @paypal/paypal-js with the page's client id and nonce and wires its buttons to the shop's API", async () => {
    openPage(unpaid(), "n0nce");
    await waitFor(() => expect(paypalJs.rendered).toHaveLength(1));
    expect(paypalJs.loadScript).toHaveBeenCalledWith({ clientId: "sandbox-client", currency: "USD", intent: "capture", dataCspNonce: "n0nce" });
    const container = paypalJs.rendered[0]!;
    expect(container).toHaveAttribute("data-order-id", "41");
    await waitFor(() => expect(container).toBeVisible());
    expect(screen.queryByRole("button", { name: "Pay with PayPal" })).toBeNull();

    const options = paypalJs.options!;
    expect(await options.createOrder()).toBe("PAYPALORDER000001");
    expect(calls.find((c) => c.url === "/api/paypal/order")!.body).toEqual({ orderId: 41, currency: "USD", intent: "CAPTURE" });

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await options.onApprove({ orderID: "PAYPALORDER000001" });
    expect(calls.find((c) => c.url === "/api/orders/41/complete-payment")!.body).toEqual({ paypalOrderId: "PAYPALORDER000001", status: "paid" });
    expect(toastTitle()).toBe("Payment successful");
    // About 500 ms later the buyer is on the confirmation page.
    vi.advanceTimersByTime(499);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith("/order/41/confirmation?token=tok-41");
  });

  it("shows the spec's messages when the buyer cancels, PayPal fails, or the shop refuses", async () => {
    openPage(unpaid({ token: "tok-41" }));
    await waitFor(() => expect(paypalJs.rendered).toHaveLength(1));
    const options = paypalJs.options!;

    act(() => options.onCancel());
    expect(toastTitle()).toBe("Payment cancelled");
    expect(document.querySelector(".toast-text")).toHaveTextContent("You cancelled the PayPal payment. You can try again when ready.");

    options.onError(new Error("popup closed"));
    expect(toastTitle()).toBe("Payment failed");
    expect(document.querySelector(".toast-text")).toHaveTextContent("There was an error processing your PayPal payment. Please try again.");

    // A refused createOrder shows its own message, and PayPal's onError after it adds none.
    answers["/api/paypal/order"] = { status: 409, body: { message: "Lace Pinafore: only 1 items available in stock" } };
    await expect(options.createOrder()).rejects.toThrow("PayPal order not created");
    options.onError(new Error("createOrder failed"));
    expect(toastTitle()).toBe("Stock issue");
    expect(document.querySelector(".toast-text")).toHaveTextContent("Lace Pinafore: only 1 items available in stock");
    expect(calls.find((c) => c.url === "/api/paypal/order")!.body).toMatchObject({ token: "tok-41" });

    answers["/api/orders/41/complete-payment"] = {
      status: 500,
      body: { message: "Payment processing error: Payment was successful but there was an error processing your order. Please contact support." },
    };
    await options.onApprove({ orderID: "PAYPALORDER000001" });
    expect(toastTitle()).toBe("Payment processing error");
    expect(calls.find((c) => c.url === "/api/orders/41/complete-payment")!.body).toMatchObject({ token: "tok-41" });
    expect(assign).not.toHaveBeenCalled();
  });

  it("keeps the form when PayPal's script cannot load", async () => {
    paypalJs.loadScript.mockRejectedValue(new Error("offline"));
    openPage(unpaid());
    await waitFor(() => expect(paypalJs.loadScript).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(screen.getByRole("button", { name: "Pay with PayPal" })).toBeVisible();
    expect(document.querySelector("[data-paypal-buttons]")).not.toBeVisible();
  });

  it("a payment PayPal holds for review shows 'Payment pending', no Pay button and no check", () => {
    openPage(unpaid({ pending: { title: "Payment pending", description: "PayPal is still reviewing this payment." }, paypal: EMULATOR }));
    expect(screen.getByText("Payment pending")).toBeInTheDocument();
    expect(screen.getByText("PayPal is still reviewing this payment.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /pay/i })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("says payments are not configured instead of any button", () => {
    openPage(unpaid({ paypal: { configured: false, mode: null, clientId: null } }));
    expect(screen.getByText("Payments are not configured")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay with PayPal" })).toBeNull();
    expect(paypalJs.loadScript).not.toHaveBeenCalled();
  });
});
