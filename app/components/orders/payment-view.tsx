import { isRouteErrorResponse, Link, useLoaderData, useNavigate, useRouteError } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { NotFoundView } from "~/components/layout/not-found";
import { Alert } from "~/components/ui/field";
import { useToast } from "~/components/ui/toaster";
import {
  confirmationUrl,
  PAYMENT_TEXT,
  PAYMENT_TOASTS,
  type PaymentPageData,
  type PaymentPageOrder,
  type PaypalPageMode,
  type StockCheck,
  stockToast,
  type ToastSpec,
} from "~/domain/payments/page-data";
import { formatMoney } from "~/lib/money";

type UnpaidData = Extract<PaymentPageData, { state: "unpaid" }>;

/**
 * The payment page of /order/{id}/payment and /order-payment/{orderId}. Without JavaScript
 * everything comes from the loader (stock checked on the server) and 'Pay with PayPal' is a plain
 * form post that sends the browser to PayPal. JavaScript re-checks stock on load and, in sandbox or
 * live mode, replaces the form with PayPal's own buttons.
 */
export function PaymentView() {
  const data = useLoaderData<PaymentPageData>();
  if (data.state === "not-found") return <NotFoundView title={PAYMENT_TEXT.notFound} text={PAYMENT_TEXT.notFoundText} />;
  if (data.state === "paid") {
    return (
      <section className="empty-state payment-state">
        <p className="eyebrow">Order #{data.orderId}</p>
        <h1>{PAYMENT_TEXT.alreadyPaid}</h1>
        <p>{PAYMENT_TEXT.alreadyPaidText}</p>
        <Link className="button" to={data.confirmationUrl}>
          {PAYMENT_TEXT.viewDetails}
        </Link>
      </section>
    );
  }
  if (data.state === "closed") {
    return (
      <section className="empty-state payment-state">
        <p className="eyebrow">Order #{data.orderId}</p>
        <h1>{PAYMENT_TEXT.closed}</h1>
        <p>Status: {data.statusLabel}</p>
        <Link className="button" to={data.detailsUrl}>
          {PAYMENT_TEXT.viewDetails}
        </Link>
      </section>
    );
  }
  return <UnpaidPayment data={data} />;
}

function UnpaidPayment({ data }: { data: UnpaidData }) {
  const { order, token, paypal } = data;
  const check = useStockCheck(order.id, token, data.stock);
  return (
    <div className="container payment-page">
      <div className="page-head">
        <h1>{PAYMENT_TEXT.title}</h1>
        <p className="muted">{`Order #${order.id}`}</p>
      </div>
      <div className="payment-layout">
        <OrderSummary order={order} />
        <section className="payment-box" aria-labelledby="payment-title">
          <h2 id="payment-title">Payment</h2>
          {data.recordingFailed ? <Alert title={PAYMENT_TOASTS.processingError.title}>{PAYMENT_TOASTS.processingError.description}</Alert> : null}
          {data.pending ? (
            <Alert tone="info" title={data.pending.title}>
              {data.pending.description}
            </Alert>
          ) : !paypal.configured || !paypal.mode ? (
            <Alert tone="info" title={PAYMENT_TEXT.notConfigured}>
              {PAYMENT_TEXT.notConfiguredText}
            </Alert>
          ) : check.phase === "verifying" ? (
            <p className="verifying" role="status">
              {PAYMENT_TEXT.verifying}
            </p>
          ) : (
            <>
              {check.phase === "error" ? <p className="field-error">{PAYMENT_TEXT.verifyFailed}</p> : null}
              {check.result.hasStockIssues ? (
                <StockIssue message={check.result.message} />
              ) : (
                <PayControls orderId={order.id} token={token} mode={paypal.mode} />
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/** The server's result first (no JavaScript); with JavaScript the check runs again on load. */
function useStockCheck(orderId: number, token: string | null, initial: StockCheck) {
  const [state, setState] = useState<{ phase: "server" | "verifying" | "done" | "error"; result: StockCheck }>({ phase: "server", result: initial });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, phase: "verifying" }));
    fetch(`/api/orders/${orderId}/validate-stock${token ? `?token=${encodeURIComponent(token)}` : ""}`, {
      method: "POST",
      headers: { Accept: "application/json" },
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        return (await res.json()) as StockCheck;
      })
      .then((result) => {
        if (live) setState({ phase: "done", result });
      })
      .catch(() => {
        if (live) setState((s) => ({ phase: "error", result: s.result }));
      });
    return () => {
      live = false;
    };
  }, [orderId, token]);
  return state;
}

function OrderSummary({ order }: { order: PaymentPageOrder }) {
  return (
    <section className="payment-summary" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title">Order Summary</h2>
      <ul className="payment-items" role="list">
        {order.items.map((item) => (
          <li key={item.id} className="payment-item">
            <img src={item.imageUrl ?? "/placeholder.svg"} alt="" width={56} height={70} loading="lazy" />
            <div>
              <p className="strong">{item.title}</p>
              {item.colorName || item.variationName ? <p className="muted small">{[item.colorName, item.variationName].filter(Boolean).join(" · ")}</p> : null}
              <p className="muted small">
                {item.quantity} × {formatMoney(item.unitCents)}
              </p>
            </div>
            <p className="line-total">{formatMoney(item.lineCents)}</p>
          </li>
        ))}
      </ul>
      <dl className="totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatMoney(order.subtotalCents)}</dd>
        </div>
        <div>
          <dt>{`Shipping (${order.shippingName})`}</dt>
          <dd>{order.shippingCents === 0 ? "Free" : formatMoney(order.shippingCents)}</dd>
        </div>
        {order.loyaltyDiscountCents > 0 ? (
          <div>
            <dt>Loyalty discount{order.loyaltyPointsUsed > 0 ? ` (${order.loyaltyPointsUsed} points)` : ""}</dt>
            <dd>-{formatMoney(order.loyaltyDiscountCents)}</dd>
          </div>
        ) : null}
        <div className="grand">
          <dt>Total</dt>
          <dd>{formatMoney(order.totalCents)}</dd>
        </div>
      </dl>
    </section>
  );
}

function StockIssue({ message }: { message: string }) {
  return (
    <div className="stock-issue" role="alert">
      <p className="alert-title">{PAYMENT_TEXT.stockTitle}</p>
      <p>{message || PAYMENT_TEXT.stockFallback}</p>
      <Link to="/cart" className="button button-secondary">
        {PAYMENT_TEXT.returnToCart}
      </Link>
    </div>
  );
}

/** What a failed payment call answers, as the spec's toast. */
function toastFor(status: number, message: unknown): ToastSpec {
  const text = typeof message === "string" ? message : "";
  if (status === 409 && /in stock|no longer available|sold out/i.test(text)) return stockToast(text);
  if (text.startsWith(PAYMENT_TOASTS.processingError.title)) return PAYMENT_TOASTS.processingError;
  return PAYMENT_TOASTS.failed;
}

async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
}

