import { backupCron, runBackup } from "~/domain/ops/backup.server";
import { runMailSender, startMailKicks } from "~/domain/mail/sender.server";
import { endLapsedHolds, purgeEndedHolds } from "~/domain/catalogue/made-to-order-holds.server";
import { expireUnpaidOrders } from "~/domain/orders/expiry.server";
import { type Job, registerJob, runJob, startJobs } from "~/domain/ops/jobs.server";
import { purgeExpiredGuestData, purgeUnconfirmedBackInStock } from "~/domain/ops/purge.server";
import { getPaypalClient } from "~/lib/paypal-client.server";
import { reconcilePayments } from "~/domain/payments/reconcile.server";
import { remindUnhandledWithdrawals } from "~/domain/withdrawals/withdrawals.server";
import { queueReviewRequests } from "~/domain/reviews/request-mail.server";
import { type DB } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { refreshNbpRates } from "~/domain/currency/nbp.server";
import { fillMissingPlnRecords } from "~/domain/records/tax.server";
import { latestRate } from "~/domain/currency/rates.server";
import { checkThresholdAlerts } from "~/domain/records/thresholds.server";

/**
 * Every background job of the shop is registered here (registerJob from
 * ~/domain/ops/jobs.server: { name, schedule, once, run }) and started once per server process
 * when the server calls startJobs() (app/entry.server.tsx, from server/worker.ts once it listens).
 * Importing the build starts nothing. JOBS=off starts none.
 */
export function registerServerJobs(): void {
  const env = getEnv();
  // The daily backup at BACKUP_AT (UTC), in one process.
  registerJob({
    name: "backup",
    schedule: backupCron(env.BACKUP_AT),
    once: true,
    run: async (jobDb) => {
      await runBackup(jobDb, { databasePath: env.DATABASE_PATH, uploadDir: env.UPLOAD_DIR, backupDir: env.BACKUP_DIR, trigger: "schedule" });
    },
  });
  // Payments PayPal completed or the buyer approved, but the shop never heard about.
  registerJob({
    name: "reconcile-payments",
    schedule: { everyMs: 5 * 60_000 },
    once: true,
    run: async (db, now) => {
      const paypal = getPaypalClient();
      if (paypal) await reconcilePayments(db, paypal, now);
    },
  });
  // Unpaid orders older than UNPAID_ORDER_HOURS become 'unpaidcancelled'.
  registerJob({
    name: "expire-unpaid-orders",
    schedule: "7 * * * *",
    once: true,
    run: async (db, now) => {
      await expireUnpaidOrders(db, now, env.UNPAID_ORDER_HOURS);
    },
  });
  // Made-to-order holds whose time ran out are marked ended: the write lets the cached catalogue
  // show the freed places within the minute (the counts themselves compare the time).
  registerJob({
    name: "end-made-to-order-holds",
    schedule: { everyMs: 60_000 },
    once: true,
    run: async (db, now) => {
      await endLapsedHolds(db, now);
    },
  });
  // Expired sessions, the guest carts no live session can reach any more, back-in-stock
  // requests nobody confirmed, and made-to-order holds past their memory.
  registerJob({
    name: "purge-expired-sessions",
    schedule: "41 * * * *",
    once: true,
    run: async (db, now) => {
      await purgeExpiredGuestData(db, now);
      await purgeUnconfirmedBackInStock(db, now);
      await purgeEndedHolds(db, now);
    },
  });
  // One review request per delivered order, review_request_days after delivery (admin Settings).
  registerJob({
    name: "review-requests",
    schedule: "29 * * * *",
    once: true,
    run: async (db, now) => {
      await queueReviewRequests(db, now);
    },
  });
  // Withdrawals the owner has not handled for 7 days: one reminder each.
  registerJob({
    name: "remind-withdrawals",
    schedule: "23 * * * *",
    once: true,
    run: async (db, now) => {
      await remindUnhandledWithdrawals(db, now);
    },
  });
  registerJob(taxThresholdsJob);
  registerJob(nbpRatesJob);
}

/**
 * The year's sales against the tax thresholds, daily: the owner's 80 % and 100 % e-mails (once
 * each a year) also when a payment's own check failed, or a refund or a late rate moved the figures.
 */
export const taxThresholdsJob: Job = {
  name: "tax-thresholds",
  schedule: "47 6 * * *",
  once: true,
  run: async (db, now) => {
    await checkThresholdAlerts(db, now);
  },
};

/**
 * The National Bank of Poland's table A (published about noon in Warsaw on business days): in the
 * morning for a day the shop missed, after noon, and later in case it was late. A failure keeps
 * the stored rate and writes one log line; the job never throws.
 */
export const nbpRatesJob: Job = {
  name: "nbp-rates",
  schedule: "13 7,11,15 * * *",
  once: true,
  run: async (db, now) => {
    const result = await refreshNbpRates(db, { base: getEnv().NBP_API_BASE, now });
    if (result.outcome === "failed") logger.warn({ job: "nbp-rates" }, `NBP rate not updated, the stored one stays: ${result.reason}`);
    else if (result.outcome === "stored")
      logger.info({ job: "nbp-rates" }, `NBP rate ${result.latest.tableNo}: ${result.latest.mid} (${result.stored} stored)`);
    // Orders paid while no rate before their day was stored get their złoty record now.
    const filled = await fillMissingPlnRecords(db);
    if (filled > 0) logger.info({ job: "nbp-rates" }, `${filled} paid orders got their złoty record`);
  },
};

/**
 * A shop without any rate yet (new, or offline until now) asks the bank at once, not at the next
 * slot: until then Polish pages show no złoty amounts. Then once a minute a few times, in case the
 * bank (or the demo's stand-in, starting beside the shop) was not there yet.
 */
function fetchFirstRate(db: DB, attempt = 0): void {
  void latestRate(db)
    .then(async (rate) => {
      if (rate || attempt >= 5) return;
      await runJob(db, nbpRatesJob);
      setTimeout(() => fetchFirstRate(db, attempt + 1), 60_000).unref();
    })
    .catch(() => undefined);
}

export function startServerJobs(db: DB): void {
  registerServerJobs();
  // The outbox sender runs in every process (once: false): rows are claimed one by one with a
  // conditional UPDATE, so no two processes send the same message. Without SMTP_URL it does nothing.
  registerJob({ name: "mail-sender", schedule: { everyMs: 2000 }, once: false, run: (db) => runMailSender(db) });
  startJobs(db);
  if (process.env.JOBS !== "off") startMailKicks(db);
  if (process.env.JOBS !== "off") fetchFirstRate(db);
}
