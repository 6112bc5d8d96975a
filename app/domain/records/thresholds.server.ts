import { sql } from "kysely";
import { isEuCountry } from "~/domain/common/eu";
import { rateBefore, type StoredRate } from "~/domain/currency/rates.server";
import { isoToShopLocal, shopLocalToIso } from "~/domain/common/shop-time";
import { enqueueMail, getOwnerAddress } from "~/domain/mail/outbox.server";
import { isPaidLike, ORDER_STATUSES } from "~/domain/orders/status";
import {
  ALERT_LEVELS,
  type AlertLevel,
  formatZloty,
  levelReached,
  percentOf,
  THRESHOLD_LABELS,
  THRESHOLD_LIMITS_GROSZE,
  type ThresholdKey,
} from "~/domain/records/thresholds";
import { plnGrosze } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

/*
 * The year's sales in złoty against the EU distance-selling threshold and the exemption limit
 * (docs/tax.md): one query for the year's paid orders, a loop over them, and an e-mail to the
 * owner at 80 % and at 100 % of each, once per year.
 */

export interface ThresholdFigure {
  key: ThresholdKey;
  label: string;
  grosze: number;
  limitGrosze: number;
  percent: number;
  /** '12 345,67 zł' */
  amount: string;
  /** '42 000 zł' */
  limit: string;
}

export interface ThresholdSummary {
  /** The calendar year in Warsaw. */
  year: number;
  eu: ThresholdFigure;
  all: ThresholdFigure;
  /** Paid orders of the year with no złoty record and no stored rate before their payment day: not counted yet. */
  withoutRate: number;
}

const PAID_LIKE = ORDER_STATUSES.filter(isPaidLike);

/** The year's first instant in Warsaw, as the ISO string paid_at is compared with. */
function yearStart(year: number): string {
  return shopLocalToIso(`${year}-01-01T00:00`)!;
}

/** The year `now` falls in, on the Warsaw calendar. */
export function warsawYear(now: Date): number {
  return Number(isoToShopLocal(now.toISOString()).slice(0, 4));
}

function figure(key: ThresholdKey, grosze: number): ThresholdFigure {
  const limitGrosze = THRESHOLD_LIMITS_GROSZE[key];
  return {
    key,
    label: THRESHOLD_LABELS[key],
    grosze,
    limitGrosze,
    percent: percentOf(grosze, limitGrosze),
    amount: formatZloty(grosze),
    limit: formatZloty(limitGrosze, true),
  };
}

/**
 * rateBefore for many days with two reads: the last table before the year, then the year's own
 * (about 250); each day then takes the newest one dated strictly before it.
 */
async function ratesOfYear(db: DB, year: number): Promise<(date: string) => StoredRate | null> {
  const before = await rateBefore(db, `${year}-01-01`);
  const during = await db
    .selectFrom("exchange_rates")
    .select(["currency", "effective_date as effectiveDate", "table_no as tableNo", "mid", "fetched_at as fetchedAt"])
    .where("currency", "=", "USD")
    .where("effective_date", ">=", `${year}-01-01`)
    .where("effective_date", "<", `${year + 1}-01-01`)
    .orderBy("effective_date")
    .execute();
  const all: StoredRate[] = before ? [before, ...during] : during;
  return (date) => {
    let found: StoredRate | null = null;
    for (const rate of all) {
      if (rate.effectiveDate >= date) break;
      found = rate;
    }
    return found;
  };
}

/**
 * The year's figures: each paid-like order paid in the year (Warsaw time), less its completed
 * refunds, in złoty: its own record (orders.pln_*) when it has one, else its total at the rate
 * before its payment day; without either it is counted in `withoutRate` instead.
 */
export async function getThresholdSummary(db: DB, now: Date = new Date()): Promise<ThresholdSummary> {
  const year = warsawYear(now);
  const rows = await db
    .selectFrom("orders as o")
    .select([
      "o.total_cents as totalCents",
      "o.paid_at as paidAt",
      "o.shipping_country as country",
      "o.pln_total_grosze as plnTotal",
      "o.pln_mid as plnMid",
      // The shop's own automatic refunds give back a second capture, never part of the total.
      sql<number>`(select coalesce(sum(r.amount_cents), 0) from refunds r where r.order_id = o.id and r.status = 'COMPLETED' and r.kind != 'automatic')`.as(
        "refunded",
      ),
    ])
    .where("o.status", "in", PAID_LIKE)
    .where("o.paid_at", ">=", yearStart(year))
    .where("o.paid_at", "<", yearStart(year + 1))
    .execute();
  const rateOn = rows.some((r) => r.plnTotal === null) ? await ratesOfYear(db, year) : () => null;
  let eu = 0;
  let all = 0;
  let withoutRate = 0;
  for (const row of rows) {
    const refunded = Math.min(Number(row.refunded), row.totalCents);
    let grosze: number;
    if (row.plnTotal !== null) {
      const refundGrosze = row.plnMid ? plnGrosze(refunded, row.plnMid) : Math.round((row.plnTotal * refunded) / Math.max(1, row.totalCents));
      grosze = row.plnTotal - refundGrosze;
    } else {
      const rate = rateOn(isoToShopLocal(row.paidAt!).slice(0, 10));
      if (!rate) {
        withoutRate += 1;
        continue;
      }
      grosze = plnGrosze(row.totalCents - refunded, rate.mid);
    }
    grosze = Math.max(0, grosze);
    all += grosze;
    if (isEuCountry(row.country) && row.country !== "PL") eu += grosze;
  }
  return { year, eu: figure("eu-distance", eu), all: figure("exemption", all), withoutRate };
}

export interface ThresholdAlertSent {
  threshold: ThresholdKey;
  level: AlertLevel;
}

/**
 * One e-mail to the owner when a threshold's figure first reaches 80 % of it in a year, and one
 * when it reaches 100 %: the tax_threshold_alerts row (its key is year, threshold, level) is
 * written in the transaction that queues the mail, so two runs at once send it once. Passing both
 * levels at once sends the 100 % one only. Answers what was sent now.
 */
export async function checkThresholdAlerts(db: DB, now: Date = new Date()): Promise<ThresholdAlertSent[]> {
  const summary = await getThresholdSummary(db, now);
  const sent: ThresholdAlertSent[] = [];
  for (const fig of [summary.eu, summary.all]) {
    const reached = levelReached(fig.grosze, fig.limitGrosze);
    if (reached === null) continue;
    const mailed = await db.transaction().execute(async (trx) => {
      const inserted: AlertLevel[] = [];
      for (const level of ALERT_LEVELS.filter((l) => l <= reached)) {
        const result = await trx
          .insertInto("tax_threshold_alerts")
          .values({ year: summary.year, threshold: fig.key, level, sent_at: now.toISOString() })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) inserted.push(level);
      }
      if (!inserted.includes(reached)) return false;
      await enqueueMail(trx, {
        eventKey: `tax-threshold:${summary.year}:${fig.key}:${reached}`,
        to: await getOwnerAddress(trx),
        kind: "owner-tax-threshold",
        userId: null,
        data: { year: summary.year, threshold: fig.key, level: reached, percent: fig.percent, amount: fig.amount, limit: fig.limit },
      });
      return true;
    });
    if (mailed) sent.push({ threshold: fig.key, level: reached });
  }
  return sent;
}

/** After a payment: the alerts are checked, and a failure is logged, never the payment's. */
export async function checkThresholdAlertsAfterPayment(db: DB, now: Date = new Date()): Promise<void> {
  try {
    await checkThresholdAlerts(db, now);
  } catch (error) {
    console.error("Checking the tax thresholds after a payment failed", error);
  }
}
