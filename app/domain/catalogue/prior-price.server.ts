import { bestOfferNow, nextBoundary, type PriceRow, type PublicOffer, type Reduction, reductionAt } from "~/domain/catalogue/prior-price";
import { type DiscountType } from "~/domain/discounts/rules";
import { cachedRead } from "~/lib/read-cache.server";
import { type DB } from "~/lib/sqlite.server";

/*
 * The reads of the prior-price rule (prior-price.ts): the public codes' periods, once per database
 * version, and a page's products' price histories in one query. Why the catalogue cache stays
 * right as time passes: docs/decisions/prior-price.md.
 */

interface StoredOffer extends Omit<PublicOffer, "usable"> {
  active: boolean;
  public: boolean;
  codeStartsAt: number | null;
  codeEndsAt: number | null;
  usedUp: boolean;
}

interface Offers {
  offers: StoredOffer[];
  /** Every instant at which a period or a code starts or ends: a reduction can only change there (or with a write). */
  boundaries: number[];
}

const instant = (value: string | null): number | null => {
  if (value === null) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
};

/** Every public period with its code's state. The owner's codes are few: the whole table, kept until the database changes. */
function storedOffers(db: DB): Promise<Offers> {
  return cachedRead(db, "prior-price:offers", async () => {
    const rows = await db
      .selectFrom("discount_public_periods as p")
      .innerJoin("discounts as d", "d.id", "p.discount_id")
      .select([
        "d.code",
        "p.type",
        "p.value",
        "p.min_subtotal_cents as minSubtotalCents",
        "p.starts_at as startsAt",
        "p.ends_at as endsAt",
        "d.active",
        "d.public",
        "d.starts_at as codeStartsAt",
        "d.ends_at as codeEndsAt",
        "d.uses",
        "d.max_uses as maxUses",
      ])
      .execute();
    const offers: StoredOffer[] = [];
    for (const row of rows) {
      const startsAt = instant(row.startsAt);
      if (startsAt === null) continue;
      offers.push({
        code: row.code,
        type: row.type as DiscountType,
        value: row.value,
        minSubtotalCents: row.minSubtotalCents,
        startsAt,
        endsAt: instant(row.endsAt),
        active: row.active === 1,
        public: row.public === 1,
        codeStartsAt: instant(row.codeStartsAt),
        codeEndsAt: instant(row.codeEndsAt),
        usedUp: row.maxUses !== null && row.uses >= row.maxUses,
      });
    }
    const boundaries = offers.flatMap((o) => [o.startsAt, o.endsAt, o.codeStartsAt, o.codeEndsAt]).filter((t): t is number => t !== null);
    return { offers, boundaries: [...new Set(boundaries)].sort((a, b) => a - b) };
  });
}

function offersAt(stored: Offers, now: number): PublicOffer[] {
  return stored.offers.map((o) => ({
    code: o.code,
    type: o.type,
    value: o.value,
    minSubtotalCents: o.minSubtotalCents,
    startsAt: o.startsAt,
    endsAt: o.endsAt,
    usable: o.active && o.public && !o.usedUp && (o.codeStartsAt === null || o.codeStartsAt <= now) && (o.codeEndsAt === null || now < o.codeEndsAt),
  }));
}

/**
 * What a cached product read must be keyed by, besides the database version (which moves with
 * every write: a code used up, deactivated or edited): the next instant a period or a code starts
 * or ends. Before it, every reduction reads the same; from it, the key changes and the read is fresh.
 */
export async function reductionValidity(db: DB, now: Date): Promise<string> {
  const next = nextBoundary((await storedOffers(db)).boundaries, now.getTime());
  return next === null ? "-" : String(next);
}

export interface PricedProduct {
  id: number;
  priceCents: number;
  regularPriceCents: number | null;
}

/**
 * The reductions of a page's products at `now`, by product id (a product not reduced is absent).
 * Only the products that are reduced (the owner's regular price above the price, or a usable
 * public code lowering it) have their histories read: one query by the (product_id, changed_at) index.
 */
export async function readReductions(db: DB, products: readonly PricedProduct[], now: Date): Promise<Map<number, Reduction>> {
  const at = now.getTime();
  const offers = offersAt(await storedOffers(db), at);
  const reduced = products.filter(
    (p) => (p.regularPriceCents !== null && p.regularPriceCents > p.priceCents) || bestOfferNow(p.priceCents, offers, at) !== null,
  );
  const out = new Map<number, Reduction>();
  if (reduced.length === 0) return out;
  const rows = await db
    .selectFrom("price_history")
    .select(["product_id as productId", "price_cents as priceCents", "regular_price_cents as regularPriceCents", "changed_at as changedAt"])
    .where(
      "product_id",
      "in",
      reduced.map((p) => p.id),
    )
    .orderBy("product_id")
    .orderBy("changed_at")
    .orderBy("id")
    .execute();
  const histories = new Map<number, PriceRow[]>();
  for (const row of rows) {
    const t = instant(row.changedAt);
    if (t === null) continue;
    const list = histories.get(row.productId) ?? [];
    list.push({ at: t, priceCents: row.priceCents, regularPriceCents: row.regularPriceCents });
    histories.set(row.productId, list);
  }
  for (const product of reduced) {
    // By time, whatever the stored text's form; rows of the same instant keep their order.
    const history = (histories.get(product.id) ?? []).sort((a, b) => a.at - b.at);
    const reduction = reductionAt(product, history, offers, at);
    if (reduction) out.set(product.id, reduction);
  }
  return out;
}
