import { createRemixStub } from "@remix-run/testing";
import { act, render, screen, waitFor } from "@testing-library/react";
import { PaymentView } from "~/components/orders/payment-view";
import { ToastRegion } from "~/components/ui/toaster";
import { type PaymentPageData } from "~/domain/payments/page-data";

// The payment page in the browser (jsdom): the stock check on load, and in sandbox/live mode
// PayPal's buttons loaded on demand from @paypal/paypal-js (mocked here: PayPal's script cannot
// load in tests) wired to the shop's API.

type ButtonOptions = {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
};

const paypalJs = vi.hoisted(() => ({ options: null as ButtonOptions | null, loadScript: vi.fn(), rendered: 0 }));
vi.mock("@paypal/paypal-js", () => ({
  loadScript: paypalJs.loadScript,
}));

const ORDER: Extract<PaymentPageData, { state: "unpaid" }>["order"] = {
  id: 41,
  items: [{ id: 1, title: "Lace Pinafore", quantity: 2, unitCents: 2400, lineCents: 4800, colorName: "Red", variationName: null, imageUrl: null }],
  subtotalCents: 4800,
  shippingCents: 800,
  shippingName: "Standard Shipping",
  loyaltyDiscountCents: 500,
  loyaltyPointsUsed: 50,
  totalCents: 5100,
};

function unpaid(overrides: Partial<Extract<PaymentPageData, { state: "unpaid" }>> = {}): PaymentPageData {
  return {
    state: "unpaid",
    order: ORDER,
    token: null,
    stock: { hasStockIssues: false, message: "" },
    paypal: { configured: true, mode: "sandbox" },
    recordingFailed: false,
    pending: null,
    ...overrides,
  };
}

/** `gate`: the answer waits until the test resolves it, so a test can look at the page mid-request. */
type Answer = { status?: number; body: unknown; gate?: Promise<void> };
let answers: Record<string, Answer>;
let calls: { url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  paypalJs.options = null;
  paypalJs.rendered = 0;
  paypalJs.loadScript.mockReset();
  paypalJs.loadScript.mockImplementation(async () => ({
    Buttons: (options: ButtonOptions) => {
      paypalJs.options = options;
      return {
        render: async () => {
          paypalJs.rendered++;
        },
      };
    },
  }));
  answers = {
    "/api/orders/41/validate-stock": { body: { hasStockIssues: false, message: "" } },
    "/api/paypal/setup": { body: { configured: true, mode: "sandbox", clientId: "sandbox-client", clientToken: null, currency: "USD", intent: "capture" } },
    "/api/paypal/order": { body: { id: "PAYPALORDER000001", status: "CREATED", links: [] } },
    "/api/orders/41/complete-payment": { body: { id: 41, confirmationToken: "tok-41" } },
  };
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    calls.push({ url: `${url.pathname}${url.search}`, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[url.pathname];
    if (!answer) return new Response(JSON.stringify({ message: "Not found" }), { status: 404 });
    if (answer.gate) await answer.gate;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { "Content-Type": "application/json" } });
  });
});

afterEach(() => vi.restoreAllMocks());

function renderPage(data: PaymentPageData) {
  const Stub = createRemixStub([
    {
      path: "/order/:id/payment",
      Component: () => (
        <>
          <PaymentView />
          <ToastRegion initial={null} />
        </>
      ),
      loader: () => data,
    },
    { path: "/order/:orderId/confirmation", Component: () => <h1>Order Confirmed!</h1> },
  ]);
  return render(<Stub initialEntries={["/order/41/payment"]} hydrationData={{ loaderData: { "0": data } }} />);
}

