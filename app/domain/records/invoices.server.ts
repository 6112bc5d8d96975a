import { shopDay } from "~/domain/common/shop-time";
import { RECORD_COLUMNS } from "~/domain/records/tax";
import { randomBytes } from "node:crypto";
import { getLegalSettings, getSetting } from "~/domain/common/settings.server";
import { rateBefore } from "~/domain/currency/rates.server";
import { enqueueMail, getOwnerAddress } from "~/domain/mail/outbox.server";
import { type Actor, logActivity } from "~/domain/ops/activity.server";
import { lineShares, shippingPaidCents } from "~/domain/orders/line-shares";
import { orderDiscounts } from "~/domain/orders/line-shares.server";
import { type InvoiceRequestInput, type InvoiceSnapshot } from "~/domain/records/invoice-schemas";
import { DEFAULT_EXEMPTION_TEXT, INVOICE_TEXT } from "~/domain/records/invoice-texts";
import { nextDocumentNumber } from "~/domain/records/numbering.server";
import { DomainError } from "~/lib/errors";
import { centsToDecimal, plnGrosze } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

/*
 * Invoices on request (VAT Act Art. 106b(3)): a buyer may ask for one until the end of the third
 * month after the payment's month. One invoice per order: a second request answers the first.
 * What the invoice shows is kept as it was issued (invoices.snapshot); the row is never changed.
 */

export interface IssuedInvoice {
  id: number;
  number: string;
  token: string;
  /** The invoice page's path. */
  url: string;
}

export const invoicePath = (token: string) => `/invoices/${token}`;

/** The last day a buyer may ask (YYYY-MM-DD): the end of the third month after the payment's month, Warsaw time. */
export function invoiceDeadline(paidAt: Date): string {
  const [year, month] = shopDay(paidAt).split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month + 3, 0)).toISOString().slice(0, 10);
}

/** The money arrived once: a cancelled, returned or reversed order that was paid keeps its sale (a refund gets a credit note). */
function wasPaid(order: { status: string; paidAt: string | null }): boolean {
  return order.paidAt !== null && order.status !== "unpaid" && order.status !== "unpaidcancelled";
}

async function existingInvoice(db: DB, orderId: number): Promise<IssuedInvoice | null> {
  const row = await db
    .selectFrom("invoices")
    .select(["id", "number", "token"])
    .where("order_id", "=", orderId)
    .where("kind", "=", "invoice")
    .orderBy("id")
    .executeTakeFirst();
  return row ? { ...row, url: invoicePath(row.token) } : null;
}

/** The order's invoice, or null: the order pages show its link instead of the form. */
export async function findOrderInvoice(db: DB, orderId: number): Promise<IssuedInvoice | null> {
  return existingInvoice(db, orderId);
}

function readOrder(db: DB, orderId: number) {
  return db
    .selectFrom("orders")
    .select([
      "id",
      "status",
      "paid_at as paidAt",
      "email",
      "user_id as userId",
      "locale",
      "total_cents as totalCents",
      "shipping_name as shippingName",
      ...RECORD_COLUMNS,
    ])
    .where("id", "=", orderId)
    .executeTakeFirst();
}

type OrderRow = NonNullable<Awaited<ReturnType<typeof readOrder>>>;

async function plnRecord(db: DB, order: OrderRow, saleDate: string): Promise<InvoiceSnapshot["pln"]> {
  if (order.plnMid !== null && order.plnTable !== null && order.plnDate !== null) {
    return { table: order.plnTable, date: order.plnDate, mid: order.plnMid, totalGrosze: order.plnTotalGrosze ?? plnGrosze(order.totalCents, order.plnMid) };
  }
  const rate = await rateBefore(db, saleDate);
  return rate ? { table: rate.tableNo, date: rate.effectiveDate, mid: rate.mid, totalGrosze: plnGrosze(order.totalCents, rate.mid) } : null;
}

