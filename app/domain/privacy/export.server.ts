import { sql } from "kysely";
import { listReviewsOfUser } from "~/domain/reviews/reviews.server";
import { type OrderShippingAddress } from "~/domain/orders/orders.server";
import { PRIVACY_TEXT } from "~/domain/privacy/texts";
import { type Database } from "~/lib/db-schema";
import { type DB } from "~/lib/sqlite.server";

/**
 * The right of access and portability (GDPR Art. 15, 20): one JSON object of what the shop keeps
 * about an account. Every query is keyed by the account's id or its own e-mail address and
 * nothing else, so the file can hold nobody else's data. Secrets (password hash, TOTP secret,
 * recovery codes, link tokens, session ids) are never selected.
 */
export interface AccountExport {
  about: string;
  exportedAt: string;
  profile: {
    id: number;
    email: string;
    firstName: string;
    lastName: string;
    createdAt: string;
    emailConfirmed: boolean;
    emailConfirmedAt: string | null;
    passwordSet: boolean;
    googleLinked: boolean;
    secondFactorOn: boolean;
    isAdmin: boolean;
    loyaltyPoints: number;
    shippingAddress: {
      firstName: string | null;
      lastName: string | null;
      addressLine1: string | null;
      addressLine2: string | null;
      city: string | null;
      state: string | null;
      postalCode: string | null;
      country: string | null;
    };
  };
  orders: ExportedOrder[];
  favorites: { productTitle: string; productSlug: string; addedAt: string }[];
  reviews: Awaited<ReturnType<typeof listReviewsOfUser>>;
  cart: { productTitle: string; productSlug: string; colorName: string | null; variationCode: string | null; quantity: number; addedAt: string }[];
  loyaltyHistory: { eventType: string; description: string; points: number; pointsAfter: number; orderId: number | null; createdAt: string }[];
  backInStockRequests: {
    productTitle: string;
    productSlug: string;
    colorName: string | null;
    variationCode: string | null;
    requestedAt: string;
    closedAt: string | null;
    closedReason: string | null;
  }[];
  signInHistory: {
    /** Browsers signed in to the account now (no session ids: they are keys). */
    sessions: { signedInAt: string; lastSeenAt: string | null; expiresAt: string }[];
    /** Network addresses the account signed in from with its password. */
    knownSignIns: { ipAddress: string; lastSignInAt: string }[];
    /** Refused password sign-ins still on record (kept briefly for throttling), without the address: it may be a stranger's. */
    failedSignIns: { at: string }[];
    /** Admin accounts only: the admin sign-ins of the activity log. */
    adminSignIns: { at: string; ipAddress: string | null }[];
  };
  /** E-mails the shop sent or will send to the account's address (no bodies: they held sign-in links). */
  emails: { kind: string; subject: string | null; status: string; createdAt: string; sentAt: string | null }[];
}

export interface ExportedOrder {
  id: number;
  status: string;
  email: string;
  placedAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  currency: "USD";
  subtotalCents: number;
  shippingCents: number;
  shippingMethod: string;
  loyaltyDiscountCents: number;
  loyaltyPointsUsed: number;
  pointsAwarded: number;
  totalCents: number;
  trackingNumber: string | null;
  customerMessage: string | null;
  declineReason: string | null;
  shippingAddress: OrderShippingAddress;
  items: {
    title: string;
    quantity: number;
    returnedQuantity: number;
    unitPriceCents: number;
    colorName: string | null;
    variationName: string | null;
  }[];
  refunds: { amountCents: number; status: string; createdAt: string }[];
  withdrawal: { receivedAt: string; handledAt: string | null; name: string; statement: string | null } | null;
  /** What happened to the order, as its pages show it. */
  history: { at: string; event: string }[];
  /** The order's own page (works without the account: keep it private). */
  detailsPath: string;
}

/**
 * Every table that holds a person's data, and where the export carries it, or why it does not.
 * tests/integration/privacy-coverage.test.ts reads the live schema: a table with a column naming a
 * person that is in neither list fails it, so a new feature's table is decided here.
 */
