import { ProductThumb } from "~/components/product/product-thumb";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { NotFoundView } from "~/components/layout/not-found";
import { DutiesNotice } from "~/components/orders/duties-notice";
import { Alert } from "~/components/ui/field";
import { PAYMENT_TEXT, PAYMENT_TOAST_TEXT, type PaymentPageData, type PaymentPageOrder } from "~/domain/payments/page-data";
import { busyLabel, PAYPAL_BUTTONS_ATTRIBUTE, PAYPAL_BUTTONS_DATA as DATA, STOCK_CHECK_ATTRIBUTE } from "~/lib/behavior-contract";
import { formatMoney } from "~/lib/money";
import { useNonce } from "~/lib/nonce";
import { STORAGE_FAULT_TEXT } from "~/lib/storage-fault";

type UnpaidData = Extract<PaymentPageData, { state: "unpaid" }>;

/**
 * The payment page of /order/{id}/payment and /order-payment/{orderId}. Everything comes from
 * the loader (stock checked on the server) and 'Pay with PayPal' is a plain form post that sends
 * the browser to PayPal. The browser module re-checks stock on load (browser/behaviors/payment.ts)
 * and, in sandbox or live mode, puts PayPal's own buttons in place of the form
 * (browser/behaviors/paypal-buttons.ts).
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
  const { order, token, paypal, stock } = data;
  const stockCheckUrl = `/api/orders/${order.id}/validate-stock${token ? `?token=${encodeURIComponent(token)}` : ""}`;
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
          {data.recordingFailed ? <Alert title={PAYMENT_TOAST_TEXT.processingError.title}>{PAYMENT_TOAST_TEXT.processingError.description}</Alert> : null}
          {data.pending ? (
            <Alert tone="info" title={data.pending.title}>
              {data.pending.description}
            </Alert>
          ) : !paypal.configured || !paypal.mode ? (
            <Alert tone="info" title={PAYMENT_TEXT.notConfigured}>
              {PAYMENT_TEXT.notConfiguredText}
            </Alert>
          ) : (
            <div className="payment-ready" {...{ [STOCK_CHECK_ATTRIBUTE]: stockCheckUrl }}>
              {stock.hasStockIssues ? (
                <StockIssue message={stock.message} />
              ) : (
                <PayControls orderId={order.id} token={token} paypal={paypal} country={order.country} />
              )}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function OrderSummary({ order }: { order: PaymentPageOrder }) {
  return (
    <section className="payment-summary" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title">Order Summary</h2>
      <ul className="payment-items" role="list">
        {order.items.map((item) => (
          <li key={item.id} className="payment-item">
            <ProductThumb imageUrl={item.imageUrl} imageWidth={item.imageWidth} width={56} height={70} />
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

function PayControls({ orderId, token, paypal, country }: { orderId: number; token: string | null; paypal: UnpaidData["paypal"]; country: string }) {
  const nonce = useNonce();
  // The emulator has no browser script (CONTRACT.md): there the form is the button, with JavaScript too.
  const usesScript = (paypal.mode === "sandbox" || paypal.mode === "live") && !!paypal.clientId;
  return (
    <div className="pay-controls">
      <DutiesNotice country={country} />
      {usesScript ? (
        <div
          className="paypal-buttons"
          hidden
          {...{
            [PAYPAL_BUTTONS_ATTRIBUTE]: "",
            [DATA.clientId]: paypal.clientId ?? undefined,
            [DATA.currency]: "USD",
            [DATA.orderId]: orderId,
            [DATA.token]: token ?? undefined,
            [DATA.cspNonce]: nonce,
          }}
        />
      ) : null}
      <form method="post" className="pay-form">
        <input type="hidden" name="intent" value="pay" />
        {token ? <input type="hidden" name="token" value={token} /> : null}
        <button type="submit" className="button button-lg button-block paypal-button" {...busyLabel(PAYMENT_TEXT.redirecting)}>
          {PAYMENT_TEXT.pay}
        </button>
      </form>
      {paypal.mode === "emulator" ? <p className="note">{PAYMENT_TEXT.emulatorNote}</p> : null}
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
  // A write the database refused (503) says so calmly, as the root's error page does.
  const cannotSave = isRouteErrorResponse(error) && error.status === 503 && error.data?.message === STORAGE_FAULT_TEXT.message;
  const message = cannotSave
    ? STORAGE_FAULT_TEXT.page
    : isRouteErrorResponse(error) && error.status < 500 && typeof error.data?.message === "string"
      ? error.data.message
      : "Please try again in a moment.";
  const title = cannotSave ? STORAGE_FAULT_TEXT.title : isRouteErrorResponse(error) && error.status < 500 ? "Request refused" : "Something went wrong";
  return (
    <section className="empty-state">
      <h1>{title}</h1>
      <p>{message}</p>
      <Link className="button" to="/">
        Go Home
      </Link>
    </section>
  );
}
