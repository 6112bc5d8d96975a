import { requestActor } from "~/web/actor.server";
import { orderFilterFrom } from "~/domain/ops/exports.server";
// Owned by the admin-orders work: the Orders tab's data and its form actions.
import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { ADMIN_ORDER_INTENTS, ADMIN_ORDER_TEXT, adminOrderActions, type AdminOrderPageData, type AdminOrderPageOrder } from "~/domain/orders/fulfilment";
import {
  adminCancelOrder,
  declineCancellation,
  getAdminOrder,
  getReturnTerms,
  listAdminOrders,
  markDelivered,
  processReturn,
  shipOrder,
  startPacking,
} from "~/domain/orders/fulfilment.server";
import { isOrderStatus, isPaidBeforeShipping } from "~/domain/orders/status";
import { listOrderEvents } from "~/domain/orders/transitions.server";
import { cancelAndRefundWithdrawal, getWithdrawal } from "~/domain/withdrawals/withdrawals.server";
import { ownerNextSteps } from "~/domain/withdrawals/rules";
import { listRefunds } from "~/domain/payments/refunds.server";
import { creditNotesByRefund } from "~/domain/records/credit-notes.server";
import { resolvePaymentReversal } from "~/domain/payments/reversals.server";
import { typedAmount } from "~/domain/common/schemas";
import { adminPageAccess, requireAdminAction } from "~/web/guards.server";
import { redirectWithToast, type Toast } from "~/web/toast.server";
import { DomainError } from "~/domain/common/errors";
import { orderToApi } from "~/domain/orders/order-actions.server";
import { readOrderRecords } from "~/domain/records/tax.server";
import { toOrderPageBase } from "~/web/order-pages.server";
import { type OrderView } from "~/domain/orders/orders.server";
import { db as sharedDb } from "~/lib/db.server";
import { jsonError, readFormData, safeRedirect } from "~/web/http.server";
import { type DB } from "~/lib/sqlite.server";
import { OrderReasonSchema, OrderSearchSchema, TrackingNumberSchema } from "~/domain/orders/schemas";
import { fieldConstraint, formConstraints } from "~/web/form-constraints.server";
import { listHeldCaps } from "~/domain/catalogue/made-to-order-holds.server";
import { releaseHoldsAction } from "~/web/admin/made-to-order-holds.server";
import { adminInvoiceFormAction, loadAdminInvoiceCard } from "~/web/admin/order-invoice.server";
import { ADMIN_INVOICE_INTENT } from "~/domain/records/invoice-form";

export const ORDERS_PAGE_SIZE = 50;
const TAB_HOME = "/admin?tab=orders";
/** Query parameters of one-off steps (the no-JavaScript confirmation and the open ship form). */
const STEP_PARAMS = ["confirm", "order", "ship"];

function withParams(path: string, params: Record<string, string | number>): string {
  const url = new URL(path, "http://x");
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  return url.pathname + url.search;
}

/**
 * The Orders tab (`/admin?tab=orders`): the filtered page of orders, the no-JavaScript
 * cancel confirmation (`&confirm=cancel&order=ID`) and the ship form to open (`&ship=ID`).
 */
/** The ship forms' tracking number: shipOrder's own schema. */
const TRACKING_CONSTRAINT = fieldConstraint(TrackingNumberSchema);
/** The search box: the schema orderFilterFrom reads `q` with. */
const SEARCH_CONSTRAINT = fieldConstraint(OrderSearchSchema);

