import { pointsEarned } from "../../../app/domain/loyalty/rules";
import { shippingRateFor } from "../../../app/domain/orders/totals";
import { CUSTOMER_MESSAGES } from "../demo-year-data";
import { type Customer, DAY, type DemoContext, type Fate, FRESH, HOUR, ORDER_COUNT, type PlannedItem, type ProductInfo, YEAR_DAYS } from "./context";
import { addBusinessDays, between, dayWeight, nextId, paypalId, pick, trackingNumber, weightedPick, workingHours } from "./helpers";

interface OrderDate {
  at: number;
  /** Set for the freshest orders only; the others get theirs by age (planFates). */
  fate: Fate | null;
}

/** When each order is placed: a day weighted by the season, a waking hour; the freshest few at fixed hours. */
export function planOrderDates(ctx: DemoContext): OrderDate[] {
  const { rnd, start, now } = ctx;
  const dayWeights: number[] = [];
  for (let d = 0; d < YEAR_DAYS - 3; d++) dayWeights.push(dayWeight(new Date(start + d * DAY), d));
  const totalWeight = dayWeights.reduce((a, b) => a + b, 0);
  const sampledDates: number[] = [];
  for (let i = 0; i < ORDER_COUNT - FRESH.length; i++) {
    let r = rnd() * totalWeight;
    let d = 0;
    while (d < dayWeights.length - 1 && r > dayWeights[d]!) r -= dayWeights[d++]!;
    const dayStart = start + d * DAY;
    sampledDates.push(Math.max(start + HOUR, dayStart - (dayStart % DAY) + Math.round(between(rnd, 7, 23) * HOUR)));
  }
  return [
    ...sampledDates.map((at) => ({ at: Math.min(at, now - 3 * DAY), fate: null as Fate | null })),
    ...FRESH.map((f) => ({ at: now - f.hoursAgo * HOUR, fate: f.fate as Fate | null })),
  ].sort((a, b) => a.at - b.at);
}

/** Each order with its lines and buyer, still unpaid: the replay moves it through its life. */
export async function planOrders(ctx: DemoContext, dates: readonly OrderDate[]): Promise<void> {
  const { rnd, products } = ctx;
  let orderId = await nextId(ctx.db, "orders");
  const nextItemId = { value: await nextId(ctx.db, "order_items") };
  const forcedMade = { count: 0 };
  // Some customers come back again and again; most order once or twice.
  const customerWeights = ctx.customers.map((_, i) => 1 / (1 + i * 0.12));
  for (const p of dates) {
    const available = products.filter((x) => x.createdAt < p.at - DAY);
    const pool = available.length > 0 ? available : [...products].sort((a, b) => a.createdAt - b.createdAt).slice(0, 3);
    const items = planItems(ctx, p, pool, nextItemId, forcedMade);
    const subtotal = items.reduce((s, i) => s + i.product.priceCents * i.quantity, 0);
    const customer = rnd() < 0.13 ? null : pickCustomer(ctx, customerWeights);
    const guest = customer ? null : pick(rnd, ctx.guests);
    const country = (customer ?? guest!).address.country;
    const zone = ctx.zones.get(country);
    if (!zone) throw new Error(`No shipping zone ships to ${country}: the demo year's addresses must be in the seeded zones`);
    const rate = shippingRateFor(
      items.map((i) => ({ isLarge: i.product.isLarge, unitPriceCents: i.product.priceCents, quantity: i.quantity })),
      zone,
    );
    const mtoLead = Math.max(0, ...items.filter((i) => i.product.madeToOrder).map((i) => i.product.leadTimeDays));
    ctx.orders.push({
      id: orderId++,
      createdAt: p.at,
      fate: p.fate ?? "fulfilled",
      customer,
      guest,
      items,
      subtotal,
      shipping: rate.priceCents,
      shippingName: rate.name,
      shippingZone: zone.name,
      discount: 0,
      pointsUsed: 0,
      pointsTaken: 0,
      pointsToEarn: pointsEarned(ctx.loyalty, subtotal),
      pointsAwarded: 0,
      pointsOwed: 0,
      status: "unpaid",
      paidAt: null,
      shippedAt: null,
      deliveredAt: null,
      updatedAt: p.at,
      tracking: null,
      paypalOrderId: null,
      captureId: null,
      expectedShipDate: mtoLead > 0 ? addBusinessDays(new Date(p.at), mtoLead) : null,
      message: rnd() < 0.08 ? pick(rnd, CUSTOMER_MESSAGES) : null,
      packAt: null,
      cancelAt: null,
      returnAt: null,
      withdrawalAt: null,
    });
  }
}

