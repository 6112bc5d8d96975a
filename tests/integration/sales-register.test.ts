import { parse } from "csv-parse/sync";
import { addOrderEvent } from "~/domain/orders/events.server";
import { issueCreditNote } from "~/domain/records/credit-notes.server";
import { registerMonth, SALES_REGISTER_HEADER } from "~/domain/records/sales-register.server";
import { db } from "~/lib/db.server";
import { loader as salesCsvLoader } from "~/routes/admin_.reports.sales[.]csv";
import { makeOrder, makeUser } from "../helpers/kit";
import { makeInvoice, setOrderRecord } from "../helpers/kit/records";
import { call, get } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

// The monthly sales register (GET /admin/reports/sales.csv?month=YYYY-MM): an order is in a
// month's register when, in that month in Warsaw, it was paid, a refund of it completed, or it
// was cancelled after payment.

afterAll(() => db.destroy());

let adminCookie: string;
let customerCookie: string;
const ids: Record<string, number> = {};
const RATE = { mid: 3.9876, table: "215/A/NBP/2026", date: "2026-11-09" };

async function refund(orderId: number, spec: { cents: number; completedAt: string; kind?: string; status?: string; capture?: string }) {
  const row = await db
    .insertInto("refunds")
    .values({
      order_id: orderId,
      capture_id: spec.capture ?? `CAP-${orderId}`,
      request_id: `req-${orderId}-${Math.random()}`,
      amount_cents: spec.cents,
      status: spec.status ?? "COMPLETED",
      kind: spec.kind ?? "return",
      updated_at: spec.completedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  adminCookie = await cookieFor((await makeUser(db, { isAdmin: true, email: "register-admin@example.com" })).id);
  customerCookie = await cookieFor((await makeUser(db, { email: "register-customer@example.com" })).id);

  // Paid in November under VAT, invoiced, with a code that looks like a formula.
  const vat = await makeOrder(db, { status: "delivered", subtotalCents: 10000, shippingCents: 800, paidAt: "2026-11-10T10:00:00.000Z", shipTo: "PL" });
  ids.vat = vat.id;
  await db
    .updateTable("orders")
    .set({ discount_code: "=SUM(A1)", discount_cents: 500, loyalty_discount_cents: 300, total_cents: 10000 })
    .where("id", "=", vat.id)
    .execute();
  await setOrderRecord(db, vat.id, {
    captureId: `CAP-${vat.id}`,
    regime: "vat",
    country: "PL",
    rateBp: 2300,
    taxCents: 1870,
    pln: { ...RATE, totalGrosze: 39876 },
  });
  ids.vatInvoice = (await makeInvoice(db, vat.id, { issuedAt: new Date("2026-11-12T09:00:00Z"), saleDate: "2026-11-10" })).id;

  // Paid in October, refunded in November: a credit note of November.
  const refunded = await makeOrder(db, { status: "returned", subtotalCents: 4000, shippingCents: 0, paidAt: "2026-10-20T10:00:00.000Z" });
  ids.refunded = refunded.id;
  await setOrderRecord(db, refunded.id, {
    captureId: `CAP-${refunded.id}`,
    regime: "exempt",
    country: "CA",
    rateBp: 0,
    taxCents: 0,
    pln: { ...RATE, totalGrosze: 15950 },
  });
  await makeInvoice(db, refunded.id, { issuedAt: new Date("2026-10-21T09:00:00Z"), saleDate: "2026-10-20" });
  const r1 = await refund(refunded.id, { cents: 1500, completedAt: "2026-11-05T12:00:00.000Z" });
  await issueCreditNote(db, r1, new Date("2026-11-05T12:00:00Z"));
  const r2 = await refund(refunded.id, { cents: 1000, completedAt: "2026-11-06T12:00:00.000Z" });
  await issueCreditNote(db, r2, new Date("2026-11-06T12:00:00Z"));
  // A refund still pending, and one refused, count for nothing.
  await refund(refunded.id, { cents: 700, completedAt: "2026-11-07T12:00:00.000Z", status: "PENDING" });
  await refund(refunded.id, { cents: 800, completedAt: "2026-11-07T12:00:00.000Z", status: "REFUSED" });

  // 23:30 UTC on 31 October is 00:30 on 1 November in Warsaw; 23:30 UTC on 30 November is December.
  ids.firstHour = (await makeOrder(db, { status: "paid", subtotalCents: 1000, paidAt: "2026-10-31T23:30:00.000Z" })).id;
  ids.december = (await makeOrder(db, { status: "paid", subtotalCents: 1000, paidAt: "2026-11-30T23:30:00.000Z" })).id;

  // Paid and cancelled in November; paid in September and cancelled in October.
  const cancelled = await makeOrder(db, { status: "cancelled", subtotalCents: 2000, paidAt: "2026-11-02T10:00:00.000Z" });
  ids.cancelled = cancelled.id;
  await addOrderEvent(db, cancelled.id, "cancelled", "Cancelled");
  await db.updateTable("order_events").set({ created_at: "2026-11-03 10:00:00" }).where("order_id", "=", cancelled.id).execute();
  const oldCancel = await makeOrder(db, { status: "cancelled", subtotalCents: 2000, paidAt: "2026-09-02T10:00:00.000Z" });
  ids.oldCancel = oldCancel.id;
  await addOrderEvent(db, oldCancel.id, "cancelled", "Cancelled");
  await db.updateTable("order_events").set({ created_at: "2026-10-03 10:00:00" }).where("order_id", "=", oldCancel.id).execute();

  // Unpaid in November; an automatic refund in November of a capture that never paid an October order.
  ids.unpaid = (await makeOrder(db, { status: "unpaid", subtotalCents: 1000 })).id;
  await db.updateTable("orders").set({ created_at: "2026-11-15T10:00:00.000Z" }).where("id", "=", ids.unpaid).execute();
  const octOrder = await makeOrder(db, { status: "paid", subtotalCents: 1000, paidAt: "2026-10-10T10:00:00.000Z" });
  ids.october = octOrder.id;
  await refund(octOrder.id, { cents: 1800, completedAt: "2026-11-08T12:00:00.000Z", kind: "automatic", capture: "CAP-SECOND" });
});

async function download(query: string, cookie = adminCookie) {
  return call(salesCsvLoader, get(`/admin/reports/sales.csv${query}`, { cookie }));
}

async function rowsOf(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder("utf-8").decode(bytes);
  // TextDecoder takes the byte order mark off.
  expect(text.split(/\r?\n/)[0]).toBe(SALES_REGISTER_HEADER.join(","));
  return parse(text, { columns: true, bom: true }) as Record<string, string>[];
}

describe("the sales register", () => {
  it("has the month's paid, refunded and cancelled orders only, in Warsaw's month", async () => {
    const res = await download("?month=2026-11");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="sales-2026-11.csv"');
    const rows = await rowsOf(res);
    expect(Object.keys(rows[0]!)).toEqual(SALES_REGISTER_HEADER);
    expect(rows.map((r) => Number(r.Order))).toEqual([ids.cancelled, ids.firstHour, ids.refunded, ids.vat].sort((a, b) => b - a));
    const by = (id: number) => rows.find((r) => Number(r.Order) === id)!;
    expect(by(ids.firstHour)["In month"]).toBe("paid");
    expect(by(ids.refunded)["In month"]).toBe("refunded");
    expect(by(ids.cancelled)["In month"]).toBe("paid cancelled");

    const oct = await rowsOf(await download("?month=2026-10"));
    expect(oct.map((r) => Number(r.Order)).sort()).toEqual([ids.refunded, ids.oldCancel, ids.october].sort());
    expect(oct.find((r) => Number(r.Order) === ids.refunded)).toMatchObject({ "Refunded USD": "0.00", "Credit notes": "", "In month": "paid" });
    const dec = await rowsOf(await download("?month=2026-12"));
    expect(dec.map((r) => Number(r.Order))).toEqual([ids.december]);
  });

  it("fills each column, the refunds and credit notes being the month's own, a formula-looking value neutralised", async () => {
    const rows = await rowsOf(await download("?month=2026-11"));
    const vat = rows.find((r) => Number(r.Order) === ids.vat)!;
    expect(vat).toEqual({
      Order: String(ids.vat),
      "Placed at": expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      "Paid at": "2026-11-10T10:00:00.000Z",
      Status: "Delivered",
      Country: "PL",
      "Subtotal USD": "100.00",
      "Shipping USD": "8.00",
      "Discount code": "'=SUM(A1)",
      "Code discount USD": "5.00",
      "Loyalty discount USD": "3.00",
      "Total USD": "100.00",
      "Refunded USD": "0.00",
      "Tax regime": "vat",
      "Tax rate %": "23",
      "Tax USD": "18.70",
      "NBP table": "215/A/NBP/2026",
      "NBP date": "2026-11-09",
      "NBP rate": "3.9876",
      "Total PLN": "398.76",
      "Refunded PLN": "0.00",
      Invoice: "FV/2026/11/1",
      "Credit notes": "",
      "In month": "paid",
    });
    const refunded = rows.find((r) => Number(r.Order) === ids.refunded)!;
    // $25 refunded at 3.9876 = 99.69 zł; the pending and refused refunds do not count.
    expect(refunded).toMatchObject({
      "Refunded USD": "25.00",
      "Refunded PLN": "99.69",
      Invoice: "FV/2026/10/1",
      "Credit notes": "KOR/2026/11/1 KOR/2026/11/2",
    });
    expect(refunded).toMatchObject({ "Tax regime": "exempt", "Tax rate %": "0", "Tax USD": "0.00" });
    const plain = rows.find((r) => Number(r.Order) === ids.firstHour)!;
    expect(plain).toMatchObject({ "Tax regime": "", "Tax rate %": "", "NBP rate": "", "Total PLN": "", Invoice: "" });
  });

  it("answers 400 with a plain message for a missing or bad month", async () => {
    for (const q of ["", "?month=", "?month=2026-13", "?month=2026-1", "?month=2026-11-01", "?month=abcd-ef", "?month=1999-12", `?month=${"9".repeat(5000)}`]) {
      const res = await download(q);
      expect(res.status, q).toBe(400);
      expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(await res.text()).toMatch(/YYYY-MM/);
    }
    expect(registerMonth("2026-03")).toEqual({ month: "2026-03", from: "2026-02-28 23:00:00", to: "2026-03-31 22:00:00" });
  });

  it("is for admins only: 403 for a customer and for nobody signed in", async () => {
    expect((await download("?month=2026-11", customerCookie)).status).toBe(403);
    expect((await call(salesCsvLoader, get("/admin/reports/sales.csv?month=2026-11"))).status).toBe(403);
  });
});
