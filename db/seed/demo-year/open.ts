import { hashPassword } from "../../../app/domain/auth/password.server";
import { type ZoneRates } from "../../../app/domain/orders/totals";
import { DEFAULT_LOYALTY_CONFIG, type LoyaltyConfig } from "../../../app/domain/loyalty/rules";
import { hasDemoMarker, NOT_A_DEMO_MESSAGE } from "../demo-marker";
import { seededRandom } from "../random";
import { ADMIN_IP, DAY, type DB, type DemoContext, type DemoYearOptions, HOUR, YEAR_DAYS } from "./context";

/** Every demo customer signs in with this password (README). */
export const DEMO_CUSTOMER_PASSWORD = "stitches-demo-2026";

/**
 * Reads what the year is built on (the admin, the shipping rates, the loyalty rules) into a fresh
 * context; null when the shop already has an order, so a second run adds nothing. Throws for a
 * database without the demo marker (a real shop's: db/seed/demo-marker.ts).
 */
export async function openDemoYear(db: DB, opts: DemoYearOptions): Promise<DemoContext | null> {
  const log = opts.log ?? (() => {});
  const now = (opts.now ?? new Date()).getTime();
  const rnd = opts.random ?? seededRandom(0x5eed_2026);

  // Made-up customers and orders go only into a database the demo seed made, whoever runs this.
  if (!(await hasDemoMarker(db))) throw new Error(`a real shop gets no made-up history: ${NOT_A_DEMO_MESSAGE}`);
  const hasOrders = await db.selectFrom("orders").select("id").limit(1).executeTakeFirst();
  if (hasOrders) {
    log("demo year: the shop already has orders, nothing added");
    return null;
  }
  const admin = await db.selectFrom("users").select(["id", "email"]).where("is_admin", "=", 1).orderBy("id").executeTakeFirst();
  if (!admin) throw new Error("The demo year needs the seeded shop (its admin and catalogue): run the seed first");

  const settings = new Map((await db.selectFrom("settings").select(["key", "value"]).execute()).map((r) => [r.key, r.value]));
  const zones = new Map<string, ZoneRates & { name: string }>();
  const zoneRows = await db
    .selectFrom("shipping_zones as z")
    .innerJoin("shipping_zone_countries as c", "c.zone_id", "z.id")
    .select(["c.country", "z.name", "z.standard_cents", "z.large_cents", "z.free_from_cents"])
    .where("z.shipped", "=", 1)
    .execute();
  for (const z of zoneRows) {
    zones.set(z.country, { name: z.name, standardCents: z.standard_cents, largeCents: z.large_cents, freeFromCents: z.free_from_cents });
  }
  const loyalty: LoyaltyConfig = settings.has("loyalty_config") ? (JSON.parse(settings.get("loyalty_config")!) as LoyaltyConfig) : DEFAULT_LOYALTY_CONFIG;

  return {
    db,
    rnd,
    log,
    uploadDir: opts.uploadDir,
    now,
    start: now - YEAR_DAYS * DAY,
    latest: now - HOUR,
    admin,
    adminActor: JSON.stringify({ id: admin.id, email: admin.email, ip: ADMIN_IP }),
    zones,
    loyalty,
    discount: {
      cents: Math.round(loyalty.discountExchange.discountAmount * 100),
      points: loyalty.discountExchange.pointsRequired,
      minimumCents: Math.round(loyalty.discountExchange.minimumOrderValue * 100),
    },
    passwordHash: await hashPassword(DEMO_CUSTOMER_PASSWORD),
    categories: await db.selectFrom("categories").select(["id", "slug", "name", "parent_id"]).execute(),
    products: [],
    productUpdates: [],
    madeToOrderIds: [],
    customers: [],
    guests: [],
    orders: [],
    reviews: [],
    timeline: [],
    ledger: { orderEvents: [], loyaltyEvents: [], activity: [], refunds: [], withdrawals: [], paymentAttempts: [] },
    rows: { reviews: [], reviewPhotos: [], colourImages: [], madeToOrderImages: [], discounts: [] },
    files: { productPhotos: [], reviewPhotos: [] },
  };
}
