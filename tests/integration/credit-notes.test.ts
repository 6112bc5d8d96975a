import { makeRefund, recordExternalRefund, refundUnwantedCapture, settlePendingRefund } from "~/domain/payments/refunds.server";
import { type CreditNoteSnapshot } from "~/domain/records/credit-note-snapshot";
import { numberingPeriod } from "~/domain/records/numbering.server";
import { db } from "~/lib/db.server";
import { type PaypalClient, PaypalError, type PaypalRefund } from "~/lib/paypal-client.server";
import { plnGrosze } from "~/lib/money";
import { loader as creditNoteLoader } from "~/routes/credit-notes.$token";
import { loader as adminOrderLoader } from "~/routes/admin_.orders.$orderId";
import { makeOrder, makeProduct, makeUser } from "../helpers/kit";
import { makeInvoice, setOrderRecord } from "../helpers/kit/records";
import { call, get } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

// A completed refund of an invoiced order issues a credit note (KOR/YYYY/MM/n) in the refund's
// own transaction; a refund that does not complete, or of an order without an invoice, issues none.

afterAll(() => db.destroy());

let refundSeq = 0;

/** A PayPal that answers every refund with `status` (or refuses it). */
function paypalAnswering(status: PaypalRefund["status"] | "refuse"): PaypalClient {
  return {
    async refundCapture() {
      if (status === "refuse") throw new PaypalError("PayPal refund: unprocessable", 422, "UNPROCESSABLE_ENTITY", "REFUND_NOT_ALLOWED");
      return { id: `REF-${++refundSeq}`, status } as PaypalRefund;
    },
  } as unknown as PaypalClient;
}

const RATE = { mid: 4.0123, table: "230/A/NBP/2026", date: "2026-11-27" };

/** A delivered order of two lines ($30 × 2 and $20) and $8 shipping, paid through capture `captureId`. */
async function deliveredOrder(captureId: string, record: Parameters<typeof setOrderRecord>[2] = {}) {
  const a = await makeProduct(db, { title: "Lace Shawl", stock: 10, priceCents: 3000 });
  const b = await makeProduct(db, { title: "Doily", stock: 10, priceCents: 2000 });
  const order = await makeOrder(db, {
    status: "delivered",
    deliveredAt: new Date(Date.now() - 86_400_000).toISOString(),
    lines: [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ],
  });
  await setOrderRecord(db, order.id, { captureId, ...record });
  const items = await db.selectFrom("order_items").select(["id", "title"]).where("order_id", "=", order.id).orderBy("id").execute();
  return { ...order, itemIds: items.map((i) => i.id) };
}

async function notesOf(orderId: number) {
  const rows = await db.selectFrom("invoices").selectAll().where("order_id", "=", orderId).where("kind", "=", "credit").orderBy("id").execute();
  return rows.map((r) => ({ ...r, data: JSON.parse(r.snapshot) as CreditNoteSnapshot }));
}

const period = () => numberingPeriod(new Date()).replace("-", "/");

