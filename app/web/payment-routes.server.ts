import { type HeadersFunction, json, redirect } from "@remix-run/node";
import { getOrderViewer } from "~/web/guards.server";
import { redirectWithToast } from "~/web/toast.server";
import { stripLocale } from "~/i18n/locales";
import { DomainError } from "~/domain/common/errors";
import { getOrderAccess, type OrderAccess } from "~/domain/orders/access.server";
import { getOrderView } from "~/domain/orders/orders.server";
import { isPaidLike, orderStatusLabel } from "~/domain/orders/status";
import { totalsFigures } from "~/domain/orders/totals";
import {
  confirmationUrl,
  PAYMENT_TEXT,
  PAYMENT_TOAST_TEXT,
  type PaymentPageData,
  paymentPageUrl,
  stockToast,
  type ToastSpec,
} from "~/domain/payments/page-data";
import { getPaypalClientId, getPaypalMode, isPaypalConfigured, isPaypalOrderId } from "~/lib/paypal-client.server";
import { isPaypalOrderOf } from "~/domain/payments/attempts.server";
import { PAYMENT_PENDING, PaymentError } from "~/domain/payments/payment-order.server";
import { completePayment, startPayment, validateOrderStock } from "~/domain/payments/payments.server";
import { abandonPayment, recoverPayment } from "~/domain/payments/recovery.server";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { assertOrderAllowed } from "~/domain/auth/rate-limit.server";
import { getClientIp, jsonError, readFormData } from "~/web/http.server";

/*
 * The request side of payment: the payment page (both URLs share this loader and action),
 * PayPal's return and cancel URLs, and the payment API's access rule and error mapping.
 * The rules themselves are in payments.server.ts.
 */

const NO_STORE = { "Cache-Control": "private, no-store" };

/** A route's order id, or null when it cannot be one. */
export function parseOrderId(value: string | undefined | null): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}

async function accessFor(request: Request, orderId: number, token: string | null | undefined): Promise<OrderAccess | null> {
  return getOrderAccess(db, orderId, await getOrderViewer(request, token || null));
}

function pageNotFound(): never {
  throw json({ message: PAYMENT_TEXT.notFound }, { status: 404, headers: NO_STORE });
}

/** The toast a page shows for a payment that did not go through; null when the page itself says it (already paid...). */
export function paymentToast(error: DomainError): ToastSpec | null {
  if (!(error instanceof PaymentError) && error.status === 429) return { title: PAYMENT_TOAST_TEXT.failed.title, description: error.message, type: "error" };
  if (!(error instanceof PaymentError)) return error.status === 409 && /in stock/.test(error.message) ? stockToast(error.message) : PAYMENT_TOAST_TEXT.failed;
  switch (error.kind) {
    case "stock":
      return stockToast(error.message);
    case "recording":
      return PAYMENT_TOAST_TEXT.processingError;
    case "state":
      return null;
    case "pending":
      return { title: PAYMENT_PENDING.title, description: error.message, type: "info" };
    case "in-progress":
      return { title: "Payment in progress", description: error.message, type: "info" };
    case "unavailable":
      return { title: PAYMENT_TOAST_TEXT.failed.title, description: error.message, type: "error" };
    default:
      return PAYMENT_TOAST_TEXT.failed;
  }
}

// ---- the payment page ---------------------------------------------------------------------

/** Loader of /order/{id}/payment and /order-payment/{orderId}. */
export async function loadPaymentPage(request: Request, orderIdParam: string | undefined): Promise<Response> {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const orderId = parseOrderId(orderIdParam);
  const notFound = () => json<PaymentPageData>({ state: "not-found" }, { status: 404, headers: NO_STORE });
  if (orderId === null) return notFound();
  const access = await accessFor(request, orderId, token);
  if (!access) return notFound();

  // A payment PayPal completed but the shop did not record yet is finished here.
  const recovery = await recoverPayment(db, orderId);
  const view = await getOrderView(db, orderId);
  if (!view) return notFound();

  if (isPaidLike(view.status)) {
    return json<PaymentPageData>({ state: "paid", orderId, confirmationUrl: confirmationUrl(orderId, view.confirmationToken) }, { headers: NO_STORE });
  }
  if (view.status !== "unpaid") {
    return json<PaymentPageData>(
      {
        state: "closed",
        orderId,
        statusLabel: orderStatusLabel(view.status),
        detailsUrl: `/order-details/${orderId}?token=${encodeURIComponent(view.confirmationToken)}`,
      },
      { headers: NO_STORE },
    );
  }
  const stock = await validateOrderStock(db, orderId);
  return json<PaymentPageData>(
    {
      state: "unpaid",
      token: access === "token" ? token : null,
      stock,
      paypal: { configured: isPaypalConfigured(), mode: getPaypalMode(), clientId: getPaypalClientId() },
      recordingFailed: recovery === "recording-failed",
      pending: recovery === "pending" ? { ...PAYMENT_PENDING } : null,
      order: {
        id: view.id,
        country: view.shippingAddress.country,
        ...totalsFigures(view.totals),
        items: view.items.map((i) => ({
          id: i.id,
          title: i.title,
          quantity: i.quantity,
          unitCents: i.unitPriceCents,
          lineCents: i.unitPriceCents * i.quantity,
          colorName: i.colorName,
          variationName: i.variationName,
          imageUrl: i.product.images[0]?.imageUrl ?? null,
          imageWidth: i.product.images[0]?.width ?? null,
        })),
      },
    },
    { headers: NO_STORE },
  );
}

