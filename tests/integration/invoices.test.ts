import { SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { InvoiceRequestSchema, isNip, type InvoiceSnapshot } from "~/domain/records/invoice-schemas";
import { invoiceDeadline, invoiceByToken, issueInvoice } from "~/domain/records/invoices.server";
import { DomainError } from "~/lib/errors";
import { db } from "~/lib/db.server";
import { action as adminInvoiceAction } from "~/routes/api.admin.orders.$orderId.invoice";
import { action as buyerInvoiceAction } from "~/routes/api.orders.$orderId.invoice";
import { loader as invoiceLoader } from "~/routes/invoices.$token";
import { action as detailsAction, loader as detailsLoader } from "~/routes/order-details.$orderId";
import { makeExchangeRate, makeOrder, makeProduct, makeUser } from "../helpers/kit";
import { args, call, get, postForm, postJson, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

/* Invoices on request: one per order, numbered without gaps, only for a paid order within three months. */

const buyer = { buyerName: "Clara Bloom", address: "12 Lace Lane\nToronto M5V 2T6\nCanada", taxId: null };
const PAID = "2026-11-10T10:00:00.000Z";
const NOW = new Date("2026-11-20T10:00:00.000Z");

let productId: number;
beforeAll(async () => {
  productId = (await makeProduct(db, { priceCents: 4000 })).id;
  await makeExchangeRate(db, { date: "2026-11-09", mid: 3.9876, table: "217/A/NBP/2026" });
  await makeExchangeRate(db, { date: "2026-11-10", mid: 4.1, table: "218/A/NBP/2026" });
});

const paidOrder = (spec: Parameters<typeof makeOrder>[1] = {}) =>
  makeOrder(db, { status: "paid", paidAt: PAID, lines: [{ productId, quantity: 2, unitPriceCents: 4000 }], shippingCents: 800, ...spec });

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("issueInvoice", () => {
  it("issues FV/YYYY/MM/1 with a snapshot, an activity row and the buyer's e-mail in the order's language", async () => {
    const order = await paidOrder({ locale: "pl", loyaltyDiscountCents: 1000, email: "klara@example.com" });
    const { created, invoice } = await issueInvoice(db, order.id, buyer, { actor: SYSTEM_ACTOR, now: NOW });
    expect(created).toBe(true);
    expect(invoice.number).toMatch(/^FV\/2026\/11\/\d+$/);
    expect(invoice.url).toBe(`/invoices/${invoice.token}`);
    const row = await db.selectFrom("invoices").selectAll().where("id", "=", invoice.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: "invoice", order_id: order.id, sale_date: "2026-11-10", buyer_name: "Clara Bloom", tax_id: null, amount_cents: 7800 });
    const snap = JSON.parse(row.snapshot) as InvoiceSnapshot;
    expect(snap).toMatchObject({
      number: invoice.number,
      issueDate: "2026-11-20",
      saleDate: "2026-11-10",
      regime: "exempt",
      business: false,
      totalCents: 7800,
    });
    expect(snap.exemptionText).toBe("Zwolnione z VAT na podstawie art. 113 ust. 1 ustawy o VAT");
    expect(snap.taxRates).toEqual([]);
    // The discount is shared over the line: 8000 − 1000 paid for the items, shipping in full.
    expect(snap.lines).toEqual([expect.objectContaining({ quantity: 2, unitGrossCents: 4000, discountCents: 1000, grossCents: 7000 })]);
    expect(snap.shipping.grossCents).toBe(800);
    // No złoty record on the order: the rate of the last business day before the payment.
    expect(snap.pln).toEqual({ table: "217/A/NBP/2026", date: "2026-11-09", mid: 3.9876, totalGrosze: 31103 });
    expect(snap.seller.legalName.length).toBeGreaterThan(0);
    const activity = await db.selectFrom("activity_log").selectAll().where("kind", "=", "invoice.issue").where("subject_id", "=", invoice.id).execute();
    expect(activity).toHaveLength(1);
    expect(activity[0]!.subject_type).toBe("invoice");
    const mails = await db.selectFrom("outbox").select(["kind", "to_address", "locale", "data"]).where("event_key", "like", `invoice%:${invoice.id}`).execute();
    expect(mails.map((m) => m.kind).sort()).toEqual(["invoice", "owner-invoice"]);
    const toBuyer = mails.find((m) => m.kind === "invoice")!;
    expect(toBuyer).toMatchObject({ to_address: "klara@example.com", locale: "pl" });
    expect(JSON.parse(toBuyer.data)).toMatchObject({ number: invoice.number, url: invoice.url });
    expect(mails.find((m) => m.kind === "owner-invoice")!.locale).toBe("en");
    expect((await invoiceByToken(db, invoice.token))?.number).toBe(invoice.number);
    expect(await invoiceByToken(db, "x".repeat(32))).toBeNull();
  });

  it("a business buyer's tax id is kept and marks the invoice for KSeF", async () => {
    const order = await paidOrder();
    const { invoice } = await issueInvoice(db, order.id, { ...buyer, taxId: "5260250274" }, { actor: SYSTEM_ACTOR, now: NOW });
    const snap = (await invoiceByToken(db, invoice.token))!.snapshot;
    expect(snap.business).toBe(true);
    expect(snap.buyer.taxId).toBe("5260250274");
  });

  it("a second request answers the first invoice", async () => {
    const order = await paidOrder();
    const first = await issueInvoice(db, order.id, buyer, { actor: SYSTEM_ACTOR, now: NOW });
    const again = await issueInvoice(db, order.id, { ...buyer, buyerName: "Someone Else" }, { actor: SYSTEM_ACTOR, now: NOW });
    expect(again).toEqual({ created: false, invoice: first.invoice });
    expect(await db.selectFrom("invoices").select("id").where("order_id", "=", order.id).execute()).toHaveLength(1);
  });

  it("refuses an unpaid or never-paid order with 409 and takes no number", async () => {
    for (const status of ["unpaid", "unpaidcancelled"] as const) {
      const order = await makeOrder(db, { status, lines: [{ productId }] });
      const error = await refusal(issueInvoice(db, order.id, buyer, { actor: SYSTEM_ACTOR, now: NOW }));
      expect([error.status, error.message]).toEqual([409, "An invoice can only be issued for a paid order."]);
    }
    const cancelledNeverPaid = await makeOrder(db, { status: "cancelled", paidAt: null, lines: [{ productId }] });
    expect((await refusal(issueInvoice(db, cancelledNeverPaid.id, buyer, { actor: SYSTEM_ACTOR, now: NOW }))).status).toBe(409);
    // A paid order cancelled later was a sale: it may have its invoice.
    const cancelledPaid = await paidOrder({ status: "cancelled" });
    expect((await issueInvoice(db, cancelledPaid.id, buyer, { actor: SYSTEM_ACTOR, now: NOW })).created).toBe(true);
    expect((await refusal(issueInvoice(db, 999_999, buyer, { actor: SYSTEM_ACTOR, now: NOW }))).status).toBe(404);
  });

  it("refuses after the end of the third month after the payment's month (Warsaw time)", async () => {
    expect(invoiceDeadline(new Date(PAID))).toBe("2027-02-28");
    // 23:30 UTC on 31 October is 1 November in Warsaw: the deadline is the end of February.
    expect(invoiceDeadline(new Date("2026-10-31T23:30:00Z"))).toBe("2027-02-28");
    expect(invoiceDeadline(new Date("2026-10-31T12:00:00Z"))).toBe("2027-01-31");
    const order = await paidOrder();
    const late = new Date("2027-02-28T23:30:00Z"); // 1 March in Warsaw
    const error = await refusal(issueInvoice(db, order.id, buyer, { actor: SYSTEM_ACTOR, now: late }));
    expect([error.status, error.message]).toEqual([409, "An invoice can be requested until 2027-02-28, the end of the third month after the payment."]);
    const lastDay = new Date("2027-02-28T22:30:00Z"); // 23:30 on 28 February in Warsaw
    expect((await issueInvoice(db, order.id, buyer, { actor: SYSTEM_ACTOR, now: lastDay })).invoice.number).toMatch(/^FV\/2027\/02\/\d+$/);
  });

  it("ten simultaneous invoices for ten orders take the numbers 1..10 of their month, no gap, no duplicate", async () => {
    const month = new Date("2027-01-15T12:00:00Z");
    const orders = await Promise.all(Array.from({ length: 10 }, () => paidOrder({ paidAt: "2027-01-02T10:00:00.000Z" })));
    const results = await Promise.all(orders.map((o) => issueInvoice(db, o.id, buyer, { actor: SYSTEM_ACTOR, now: month })));
    const seqs = results.map((r) => Number(r.invoice.number.split("/")[3])).sort((a, b) => a - b);
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(results.map((r) => r.invoice.token)).size).toBe(10);
  });

  it("five simultaneous requests for one order make one invoice", async () => {
    const order = await paidOrder();
    const results = await Promise.all(Array.from({ length: 5 }, () => issueInvoice(db, order.id, buyer, { actor: SYSTEM_ACTOR, now: NOW })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.invoice.number)).size).toBe(1);
    expect(await db.selectFrom("invoices").select("id").where("order_id", "=", order.id).execute()).toHaveLength(1);
    const mails = await db.selectFrom("outbox").select("id").where("event_key", "=", `invoice:${results[0]!.invoice.id}`).execute();
    expect(mails).toHaveLength(1);
  });
});

