import { shopDay } from "~/domain/common/shop-time";
import { type HeadersFunction, json, redirect } from "@remix-run/node";
import { requestActor } from "~/web/actor.server";
import { getOrderViewer } from "~/web/guards.server";
import { REVIEW_CONSTRAINTS, reviewableFor } from "~/web/reviews.server";
import { countryName } from "~/domain/common/countries";
import { DomainError } from "~/domain/common/errors";
import { respond } from "~/web/respond.server";
import { getOrderAccess, type OrderAccess } from "~/domain/orders/access.server";
import { cancelOrderAs } from "~/domain/orders/cancel.server";
import { shippingTimeText } from "~/domain/orders/dispatch-time";
import { getDispatchTime } from "~/domain/orders/dispatch-time.server";
import { getOrderView, type OrderView } from "~/domain/orders/orders.server";
import {
  allowedActions,
  type ConfirmationPageData,
  type DetailsPageData,
  INVOICE_INTENT,
  ORDER_INTENTS,
  ORDER_TOAST_TEXT,
  type OrderIntent,
  type OrderPageOrder,
} from "~/domain/orders/page-data";
import { orderStatusLabel } from "~/domain/orders/status";
import { totalsFigures } from "~/domain/orders/totals";
import { canWithdraw } from "~/domain/withdrawals/rules";
import { db } from "~/lib/db.server";
import { jsonError, readFormData } from "~/web/http.server";
import { parseWithZod } from "@conform-to/zod";
import { formConstraints } from "~/web/form-constraints.server";
import { InvoiceRequestSchema } from "~/domain/records/invoice-schemas";
import { findOrderInvoice, invoiceDeadline, issueInvoice } from "~/domain/records/invoices.server";
import { i18nOf } from "~/i18n/i18n.server";
import { localeOf } from "~/i18n/i18n.server";
import { countryNameIn } from "~/i18n/countries";
import { type Locale, stripLocale } from "~/i18n/locales";
import { toastIn } from "~/web/cart-form.server";
import { type DispatchTime } from "~/domain/orders/dispatch-time";

/*
 * The request side of the order pages and order API: who may see an order (the signed-in
 * owner, the guest session that placed it, a holder of its confirmation token, or an admin)
 * and what the two confirmation URLs and the two details URLs answer. Each pair of routes
 * calls the same function here.
 */

/** A route's order id, or null when it cannot be one. */
export function parseOrderId(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}

/** The order when the request may see it; null otherwise (the caller answers 404 either way). */
export async function getAccessibleOrder(
  request: Request,
  orderIdParam: string | undefined,
  token: string | null | undefined,
): Promise<{ view: OrderView; access: OrderAccess } | null> {
  const orderId = parseOrderId(orderIdParam);
  if (orderId === null) return null;
  const access = await getOrderAccess(db, orderId, await getOrderViewer(request, token || null));
  if (!access) return null;
  const view = await getOrderView(db, orderId);
  return view ? { view, access } : null;
}

/** The order for an API answer, or a thrown 404 `{message}`. */
export async function requireApiOrder(request: Request, orderIdParam: string | undefined, token: string | null | undefined): Promise<OrderView> {
  const found = await getAccessibleOrder(request, orderIdParam, token);
  if (!found) throw jsonError("Order not found", 404);
  return found.view;
}

function orderLinks(id: number, token: string) {
  const t = encodeURIComponent(token);
  return {
    confirmation: `/order/${id}/confirmation?token=${t}`,
    details: `/order-details/${id}?token=${t}`,
    payment: `/order/${id}/payment?token=${t}`,
  };
}

/** An order as the order pages show it (customer and admin), without the customer's links. */
export function toOrderPageBase(view: OrderView): Omit<OrderPageOrder, "links"> {
  return {
    id: view.id,
    email: view.email,
    status: view.status,
    statusLabel: orderStatusLabel(view.status),
    createdAt: view.createdAt,
    ...totalsFigures(view.totals),
    trackingNumber: view.trackingNumber,
    customerMessage: view.customerMessage,
    declineReason: view.declineReason,
    refunds: view.refunds,
    withdrawal: view.withdrawal,
    canWithdraw: view.withdrawal === null && canWithdraw(view),
    shippingAddress: { ...view.shippingAddress, countryName: countryName(view.shippingAddress.country) },
    items: view.items.map((i) => ({
      id: i.id,
      title: i.title,
      slug: i.product.slug,
      quantity: i.quantity,
      unitCents: i.unitPriceCents,
      lineCents: i.unitPriceCents * i.quantity,
      colorName: i.colorName,
      variationName: i.variationName,
      imageUrl: i.product.images[0]?.imageUrl ?? null,
      imageWidth: i.product.images[0]?.width ?? null,
      returnedQuantity: i.returnedQuantity,
      madeToOrderDays: i.madeToOrder ? (i.leadTimeDays ?? 0) : null,
      isPersonalised: i.isPersonalised,
    })),
    expectedShipDate: view.expectedShipDate,
  };
}

