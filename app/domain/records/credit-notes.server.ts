import { shopDay } from "~/domain/common/shop-time";
import { randomBytes } from "node:crypto";
import { getSellerIdentity } from "~/domain/legal/maker.server";
import { type Actor, logActivity, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { readLineShares } from "~/domain/orders/line-shares.server";
import { paidForUnits } from "~/domain/orders/line-shares";
import { nextDocumentNumber } from "~/domain/records/numbering.server";
import { type CreditNoteSnapshot } from "~/domain/records/credit-note-snapshot";
import { formatMoney, plnGrosze } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

/*
 * Credit notes (faktury korygujące): a completed refund of an invoiced order corrects its invoice
 * by the refunded amount (VAT Act Art. 106j). Issued in the transaction that records the refund
 * as completed, so a refund and its note exist together or not at all; the unique index on
 * invoices.refund_id makes it one note per refund whichever path completes it.
 */

export interface IssuedCreditNote {
  id: number;
  number: string;
  token: string;
}

/** The parts of the invoice's snapshot a credit note reads (tax and złoty rate); anything else is ignored. */
interface InvoiceFigures {
  taxRates?: { rateBp?: number; taxCents?: number; country?: string | null }[];
  pln?: { table: string; date: string; mid: number } | null;
}

function parseFigures(snapshot: string): InvoiceFigures {
  try {
    const value = JSON.parse(snapshot) as unknown;
    return value && typeof value === "object" ? (value as InvoiceFigures) : {};
  } catch {
    return {};
  }
}

/** `part` of `whole` taken from `of`, rounded half up, in integers. */
function proportion(part: number, of: number, whole: number): number {
  if (of <= 0 || whole <= 0) return 0;
  return Math.min(whole, Math.floor((2 * part * whole + of) / (2 * of)));
}

/** The refund's ticked lines with what their units were paid; null when the refund names no lines (an amount only). */
async function refundedLines(trx: DB, orderId: number, restockJson: string | null): Promise<CreditNoteSnapshot["lines"]> {
  let restock: { orderItemId: number; quantity: number }[] = [];
  try {
    restock = restockJson ? (JSON.parse(restockJson) as typeof restock) : [];
  } catch {
    restock = [];
  }
  restock = restock.filter((r) => Number.isInteger(r.orderItemId) && Number.isInteger(r.quantity) && r.quantity > 0);
  if (restock.length === 0) return null;
  const shares = await readLineShares(trx, orderId);
  if (!shares) return null;
  const titles = await trx.selectFrom("order_items").select(["id", "title"]).where("order_id", "=", orderId).execute();
  const lines = restock.flatMap((r) => {
    const line = shares.lines.find((l) => l.orderItemId === r.orderItemId);
    if (!line) return [];
    // The return has been applied by now: its units are counted in returnedQuantity already.
    const before = Math.max(0, line.returnedQuantity - r.quantity);
    const title = titles.find((t) => t.id === r.orderItemId)?.title ?? `#${r.orderItemId}`;
    return [{ title, quantity: r.quantity, paidCents: paidForUnits(line, r.quantity, before) }];
  });
  return lines.length > 0 ? lines : null;
}

/**
 * The credit note of a COMPLETED refund, in the caller's transaction: null when the order has no
 * invoice, the refund gave nothing back, or it refunded a capture that was never the order's
 * payment (an automatic refund of an unwanted capture corrects no sale). A refund that has its
 * note already answers that note.
 */
export async function issueCreditNote(trx: DB, refundId: number, now = new Date()): Promise<IssuedCreditNote | null> {
  const refund = await trx
    .selectFrom("refunds")
    .select(["id", "order_id as orderId", "capture_id as captureId", "amount_cents as amountCents", "status", "kind", "restock", "requested_by as requestedBy"])
    .where("id", "=", refundId)
    .executeTakeFirst();
  if (!refund || refund.status !== "COMPLETED" || refund.amountCents <= 0) return null;
  const existing = await trx.selectFrom("invoices").select(["id", "number", "token"]).where("refund_id", "=", refundId).executeTakeFirst();
  if (existing) return existing;
  const invoice = await trx.selectFrom("invoices").selectAll().where("order_id", "=", refund.orderId).where("kind", "=", "invoice").executeTakeFirst();
  if (!invoice) return null;
  const order = await trx
    .selectFrom("orders")
    .select(["paypal_capture_id as captureId", "tax_regime as regime", "tax_country as country", "tax_rate_bp as rateBp", "tax_cents as taxCents"])
    .select(["pln_mid as mid", "pln_table as table", "pln_date as date"])
    .where("id", "=", refund.orderId)
    .executeTakeFirstOrThrow();
  if (order.captureId !== refund.captureId) return null;

  const figures = parseFigures(invoice.snapshot);
  const invoiceTax = Array.isArray(figures.taxRates)
    ? figures.taxRates.reduce((sum, r) => sum + (Number.isInteger(r.taxCents) ? r.taxCents! : 0), 0)
    : (order.taxCents ?? 0);
  const rateBp = figures.taxRates?.[0]?.rateBp ?? order.rateBp ?? 0;
  const amount = refund.amountCents;
  const taxCents = invoiceTax > 0 ? proportion(amount, invoice.amount_cents, invoiceTax) : 0;
  const rate = figures.pln ?? (order.mid && order.table && order.date ? { table: order.table, date: order.date, mid: order.mid } : null);

  const { number, period, seq } = await nextDocumentNumber(trx, "credit", now);
  const seller = await getSellerIdentity(trx);
  const snapshot: CreditNoteSnapshot = {
    number,
    orderId: refund.orderId,
    issueDate: shopDay(now),
    saleDate: invoice.sale_date,
    corrects: { number: invoice.number, issueDate: shopDay(new Date(invoice.issued_at)), saleDate: invoice.sale_date },
    seller: { legalName: seller.legalName, address: seller.address, vatLine: seller.vatLine },
    buyer: { name: invoice.buyer_name, address: invoice.buyer_address, taxId: invoice.tax_id },
    currency: "USD",
    reason: refund.kind === "return" ? "return" : refund.kind === "cancel" ? "cancel" : "refund",
    lines: await refundedLines(trx, refund.orderId, refund.restock),
    amountCents: amount,
    tax: invoiceTax > 0 ? { regime: order.regime, country: order.country, rateBp, taxCents, netCents: amount - taxCents } : null,
    pln: rate
      ? { table: rate.table, date: rate.date, mid: rate.mid, amountGrosze: plnGrosze(amount, rate.mid), taxGrosze: plnGrosze(taxCents, rate.mid) }
      : null,
  };
  const token = randomBytes(24).toString("base64url");
  const row = await trx
    .insertInto("invoices")
    .values({
      kind: "credit",
      order_id: refund.orderId,
      number,
      period,
      seq,
      issued_at: now.toISOString(),
      sale_date: invoice.sale_date,
      buyer_name: invoice.buyer_name,
      buyer_address: invoice.buyer_address,
      tax_id: invoice.tax_id,
      corrects_id: invoice.id,
      refund_id: refund.id,
      amount_cents: amount,
      snapshot: JSON.stringify(snapshot),
      token,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await logActivity(trx, {
    // Under the admin who asked for the refund, as its own activity row is.
    actor: refund.requestedBy ? (JSON.parse(refund.requestedBy) as Actor) : SYSTEM_ACTOR,
    kind: "invoice.credit",
    subjectType: "order",
    subjectId: refund.orderId,
    summary: `Order #${refund.orderId}: credit note ${number} of ${formatMoney(amount)} corrects invoice ${invoice.number}`,
  });
  return { id: row.id, number, token };
}

/** The credit notes of an order's refunds, by refund id: the admin order page links each. */
export async function creditNotesByRefund(db: DB, orderId: number): Promise<Map<number, { number: string; token: string }>> {
  const rows = await db
    .selectFrom("invoices")
    .select(["refund_id as refundId", "number", "token"])
    .where("order_id", "=", orderId)
    .where("kind", "=", "credit")
    .execute();
  return new Map(rows.filter((r) => r.refundId !== null).map((r) => [r.refundId!, { number: r.number, token: r.token }]));
}

/** A credit note by its page's token, or null. */
export async function creditNoteByToken(db: DB, token: string): Promise<CreditNoteSnapshot | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const row = await db.selectFrom("invoices").select("snapshot").where("token", "=", token).where("kind", "=", "credit").executeTakeFirst();
  return row ? (JSON.parse(row.snapshot) as CreditNoteSnapshot) : null;
}