describe("the invoice request's input", () => {
  it("takes a NIP by its checksum and an EU VAT id by its form", () => {
    expect(isNip("5260250274")).toBe(true);
    expect(isNip("5260250275")).toBe(false);
    const taxId = (value: unknown) => InvoiceRequestSchema.safeParse({ ...buyer, taxId: value });
    expect(taxId("526-025-02-74").data?.taxId).toBe("5260250274");
    expect(taxId("PL 5260250274").data?.taxId).toBe("PL5260250274");
    expect(taxId("de123456789").data?.taxId).toBe("DE123456789");
    expect(taxId("").data?.taxId).toBeNull();
    expect(taxId(undefined).data?.taxId).toBeNull();
    for (const bad of ["5260250275", "12345", "US123456789", "DE1", "DE12345678901234", "PL1234567890", "DE12-34<5>", 42, "x".repeat(5000)]) {
      const result = taxId(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["taxId"]);
    }
  });

  it("needs a name of at most 200 characters and an address of at most 500, several lines allowed", () => {
    expect(InvoiceRequestSchema.safeParse({ ...buyer, buyerName: " " }).success).toBe(false);
    expect(InvoiceRequestSchema.safeParse({ ...buyer, buyerName: "x".repeat(201) }).success).toBe(false);
    expect(InvoiceRequestSchema.safeParse({ ...buyer, address: "x".repeat(501) }).success).toBe(false);
    expect(InvoiceRequestSchema.safeParse({ ...buyer, address: "a\r\nb" }).data?.address).toBe("a\nb");
  });
});