/** The customer's pages name the country in their language (the admin's stay English). */
function toPageOrder(view: OrderView, locale: Locale): OrderPageOrder {
  const base = toOrderPageBase(view);
  const shippingAddress = { ...base.shippingAddress, countryName: countryNameIn(view.shippingAddress.country, locale) };
  return { ...base, shippingAddress, links: orderLinks(view.id, view.confirmationToken) };
}

/** The dispatch time inside 'Orders go out within …' ('1–3 business days', 'w ciągu 1–3 dni roboczych'). */
function shippingTimeIn(time: DispatchTime, locale: Locale): string {
  if (locale === "en") return shippingTimeText(time);
  const { minDays, maxDays } = time;
  if (minDays === maxDays) return minDays === 1 ? "1 dnia roboczego" : `${minDays} dni roboczych`;
  return `${minDays}–${maxDays} dni roboczych`;
}

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * Loader of /order/{orderId}/confirmation?token= and /orders/{orderId}/{token}: without a
 * token 'Access Denied' (403); a token that opens nothing for this visitor 'Order Not Found'
 * (404, the same answer as an unknown id).
 */
export async function loadConfirmationPage(request: Request, orderIdParam: string | undefined, token: string | null | undefined) {
  if (!token) return json<ConfirmationPageData>({ state: "denied" }, { status: 403, headers: NO_STORE });
  const found = await getAccessibleOrder(request, orderIdParam, token);
  if (!found) return json<ConfirmationPageData>({ state: "not-found" }, { status: 404, headers: NO_STORE });
  const locale = localeOf(request);
  const shippingTime = shippingTimeIn(await getDispatchTime(db), locale);
  return json<ConfirmationPageData>({ state: "ok", order: toPageOrder(found.view, locale), shippingTime }, { headers: NO_STORE });
}

function isIntent(value: unknown): value is OrderIntent {
  return value === ORDER_INTENTS.cancel || value === ORDER_INTENTS.requestCancellation;
}

/**
 * This details page's own URL without the confirmation step's parameter, nor the language's
 * prefix: Remix puts that back on its redirects and links, the page on its plain forms (i18n.path).
 */
function detailsSelf(request: Request, queryToken: string | null): string {
  const pathname = stripLocale(new URL(request.url).pathname);
  return queryToken ? `${pathname}?token=${encodeURIComponent(queryToken)}` : pathname;
}

