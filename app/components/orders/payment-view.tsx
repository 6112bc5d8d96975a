import { ProductThumb } from "~/components/product/product-thumb";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { NotFoundView } from "~/components/layout/not-found";
import { DutiesNotice } from "~/components/orders/duties-notice";
import { Alert } from "~/components/ui/field";
import { PAYMENT_TOAST_TEXT, type PaymentPageData, type PaymentPageOrder } from "~/domain/payments/page-data";
import {
  busyLabel,
  PAYMENT_SHARED_TEXT,
  PAYPAL_BUTTONS_ATTRIBUTE,
  PAYPAL_BUTTONS_DATA as DATA,
  type PaypalButtonsMessages,
  STOCK_CHECK_ATTRIBUTE,
  STOCK_CHECK_TEXT,
  type ToastMessage,
} from "~/lib/behavior-contract";
import { Money } from "~/components/ui/money";
import { useI18n, type ShopI18n } from "~/i18n/context";
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
  const { t, text } = useI18n();
  if (data.state === "not-found") return <NotFoundView title={t("orders.notFound")} text={t("orders.notFoundText")} />;
  if (data.state === "paid") {
    return (
      <section className="empty-state payment-state">
        <p className="eyebrow">{t("orders.orderTitle", { id: String(data.orderId) })}</p>
        <h1>{t("orders.alreadyPaid")}</h1>
        <p>{t("orders.alreadyPaidText")}</p>
        <Link className="button" to={data.confirmationUrl}>
          {t("orders.viewDetails")}
        </Link>
      </section>
    );
  }
  if (data.state === "closed") {
    return (
      <section className="empty-state payment-state">
        <p className="eyebrow">{t("orders.orderTitle", { id: String(data.orderId) })}</p>
        <h1>{t("orders.closed")}</h1>
        <p>{t("orders.statusLine", { status: text(data.statusLabel) })}</p>
        <Link className="button" to={data.detailsUrl}>
          {t("orders.viewDetails")}
        </Link>
      </section>
    );
  }
  return <UnpaidPayment data={data} />;
}

function UnpaidPayment({ data }: { data: UnpaidData }) {
  const { order, token, paypal, stock } = data;
  const { t, text, locale } = useI18n();
  const stockCheckUrl = `/api/orders/${order.id}/validate-stock${token ? `?token=${encodeURIComponent(token)}` : ""}`;
  return (
    <div className="container payment-page">
      <div className="page-head">
        <h1>{t("orders.paymentTitle")}</h1>
        <p className="muted">{t("orders.orderTitle", { id: String(order.id) })}</p>
      </div>
      <div className="payment-layout">
        <OrderSummary order={order} />
        <section className="payment-box" aria-labelledby="payment-title">
          <h2 id="payment-title">{t("orders.payment")}</h2>
          {data.recordingFailed ? (
            <Alert title={text(PAYMENT_TOAST_TEXT.processingError.title)}>{text(PAYMENT_TOAST_TEXT.processingError.description)}</Alert>
          ) : null}
          {data.pending ? (
            <Alert tone="info" title={text(data.pending.title)}>
              {text(data.pending.description)}
            </Alert>
          ) : !paypal.configured || !paypal.mode ? (
            <Alert tone="info" title={t("orders.notConfigured")}>
              {t("orders.notConfiguredText")}
            </Alert>
          ) : (
            <div
              className="payment-ready"
              {...{
                [STOCK_CHECK_ATTRIBUTE]: stockCheckUrl,
                // The English page leaves the behaviour its own English (PAYMENT_SHARED_TEXT).
                ...(locale === "en" ? {} : { [STOCK_CHECK_TEXT.verifying]: t("orders.verifying"), [STOCK_CHECK_TEXT.failed]: t("orders.verifyFailed") }),
              }}
            >
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
  const { t, text, money } = useI18n();
  return (
    <section className="payment-summary" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title">{t("orders.summary")}</h2>
      <ul className="payment-items" role="list">
        {order.items.map((item) => (
          <li key={item.id} className="payment-item">
            <ProductThumb imageUrl={item.imageUrl} imageWidth={item.imageWidth} width={56} height={70} />
            <div>
              <p className="strong">{item.title}</p>
              {item.colorName || item.variationName ? <p className="muted small">{[item.colorName, item.variationName].filter(Boolean).join(" · ")}</p> : null}
              <p className="muted small">
                {item.quantity} × {money(item.unitCents)}
              </p>
            </div>
            <p className="line-total">
              <Money cents={item.lineCents} />
            </p>
          </li>
        ))}
      </ul>
      <dl className="totals">
        <div>
          <dt>{t("layout.totals.subtotal")}</dt>
          <dd>
            <Money cents={order.subtotalCents} />
          </dd>
        </div>
        <div>
          <dt>{t("layout.totals.shippingWith", { name: text(order.shippingName) })}</dt>
          <dd>{order.shippingCents === 0 ? t("layout.totals.free") : <Money cents={order.shippingCents} />}</dd>
        </div>
        {order.discountCode !== null ? (
          <div>
            <dt>{t("layout.totals.discountCode", { code: order.discountCode })}</dt>
            <dd>
              -<Money cents={order.discountCents} />
            </dd>
          </div>
        ) : null}
        {order.loyaltyDiscountCents > 0 ? (
          <div>
            <dt>{order.loyaltyPointsUsed > 0 ? t("checkout.loyaltyDiscount", { points: String(order.loyaltyPointsUsed) }) : t("orders.loyaltyDiscount")}</dt>
            <dd>
              -<Money cents={order.loyaltyDiscountCents} />
            </dd>
          </div>
        ) : null}
        <div className="grand">
          <dt>{t("layout.totals.total")}</dt>
          <dd>
            <Money cents={order.totalCents} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

function StockIssue({ message }: { message: string }) {
  const { t, text } = useI18n();
  return (
    <div className="stock-issue" role="alert">
      <p className="alert-title">{t("orders.stockTitle")}</p>
      <p>{message ? text(message) : t("orders.stockFallback")}</p>
      <Link to="/cart" className="button button-secondary">
        {t("orders.returnToCart")}
      </Link>
    </div>
  );
}

function PayControls({ orderId, token, paypal, country }: { orderId: number; token: string | null; paypal: UnpaidData["paypal"]; country: string }) {
  const nonce = useNonce();
  const i18n = useI18n();
  const { t } = i18n;
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
            // The English page leaves the buttons their own English (the contract's texts).
            [DATA.messages]: i18n.locale === "en" ? undefined : JSON.stringify(buttonMessages(i18n)),
          }}
        />
      ) : null}
      <form method="post" className="pay-form">
        <input type="hidden" name="intent" value="pay" />
        {token ? <input type="hidden" name="token" value={token} /> : null}
        <button type="submit" className="button button-lg button-block paypal-button" {...busyLabel(t("orders.redirecting"))}>
          {t("orders.pay")}
        </button>
      </form>
      {paypal.mode === "emulator" ? <p className="note">{t("orders.emulatorNote")}</p> : null}
      <p className="muted small secure">{t("orders.approveNote")}</p>
    </div>
  );
}