export async function loadOrdersTab(db: DB, url: URL) {
  const params = url.searchParams;
  const statusParam = params.get("status") ?? "";
  const status = isOrderStatus(statusParam) ? statusParam : "";
  const pageParam = Number(params.get("page"));
  const requested = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const { from, to, q: search } = orderFilterFrom(url);
  const q = search ?? "";
  const withdrawal = params.get("withdrawal") === "open" ? ("open" as const) : null;
  const sort = params.get("sort") === "ship-date" ? ("ship-date" as const) : null;
  const heldPlaces = await listHeldCaps(db);
  const { orders, total } = await listAdminOrders(db, {
    sort,
    status: status || null,
    q,
    from,
    to,
    withdrawal,
    limit: ORDERS_PAGE_SIZE,
    offset: (requested - 1) * ORDERS_PAGE_SIZE,
  });
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const backParams = new URLSearchParams(params);
  for (const p of STEP_PARAMS) backParams.delete(p);
  backParams.set("tab", "orders");
  const here = `/admin?${backParams.toString()}`;

  const confirmId = params.get("confirm") === "cancel" ? Number(params.get("order")) : NaN;
  let confirm: { id: number; email: string; total: string; statusLabel: string } | null = null;
  if (Number.isInteger(confirmId) && confirmId > 0) {
    const row =
      orders.find((o) => o.id === confirmId) ?? (await listAdminOrders(db, { q: String(confirmId), limit: 5 })).orders.find((o) => o.id === confirmId);
    // Only an order that can still be cancelled gets the question (a stale link shows nothing).
    if (row && adminOrderActions(row.status).cancel) {
      confirm = { id: row.id, email: row.email, total: row.total, statusLabel: row.statusLabel };
    }
  }
  const shipParam = Number(params.get("ship"));
  return {
    ready: true as const,
    orders,
    total,
    page: Math.min(requested, pageCount),
    pageCount,
    filter: { status, q, from: from ?? "", to: to ?? "", withdrawal: withdrawal ?? "", sort: sort ?? "" },
    exportUrl: `/admin/orders.csv?${new URLSearchParams({ status, q, from: from ?? "", to: to ?? "" }).toString()}`,
    here,
    confirm,
    shipOpen: Number.isInteger(shipParam) && shipParam > 0 ? shipParam : null,
    trackingConstraint: TRACKING_CONSTRAINT,
    searchConstraint: SEARCH_CONSTRAINT,
    /** Capped made-to-order products whose places are all held, some by unpaid orders: the owner may release those. */
    heldPlaces,
  };
}

export type OrdersTabData = Awaited<ReturnType<typeof loadOrdersTab>>;

/** Handles the Orders tab's intents (prefix `order-`, and the release of made-to-order places); returns a Response. */
export async function ordersTabAction(request: Request, formData: FormData, intent: string): Promise<Response | null> {
  const back = safeRedirect(formData.get("redirectTo"), TAB_HOME);
  const released = await releaseHoldsAction(request, formData, intent, back);
  if (released) return released;
  return handleAdminOrderForm(request, formData, intent, {
    back,
    confirmUrl: (id) => withParams(back, { confirm: "cancel", order: id }),
    shipRetryUrl: (id) => withParams(back, { ship: id }),
  });
}

const AdminOrderFormSchema = z.object({
  orderId: z.number().int().positive(),
  confirmed: z.string().optional(),
  // Checked by shipOrder (TrackingNumberSchema) for the ship intent only.
  trackingNumber: z.string().optional(),
  reason: OrderReasonSchema.optional(),
  amount: z.string().max(32).optional(),
});

const FAILED: Record<string, string> = {
  [ADMIN_ORDER_INTENTS.cancel]: ADMIN_ORDER_TEXT.cancelFailed,
  [ADMIN_ORDER_INTENTS.ship]: ADMIN_ORDER_TEXT.shipFailed,
  [ADMIN_ORDER_INTENTS.return]: ADMIN_ORDER_TEXT.returnFailed,
  [ADMIN_ORDER_INTENTS.decline]: ADMIN_ORDER_TEXT.declineFailed,
  [ADMIN_ORDER_INTENTS.pack]: ADMIN_ORDER_TEXT.packFailed,
  [ADMIN_ORDER_INTENTS.deliver]: ADMIN_ORDER_TEXT.deliverFailed,
  [ADMIN_ORDER_INTENTS.resolve]: ADMIN_ORDER_TEXT.resolveFailed,
  [ADMIN_ORDER_INTENTS.withdrawalRefund]: ADMIN_ORDER_TEXT.withdrawalRefundFailed,
};

