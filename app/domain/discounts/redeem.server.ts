import { sql } from "kysely";
import { DomainError } from "~/domain/common/errors";
import { type CodeTerms, normaliseCode } from "~/domain/discounts/rules";
import { codeDate, DISCOUNT_TEXT } from "~/domain/discounts/texts";
import { type DB } from "~/lib/sqlite.server";

/*
 * A shopper's code at checkout: which code it is, whether it may be used now, and the order's use
 * of it. The use is taken in the transaction that places the order and given back through the
 * order lifecycle (an unpaid order that expires or is cancelled: ORDER_TRANSITIONS, `code`).
 */

const FIELD = "discountCode";

/** A code that may be used on this order now (findUsableCode checked its dates, uses and minimum). */
export interface UsableCode extends CodeTerms {
  id: number;
  minSubtotalCents: number | null;
  oncePerEmail: boolean;
}

export interface CodeCheck {
  /** The order's items subtotal, before any discount. */
  subtotalCents: number;
  /** The buyer's e-mail, when known (the once-per-e-mail rule waits for it). */
  email?: string | null;
  now?: Date;
  /** An unpaid order of the same cart that holds the code: its use counts as free here. */
  exceptOrderId?: number | null;
}

function refuse(message: string): never {
  throw new DomainError(message, 400, FIELD);
}

/**
 * The code the shopper typed, if she may use it now. Throws DomainError 400 on `discountCode`,
 * each refusal with its own words, in this order: unknown (or switched off), not yet valid,
 * expired, used up, already used with this e-mail, below the minimum subtotal.
 */
export async function findUsableCode(db: DB, typed: string, check: CodeCheck): Promise<UsableCode> {
  const code = normaliseCode(typed);
  if (!/^[A-Z0-9]{4,20}$/.test(code)) refuse(code.length === 0 ? DISCOUNT_TEXT.unknown(typed.trim()) : DISCOUNT_TEXT.format);
  const row = await db.selectFrom("discounts").selectAll().where("code", "=", code).executeTakeFirst();
  if (!row || row.active !== 1) refuse(DISCOUNT_TEXT.unknown(code));
  const now = (check.now ?? new Date()).toISOString();
  if (row.starts_at !== null && now < row.starts_at) refuse(DISCOUNT_TEXT.notYetValid(codeDate(row.starts_at)));
  if (row.ends_at !== null && now >= row.ends_at) refuse(DISCOUNT_TEXT.expired(codeDate(row.ends_at)));
  const heldHere = check.exceptOrderId ? await heldBy(db, check.exceptOrderId) : null;
  const ownUse = heldHere === row.id ? 1 : 0;
  if (row.max_uses !== null && row.uses - ownUse >= row.max_uses) refuse(DISCOUNT_TEXT.usedUp);
  const email = check.email?.trim().toLowerCase();
  if (row.once_per_email === 1 && email) {
    let q = db.selectFrom("discount_uses").select("order_id").where("discount_id", "=", row.id).where("email", "=", email).where("released_at", "is", null);
    if (check.exceptOrderId) q = q.where("order_id", "!=", check.exceptOrderId);
    if (await q.executeTakeFirst()) refuse(DISCOUNT_TEXT.usedByEmail);
  }
  if (row.min_subtotal_cents !== null && check.subtotalCents < row.min_subtotal_cents) {
    refuse(DISCOUNT_TEXT.belowMinimum(row.min_subtotal_cents, row.min_subtotal_cents - check.subtotalCents));
  }
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    value: row.value,
    minSubtotalCents: row.min_subtotal_cents,
    oncePerEmail: row.once_per_email === 1,
  };
}

/** The code id an order holds now, or null. */
export async function heldBy(db: DB, orderId: number): Promise<number | null> {
  const use = await db
    .selectFrom("discount_uses")
    .select("discount_id as id")
    .where("order_id", "=", orderId)
    .where("released_at", "is", null)
    .executeTakeFirst();
  return use?.id ?? null;
}

/**
 * Makes the order hold exactly `code` (or none), in the caller's transaction: a use it holds of
 * another code is given back, a new one is taken. Taking it is a conditional update, so of
 * simultaneous orders on a code's last use exactly one gets it; the others get 400 'used up' and,
 * the transaction rolled back, nothing is created.
 */
export async function holdCode(trx: DB, orderId: number, code: UsableCode | null, email: string): Promise<void> {
  const held = await heldBy(trx, orderId);
  if (held !== null && held === code?.id) return;
  if (held !== null) await releaseCode(trx, orderId);
  if (!code) return;
  const taken = await trx
    .updateTable("discounts")
    .set({ uses: sql`uses + 1` })
    .where("id", "=", code.id)
    .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
    .executeTakeFirst();
  if (taken.numUpdatedRows === 0n) refuse(DISCOUNT_TEXT.usedUp);
  const address = email.trim().toLowerCase();
  try {
    await trx
      .insertInto("discount_uses")
      .values({ order_id: orderId, discount_id: code.id, email: address, type: code.type, once_key: code.oncePerEmail ? address : null })
      .onConflict((oc) =>
        oc
          .column("order_id")
          .doUpdateSet({ discount_id: code.id, email: address, type: code.type, once_key: code.oncePerEmail ? address : null, released_at: null }),
      )
      .execute();
  } catch (error) {
    // The unique index on (code, e-mail) of live uses: another order took it first.
    if (error instanceof Error && /UNIQUE constraint failed: discount_uses/.test(error.message)) refuse(DISCOUNT_TEXT.usedByEmail);
    throw error;
  }
}

/** Gives the order's use of its code back (an unpaid order expired, cancelled or replaced); nothing when it holds none. */
export async function releaseCode(trx: DB, orderId: number, now = new Date()): Promise<void> {
  const use = await trx
    .updateTable("discount_uses")
    .set({ released_at: now.toISOString() })
    .where("order_id", "=", orderId)
    .where("released_at", "is", null)
    .returning("discount_id as id")
    .executeTakeFirst();
  if (!use) return;
  await trx
    .updateTable("discounts")
    .set({ uses: sql`uses - 1` })
    .where("id", "=", use.id)
    .where("uses", ">", 0)
    .execute();
}