function withParam(path: string, name: string, value: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}${name}=${encodeURIComponent(value)}`;
}

/**
 * Loader of /order-details/{orderId} (?token= or the owner's session) and
 * /order-details/{orderId}/{token}. `?confirm=cancel|request-cancellation` shows the
 * no-JavaScript confirmation step when the order still allows that action.
 */
export async function loadDetailsPage(request: Request, orderIdParam: string | undefined, token: { fromPath: string | null } | { fromQuery: string | null }) {
  const tokenValue = "fromPath" in token ? token.fromPath : token.fromQuery;
  const found = await getAccessibleOrder(request, orderIdParam, tokenValue);
  if (!found) return json<DetailsPageData>({ state: "not-found" }, { status: 404, headers: NO_STORE });
  const asked = new URL(request.url).searchParams.get("confirm");
  const can = allowedActions(found.view.status);
  const confirm =
    asked === ORDER_INTENTS.cancel && can.cancel
      ? ORDER_INTENTS.cancel
      : asked === ORDER_INTENTS.requestCancellation && can.requestCancellation
        ? ORDER_INTENTS.requestCancellation
        : null;
  return json<DetailsPageData>(
    {
      state: "ok",
      order: toPageOrder(found.view, localeOf(request)),
      self: detailsSelf(request, "fromQuery" in token ? token.fromQuery : null),
      confirm,
      can,
      reviewable: await reviewableFor(request, found.view.id),
      reviewConstraints: REVIEW_CONSTRAINTS,
      invoice: await invoiceSection(found.view),
    },
    { headers: NO_STORE },
  );
}

const INVOICE_CONSTRAINTS = formConstraints(InvoiceRequestSchema);

/** The invoice's link once issued, else the request form while the buyer may still ask (paid, within three months). */
async function invoiceSection(view: OrderView): Promise<NonNullable<Extract<DetailsPageData, { state: "ok" }>["invoice"]>> {
  const issued = await findOrderInvoice(db, view.id);
  const paidAt = view.paidAt ? new Date(view.paidAt) : null;
  const unpaid = view.status === "unpaid" || view.status === "unpaidcancelled";
  const open = !issued && paidAt !== null && !unpaid && shopDay(new Date()) <= invoiceDeadline(paidAt);
  const a = view.shippingAddress;
  const address = [[a.addressLine1, a.addressLine2].filter(Boolean).join(", "), [a.postalCode, a.city].filter(Boolean).join(" "), countryName(a.country)].join(
    "\n",
  );
  return {
    issued: issued ? { number: issued.number, url: issued.url } : null,
    open,
    prefill: { buyerName: `${a.firstName} ${a.lastName}`.trim(), address },
    constraints: INVOICE_CONSTRAINTS,
  };
}

/**
 * The details page's invoice form: field errors and refusals come back as the page's action data
 * (the page shows them on the form), an invoice goes back to the page with its link.
 */
async function handleInvoiceForm(request: Request, form: FormData, orderId: number, back: string): Promise<Response> {
  const submission = parseWithZod(form, { schema: InvoiceRequestSchema });
  if (submission.status !== "success") return json({ invoice: { result: submission.reply() } }, { status: 400 });
  try {
    await issueInvoice(db, orderId, submission.value, { actor: await requestActor(request) });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const text = i18nOf(request).text(error.message);
    return json({ invoice: { result: submission.reply({ formErrors: [text] }) } }, { status: error.status });
  }
  return respond(request, { redirectTo: back, toast: toastIn(request, { title: "Your invoice is ready.", type: "success" }) });
}

/**
 * Action of both details URLs: intent 'cancel' (unpaid → 'unpaidcancelled') or
 * 'request-cancellation' (paid → 'cancel_request'). Without `confirmed=yes` (no JavaScript, so
 * no confirm() prompt) it redirects to the page's confirmation step first. Checks access like
 * the loader: anyone else gets 404.
 */
export async function handleDetailsAction(
  request: Request,
  orderIdParam: string | undefined,
  token: { fromPath: string | null } | { fromQuery: string | null },
): Promise<Response> {
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (!isIntent(intent) && intent !== INVOICE_INTENT) throw jsonError("Unknown action", 400);
  const tokenValue = "fromPath" in token ? token.fromPath : token.fromQuery;
  const found = await getAccessibleOrder(request, orderIdParam, tokenValue);
  if (!found) throw jsonError("Order not found", 404);
  const back = detailsSelf(request, "fromQuery" in token ? token.fromQuery : null);
  if (intent === INVOICE_INTENT) return handleInvoiceForm(request, form, found.view.id, back);
  if (form.get("confirmed") !== "yes") return redirect(withParam(back, "confirm", intent));
  try {
    const viewer = await getOrderViewer(request, tokenValue || null);
    await cancelOrderAs(db, found.view.id, { viewer, actor: await requestActor(request), intent });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return respond(request, { redirectTo: back, toast: toastIn(request, ORDER_TOAST_TEXT.failed), status: error.status });
  }
  return respond(request, {
    redirectTo: back,
    toast: toastIn(request, intent === ORDER_INTENTS.cancel ? ORDER_TOAST_TEXT.cancelled : ORDER_TOAST_TEXT.requested),
  });
}

/**
 * The order pages carry a personal address and, often, the order's token in the URL: never
 * cached by shared caches, and the URL is not sent as a referrer to other sites (the parcel
 * tracking link).
 */
export const orderPageHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  const out = new Headers(parentHeaders);
  for (const h of [actionHeaders, loaderHeaders]) {
    for (const cookie of h.getSetCookie?.() ?? []) out.append("Set-Cookie", cookie);
  }
  out.set("Cache-Control", "private, no-store");
  out.set("Referrer-Policy", "same-origin");
  return out;
};
