import { randomBytes } from "node:crypto";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { TaxThresholdsCard } from "~/components/admin/tax-thresholds-card";
import { renderMail } from "~/domain/mail/templates";
import { type OrderStatus } from "~/domain/orders/status";
import { formatZloty } from "~/domain/records/thresholds";
import { checkThresholdAlerts, checkThresholdAlertsAfterPayment, getThresholdSummary } from "~/domain/records/thresholds.server";
import { runJob } from "~/domain/ops/jobs.server";
import { taxThresholdsJob } from "~/jobs.server";
import { type DB } from "~/lib/sqlite.server";
import { loadDashboardTab } from "~/web/admin/dashboard-tab.server";
import { createTestDb } from "../helpers/db";

let db: DB;
beforeEach(() => {
  db = createTestDb();
});
afterEach(() => db.destroy());

// Wednesday 2026-11-18, midday in Warsaw.
const NOW = new Date("2026-11-18T11:00:00.000Z");

interface Spec {
  status?: OrderStatus;
  country: string;
  paidAt: string | null;
  totalCents?: number;
  /** The order's own złoty record; left out: none (converted at the rate before its payment day). */
  pln?: { grosze: number; mid?: number };
}

async function order(spec: Spec): Promise<number> {
  const total = spec.totalCents ?? 10_000;
  const row = await db
    .insertInto("orders")
    .values({
      email: "buyer@example.com",
      status: spec.status ?? "paid",
      subtotal_cents: total,
      shipping_cents: 0,
      shipping_name: "Standard Shipping",
      total_cents: total,
      confirmation_token: randomBytes(24).toString("base64url"),
      shipping_first_name: "Clara",
      shipping_last_name: "Bloom",
      shipping_address_line1: "12 Lace Lane",
      shipping_city: "Lyon",
      shipping_postal_code: "69001",
      shipping_country: spec.country,
      created_at: spec.paidAt ?? NOW.toISOString(),
      paid_at: spec.paidAt,
      pln_total_grosze: spec.pln?.grosze ?? null,
      pln_mid: spec.pln ? (spec.pln.mid ?? 4) : null,
      pln_table: spec.pln ? "1/A/NBP/2026" : null,
      pln_date: spec.pln ? spec.paidAt!.slice(0, 10) : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function refund(orderId: number, cents: number, status = "COMPLETED", kind = "return") {
  await db
    .insertInto("refunds")
    .values({ order_id: orderId, capture_id: "CAP", request_id: randomBytes(8).toString("hex"), amount_cents: cents, status, kind })
    .execute();
}

async function rate(date: string, mid: number) {
  await db
    .insertInto("exchange_rates")
    .values({ currency: "USD", effective_date: date, table_no: `${date}/A/NBP/2026`, mid })
    .execute();
}

describe("the year's figures against the thresholds", () => {
  beforeEach(async () => {
    await order({ country: "FR", paidAt: "2026-03-10T10:00:00.000Z", pln: { grosze: 400_000 } });
    // No record: 500 USD at the rate of the day before 2026-05-05 (4.0), not that day's (5.0).
    await rate("2026-05-04", 4);
    await rate("2026-05-05", 5);
    await order({ status: "shipped", country: "DE", paidAt: "2026-05-05T10:00:00.000Z", totalCents: 50_000 });
    await order({ status: "delivered", country: "PL", paidAt: "2026-06-01T10:00:00.000Z", pln: { grosze: 1_000_000 } });
    await order({ status: "processing", country: "US", paidAt: "2026-07-01T10:00:00.000Z", pln: { grosze: 300_000 } });
    // 00:30 on 1 January in Warsaw: this year; 23:30 on 31 December 2025 in Warsaw and 00:30 on 1 January 2027: not.
    await order({ country: "AT", paidAt: "2025-12-31T23:30:00.000Z", pln: { grosze: 100_000 } });
    await order({ country: "AT", paidAt: "2025-12-31T22:30:00.000Z", pln: { grosze: 7_000_000 } });
    await order({ country: "AT", paidAt: "2026-12-31T23:30:00.000Z", pln: { grosze: 7_000_000 } });
    // Returned with 200 of its 500 USD refunded at its own rate (4.0): 800 zł less; a failed and an automatic refund change nothing.
    const returned = await order({ status: "returned", country: "IT", paidAt: "2026-08-01T10:00:00.000Z", totalCents: 50_000, pln: { grosze: 200_000 } });
    await refund(returned, 20_000);
    await refund(returned, 10_000, "FAILED");
    await refund(returned, 10_000, "COMPLETED", "automatic");
    // Never sales, whatever their record says.
    for (const status of ["unpaid", "cancelled", "unpaidcancelled", "payment_reversed"] as const) {
      await order({
        status,
        country: "FR",
        paidAt: status === "unpaid" ? null : "2026-09-01T10:00:00.000Z",
        pln: status === "unpaid" ? undefined : { grosze: 9_000_000 },
      });
    }
    // Paid before any stored rate: not counted, reported.
    await order({ country: "ES", paidAt: "2026-01-02T10:00:00.000Z", totalCents: 30_000 });
  });

  it("counts paid-like orders of the Warsaw year, EU outside Poland apart, refunds taken off, missing records converted", async () => {
    const summary = await getThresholdSummary(db, NOW);
    expect(summary.year).toBe(2026);
    // FR 4000 + DE 2000 + AT 1000 + IT 1200 zł.
    expect(summary.eu).toMatchObject({
      key: "eu-distance",
      grosze: 820_000,
      limitGrosze: 4_200_000,
      percent: 19,
      amount: formatZloty(820_000),
      limit: "42\u00a0000\u00a0zł",
    });
    // ... + PL 10 000 + US 3000 zł.
    expect(summary.all).toMatchObject({ key: "exemption", grosze: 2_120_000, limitGrosze: 24_000_000, percent: 8, limit: "240\u00a0000\u00a0zł" });
    expect(summary.withoutRate).toBe(1);
  });

  it("counts the order without a rate once a rate before its payment day is stored", async () => {
    await rate("2025-12-31", 4.5);
    const summary = await getThresholdSummary(db, NOW);
    expect(summary.withoutRate).toBe(0);
    expect(summary.eu.grosze).toBe(820_000 + 135_000);
  });

  it("starts anew in the next year", async () => {
    const summary = await getThresholdSummary(db, new Date("2027-01-05T10:00:00.000Z"));
    expect(summary).toMatchObject({ year: 2027, withoutRate: 0, eu: { grosze: 7_000_000, percent: 166 }, all: { grosze: 7_000_000 } });
  });

  it("the dashboard's loader carries the figures, and its card writes them out", async () => {
    const data = await loadDashboardTab(db, NOW);
    expect(data.thresholds).toEqual(await getThresholdSummary(db, NOW));
    expect(data.stats.orders.total).toBeGreaterThan(0);
    const html = renderToString(createElement(TaxThresholdsCard, { thresholds: data.thresholds })).replace(/\u00a0/g, " ");
    expect(html).toContain("Tax thresholds <!-- -->2026");
    expect(html).toContain("EU cross-border sales: 8 200,00 zł of 42 000 zł (19%)");
    expect(html).toContain("All sales: 21 200,00 zł of 240 000 zł (8%)");
    expect(html).toContain("1 order without a rate yet");
    expect(html).toContain("Not legal advice: see docs/tax.md and confirm with your accountant.");
    expect(html).toMatch(/<meter[^>]*max="4200000"[^>]*value="820000"/);
  });
});

describe("the owner's threshold alerts", () => {
  async function mails() {
    return db
      .selectFrom("outbox")
      .select(["event_key as key", "data", "to_address as to", "user_id as userId"])
      .where("kind", "=", "owner-tax-threshold")
      .orderBy("id")
      .execute();
  }
  async function alertRows() {
    return db.selectFrom("tax_threshold_alerts").select(["year", "threshold", "level"]).orderBy("year").orderBy("threshold").orderBy("level").execute();
  }

  it("sends one e-mail at 80 %, none again at 85 %, the second at 100 %, and anew the next year", async () => {
    await order({ country: "FR", paidAt: "2026-02-01T10:00:00.000Z", pln: { grosze: 3_318_000 } }); // 79 %
    expect(await checkThresholdAlerts(db, NOW)).toEqual([]);
    expect(await mails()).toEqual([]);

    await order({ country: "FR", paidAt: "2026-02-02T10:00:00.000Z", pln: { grosze: 42_000 } }); // 80 %
    expect(await checkThresholdAlerts(db, NOW)).toEqual([{ threshold: "eu-distance", level: 80 }]);
    expect(await mails()).toEqual([expect.objectContaining({ key: "tax-threshold:2026:eu-distance:80", userId: null })]);

    await order({ country: "FR", paidAt: "2026-02-03T10:00:00.000Z", pln: { grosze: 210_000 } }); // 85 %
    expect(await checkThresholdAlerts(db, NOW)).toEqual([]);
    expect(await mails()).toHaveLength(1);

    await order({ country: "FR", paidAt: "2026-02-04T10:00:00.000Z", pln: { grosze: 630_000 } }); // 100 %
    expect(await checkThresholdAlerts(db, NOW)).toEqual([{ threshold: "eu-distance", level: 100 }]);
    expect(await checkThresholdAlerts(db, NOW)).toEqual([]);
    const sent = await mails();
    expect(sent.map((m) => m.key)).toEqual(["tax-threshold:2026:eu-distance:80", "tax-threshold:2026:eu-distance:100"]);
    expect(JSON.parse(sent[1]!.data)).toEqual({
      year: 2026,
      threshold: "eu-distance",
      level: 100,
      percent: 100,
      amount: formatZloty(4_200_000),
      limit: formatZloty(4_200_000, true),
    });

    const nextYear = new Date("2027-03-01T10:00:00.000Z");
    expect(await checkThresholdAlerts(db, nextYear)).toEqual([]);
    await order({ country: "DE", paidAt: "2027-02-01T10:00:00.000Z", pln: { grosze: 3_400_000 } }); // 80 % of 2027
    expect(await checkThresholdAlerts(db, nextYear)).toEqual([{ threshold: "eu-distance", level: 80 }]);
    expect(await alertRows()).toEqual([
      { year: 2026, threshold: "eu-distance", level: 80 },
      { year: 2026, threshold: "eu-distance", level: 100 },
      { year: 2027, threshold: "eu-distance", level: 80 },
    ]);
  });

  it("passing both levels at once sends the 100 % e-mail only, and records both", async () => {
    await order({ country: "PL", paidAt: "2026-04-01T10:00:00.000Z", pln: { grosze: 24_000_000 } });
    expect(await checkThresholdAlerts(db, NOW)).toEqual([{ threshold: "exemption", level: 100 }]);
    expect((await mails()).map((m) => m.key)).toEqual(["tax-threshold:2026:exemption:100"]);
    expect(await alertRows()).toEqual([
      { year: 2026, threshold: "exemption", level: 80 },
      { year: 2026, threshold: "exemption", level: 100 },
    ]);
  });

  it("two checks at once send each e-mail once", async () => {
    await order({ country: "FR", paidAt: "2026-04-01T10:00:00.000Z", pln: { grosze: 20_000_000 } });
    const results = await Promise.all([checkThresholdAlerts(db, NOW), checkThresholdAlerts(db, NOW), checkThresholdAlerts(db, NOW)]);
    expect(results.flat()).toEqual(
      expect.arrayContaining([
        { threshold: "eu-distance", level: 100 },
        { threshold: "exemption", level: 80 },
      ]),
    );
    expect(results.flat()).toHaveLength(2);
    expect((await mails()).map((m) => m.key).sort()).toEqual(["tax-threshold:2026:eu-distance:100", "tax-threshold:2026:exemption:80"]);
  });

  it("a refund that brings the figure back under 80 % sends nothing, and nothing is taken back", async () => {
    const id = await order({ country: "FR", paidAt: "2026-04-01T10:00:00.000Z", totalCents: 900_000, pln: { grosze: 3_600_000 } });
    await refund(id, 300_000);
    expect(await checkThresholdAlerts(db, NOW)).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  it("the e-mail says what the threshold means and what to do, in English, not as legal advice", async () => {
    const data = {
      year: 2026,
      threshold: "eu-distance" as const,
      level: 80 as const,
      percent: 83,
      amount: "35\u00a0000,00\u00a0zł",
      limit: "42\u00a0000\u00a0zł",
    };
    const mail = renderMail("owner-tax-threshold", data, { storeName: "Shop", appUrl: "https://shop.example", shopEmail: "o@example.com" }, "pl");
    expect(mail.subject).toBe("Tax threshold: EU cross-border sales at 83% in 2026");
    expect(mail.text).toContain("35\u00a0000,00\u00a0zł of 42\u00a0000\u00a0zł (83%)");
    expect(mail.text).toMatch(/OSS/);
    expect(mail.text).toMatch(/accountant/);
    expect(mail.text).toMatch(/not legal advice/);
    expect(mail.text).toContain("https://shop.example/admin");
    const exemption = renderMail(
      "owner-tax-threshold",
      { ...data, threshold: "exemption", level: 100 },
      { storeName: "Shop", appUrl: "https://a.example", shopEmail: "o@example.com" },
    );
    expect(exemption.text).toMatch(/art\. 113 ust\. 1/);
    expect(exemption.text).toMatch(/VAT payer/);
  });

  it("the daily job sends what is due", async () => {
    await order({ country: "PL", paidAt: "2026-04-01T10:00:00.000Z", pln: { grosze: 19_200_000 } });
    expect(await runJob(db, taxThresholdsJob, NOW)).toBe(true);
    expect((await mails()).map((m) => m.key)).toEqual(["tax-threshold:2026:exemption:80"]);
  });

  it("after a payment a failing check is logged, never thrown", async () => {
    await order({ country: "FR", paidAt: "2026-04-01T10:00:00.000Z", pln: { grosze: 4_000_000 } });
    await db.schema.dropTable("tax_threshold_alerts").execute();
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(checkThresholdAlertsAfterPayment(db, NOW)).resolves.toBeUndefined();
    expect(await mails()).toEqual([]);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});