/** One to three different pieces, drawn by popularity from what the shop offered then. */
function planItems(ctx: DemoContext, p: OrderDate, pool: readonly ProductInfo[], nextItemId: { value: number }, forcedMade: { count: number }): PlannedItem[] {
  const { rnd, products, madeToOrderIds } = ctx;
  const lineCount = rnd() < 0.55 ? 1 : rnd() < 0.67 ? 2 : 3;
  const items: PlannedItem[] = [];
  for (let l = 0; l < lineCount; l++) {
    const candidates = pool.filter((x) => !items.some((i) => i.product.id === x.id));
    if (candidates.length === 0) break;
    // The freshest orders being made: a made-to-order piece each, so its ship date shows.
    const forcedId = l === 0 && p.fate === "processing" ? madeToOrderIds[forcedMade.count++ % madeToOrderIds.length] : undefined;
    const forced = forcedId === undefined ? undefined : products.find((x) => x.id === forcedId);
    const product = forced ?? weightedPick(rnd, candidates);
    const quantity = product.madeToOrder || rnd() < 0.86 ? 1 : 2;
    items.push({
      id: nextItemId.value++,
      product,
      colorId: product.colors.length > 0 ? pick(rnd, product.colors) : null,
      variation: product.variations.length > 0 ? pick(rnd, product.variations) : null,
      quantity,
      returned: 0,
      stockTaken: 0,
    });
  }
  return items;
}

function pickCustomer(ctx: DemoContext, weights: readonly number[]): Customer {
  const { customers } = ctx;
  const sum = weights.reduce((a, b) => a + b, 0);
  let r = ctx.rnd() * sum;
  for (let c = 0; c < customers.length; c++) {
    r -= weights[c]!;
    if (r <= 0) return customers[c]!;
  }
  return customers[customers.length - 1]!;
}

/** Each customer's account is opened shortly before her first order (or some time in the year). */
export function openAccounts(ctx: DemoContext): void {
  const { rnd, start } = ctx;
  for (const c of ctx.customers) {
    const first = ctx.orders.find((o) => o.customer === c);
    c.createdAt = first ? first.createdAt - between(rnd, 0.2, 20) * DAY : start + between(rnd, 10, 340) * DAY;
    c.createdAt = Math.max(c.createdAt, start + HOUR);
  }
}

/** Fates and moments, by age: paid, packed, cancelled, shipped, delivered or returned. The last moment of anything is an hour before now. */
export function planFates(ctx: DemoContext): void {
  const { rnd, now, latest } = ctx;
  for (const o of ctx.orders) {
    const ageDays = (now - o.createdAt) / DAY;
    if (o.fate === "fulfilled") {
      const r = rnd();
      if (r < 0.06) o.fate = "expired";
      else if (r < 0.1 && ageDays > 5) o.fate = "cancelled";
      // Pieces made to the buyer's own measurements are not taken back.
      else if (r < 0.145 && ageDays > 30 && o.items.some((i) => !i.product.personalised)) o.fate = "returned";
    }
    if (o.fate === "unpaid" || o.fate === "expired") continue;
    o.paidAt = o.createdAt + between(rnd, 2, 40) * 60_000;
    o.paypalOrderId = paypalId(rnd);
    o.captureId = paypalId(rnd);
    if (o.fate === "paid" || o.fate === "cancel_request") continue;
    o.packAt = workingHours(o.paidAt + between(rnd, 0.3, 1.5) * DAY, rnd);
    if (o.fate === "processing") {
      o.packAt = Math.max(o.paidAt + HOUR, Math.min(o.packAt, latest - between(rnd, 1, 5) * HOUR));
      continue;
    }
    if (o.fate === "cancelled") {
      o.packAt = null;
      o.cancelAt = workingHours(o.paidAt + between(rnd, 3, 40) * HOUR, rnd);
      continue;
    }
    // Shipping: a day or few after payment, or when a made-to-order piece is finished.
    const readyAt = workingHours(
      o.expectedShipDate ? Date.parse(`${o.expectedShipDate}T00:00:00Z`) + between(rnd, 9, 17) * HOUR : o.paidAt + between(rnd, 0.8, 3.5) * DAY,
      rnd,
    );
    o.packAt = Math.max(o.paidAt + 10 * 60_000, Math.min(o.packAt, readyAt - between(rnd, 1, 4) * HOUR));
    if (readyAt > latest) {
      o.fate = o.packAt < latest ? "processing" : "paid";
      if (o.fate === "paid") o.packAt = null;
      continue;
    }
    o.shippedAt = readyAt;
    o.tracking = trackingNumber(rnd);
    // The owner marks it delivered when she hears it arrived (her working hours, like all her work).
    const arrives = workingHours(o.shippedAt + between(rnd, 5, 14) * DAY, rnd);
    if (o.fate === "returned") {
      const back = workingHours(arrives + between(rnd, 3, 12) * DAY, rnd);
      if (back < latest) {
        o.deliveredAt = arrives;
        o.returnAt = back;
        continue;
      }
      o.fate = "fulfilled";
    }
    if (arrives < latest && rnd() < 0.35) o.deliveredAt = arrives;
  }
}

/** One cancelled and one returned order came with the customer's withdrawal from the contract. */
export function planWithdrawals(ctx: DemoContext): void {
  const { orders, now } = ctx;
  const withdrawnCancel = orders.find((o) => o.fate === "cancelled" && (now - o.createdAt) / DAY > 20);
  if (withdrawnCancel) withdrawnCancel.withdrawalAt = withdrawnCancel.paidAt! + (withdrawnCancel.cancelAt! - withdrawnCancel.paidAt!) / 2;
  const withdrawnReturn = orders.find((o) => o.fate === "returned" && (now - o.createdAt) / DAY > 60);
  if (withdrawnReturn) withdrawnReturn.withdrawalAt = withdrawnReturn.deliveredAt! + (withdrawnReturn.returnAt! - withdrawnReturn.deliveredAt!) / 3;
}