/** The PayPal buttons' notifications in the page's language (browser/behaviors/paypal-buttons.ts shows them). */
function buttonMessages(i18n: Pick<ShopI18n, "text">): PaypalButtonsMessages {
  const inLanguage = (toast: ToastMessage): ToastMessage => ({
    ...toast,
    title: i18n.text(toast.title),
    ...(toast.description ? { description: i18n.text(toast.description) } : {}),
  });
  return {
    failed: inLanguage(PAYMENT_TOAST_TEXT.failed),
    cancelled: inLanguage(PAYMENT_TOAST_TEXT.cancelled),
    processingError: inLanguage(PAYMENT_TOAST_TEXT.processingError),
    success: inLanguage(PAYMENT_TOAST_TEXT.success),
    stock: inLanguage({ title: PAYMENT_SHARED_TEXT.stockTitle, description: PAYMENT_SHARED_TEXT.stockFallback, type: "error" }),
  };
}

/**
 * The error boundary of the payment, PayPal return and PayPal cancel routes: an order the visitor
 * may not see is 'Order Not Found'; other refusals say what the server said.
 */
export function PaymentErrorBoundary() {
  const error = useRouteError();
  const { t, text } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView title={t("orders.notFound")} text={t("orders.notFoundText")} />;
  if (!isRouteErrorResponse(error)) console.error(error);
  // A write the database refused (503) says so calmly, as the root's error page does.
  const cannotSave = isRouteErrorResponse(error) && error.status === 503 && error.data?.message === STORAGE_FAULT_TEXT.message;
  const message = cannotSave
    ? text(STORAGE_FAULT_TEXT.page)
    : isRouteErrorResponse(error) && error.status < 500 && typeof error.data?.message === "string"
      ? text(error.data.message)
      : t("orders.tryAgain");
  const title = cannotSave
    ? text(STORAGE_FAULT_TEXT.title)
    : isRouteErrorResponse(error) && error.status < 500
      ? t("orders.requestRefused")
      : t("orders.somethingWrong");
  return (
    <section className="empty-state">
      <h1>{title}</h1>
      <p>{message}</p>
      <Link className="button" to="/">
        {t("orders.goHome")}
      </Link>
    </section>
  );
}
