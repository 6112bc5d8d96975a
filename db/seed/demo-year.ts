import { planDemoCodes } from "./demo-year/discounts";
import { addMadeToOrderPieces, planMadeToOrderPhotos } from "./demo-year/made-to-order";
import { loadCatalogue, planColourPhotos } from "./demo-year/catalogue";
import { type DB, type DemoContext, type DemoYearOptions } from "./demo-year/context";
import { replay } from "./demo-year/ledger";
import { openDemoYear } from "./demo-year/open";
import { scheduleOrderLives } from "./demo-year/order-life";
import { openAccounts, planFates, planOrderDates, planOrders, planWithdrawals } from "./demo-year/orders";
import { scheduleOwnerDays } from "./demo-year/owner-days";
import { planPeople } from "./demo-year/people";
import { writePhotoFiles } from "./demo-year/photos";
import { planReviews, writeReviews } from "./demo-year/reviews";
import { writeYear } from "./demo-year/write";
import { writeDemoPages } from "./demo-year/pages";

/*
 * A year of a working shop for `npm run demo` only (never the plain seed): customers with
 * loyalty histories, ~250 orders in every status with their money, history, refunds and
 * withdrawals, the owner's activity, reviews with photos, made-to-order pieces and photos per
 * colour. Everything is planned in memory first, replaying the year in time order so balances,
 * holds and histories agree the way the shop's own code would have left them; then it is
 * written in one transaction. It runs only on a shop without orders, so a second run is a no-op.
 *
 * The steps below share one context (demo-year/context.ts) and draw from one seeded random
 * source in this order: moving a step, or a draw inside one, changes the story every demo shop
 * tells (docs/decisions/demo-year.md).
 */

export { addBusinessDays } from "./demo-year/helpers";
export { DEMO_CUSTOMER_PASSWORD } from "./demo-year/open";
export { reviewPhotoSvg } from "./demo-year/photos";
export type { DemoYearOptions } from "./demo-year/context";

export interface DemoYearSummary {
  /** The shop already had orders: nothing was written. */
  skipped: boolean;
  customers: number;
  orders: number;
  reviews: number;
  reviewPhotos: number;
  colourImages: number;
  madeToOrderProducts: number;
  activity: number;
}

/**
 * Fills the demo shop's year. Needs the seeded catalogue (db/seed seedDemo); does nothing when
 * the shop already has an order.
 */
export async function seedDemoYear(db: DB, opts: DemoYearOptions): Promise<DemoYearSummary> {
  const ctx = await openDemoYear(db, opts);
  if (!ctx) return { skipped: true, customers: 0, orders: 0, reviews: 0, reviewPhotos: 0, colourImages: 0, madeToOrderProducts: 0, activity: 0 };

  // The plan: the catalogue over the year, the people, the orders and their fates.
  await loadCatalogue(ctx);
  await planPeople(ctx);
  const dates = planOrderDates(ctx);
  addMadeToOrderPieces(ctx);
  await planOrders(ctx, dates);
  openAccounts(ctx);
  planFates(ctx);
  planWithdrawals(ctx);

  // The year replayed in time order: what each moment of an order's life and the owner's days write.
  scheduleOrderLives(ctx);
  scheduleOwnerDays(ctx);
  await planDemoCodes(ctx);
  replay(ctx);

  // What the year left: reviews, photos, then every row.
  await planReviews(ctx);
  writeReviews(ctx);
  await planColourPhotos(ctx);
  planMadeToOrderPhotos(ctx);
  await writePhotoFiles(ctx);
  await writeYear(ctx);
  await writeDemoPages(ctx);

  return summarise(ctx);
}

function summarise(ctx: DemoContext): DemoYearSummary {
  const summary: DemoYearSummary = {
    skipped: false,
    customers: ctx.customers.length,
    orders: ctx.orders.length,
    reviews: ctx.rows.reviews.length,
    reviewPhotos: ctx.rows.reviewPhotos.length,
    colourImages: ctx.rows.colourImages.length,
    madeToOrderProducts: ctx.madeToOrderIds.length,
    activity: ctx.ledger.activity.length,
  };
  ctx.log(
    `demo year: ${summary.customers} customers, ${summary.orders} orders, ${summary.reviews} reviews (${summary.reviewPhotos} photos), ` +
      `${summary.colourImages} colour photos, ${summary.madeToOrderProducts} made-to-order pieces, ${summary.activity} activity rows`,
  );
  return summary;
}