describe("payment page with JavaScript", () => {
  it("shows 'Verifying product availability...' while the check runs, then the stock issue box", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    answers["/api/orders/41/validate-stock"] = { body: { hasStockIssues: true, message: "Lace Pinafore is sold out" }, gate };
    renderPage(unpaid({ paypal: { configured: true, mode: "emulator" } }));
    expect(await screen.findByText("Verifying product availability...")).toBeInTheDocument();
    release();
    expect(await screen.findByText("Lace Pinafore is sold out")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to Cart" })).toHaveAttribute("href", "/cart");
    expect(screen.queryByRole("button", { name: "Pay with PayPal" })).toBeNull();
    expect(calls[0]).toEqual({ url: "/api/orders/41/validate-stock", body: undefined });
    expect(paypalJs.loadScript).not.toHaveBeenCalled();
  });

  it("sends the token along when the page was opened with one, and says when the check itself failed", async () => {
    answers["/api/orders/41/validate-stock"] = { status: 500, body: { message: "x" } };
    renderPage(unpaid({ token: "tok 41", paypal: { configured: true, mode: "emulator" } }));
    expect(await screen.findByText("Unable to verify product availability. Please try again.")).toBeInTheDocument();
    expect(calls[0]!.url).toBe("/api/orders/41/validate-stock?token=tok%2041");
    // The server's own result still stands: the form is there, with the token.
    const button = screen.getByRole("button", { name: "Pay with PayPal" });
    expect(button.closest("form")).toHaveAttribute("method", "post");
    expect(button.closest("form")!.querySelector('input[name="token"]')).toHaveAttribute("value", "tok 41");
  });

  it("a payment PayPal holds for review shows 'Payment pending' and no Pay button", async () => {
    renderPage(
      unpaid({ pending: { title: "Payment pending", description: "PayPal is still reviewing this payment." }, paypal: { configured: true, mode: "emulator" } }),
    );
    expect(await screen.findByText("Payment pending")).toBeInTheDocument();
    expect(screen.getByText("PayPal is still reviewing this payment.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /pay/i })).toBeNull();
  });

  it("in emulator mode keeps the plain form button and never loads PayPal's script", async () => {
    renderPage(unpaid({ paypal: { configured: true, mode: "emulator" } }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await screen.findByRole("button", { name: "Pay with PayPal" })).toBeInTheDocument();
    expect(screen.getByText("Test mode: PayPal is simulated on this shop. No real money moves.")).toBeInTheDocument();
    expect(paypalJs.loadScript).not.toHaveBeenCalled();
  });

  it("in sandbox mode loads @paypal/paypal-js on demand and wires its buttons to the shop's API", async () => {
    renderPage(unpaid());
    await waitFor(() => expect(paypalJs.rendered).toBe(1));
    expect(paypalJs.loadScript).toHaveBeenCalledWith({ clientId: "sandbox-client", currency: "USD", intent: "capture" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Pay with PayPal" })).toBeNull());

    const options = paypalJs.options!;
    expect(await act(() => options.createOrder())).toBe("PAYPALORDER000001");
    expect(calls.find((c) => c.url === "/api/paypal/order")!.body).toEqual({ orderId: 41, currency: "USD", intent: "CAPTURE" });

    await act(() => options.onApprove({ orderID: "PAYPALORDER000001" }));
    expect(calls.find((c) => c.url === "/api/orders/41/complete-payment")!.body).toEqual({ paypalOrderId: "PAYPALORDER000001", status: "paid" });
    expect(await screen.findByText("Payment successful")).toBeInTheDocument();
    // About 500 ms later the buyer is on the confirmation page.
    expect(screen.queryByRole("heading", { name: "Order Confirmed!" })).toBeNull();
    expect(await screen.findByRole("heading", { name: "Order Confirmed!" }, { timeout: 2000 })).toBeInTheDocument();
  });

  it("shows the spec's messages when the buyer cancels, PayPal fails, or the shop refuses", async () => {
    renderPage(unpaid({ token: "tok-41" }));
    await waitFor(() => expect(paypalJs.rendered).toBe(1));
    const options = paypalJs.options!;

    act(() => options.onCancel());
    expect(await screen.findByText("Payment cancelled")).toBeInTheDocument();
    expect(screen.getByText("You cancelled the PayPal payment. You can try again when ready.")).toBeInTheDocument();

    act(() => options.onError(new Error("popup closed")));
    expect(await screen.findByText("Payment failed")).toBeInTheDocument();
    expect(screen.getByText("There was an error processing your PayPal payment. Please try again.")).toBeInTheDocument();

    answers["/api/paypal/order"] = { status: 409, body: { message: "Lace Pinafore: only 1 items available in stock" } };
    await act(() => expect(options.createOrder()).rejects.toThrow("only 1 items available in stock"));
    act(() => options.onError(new Error("createOrder failed")));
    expect(await screen.findByText("Stock issue")).toBeInTheDocument();
    expect(screen.getByText("Lace Pinafore: only 1 items available in stock")).toBeInTheDocument();
    expect(calls.find((c) => c.url === "/api/paypal/order")!.body).toMatchObject({ token: "tok-41" });

    answers["/api/orders/41/complete-payment"] = {
      status: 500,
      body: { message: "Payment processing error: Payment was successful but there was an error processing your order. Please contact support." },
    };
    await act(() => options.onApprove({ orderID: "PAYPALORDER000001" }));
    expect(await screen.findByText("Payment processing error")).toBeInTheDocument();
  });

  it("falls back to the form when PayPal's script cannot load", async () => {
    paypalJs.loadScript.mockRejectedValue(new Error("offline"));
    renderPage(unpaid());
    await waitFor(() => expect(paypalJs.loadScript).toHaveBeenCalled());
    expect(await screen.findByRole("button", { name: "Pay with PayPal" })).toBeInTheDocument();
  });

  it("says payments are not configured instead of any button", async () => {
    renderPage(unpaid({ paypal: { configured: false, mode: null } }));
    expect(await screen.findByText("Payments are not configured")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay with PayPal" })).toBeNull();
    expect(paypalJs.loadScript).not.toHaveBeenCalled();
  });
});