/** The return form's ticked items: `restock` = order item ids, `qty-{id}` = how many. */
function readRestock(formData: FormData): { orderItemId: number; quantity: number }[] {
  const out: { orderItemId: number; quantity: number }[] = [];
  for (const raw of formData.getAll("restock").slice(0, 200)) {
    const id = typeof raw === "string" && /^\d{1,12}$/.test(raw) ? Number(raw) : 0;
    if (!id) throw new DomainError("A returned item is not part of this order", 400, "items");
    const qtyRaw = formData.get(`qty-${id}`);
    const quantity = typeof qtyRaw === "string" && /^\d{1,6}$/.test(qtyRaw.trim()) ? Number(qtyRaw.trim()) : NaN;
    if (!Number.isInteger(quantity)) throw new DomainError("Enter how many of each ticked item came back", 400, "items");
    out.push({ orderItemId: id, quantity });
  }
  return out;
}

/**
 * The HTML door of the admin's order actions, shared by the Orders tab and the admin order
 * page: cancel (asks first: a plain post without `confirmed=yes` goes to the confirmation
 * step), ship (tracking number) and return. Always post/redirect/get with a toast; null for
 * an intent that is not an order intent. Calls the same functions as the API.
 */
export async function handleAdminOrderForm(
  request: Request,
  formData: FormData,
  intent: string,
  opts: { back: string; confirmUrl: (id: number) => string; shipRetryUrl: (id: number) => string; db?: DB },
): Promise<Response | null> {
  if (!Object.values(ADMIN_ORDER_INTENTS).includes(intent as never)) return null;
  const db = opts.db ?? sharedDb;
  const submission = parseWithZod(formData, { schema: AdminOrderFormSchema });
  if (submission.status !== "success") {
    // A reason over its limit gets the same answer as from the domain check; anything else is a broken form.
    const description = submission.error?.reason?.[0] ?? ADMIN_ORDER_TEXT.notFound;
    return redirectWithToast(opts.back, { title: "Error", description, type: "error" });
  }
  const { orderId, confirmed, trackingNumber, reason, amount } = submission.value;
  const orderPage = `/admin/orders/${orderId}`;
  try {
    if (intent === ADMIN_ORDER_INTENTS.cancel) {
      if (confirmed !== "yes") return redirect(opts.confirmUrl(orderId));
      await adminCancelOrder(db, orderId, { actor: await requestActor(request) });
      return redirectWithToast(opts.back, success("Order cancelled", ADMIN_ORDER_TEXT.cancelled));
    }
    if (intent === ADMIN_ORDER_INTENTS.ship) {
      await shipOrder(db, orderId, trackingNumber ?? "", await requestActor(request));
      return redirectWithToast(opts.back, success("Order shipped", ADMIN_ORDER_TEXT.shipped));
    }
    if (intent === ADMIN_ORDER_INTENTS.decline) {
      await declineCancellation(db, orderId, reason ?? "", await requestActor(request));
      return redirectWithToast(opts.back, success("Request declined", ADMIN_ORDER_TEXT.declined));
    }
    if (intent === ADMIN_ORDER_INTENTS.pack) {
      await startPacking(db, orderId, await requestActor(request));
      return redirectWithToast(opts.back, success("Packing", ADMIN_ORDER_TEXT.packing));
    }
    if (intent === ADMIN_ORDER_INTENTS.withdrawalRefund) {
      await cancelAndRefundWithdrawal(db, orderId, { actor: await requestActor(request) });
      return redirectWithToast(opts.back, success("Refunded in full", ADMIN_ORDER_TEXT.withdrawalRefunded));
    }
    if (intent === ADMIN_ORDER_INTENTS.resolve) {
      await resolvePaymentReversal(db, orderId, await requestActor(request));
      return redirectWithToast(opts.back, success("Resolved", ADMIN_ORDER_TEXT.resolved));
    }
    if (intent === ADMIN_ORDER_INTENTS.deliver) {
      await markDelivered(db, orderId, new Date(), await requestActor(request));
      return redirectWithToast(opts.back, success("Delivered", ADMIN_ORDER_TEXT.delivered));
    }
    // Return: the refund form lives on the order page; the Orders tab's button leads there.
    if (formData.get("amount") === null) return redirect(`${orderPage}#return`);
    const refund = RefundAmount.safeParse((amount ?? "").trim().replace(/^\$/, ""));
    if (!refund.success) throw new DomainError(REFUND_AMOUNT_TEXT, 400, "amount");
    await processReturn(
      db,
      orderId,
      { amountCents: refund.data, restock: readRestock(formData), reason: reason ?? null },
      { actor: await requestActor(request) },
    );
    return redirectWithToast(opts.back, success("Return processed", ADMIN_ORDER_TEXT.returned));
  } catch (error) {
    let description = FAILED[intent]!;
    if (error instanceof DomainError) description = error.message || description;
    else console.error("Admin order action failed:", error);
    const retry = error instanceof DomainError && error.field === "trackingNumber" ? opts.shipRetryUrl(orderId) : opts.back;
    return redirectWithToast(retry, { title: "Error", description, type: "error" });
  }
}