function PayControls({ orderId, token, mode }: { orderId: number; token: string | null; mode: PaypalPageMode }) {
  const push = useToast();
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const shownError = useRef(false);
  const [busy, setBusy] = useState(false);
  // The emulator has no browser script (CONTRACT.md): there the form is the button, with JavaScript too.
  const usesScript = mode === "sandbox" || mode === "live";
  const [script, setScript] = useState<"off" | "loading" | "ready" | "failed">("off");

  // Coming back with the browser's Back button must not leave the button saying 'Redirecting...'.
  useEffect(() => {
    const onShow = () => setBusy(false);
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  useEffect(() => {
    if (!usesScript) return;
    let cancelled = false;
    setScript("loading");
    (async () => {
      const setup = (await (await fetch("/api/paypal/setup", { headers: { Accept: "application/json" } })).json()) as { clientId?: string | null };
      if (!setup.clientId) throw new Error("PayPal is not configured");
      // Loaded on demand, on this page only.
      const { loadScript } = await import("@paypal/paypal-js");
      const paypal = await loadScript({ clientId: setup.clientId, currency: "USD", intent: "capture" });
      if (cancelled || !paypal?.Buttons || !container.current) return;
      const fail = (toast: ToastSpec) => {
        shownError.current = true;
        push(toast);
      };
      await paypal
        .Buttons({
          style: { layout: "vertical", label: "paypal" },
          createOrder: async () => {
            shownError.current = false;
            const res = await postJson("/api/paypal/order", { orderId, currency: "USD", intent: "CAPTURE", ...(token ? { token } : {}) });
            const body = (await res.json().catch(() => ({}))) as { id?: string; message?: string };
            if (!res.ok || !body.id) {
              fail(toastFor(res.status, body.message));
              throw new Error(body.message ?? "PayPal order not created");
            }
            return body.id;
          },
          onApprove: async ({ orderID }) => {
            const res = await postJson(`/api/orders/${orderId}/complete-payment`, { paypalOrderId: orderID, status: "paid", ...(token ? { token } : {}) });
            const body = (await res.json().catch(() => ({}))) as { id?: number; confirmationToken?: string; message?: string };
            if (!res.ok || !body.id || !body.confirmationToken) {
              fail(toastFor(res.status, body.message));
              return;
            }
            push(PAYMENT_TOASTS.success);
            const to = confirmationUrl(body.id, body.confirmationToken);
            window.setTimeout(() => navigate(to), 500);
          },
          onCancel: () => push(PAYMENT_TOASTS.cancelled),
          onError: () => {
            if (!shownError.current) push(PAYMENT_TOASTS.failed);
            shownError.current = false;
          },
        })
        .render(container.current);
      if (!cancelled) setScript("ready");
    })().catch(() => {
      if (!cancelled) setScript("failed");
    });
    return () => {
      cancelled = true;
    };
  }, [usesScript, orderId, token, push, navigate]);

  return (
    <div className="pay-controls">
      {usesScript ? <div ref={container} className="paypal-buttons" hidden={script !== "ready"} /> : null}
      {script === "ready" ? null : (
        <form
          method="post"
          className="pay-form"
          onSubmit={(event) => {
            if (busy) event.preventDefault();
            else setBusy(true);
          }}
        >
          <input type="hidden" name="intent" value="pay" />
          {token ? <input type="hidden" name="token" value={token} /> : null}
          <button type="submit" className="button button-lg button-block paypal-button" aria-disabled={busy || undefined}>
            {busy ? PAYMENT_TEXT.redirecting : PAYMENT_TEXT.pay}
          </button>
        </form>
      )}
      {mode === "emulator" ? <p className="note">{PAYMENT_TEXT.emulatorNote}</p> : null}
      <p className="muted small secure">You will approve the payment of the total above on PayPal, then come back here.</p>
    </div>
  );
}

/**
 * The error boundary of the payment, PayPal return and PayPal cancel routes: an order the visitor
 * may not see is 'Order Not Found'; other refusals say what the server said.
 */
export function PaymentErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView title={PAYMENT_TEXT.notFound} text={PAYMENT_TEXT.notFoundText} />;
  if (!isRouteErrorResponse(error)) console.error(error);
  const message =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data?.message === "string" ? error.data.message : "Please try again in a moment.";
  return (
    <section className="empty-state">
      <h1>{isRouteErrorResponse(error) && error.status < 500 ? "Request refused" : "Something went wrong"}</h1>
      <p>{message}</p>
      <Link className="button" to="/">
        Go Home
      </Link>
    </section>
  );
}