export const EXPORT_COVERAGE = {
  exported: {
    users: "profile",
    orders: "orders (by the account's id only)",
    order_items: "orders[].items",
    refunds: "orders[].refunds (completed and pending)",
    withdrawals: "orders[].withdrawal",
    favorites: "favorites",
    reviews: "reviews",
    review_photos: "reviews[].photos",
    carts: "cart",
    cart_items: "cart",
    loyalty_events: "loyaltyHistory",
    back_in_stock_requests: "backInStockRequests",
    sessions: "signInHistory.sessions (never the session id)",
    known_signins: "signInHistory.knownSignIns",
    login_attempts: "signInHistory.failedSignIns (times only: the address trying may be a stranger's)",
    activity_log: "signInHistory.adminSignIns (an admin's own sign-ins)",
    outbox: "emails (no bodies: they held sign-in links; not the owner's alerts, about other people's orders)",
  },
  notExported: {
    auth_tokens: "secrets only: hashes of e-mailed link tokens",
    password_reset_tokens: "secrets only: hashes of reset link tokens",
    recovery_codes: "secrets only: hashes of the second factor's recovery codes",
    order_events: "the shop's own record of what it did to an order; the order's story is orders[].history, as the order pages tell it",
    payment_attempts: "PayPal ids and attempt states: payment plumbing, nothing about the person the order does not say",
    page_versions: "the owner's pages: a row names the admin who saved a version, a work record, not the admin's own data",
    uploads: "product photos: a row names the admin who uploaded it, a work record",
    admin_signin_refusals: "counts refused admin sign-ins per client address: tied to no account",
    made_to_order_holds:
      "how long an unpaid order held its made-to-order places and the address that placed it: the per-address limit's plumbing, deleted a day after the hold ends once the order is no longer unpaid",
  },
} as const satisfies { exported: Partial<Record<keyof Database, string>>; notExported: Partial<Record<keyof Database, string>> };

/** The account's data, or null when the account does not exist. */
export async function exportAccountData(db: DB, userId: number, now = new Date()): Promise<AccountExport | null> {
  const user = await readAccount(db, userId);
  if (!user) return null;
  const [orders, shopping, reviews, signInHistory, emails] = await Promise.all([
    listOrders(db, userId),
    listShopping(db, userId, user.email),
    listReviewsOfUser(db, userId),
    listSignInHistory(db, userId, user.email),
    listEmails(db, user.email),
  ]);
  return {
    about: PRIVACY_TEXT.exportAbout,
    exportedAt: now.toISOString(),
    profile: profileOf(user),
    orders,
    favorites: shopping.favorites,
    reviews,
    cart: shopping.cart,
    loyaltyHistory: shopping.loyaltyHistory,
    backInStockRequests: shopping.backInStockRequests,
    signInHistory,
    emails,
  };
}

type Account = NonNullable<Awaited<ReturnType<typeof readAccount>>>;

async function readAccount(db: DB, userId: number) {
  return db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "first_name as firstName",
      "last_name as lastName",
      "created_at as createdAt",
      "email_verified_at as emailVerifiedAt",
      "password_hash as passwordHash",
      "google_id as googleId",
      "totp_enabled_at as totpEnabledAt",
      "is_admin as isAdmin",
      "loyalty_points as loyaltyPoints",
      "shipping_first_name as shippingFirstName",
      "shipping_last_name as shippingLastName",
      "shipping_address_line1 as shippingAddressLine1",
      "shipping_address_line2 as shippingAddressLine2",
      "shipping_city as shippingCity",
      "shipping_state as shippingState",
      "shipping_postal_code as shippingPostalCode",
      "shipping_country as shippingCountry",
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** The account row as the export shows it: flags instead of the secrets behind them. */
function profileOf(user: Account): AccountExport["profile"] {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    createdAt: user.createdAt,
    emailConfirmed: Boolean(user.emailVerifiedAt),
    emailConfirmedAt: user.emailVerifiedAt,
    passwordSet: Boolean(user.passwordHash),
    googleLinked: Boolean(user.googleId),
    secondFactorOn: Boolean(user.totpEnabledAt),
    isAdmin: user.isAdmin === 1,
    loyaltyPoints: user.loyaltyPoints,
    shippingAddress: {
      firstName: user.shippingFirstName,
      lastName: user.shippingLastName,
      addressLine1: user.shippingAddressLine1,
      addressLine2: user.shippingAddressLine2,
      city: user.shippingCity,
      state: user.shippingState,
      postalCode: user.shippingPostalCode,
      country: user.shippingCountry,
    },
  };
}