const REFUND_AMOUNT_TEXT = "Enter the amount to refund, like 24.00";
/** The return form's refund, as the owner types it ("24.00", "24,00" or "$24.00"). */
const RefundAmount = typedAmount({ requiredText: REFUND_AMOUNT_TEXT, formatText: REFUND_AMOUNT_TEXT, maxWholeDigits: 9 });

function success(title: string, description: string): Toast {
  return { title, description, type: "success" };
}

/** The admin order page's order: the customer pages' order, plus who, when paid and shipped, and each item's categories. */
export function toAdminOrderPage(view: OrderView): AdminOrderPageOrder {
  const base = toOrderPageBase(view);
  return {
    ...base,
    userId: view.userId,
    paidAt: view.paidAt,
    shippedAt: view.shippedAt,
    deliveredAt: view.deliveredAt,
    isGift: view.isGift,
    locale: view.locale,
    items: base.items.map((item, i) => ({ ...item, categories: view.items[i]!.product.categories.map((c) => c.category.name) })),
  };
}

/**
 * Loader of /admin/orders/{orderId}: its own guard (signed out → /admin-login, a customer →
 * 403 'denied'), 404 'not-found' for an unknown id, else the order and the actions its status allows.
 */
export async function loadAdminOrderPage(request: Request, orderIdParam: string | undefined, db: DB = sharedDb) {
  const { denied } = await adminPageAccess(request);
  const headers = { "Cache-Control": "private, no-store" };
  if (denied) return json<AdminOrderPageData>({ state: "denied" }, { status: denied, headers });
  const url = new URL(request.url);
  const id = orderIdParam && /^\d{1,12}$/.test(orderIdParam) ? Number(orderIdParam) : 0;
  const view = id > 0 ? await getAdminOrder(db, id) : null;
  if (!view) return json<AdminOrderPageData>({ state: "not-found" }, { status: 404, headers });
  const can = adminOrderActions(view.status);
  const records = await readOrderRecords(db, id);
  const [refunds, events, terms, withdrawal, creditNotes, invoice] = await Promise.all([
    listRefunds(db, id),
    listOrderEvents(db, id),
    getReturnTerms(db, id),
    getWithdrawal(db, id),
    creditNotesByRefund(db, id),
    loadAdminInvoiceCard(db, view),
  ]);
  can.return = terms?.open ?? false;
  const exemptTitles = view.items.filter((item) => item.isPersonalised).map((item) => item.product.title);
  // An open withdrawal before shipping: cancelled in full, or (a personalised piece in it) sent in part.
  const openBeforeShipping = withdrawal !== null && !withdrawal.handledAt && isPaidBeforeShipping(view.status);
  return json<AdminOrderPageData>(
    {
      state: "ok",
      order: toAdminOrderPage(view),
      trackingConstraint: TRACKING_CONSTRAINT,
      // declineCancellation always wants a reason, processReturn only past the return window.
      declineReasonConstraint: formConstraints(AdminOrderFormSchema, { required: ["reason"] }).reason,
      returnReasonConstraint: formConstraints(AdminOrderFormSchema, { required: terms?.late ? ["reason"] : [] }).reason,
      can,
      refunds: refunds.map((r) => ({
        id: r.id,
        amountCents: r.amountCents,
        status: r.status,
        kind: r.kind,
        paypalRefundId: r.paypalRefundId,
        failureReason: r.failureReason,
        note: r.note,
        createdAt: r.createdAt,
        creditNote: creditNotes.has(r.id) ? { number: creditNotes.get(r.id)!.number, url: `/credit-notes/${creditNotes.get(r.id)!.token}` } : null,
      })),
      events: events.map((e) => ({ id: e.id, type: e.type, message: e.message, createdAt: e.createdAt })),
      returnTerms: terms?.open
        ? {
            leftCents: terms.leftCents,
            suggestedCents: terms.suggestedCents,
            late: terms.late,
            hasPayment: terms.hasPayment,
            refundedCents: terms.refundedCents,
            withdrawn: terms.withdrawn,
            lines: terms.lines,
            shippingPaidCents: terms.shippingPaidCents,
          }
        : null,
      paypal: { orderId: view.paypalOrderId, captureId: view.paypalCaptureId },
      records,
      invoice,
      withdrawal: withdrawal
        ? {
            name: withdrawal.name,
            statement: withdrawal.statement,
            receivedAt: withdrawal.receivedAt,
            handledAt: withdrawal.handledAt,
            remindedAt: withdrawal.remindedAt,
            canRefundInFull: openBeforeShipping && exemptTitles.length === 0,
            keepExemptNote: openBeforeShipping && exemptTitles.length > 0 ? ownerNextSteps(false, exemptTitles) : null,
          }
        : null,
      confirm: url.searchParams.get("confirm") === "cancel" && can.cancel,
    },
    { headers },
  );
}

