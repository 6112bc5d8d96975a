import { randomBytes } from "node:crypto";
import { nextDocumentNumber } from "../../../app/domain/records/numbering.server";
import { type CreditNoteSnapshot } from "../../../app/domain/records/credit-note-snapshot";
import { type DB } from "../../../app/lib/sqlite.server";

/**
 * An order's tax and złoty record and its PayPal capture, as payment would have written them
 * (the credit-note and sales-register tests need them without a PayPal round trip).
 */
export async function setOrderRecord(
  db: DB,
  orderId: number,
  spec: {
    captureId?: string;
    regime?: "exempt" | "vat" | "vat-oss";
    country?: string;
    rateBp?: number;
    taxCents?: number;
    pln?: { mid: number; table: string; date: string; totalGrosze: number };
  },
): Promise<void> {
  await db
    .updateTable("orders")
    .set({
      paypal_capture_id: spec.captureId ?? null,
      tax_regime: spec.regime ?? null,
      tax_country: spec.country ?? null,
      tax_rate_bp: spec.rateBp ?? null,
      tax_cents: spec.taxCents ?? null,
      pln_mid: spec.pln?.mid ?? null,
      pln_table: spec.pln?.table ?? null,
      pln_date: spec.pln?.date ?? null,
      pln_total_grosze: spec.pln?.totalGrosze ?? null,
    })
    .where("id", "=", orderId)
    .execute();
}

/** An invoice of the order, numbered as the invoices' code numbers it; its snapshot carries the tax rows and the NBP rate. */
export async function makeInvoice(
  db: DB,
  orderId: number,
  spec: {
    issuedAt?: Date;
    saleDate?: string;
    buyerName?: string;
    taxRates?: { rateBp: number; taxCents: number }[];
    pln?: { table: string; date: string; mid: number } | null;
  } = {},
): Promise<{ id: number; number: string }> {
  const issuedAt = spec.issuedAt ?? new Date();
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("orders").select("total_cents as total").where("id", "=", orderId).executeTakeFirstOrThrow();
    const { number, period, seq } = await nextDocumentNumber(trx, "invoice", issuedAt);
    const saleDate = spec.saleDate ?? issuedAt.toISOString().slice(0, 10);
    const row = await trx
      .insertInto("invoices")
      .values({
        kind: "invoice",
        order_id: orderId,
        number,
        period,
        seq,
        issued_at: issuedAt.toISOString(),
        sale_date: saleDate,
        buyer_name: spec.buyerName ?? "Clara Bloom",
        buyer_address: "12 Lace Lane\nToronto M5V 2T6\nCanada",
        tax_id: null,
        amount_cents: order.total,
        snapshot: JSON.stringify({ number, orderId, totalCents: order.total, taxRates: spec.taxRates ?? [], pln: spec.pln ?? null }),
        token: randomBytes(24).toString("base64url"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, number };
  });
}

/**
 * A completed refund of the order and the credit note it issued, written as
 * app/domain/records/credit-notes.server.ts writes them (for pages that show one; the issuing
 * itself is tested in tests/integration/credit-notes.test.ts).
 */
export async function makeCreditNote(
  db: DB,
  orderId: number,
  invoice: { id: number; number: string },
  spec: { amountCents: number; captureId?: string },
): Promise<{ number: string; token: string }> {
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const inv = await trx.selectFrom("invoices").selectAll().where("id", "=", invoice.id).executeTakeFirstOrThrow();
    const refund = await trx
      .insertInto("refunds")
      .values({
        order_id: orderId,
        capture_id: spec.captureId ?? `CAP-${orderId}`,
        request_id: `kit-refund-${orderId}-${randomBytes(6).toString("hex")}`,
        amount_cents: spec.amountCents,
        status: "COMPLETED",
        kind: "return",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { number, period, seq } = await nextDocumentNumber(trx, "credit", now);
    const day = now.toISOString().slice(0, 10);
    const snapshot: CreditNoteSnapshot = {
      number,
      orderId,
      issueDate: day,
      saleDate: inv.sale_date,
      corrects: { number: inv.number, issueDate: inv.issued_at.slice(0, 10), saleDate: inv.sale_date },
      seller: { legalName: "Lace Studio", address: "ul. Koronkowa 1, 30-001 Kraków, Polska", vatLine: "" },
      buyer: { name: inv.buyer_name, address: inv.buyer_address, taxId: inv.tax_id },
      currency: "USD",
      reason: "return",
      lines: null,
      amountCents: spec.amountCents,
      tax: null,
      pln: null,
    };
    const token = randomBytes(24).toString("base64url");
    await trx
      .insertInto("invoices")
      .values({
        kind: "credit",
        order_id: orderId,
        number,
        period,
        seq,
        issued_at: now.toISOString(),
        sale_date: inv.sale_date,
        buyer_name: inv.buyer_name,
        buyer_address: inv.buyer_address,
        tax_id: inv.tax_id,
        corrects_id: inv.id,
        refund_id: refund.id,
        amount_cents: spec.amountCents,
        snapshot: JSON.stringify(snapshot),
        token,
      })
      .execute();
    return { number, token };
  });
}