describe("credit notes", () => {
  it("a return of an invoiced order issues KOR/…/1 naming the invoice, with the returned lines, the tax share and the złoty at the invoice's rate; a second refund KOR/…/2", async () => {
    const order = await deliveredOrder("CAP-VAT", { regime: "vat", country: "PL", rateBp: 2300, taxCents: 1646, pln: { ...RATE, totalGrosze: 35308 } });
    const invoice = await makeInvoice(db, order.id, { saleDate: "2026-11-28", taxRates: [{ rateBp: 2300, taxCents: 1646 }], pln: RATE });
    const admin = await makeUser(db, { isAdmin: true, email: "credit-admin@example.com" });
    const actor = { id: admin.id, email: admin.email };

    await makeRefund(
      db,
      { orderId: order.id, captureId: "CAP-VAT", amountCents: 3000, kind: "return", restock: [{ orderItemId: order.itemIds[0]!, quantity: 1 }] },
      paypalAnswering("COMPLETED"),
      actor,
    );
    const [first] = await notesOf(order.id);
    expect(first).toMatchObject({
      number: `KOR/${period()}/1`,
      corrects_id: invoice.id,
      amount_cents: 3000,
      sale_date: "2026-11-28",
      buyer_name: "Clara Bloom",
    });
    expect(first!.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first!.data.corrects.number).toBe(invoice.number);
    expect(first!.data.lines).toEqual([{ title: "Lace Shawl", quantity: 1, paidCents: 3000 }]);
    // 3000 × 1646 / 8800 = 561.1 → 561 of tax; the złoty at the invoice's rate, not today's.
    expect(first!.data.tax).toMatchObject({ rateBp: 2300, taxCents: 561, netCents: 2439 });
    expect(first!.data.pln).toEqual({ ...RATE, amountGrosze: plnGrosze(3000, RATE.mid), taxGrosze: plnGrosze(561, RATE.mid) });
    expect(first!.data.pln!.amountGrosze).toBe(12037);

    const logged = await db.selectFrom("activity_log").selectAll().where("kind", "=", "invoice.credit").where("subject_id", "=", order.id).execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actor_id: admin.id, subject_type: "order" });
    expect(logged[0]!.summary).toContain(invoice.number);

    // A second refund, an amount only: the next number, no lines.
    await makeRefund(db, { orderId: order.id, captureId: "CAP-VAT", amountCents: 1000, kind: "return" }, paypalAnswering("COMPLETED"), actor);
    const notes = await notesOf(order.id);
    expect(notes.map((n) => n.number)).toEqual([`KOR/${period()}/1`, `KOR/${period()}/2`]);
    expect(notes[1]!.data.lines).toBeNull();
    expect(notes[1]!.data.tax!.taxCents).toBe(187); // 1000 × 1646 / 8800 = 187.04

    // The credit note's page, and its link on the admin order page.
    const page = await call(creditNoteLoader, get(`/credit-notes/${first!.token}`), { token: first!.token });
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(((await page.json()) as { note: CreditNoteSnapshot }).note.number).toBe(first!.number);
    const adminPage = await call(adminOrderLoader, get(`/admin/orders/${order.id}`, { cookie: await cookieFor(admin.id) }), { orderId: String(order.id) });
    const data = (await adminPage.json()) as { refunds: { creditNote: { number: string; url: string } | null }[] };
    expect(data.refunds.map((r) => r.creditNote)).toEqual([
      { number: first!.number, url: `/credit-notes/${first!.token}` },
      { number: notes[1]!.number, url: `/credit-notes/${notes[1]!.token}` },
    ]);
  });

  it("a credit note's page is found by its token only", async () => {
    for (const token of ["nope", "A".repeat(32), "../../etc/passwd", "x".repeat(500)]) {
      const res = await call(creditNoteLoader, get(`/credit-notes/${encodeURIComponent(token)}`), { token });
      expect(res.status).toBe(404);
    }
  });

  it("a refund of an order without an invoice issues none", async () => {
    const order = await deliveredOrder("CAP-NONE");
    await makeRefund(db, { orderId: order.id, captureId: "CAP-NONE", amountCents: 2000, kind: "return" }, paypalAnswering("COMPLETED"));
    expect(await notesOf(order.id)).toEqual([]);
  });

  it("a refused or failed refund issues none; a pending one issues its note when PayPal completes it, once", async () => {
    const order = await deliveredOrder("CAP-PEND");
    await makeInvoice(db, order.id);
    await expect(makeRefund(db, { orderId: order.id, captureId: "CAP-PEND", amountCents: 500, kind: "return" }, paypalAnswering("refuse"))).rejects.toThrow(
      /refused/,
    );
    await expect(makeRefund(db, { orderId: order.id, captureId: "CAP-PEND", amountCents: 600, kind: "return" }, paypalAnswering("FAILED"))).rejects.toThrow(
      /did not complete/,
    );
    expect(await notesOf(order.id)).toEqual([]);

    const pending = await makeRefund(db, { orderId: order.id, captureId: "CAP-PEND", amountCents: 700, kind: "return" }, paypalAnswering("PENDING"));
    expect(pending.status).toBe("PENDING");
    expect(await notesOf(order.id)).toEqual([]);
    expect(await settlePendingRefund(db, pending.id, { id: pending.paypalRefundId!, status: "COMPLETED" } as PaypalRefund)).toBe(true);
    expect(await settlePendingRefund(db, pending.id, { id: pending.paypalRefundId!, status: "COMPLETED" } as PaypalRefund)).toBe(false);
    const notes = await notesOf(order.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ refund_id: pending.id, amount_cents: 700 });
    // An exempt invoice has no tax to correct; no NBP rate stored, no złoty line.
    expect(notes[0]!.data.tax).toBeNull();
    expect(notes[0]!.data.pln).toBeNull();
  });

  it("a refund PayPal reports from outside the shop corrects the invoice; an automatic refund of a capture that never paid the order does not", async () => {
    const order = await deliveredOrder("CAP-EXT");
    await makeInvoice(db, order.id);
    await refundUnwantedCapture(
      db,
      order.id,
      { id: "CAP-SECOND", amount: { currency_code: "USD", value: "88.00" } },
      "Paid twice",
      paypalAnswering("COMPLETED"),
    );
    const automatic = await db.selectFrom("refunds").select("status").where("capture_id", "=", "CAP-SECOND").executeTakeFirstOrThrow();
    expect(automatic.status).toBe("COMPLETED");
    expect(await notesOf(order.id)).toEqual([]);

    expect(
      await recordExternalRefund(db, order.id, "CAP-EXT", {
        id: "EXT-1",
        status: "COMPLETED",
        amount: { currency_code: "USD", value: "12.50" },
      } as PaypalRefund),
    ).toBe(true);
    expect(
      await recordExternalRefund(db, order.id, "CAP-EXT", {
        id: "EXT-1",
        status: "COMPLETED",
        amount: { currency_code: "USD", value: "12.50" },
      } as PaypalRefund),
    ).toBe(false);
    const notes = await notesOf(order.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ amount_cents: 1250 });
    expect(notes[0]!.data.reason).toBe("refund");
  });

  it("a credit note is never changed or deleted", async () => {
    const [note] = await db.selectFrom("invoices").select("id").where("kind", "=", "credit").limit(1).execute();
    await expect(db.updateTable("invoices").set({ amount_cents: 1 }).where("id", "=", note!.id).execute()).rejects.toThrow(/never changed/);
    await expect(db.deleteFrom("invoices").where("id", "=", note!.id).execute()).rejects.toThrow(/never deleted/);
  });
});
