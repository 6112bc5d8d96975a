import { syncPublicPeriods } from "../../../app/domain/discounts/admin.server";
import { centsToDecimal } from "../../../app/lib/money";
import { DAY, type DB, type DemoContext, HOUR } from "./context";
import { insertRows, iso } from "./helpers";
import { note } from "./ledger";

/*
 * The owner's two discount codes in the demo shop: WELCOME10 she hands to new customers (10% off,
 * once per e-mail, not shown in the shop), and SPRING15, public, so pieces of $80.00 or more show
 * the reduction with the 30-day lowest price. No draws from the random source: the rest of the
 * year's story stays as it was.
 */

interface DemoCode {
  code: string;
  value: number;
  minSubtotalCents: number | null;
  oncePerEmail: boolean;
  public: boolean;
  /** Days before the end of the year she added it. */
  daysAgo: number;
}

const DEMO_CODES: DemoCode[] = [
  { code: "WELCOME10", value: 10, minSubtotalCents: null, oncePerEmail: true, public: false, daysAgo: 300 },
  { code: "SPRING15", value: 15, minSubtotalCents: 8000, oncePerEmail: false, public: true, daysAgo: 12 },
];

/** Plans the codes (ids after any the shop has) and notes their adding in the owner's log. */
export async function planDemoCodes(ctx: DemoContext): Promise<void> {
  const existing = await ctx.db.selectFrom("discounts").select(["id", "code"]).execute();
  let id = Math.max(0, ...existing.map((d) => d.id));
  for (const c of DEMO_CODES) {
    if (existing.some((d) => d.code === c.code)) continue;
    // Half past nine on her working day.
    const when = Math.floor((ctx.now - c.daysAgo * DAY) / DAY) * DAY + 9.5 * HOUR;
    if (when < ctx.start || when >= ctx.latest) continue;
    id++;
    ctx.rows.discounts.push({
      id,
      code: c.code,
      type: "percent",
      value: c.value,
      min_subtotal_cents: c.minSubtotalCents,
      once_per_email: c.oncePerEmail ? 1 : 0,
      public: c.public ? 1 : 0,
      active: 1,
      created_at: iso(when),
      updated_at: iso(when),
    });
    note(ctx, when, "discount.create", `Discount code added: ${c.code}`, "discount", id, {
      code: [null, c.code],
      type: [null, "percent"],
      value: [null, c.value],
      minSubtotal: [null, c.minSubtotalCents === null ? null : centsToDecimal(c.minSubtotalCents)],
      oncePerEmail: [null, c.oncePerEmail],
      public: [null, c.public],
      active: [null, true],
    });
  }
}

/** Writes the planned codes and, for the public one, its period from the day she added it (the shop's own rule). */
export async function insertDemoCodes(trx: DB, ctx: DemoContext): Promise<void> {
  await insertRows(trx, "discounts", ctx.rows.discounts);
  for (const row of ctx.rows.discounts) {
    const terms = {
      type: "percent" as const,
      value: Number(row.value),
      minSubtotalCents: row.min_subtotal_cents === null ? null : Number(row.min_subtotal_cents),
      public: row.public === 1,
      active: true,
      startsAt: null,
      endsAt: null,
    };
    await syncPublicPeriods(trx, Number(row.id), null, terms, new Date(String(row.created_at)));
  }
}