describe("the doors", () => {
  const post = (orderId: number, body: unknown, cookie?: string) =>
    call(buyerInvoiceAction, postJson(`/api/orders/${orderId}/invoice`, body, { cookie }), { orderId: String(orderId) });

  it("the buyer gets 201 then 200 with the same invoice; a guest by the order's token", async () => {
    const user = await makeUser(db);
    const order = await paidOrder({ userId: user.id });
    const cookie = await cookieFor(user.id);
    const first = await post(order.id, buyer, cookie);
    expect(first.status).toBe(201);
    const body = (await first.json()) as { id: number; number: string; url: string };
    expect(Object.keys(body).sort()).toEqual(["id", "number", "url"]);
    const again = await post(order.id, buyer, cookie);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(body);
    const guest = await paidOrder();
    expect((await post(guest.id, { ...buyer, token: guest.token })).status).toBe(201);
  });

  it("another person's order, a wrong token or an unknown id: 404; bad input 400 with the field", async () => {
    const [owner, stranger] = [await makeUser(db), await makeUser(db)];
    const order = await paidOrder({ userId: owner.id });
    const res = await post(order.id, buyer, await cookieFor(stranger.id));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Order not found" });
    expect((await post(order.id, { ...buyer, token: "wrong" })).status).toBe(404);
    expect((await post(987_654, buyer, await cookieFor(owner.id))).status).toBe(404);
    const bad = await post(order.id, { ...buyer, taxId: "123" }, await cookieFor(owner.id));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.taxId).toBeDefined();
    expect(await db.selectFrom("invoices").select("id").where("order_id", "=", order.id).execute()).toHaveLength(0);
  });

  it("an unpaid order: 409", async () => {
    const user = await makeUser(db);
    const order = await makeOrder(db, { status: "unpaid", userId: user.id, lines: [{ productId }] });
    const res = await post(order.id, buyer, await cookieFor(user.id));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "An invoice can only be issued for a paid order." });
  });

  it("the admin door: the owner issues one; a customer 403, a guest 401", async () => {
    const admin = await makeUser(db, { isAdmin: true });
    const customer = await makeUser(db);
    const order = await paidOrder({ userId: customer.id });
    const adminPost = (cookie?: string) =>
      call(adminInvoiceAction, postJson(`/api/admin/orders/${order.id}/invoice`, buyer, { cookie }), { orderId: String(order.id) });
    expect((await adminPost(await cookieFor(customer.id))).status).toBe(403);
    expect((await adminPost()).status).toBe(401);
    expect(await db.selectFrom("invoices").select("id").where("order_id", "=", order.id).execute()).toHaveLength(0);
    expect((await adminPost(await cookieFor(admin.id))).status).toBe(201);
  });
});