/** Favorites, cart, loyalty history, and the back-in-stock requests made with the account's address. */
async function listShopping(
  db: DB,
  userId: number,
  email: string,
): Promise<Pick<AccountExport, "favorites" | "cart" | "loyaltyHistory" | "backInStockRequests">> {
  const [favorites, cart, loyaltyHistory, backInStockRequests] = await Promise.all([
    db
      .selectFrom("favorites as f")
      .innerJoin("products as p", "p.id", "f.product_id")
      .select(["p.title as productTitle", "p.slug as productSlug", "f.created_at as addedAt"])
      .where("f.user_id", "=", userId)
      .orderBy("f.id")
      .execute(),
    db
      .selectFrom("carts as c")
      .innerJoin("cart_items as ci", "ci.cart_id", "c.id")
      .innerJoin("products as p", "p.id", "ci.product_id")
      .leftJoin("colors as col", "col.id", "ci.color_id")
      .select([
        "p.title as productTitle",
        "p.slug as productSlug",
        "col.name as colorName",
        "ci.variation_code as variationCode",
        "ci.quantity",
        "ci.created_at as addedAt",
      ])
      .where("c.user_id", "=", userId)
      .orderBy("ci.id")
      .execute(),
    db
      .selectFrom("loyalty_events")
      .select(["event_type as eventType", "description", "points", "points_after as pointsAfter", "order_id as orderId", "created_at as createdAt"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("back_in_stock_requests as b")
      .innerJoin("products as p", "p.id", "b.product_id")
      .leftJoin("colors as col", "col.id", "b.color_id")
      .select([
        "p.title as productTitle",
        "p.slug as productSlug",
        "col.name as colorName",
        "b.variation_code as variationCode",
        "b.created_at as requestedAt",
        "b.closed_at as closedAt",
        "b.closed_reason as closedReason",
      ])
      .where(sql<boolean>`lower(b.email) = lower(${email})`)
      .orderBy("b.id")
      .execute(),
  ]);
  return { favorites, cart, loyaltyHistory, backInStockRequests };
}

async function listSignInHistory(db: DB, userId: number, email: string): Promise<AccountExport["signInHistory"]> {
  const byEmail = sql<boolean>`lower(email) = lower(${email})`;
  const [sessions, knownSignIns, failedSignIns, adminSignIns] = await Promise.all([
    db
      .selectFrom("sessions")
      .select(["created_at as signedInAt", "last_seen_at as lastSeenAt", "expires_at as expiresAt"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db.selectFrom("known_signins").select(["ip as ipAddress", "last_at as lastSignInAt"]).where(byEmail).orderBy("last_at").execute(),
    db.selectFrom("login_attempts").select("created_at as at").where(byEmail).orderBy("id").execute(),
    db
      .selectFrom("activity_log")
      .select(["created_at as at", "client_ip as ipAddress"])
      .where("kind", "=", "admin.signin")
      .where("subject_type", "=", "user")
      .where("subject_id", "=", userId)
      .orderBy("id")
      .execute(),
  ]);
  return { sessions, knownSignIns, failedSignIns, adminSignIns };
}

/** What the shop sent to the address, without bodies. The owner's alerts may go to an admin's own address; they are about other people's orders. */
async function listEmails(db: DB, email: string): Promise<AccountExport["emails"]> {
  return db
    .selectFrom("outbox")
    .select(["kind", "subject", "status", "created_at as createdAt", "sent_at as sentAt"])
    .where(sql<boolean>`lower(to_address) = lower(${email})`)
    .where("kind", "not like", "owner-%")
    .orderBy("id")
    .execute();
}

/** The account's own orders (by user id only: a guest order that merely names the address may be someone else's). */
async function listOrders(db: DB, userId: number): Promise<ExportedOrder[]> {
  const orders = await db
    .selectFrom("orders")
    .select([
      "id",
      "status",
      "email",
      "created_at as placedAt",
      "paid_at as paidAt",
      "shipped_at as shippedAt",
      "delivered_at as deliveredAt",
      "subtotal_cents as subtotalCents",
      "shipping_cents as shippingCents",
      "shipping_name as shippingMethod",
      "loyalty_discount_cents as loyaltyDiscountCents",
      "loyalty_points_used as loyaltyPointsUsed",
      "points_awarded as pointsAwarded",
      "total_cents as totalCents",
      "tracking_number as trackingNumber",
      "customer_message as customerMessage",
      "decline_reason as declineReason",
      "confirmation_token as token",
      "shipping_first_name as firstName",
      "shipping_last_name as lastName",
      "shipping_address_line1 as addressLine1",
      "shipping_address_line2 as addressLine2",
      "shipping_city as city",
      "shipping_state as state",
      "shipping_postal_code as postalCode",
      "shipping_country as country",
    ])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [items, refunds, withdrawals] = await Promise.all([
    db
      .selectFrom("order_items as oi")
      .leftJoin("colors as c", "c.id", "oi.color_id")
      .select([
        "oi.order_id as orderId",
        "oi.title",
        "oi.quantity",
        "oi.returned_quantity as returnedQuantity",
        "oi.unit_price_cents as unitPriceCents",
        "c.name as colorName",
        "oi.variation_name as variationName",
      ])
      .where("oi.order_id", "in", ids)
      .orderBy("oi.id")
      .execute(),
    db
      .selectFrom("refunds")
      .select(["order_id as orderId", "amount_cents as amountCents", "status", "created_at as createdAt"])
      .where("order_id", "in", ids)
      .where("status", "in", ["COMPLETED", "PENDING"])
      .orderBy("id")
      .execute(),
    db
      .selectFrom("withdrawals")
      .select(["order_id as orderId", "received_at as receivedAt", "handled_at as handledAt", "name", "statement"])
      .where("order_id", "in", ids)
      .execute(),
  ]);
  return orders.map(({ token, firstName, lastName, addressLine1, addressLine2, city, state, postalCode, country, ...o }) => {
    const orderRefunds = refunds.filter((r) => r.orderId === o.id).map(({ orderId: _, ...r }) => r);
    const w = withdrawals.find((x) => x.orderId === o.id);
    const withdrawal = w ? { receivedAt: w.receivedAt, handledAt: w.handledAt, name: w.name, statement: w.statement } : null;
    const history = [
      { at: o.placedAt, event: "Order placed" },
      ...(o.paidAt ? [{ at: o.paidAt, event: "Payment received" }] : []),
      ...(o.shippedAt ? [{ at: o.shippedAt, event: "Shipped" }] : []),
      ...(o.deliveredAt ? [{ at: o.deliveredAt, event: "Delivered" }] : []),
      ...orderRefunds.map((r) => ({ at: r.createdAt, event: `Refund of ${(r.amountCents / 100).toFixed(2)} USD (${r.status.toLowerCase()})` })),
      ...(withdrawal ? [{ at: withdrawal.receivedAt, event: "Withdrawal received" }] : []),
      ...(withdrawal?.handledAt ? [{ at: withdrawal.handledAt, event: "Withdrawal handled" }] : []),
    ].sort((a, b) => a.at.localeCompare(b.at));
    return {
      ...o,
      currency: "USD" as const,
      shippingAddress: { firstName, lastName, addressLine1, addressLine2, city, state, postalCode, country },
      items: items.filter((i) => i.orderId === o.id).map(({ orderId: _, ...i }) => i),
      refunds: orderRefunds,
      withdrawal,
      history,
      detailsPath: `/order-details/${o.id}/${encodeURIComponent(token)}`,
    };
  });
}