/** Everything the invoice shows, as of now. */
async function buildSnapshot(
  db: DB,
  order: OrderRow,
  buyer: InvoiceRequestInput,
  dates: { number: string; issueDate: string; saleDate: string },
): Promise<InvoiceSnapshot> {
  const [legal, discounts, items] = await Promise.all([
    getLegalSettings(db),
    orderDiscounts(db, order.id),
    db.selectFrom("order_items").select(["title", "unit_price_cents as unitPriceCents", "quantity"]).where("order_id", "=", order.id).orderBy("id").execute(),
  ]);
  const shares = discounts ? lineShares(items, discounts) : items.map((i) => ({ discountCents: 0, paidCents: i.unitPriceCents * i.quantity }));
  const regime = order.taxRegime ?? "exempt";
  const exemption = await getSetting<unknown>(db, "invoiceExemptionText", null);
  const taxCents = order.taxCents ?? 0;
  return {
    ...dates,
    orderId: order.id,
    seller: { legalName: legal.legalName, address: legal.address, vatLine: legal.vatLine },
    buyer: { name: buyer.buyerName, address: buyer.address, taxId: buyer.taxId },
    business: buyer.taxId !== null,
    currency: "USD",
    lines: items.map((i, n) => ({
      title: i.title,
      quantity: i.quantity,
      unitGrossCents: i.unitPriceCents,
      discountCents: shares[n]!.discountCents,
      grossCents: shares[n]!.paidCents,
    })),
    shipping: { name: order.shippingName, grossCents: discounts ? shippingPaidCents(discounts) : 0 },
    totalCents: order.totalCents,
    regime,
    exemptionText: regime === "exempt" ? (typeof exemption === "string" && exemption.trim() ? exemption.trim() : DEFAULT_EXEMPTION_TEXT) : null,
    taxRates:
      regime === "exempt"
        ? []
        : [{ country: order.taxCountry, rateBp: order.taxRateBp ?? 0, netCents: order.totalCents - taxCents, taxCents, grossCents: order.totalCents }],
    pln: await plnRecord(db, order, dates.saleDate),
  };
}

/**
 * Issues the order's invoice in one transaction, or answers the one it has (`created: false`).
 * Throws 404 for no such order, 409 for an order never paid or past the deadline. Logs the
 * activity and queues the buyer's e-mail (in the order's language) and the owner's alert.
 */
export async function issueInvoice(
  db: DB,
  orderId: number,
  buyer: InvoiceRequestInput,
  opts: { actor: Actor; now?: Date },
): Promise<{ created: boolean; invoice: IssuedInvoice }> {
  const now = opts.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const order = await readOrder(trx, orderId);
    if (!order) throw new DomainError(INVOICE_TEXT.orderNotFound, 404);
    const existing = await existingInvoice(trx, orderId);
    if (existing) return { created: false, invoice: existing };
    if (!wasPaid(order)) throw new DomainError(INVOICE_TEXT.notPaid, 409);
    const paidAt = new Date(order.paidAt!);
    const deadline = invoiceDeadline(paidAt);
    if (shopDay(now) > deadline) throw new DomainError(INVOICE_TEXT.tooLate.replace("{date}", deadline), 409);

    const { number, period, seq } = await nextDocumentNumber(trx, "invoice", now);
    const saleDate = shopDay(paidAt);
    const snapshot = await buildSnapshot(trx, order, buyer, { number, issueDate: shopDay(now), saleDate });
    const token = randomBytes(24).toString("base64url");
    const row = await trx
      .insertInto("invoices")
      .values({
        kind: "invoice",
        order_id: orderId,
        number,
        period,
        seq,
        issued_at: now.toISOString(),
        sale_date: saleDate,
        buyer_name: buyer.buyerName,
        buyer_address: buyer.address,
        tax_id: buyer.taxId,
        corrects_id: null,
        refund_id: null,
        amount_cents: order.totalCents,
        snapshot: JSON.stringify(snapshot),
        token,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const invoice = { id: row.id, number, token, url: invoicePath(token) };
    await logActivity(trx, {
      actor: opts.actor,
      kind: "invoice.issue",
      subjectType: "invoice",
      subjectId: row.id,
      summary: `Invoice ${number} issued for order #${orderId}${buyer.taxId ? ` (business, ${buyer.taxId})` : ""}`,
    });
    const data = { orderId, number, url: invoice.url, buyerName: buyer.buyerName, taxId: buyer.taxId, total: centsToDecimal(order.totalCents) };
    await enqueueMail(trx, { eventKey: `invoice:${row.id}`, to: order.email, kind: "invoice", data, userId: order.userId, locale: order.locale });
    await enqueueMail(trx, { eventKey: `invoice-owner:${row.id}`, to: await getOwnerAddress(trx), kind: "owner-invoice", data, userId: null });
    return { created: true, invoice };
  });
}

/** The invoice behind a page's token, or null (the page answers 404). */
export async function invoiceByToken(db: DB, token: string): Promise<{ number: string; snapshot: InvoiceSnapshot } | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const row = await db.selectFrom("invoices").select(["number", "snapshot"]).where("token", "=", token).where("kind", "=", "invoice").executeTakeFirst();
  return row ? { number: row.number, snapshot: JSON.parse(row.snapshot) as InvoiceSnapshot } : null;
}