/** Action of the payment page: 'Pay with PayPal' creates the PayPal order and sends the browser to approve it. */
export async function handlePaymentAction(request: Request, orderIdParam: string | undefined): Promise<Response> {
  const form = await readFormData(request);
  const url = new URL(request.url);
  const orderId = parseOrderId(orderIdParam);
  if (orderId === null) pageNotFound();
  const rawToken = form.get("token") ?? url.searchParams.get("token");
  const token = typeof rawToken === "string" && rawToken !== "" ? rawToken.slice(0, 200) : null;
  const access = await accessFor(request, orderId, token);
  if (!access) pageNotFound();
  if (form.get("intent") !== "pay") throw jsonError("Unknown action", 400);

  // Without the language's prefix: Remix puts it back on the redirect (basename).
  const back = `${stripLocale(url.pathname)}${access === "token" && token ? `?token=${encodeURIComponent(token)}` : ""}`;
  try {
    await assertOrderAllowed(db, getClientIp(request));
    const started = await startPayment(db, orderId, { appUrl: getEnv().APP_URL });
    return redirect(started.approveUrl, { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const toast = paymentToast(error);
    return toast ? redirectWithToast(back, toast) : redirect(back);
  }
}

/**
 * The payment page carries the order's token in its URL: no shared caches, and no referrer to
 * PayPal or any other site.
 */
export const paymentPageHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  // The root's headers first: they carry the cookie that clears a shown toast.
  const out = new Headers(parentHeaders);
  for (const h of [actionHeaders, loaderHeaders]) {
    for (const cookie of h.getSetCookie?.() ?? []) out.append("Set-Cookie", cookie);
  }
  out.set("Cache-Control", "private, no-store");
  out.set("Referrer-Policy", "same-origin");
  return out;
};

// ---- PayPal's return and cancel URLs --------------------------------------------------------

/**
 * PayPal sends the buyer back with `?token=<PayPal order id>`. Access: the order's owner, guest
 * session or an admin, or the PayPal order id itself when it was created for this order (only
 * the buyer's browser has it). Answers where to send the buyer back on failure.
 */
async function returnAccess(request: Request, orderIdParam: string | undefined) {
  const url = new URL(request.url);
  const orderId = parseOrderId(orderIdParam);
  if (orderId === null) pageNotFound();
  const raw = url.searchParams.get("token");
  const paypalOrderId = isPaypalOrderId(raw) ? raw : null;
  const access = await accessFor(request, orderId, null);
  const byPaypal = paypalOrderId ? await isPaypalOrderOf(db, orderId, paypalOrderId) : false;
  if (!access && !byPaypal) pageNotFound();
  if (!(await getOrderView(db, orderId))) pageNotFound();
  // Someone with only the PayPal id of a return URL (a shared link, a browser's history) may
  // finish the payment, but never gets the order's confirmation token: they go home.
  const back = access ? paymentPageUrl(orderId, null) : "/";
  return { orderId, paypalOrderId, back, hasAccess: !!access };
}

/** Loader of /order/{id}/paypal-return: captures, records and shows the confirmation. Coming back twice changes nothing. */
export async function handlePaypalReturn(request: Request, orderIdParam: string | undefined): Promise<Response> {
  const { orderId, paypalOrderId, back, hasAccess } = await returnAccess(request, orderIdParam);
  if (!paypalOrderId) return redirectWithToast(back, PAYMENT_TOAST_TEXT.failed);
  try {
    const result = await completePayment(db, orderId, paypalOrderId);
    return redirectWithToast(hasAccess ? confirmationUrl(result.id, result.confirmationToken) : "/", PAYMENT_TOAST_TEXT.success);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const toast = paymentToast(error);
    return toast ? redirectWithToast(back, toast) : redirect(back);
  }
}

/** Loader of /order/{id}/paypal-cancel: gives back anything held and returns to the payment page. */
export async function handlePaypalCancel(request: Request, orderIdParam: string | undefined): Promise<Response> {
  const { orderId, paypalOrderId, back } = await returnAccess(request, orderIdParam);
  await abandonPayment(db, orderId, paypalOrderId);
  return redirectWithToast(back, PAYMENT_TOAST_TEXT.cancelled);
}

// ---- the payment API ----------------------------------------------------------------------

/** The order id of an API call when the caller may see the order (owner, guest session, token, admin); 404 otherwise. */
export async function requireApiOrderAccess(request: Request, orderIdParam: string | undefined, bodyToken?: string | null): Promise<number> {
  const orderId = parseOrderId(orderIdParam);
  if (orderId === null) throw jsonError("Order not found", 404);
  const token = bodyToken || new URL(request.url).searchParams.get("token");
  if (!(await accessFor(request, orderId, token))) throw jsonError("Order not found", 404);
  return orderId;
}

/**
 * Runs a payment API handler: a payment that did not go through answers `{message}` with its
 * status ('Payment failed: ...' texts of the spec), PayPal being unreachable 503, and a payment
 * PayPal took but the shop could not record yet 500 'Payment processing error: ...'.
 */
export async function withPaymentErrors(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    switch (error.kind) {
      case "unavailable":
        return jsonError(error.message, 503);
      case "recording":
        return jsonError(`${PAYMENT_TOAST_TEXT.processingError.title}: ${error.message}`, 500);
      case "failed":
        return jsonError(`${PAYMENT_TOAST_TEXT.failed.title}: ${error.message}`, error.status);
      case "pending":
        return jsonError(`${PAYMENT_PENDING.title}: ${error.message}`, 409);
      default:
        return jsonError(error.message, error.status);
    }
  }
}
