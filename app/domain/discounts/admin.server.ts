import { type Selectable } from "kysely";
import { DomainError } from "~/domain/common/errors";
import { DISCOUNT_ADMIN_TEXT as T } from "~/domain/discounts/admin-texts";
import { type DiscountType } from "~/domain/discounts/rules";
import { type DiscountInput, type DiscountPatch } from "~/domain/discounts/schemas";
import { type Actor, diffFields, logActivity, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { type DiscountsTable } from "~/lib/db-schema/discounts";
import { centsToDecimal } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

/*
 * The owner's discount codes: the Discounts tab and /api/admin/discounts read and write them here.
 * Each write is one transaction with its activity row and the code's public periods (the terms a
 * public code offered everyone, from when to when), which the prior-price rule reads.
 */

/** A code as the owner sees it. `value`: whole percent points, cents, or 0 for free shipping. */
export interface AdminDiscount {
  id: number;
  code: string;
  type: DiscountType;
  value: number;
  minSubtotalCents: number | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  uses: number;
  oncePerEmail: boolean;
  public: boolean;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

function fromRow(r: Selectable<DiscountsTable>): AdminDiscount {
  return {
    id: r.id,
    code: r.code,
    type: r.type,
    value: r.value,
    minSubtotalCents: r.min_subtotal_cents,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    maxUses: r.max_uses,
    uses: r.uses,
    oncePerEmail: r.once_per_email === 1,
    public: r.public === 1,
    active: r.active === 1,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Every code, newest first. */
export async function listDiscounts(db: DB): Promise<AdminDiscount[]> {
  const rows = await db.selectFrom("discounts").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(fromRow);
}

export async function getDiscount(db: DB, id: number): Promise<AdminDiscount | null> {
  const row = await db.selectFrom("discounts").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** A code as the API answers it: an amount as "5.00", a percent as its whole number, free shipping 0. */
export function discountJson(d: AdminDiscount) {
  return {
    id: d.id,
    code: d.code,
    type: d.type,
    value: d.type === "amount" ? centsToDecimal(d.value) : d.type === "percent" ? d.value : 0,
    minSubtotal: d.minSubtotalCents === null ? null : centsToDecimal(d.minSubtotalCents),
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    maxUses: d.maxUses,
    uses: d.uses,
    oncePerEmail: d.oncePerEmail,
    public: d.public,
    active: d.active,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

/** What decides a code's public periods. */
export type PeriodTerms = Pick<AdminDiscount, "type" | "value" | "minSubtotalCents" | "public" | "active" | "startsAt" | "endsAt">;

/** A code that offers a lower price to everyone: active, public, and taking something off the items. */
function offersPublicly(t: PeriodTerms): boolean {
  return t.active && t.public && t.type !== "shipping";
}

async function openPeriod(trx: DB, discountId: number, t: PeriodTerms, now: string): Promise<void> {
  if (!offersPublicly(t)) return;
  // A code that has ended offered nothing from now on.
  if (t.endsAt !== null && t.endsAt <= now) return;
  const startsAt = t.startsAt !== null && t.startsAt > now ? t.startsAt : now;
  await trx
    .insertInto("discount_public_periods")
    .values({ discount_id: discountId, type: t.type, value: t.value, min_subtotal_cents: t.minSubtotalCents, starts_at: startsAt, ends_at: t.endsAt })
    .execute();
}

/** Ends the code's offer now: a period not begun yet is dropped, a running one ends now. */
async function closePeriods(trx: DB, discountId: number, now: string): Promise<void> {
  await trx.deleteFrom("discount_public_periods").where("discount_id", "=", discountId).where("starts_at", ">", now).execute();
  await trx
    .updateTable("discount_public_periods")
    .set({ ends_at: now })
    .where("discount_id", "=", discountId)
    .where("starts_at", "<=", now)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
    .execute();
}

/** Only the end moved: the running or coming period keeps its start and takes the new end. */
async function moveEnd(trx: DB, discountId: number, after: PeriodTerms, now: string): Promise<void> {
  const live = await trx
    .selectFrom("discount_public_periods")
    .select(["id", "starts_at"])
    .where("discount_id", "=", discountId)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
    .execute();
  if (live.length === 0) {
    // An ended offer given a later end is offered again from now.
    await openPeriod(trx, discountId, after, now);
    return;
  }
  const end = after.endsAt;
  for (const period of live) {
    if (period.starts_at > now) {
      if (end !== null && end <= period.starts_at) await trx.deleteFrom("discount_public_periods").where("id", "=", period.id).execute();
      else await trx.updateTable("discount_public_periods").set({ ends_at: end }).where("id", "=", period.id).execute();
    } else {
      // What ran until now stays in the record, even when the new end is already past.
      await trx
        .updateTable("discount_public_periods")
        .set({ ends_at: end !== null && end < now ? now : end })
        .where("id", "=", period.id)
        .execute();
    }
  }
}

/**
 * Keeps a code's public periods in step with a write (call it in the write's transaction):
 * created (`before` null) → a period when it offers publicly; terms, visibility, activity or start
 * changed → the open periods close and a new one opens if it still offers; only the end changed
 * → the open period takes the new end. Anything else touches no period.
 */
export async function syncPublicPeriods(trx: DB, discountId: number, before: PeriodTerms | null, after: PeriodTerms, now: Date): Promise<void> {
  const at = now.toISOString();
  if (before === null) return openPeriod(trx, discountId, after, at);
  const keys = ["type", "value", "minSubtotalCents", "public", "active", "startsAt"] as const;
  if (keys.some((k) => before[k] !== after[k])) {
    await closePeriods(trx, discountId, at);
    await openPeriod(trx, discountId, after, at);
    return;
  }
  if (before.endsAt !== after.endsAt && offersPublicly(after)) await moveEnd(trx, discountId, after, at);
}

/** What the activity log compares: a code's fields as the owner reads them. */
function logged(d: Omit<AdminDiscount, "id" | "uses" | "createdAt" | "updatedAt">): Record<string, unknown> {
  return {
    code: d.code,
    type: d.type,
    value: d.type === "amount" ? centsToDecimal(d.value) : d.value,
    minSubtotal: d.minSubtotalCents === null ? null : centsToDecimal(d.minSubtotalCents),
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    maxUses: d.maxUses,
    oncePerEmail: d.oncePerEmail,
    public: d.public,
    active: d.active,
  };
}

function columns(d: Omit<DiscountInput, "code">) {
  return {
    type: d.type,
    value: d.type === "shipping" ? 0 : d.value,
    min_subtotal_cents: d.minSubtotal,
    starts_at: d.startsAt,
    ends_at: d.endsAt,
    max_uses: d.maxUses,
    once_per_email: d.oncePerEmail ? 1 : 0,
    public: d.public ? 1 : 0,
    active: d.active ? 1 : 0,
  };
}

interface WriteOptions {
  now?: Date;
}

/** Adds a code, with its activity row and public period; 409 on `code` when the code exists. */
export async function createDiscount(db: DB, input: DiscountInput, actor: Actor = SYSTEM_ACTOR, opts: WriteOptions = {}): Promise<AdminDiscount> {
  const now = opts.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom("discounts").select("id").where("code", "=", input.code).executeTakeFirst();
    if (taken) throw new DomainError(T.codeTaken(input.code), 409, "code");
    const at = now.toISOString();
    const row = await trx
      .insertInto("discounts")
      .values({ code: input.code, ...columns(input), created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    const created = fromRow(row);
    await syncPublicPeriods(trx, created.id, null, created, now);
    await logActivity(trx, {
      actor,
      kind: "discount.create",
      subjectType: "discount",
      subjectId: created.id,
      summary: `Discount code added: ${created.code}`,
      changes: diffFields({}, logged(created)),
    });
    return created;
  });
}

/**
 * Changes a code's fields given in `patch`, with its activity row and public periods. 404 for an
 * unknown id; 400 when `code` is another code (a code is never renamed), when the end would not
 * be after the start, when a new type comes without its value, and on `maxUses` below the orders
 * that use the code now.
 */
export async function updateDiscount(db: DB, id: number, patch: DiscountPatch, actor: Actor = SYSTEM_ACTOR, opts: WriteOptions = {}): Promise<AdminDiscount> {
  const now = opts.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const before = await getDiscount(trx, id);
    if (!before) throw new DomainError(T.unknownDiscount, 404);
    if (patch.code !== undefined && patch.code !== before.code) throw new DomainError(T.codeUnchangeable, 400, "code");
    const type = patch.type ?? before.type;
    if (type !== before.type && type !== "shipping" && patch.value === undefined) throw new DomainError(T.valueForNewType, 400, "value");
    const next = {
      type,
      value: patch.value ?? before.value,
      minSubtotal: patch.minSubtotal !== undefined ? patch.minSubtotal : before.minSubtotalCents,
      startsAt: patch.startsAt !== undefined ? patch.startsAt : before.startsAt,
      endsAt: patch.endsAt !== undefined ? patch.endsAt : before.endsAt,
      maxUses: patch.maxUses !== undefined ? patch.maxUses : before.maxUses,
      oncePerEmail: patch.oncePerEmail ?? before.oncePerEmail,
      public: patch.public ?? before.public,
      active: patch.active ?? before.active,
    };
    if (next.startsAt !== null && next.endsAt !== null && next.endsAt <= next.startsAt) throw new DomainError(T.endsBeforeStart, 400, "endsAt");
    if (next.maxUses !== null && next.maxUses < before.uses) throw new DomainError(T.maxUsesBelowUses(before.uses), 400, "maxUses");
    const row = await trx
      .updateTable("discounts")
      .set({ ...columns(next), updated_at: now.toISOString() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = fromRow(row);
    await syncPublicPeriods(trx, id, before, after, now);
    await logActivity(trx, {
      actor,
      kind: "discount.update",
      subjectType: "discount",
      subjectId: id,
      summary: `Discount code edited: ${after.code}`,
      changes: diffFields(logged(before), logged(after)),
    });
    return after;
  });
}