/** Action of /admin/orders/{orderId}: the same intents as the Orders tab, back to the order page. */
export async function adminOrderPageAction(request: Request, orderIdParam: string | undefined): Promise<Response> {
  await requireAdminAction(request);
  const id = orderIdParam && /^\d{1,12}$/.test(orderIdParam) ? Number(orderIdParam) : 0;
  if (!id) throw jsonError(ADMIN_ORDER_TEXT.notFound, 404);
  const formData = await readFormData(request);
  formData.set("orderId", String(id));
  const page = `/admin/orders/${id}`;
  if (formData.get("intent") === ADMIN_INVOICE_INTENT) return adminInvoiceFormAction(request, formData, id, page, sharedDb);
  const response = await handleAdminOrderForm(request, formData, String(formData.get("intent") ?? ""), {
    back: page,
    confirmUrl: () => `${page}?confirm=cancel`,
    shipRetryUrl: () => page,
  });
  if (!response) throw jsonError("Unknown action", 400);
  return response;
}

/** The API's answer after an admin order action: the updated order. */
export async function adminOrderAnswer(orderId: number, db: DB = sharedDb): Promise<Response> {
  const view = await getAdminOrder(db, orderId);
  if (!view) throw jsonError(ADMIN_ORDER_TEXT.notFound, 404);
  return json({ ...orderToApi(view), ...(await readOrderRecords(db, orderId)) }, { headers: { "Cache-Control": "no-store" } });
}