describe("the order page's form and the invoice page", () => {
  const detailsPost = (orderId: number, token: string, fields: Record<string, string>) =>
    call(detailsAction, postForm(`/order-details/${orderId}?token=${encodeURIComponent(token)}`, fields), { orderId: String(orderId) });

  it("the form is offered for a paid order; a bad tax id comes back on its field; then the page links the invoice", async () => {
    const order = await paidOrder({ paidAt: new Date().toISOString() });
    const page = async () =>
      (await (
        await call(detailsLoader, get(`/order-details/${order.id}?token=${encodeURIComponent(order.token)}`, { accept: "text/html" }), {
          orderId: String(order.id),
        })
      ).json()) as { invoice: { issued: { number: string; url: string } | null; open: boolean; prefill: { buyerName: string } } };
    expect((await page()).invoice).toMatchObject({ issued: null, open: true, prefill: { buyerName: "Clara Bloom" } });
    const bad = await detailsPost(order.id, order.token, { intent: "invoice", buyerName: "Clara", address: "12 Lace Lane", taxId: "123" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { invoice: { result: { error: Record<string, string[]> } } }).invoice.result.error.taxId).toEqual([
      "Enter a Polish NIP (10 digits) or an EU VAT number such as DE123456789.",
    ]);
    const ok = await detailsPost(order.id, order.token, { intent: "invoice", buyerName: "Clara", address: "12 Lace Lane", taxId: "" });
    expect(ok.status).toBe(302);
    const after = (await page()).invoice;
    expect(after.issued?.number).toMatch(/^FV\//);
    const shown = await call(invoiceLoader, get(after.issued!.url, { accept: "text/html" }), { token: after.issued!.url.split("/").pop()! });
    expect(shown.headers.get("Cache-Control")).toContain("no-store");
    expect(((await shown.json()) as { snapshot: InvoiceSnapshot }).snapshot.buyer).toEqual({ name: "Clara", address: "12 Lace Lane", taxId: null });
  });

  it("an unknown token: 404", async () => {
    const res = await run(() => invoiceLoader(args(get("/invoices/nope-nope-nope-nope-nope"), { token: "nope-nope-nope-nope-nope" }) as never));
    expect(res.status).toBe(404);
  });
});
