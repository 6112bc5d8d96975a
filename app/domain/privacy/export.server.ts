import { HOUR_MS, rateLimitedText, rateLimitWaitMs, type RateLimit, takeRateSlot } from "~/domain/auth/rate-limit.server";
import { DomainError } from "~/domain/common/errors";
import { listReviewsOfUser } from "~/domain/reviews/reviews.server";
import { type ExportedOrder, listOrders } from "~/domain/privacy/export-orders.server";
import { PRIVACY_TEXT } from "~/domain/privacy/texts";
import { type Database } from "~/lib/db-schema";
import { type DB } from "~/lib/sqlite.server";

export type { ExportedOrder };

/**
 * The right of access and portability (GDPR Art. 15, 20): one JSON object of what the shop keeps
 * about an account. Every query is keyed by the account's id, never by its e-mail address alone:
 * an address may have been someone else's before, and anyone may register an address they do
 * not own (docs/decisions/account-keyed-personal-data.md). Secrets (password hash, TOTP secret,
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
  /** The country last chosen at checkout, which the cart's shipping is for. */
  cartShippingCountry: string | null;
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
    /** Refused password sign-ins at the address since the account was made (kept briefly for throttling), without the network address: it may be a stranger's. */
    failedSignIns: { at: string }[];
    /** Admin accounts only: the admin sign-ins of the activity log. */
    adminSignIns: { at: string; ipAddress: string | null }[];
  };
  /** E-mails the shop sent or will send that belong to the account (no bodies: they held sign-in links). */
  emails: { kind: string; subject: string | null; status: string; createdAt: string; sentAt: string | null }[];
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
    order_events: "orders[].events (the owner's record of each of the account's own orders)",
    payment_attempts: "orders[].paymentAttempts (state, amount and times; never PayPal's ids)",
    refunds: "orders[].refunds (completed and pending)",
    withdrawals: "orders[].withdrawal",
    favorites: "favorites",
    reviews: "reviews",
    review_photos: "reviews[].photos",
    carts: "cart, cartShippingCountry",
    cart_items: "cart",
    loyalty_events: "loyaltyHistory",
    back_in_stock_requests: "backInStockRequests (those keyed to the account: confirmed while the address was its confirmed one)",
    sessions: "signInHistory.sessions (never the session id)",
    known_signins: "signInHistory.knownSignIns (keyed to the account when it signed in)",
    login_attempts: "signInHistory.failedSignIns (times since the account was made only: the address trying may be a stranger's)",
    activity_log: "signInHistory.adminSignIns (an admin's own sign-ins)",
    outbox: "emails (keyed to the account: its own mail and its orders'; no bodies, they held sign-in links)",
    discount_uses: "orders[].discountCode and discountCents (an order's use of a code, for the order's own address)",
    invoices: "orders[].invoices (invoices and credit notes, with the buyer's details written on them)",
  },
  notExported: {
    discounts: "the owner's codes: once_per_email is a rule of the code, not an address",
    discount_public_periods: "the terms the owner's public codes offered, and when: no person's data",
    auth_tokens: "secrets only: hashes of e-mailed link tokens",
    password_reset_tokens: "secrets only: hashes of reset link tokens",
    recovery_codes: "secrets only: hashes of the second factor's recovery codes",
    page_versions: "the owner's pages: a row names the admin who saved a version, a work record, not the admin's own data",
    page_photos: "the owner's page photos: a row names the admin who uploaded it, a work record, not the admin's own data",
    uploads: "product photos: a row names the admin who uploaded it, a work record",
    admin_signin_refusals: "counts refused admin sign-ins per client address: tied to no account",
    made_to_order_holds:
      "how long an unpaid order held its made-to-order places and the address that placed it: the per-address limit's plumbing, deleted a day after the hold ends once the order is no longer unpaid",
  },
} as const satisfies { exported: Partial<Record<keyof Database, string>>; notExported: Partial<Record<keyof Database, string>> };

/** Downloads per account and hour, through the API and the Your data page alike (the admin's answers to requests are not counted). */
export const EXPORT_LIMIT = { bucket: "account-export", max: 5, windowMs: HOUR_MS } as const;

function exportLimit(userId: number): RateLimit {
  return { ...EXPORT_LIMIT, key: String(userId) };
}

/**
 * The signed-in person's own download (GET /api/account/export and the Your data page): counts
 * one against EXPORT_LIMIT first. Throws DomainError 429 past it, 404 when the account is gone.
 */
export async function exportOwnAccountData(db: DB, userId: number, now = new Date()): Promise<AccountExport> {
  await takeRateSlot(db, [exportLimit(userId)], PRIVACY_TEXT.exportLimited, now);
  const data = await exportAccountData(db, userId, now);
  if (!data) throw new DomainError(PRIVACY_TEXT.notFound, 404);
  return data;
}

/** Why the account cannot download its data right now (EXPORT_LIMIT reached, and how long to wait), or null when it can. */
export async function exportRefusal(db: DB, userId: number, now = new Date()): Promise<string | null> {
  const waitMs = await rateLimitWaitMs(db, exportLimit(userId), now);
  return waitMs > 0 ? rateLimitedText(PRIVACY_TEXT.exportLimited, waitMs) : null;
}

/** The account's data, or null when the account does not exist. */
export async function exportAccountData(db: DB, userId: number, now = new Date()): Promise<AccountExport | null> {
  const user = await readAccount(db, userId);
  if (!user) return null;
  const [orders, shopping, reviews, signInHistory, emails] = await Promise.all([
    listOrders(db, userId),
    listShopping(db, userId),
    listReviewsOfUser(db, userId),
    listSignInHistory(db, user),
    listEmails(db, userId),
  ]);
  return {
    about: PRIVACY_TEXT.exportAbout,
    exportedAt: now.toISOString(),
    profile: profileOf(user),
    orders,
    favorites: shopping.favorites,
    reviews,
    cart: shopping.cart,
    cartShippingCountry: shopping.cartShippingCountry,
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

/** Favorites, cart, loyalty history, and the back-in-stock requests that are the account's. */
async function listShopping(
  db: DB,
  userId: number,
): Promise<Pick<AccountExport, "favorites" | "cart" | "cartShippingCountry" | "loyaltyHistory" | "backInStockRequests">> {
  const [favorites, cart, cartRow, loyaltyHistory, backInStockRequests] = await Promise.all([
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
    db.selectFrom("carts").select("shipping_country as country").where("user_id", "=", userId).executeTakeFirst(),
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
      .where("b.user_id", "=", userId)
      .orderBy("b.id")
      .execute(),
  ]);
  return { favorites, cart, cartShippingCountry: cartRow?.country ?? null, loyaltyHistory, backInStockRequests };
}

async function listSignInHistory(db: DB, user: Pick<Account, "id" | "email" | "createdAt">): Promise<AccountExport["signInHistory"]> {
  const userId = user.id;
  const [sessions, knownSignIns, failedSignIns, adminSignIns] = await Promise.all([
    db
      .selectFrom("sessions")
      .select(["created_at as signedInAt", "last_seen_at as lastSeenAt", "expires_at as expiresAt"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db.selectFrom("known_signins").select(["ip as ipAddress", "last_at as lastSignInAt"]).where("user_id", "=", userId).orderBy("last_at").execute(),
    // Tries at the address from before the account existed were at whoever held it then. Sign-in
    // stores the address lower-cased, as accounts keep theirs (login_attempts_email).
    db
      .selectFrom("login_attempts")
      .select("created_at as at")
      .where("email", "=", user.email.toLowerCase())
      .where("created_at", ">=", user.createdAt)
      .orderBy("id")
      .execute(),
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

/**
 * The account's mail, without bodies: only rows the shop keyed to the account when it wrote them
 * (outbox_user_idx). Mail that merely went to its address (a guest's order, a stranger's
 * back-in-stock request, a former holder's) is not its, and the owner's alerts are keyed to nobody.
 */
async function listEmails(db: DB, userId: number): Promise<AccountExport["emails"]> {
  return db
    .selectFrom("outbox")
    .select(["kind", "subject", "status", "created_at as createdAt", "sent_at as sentAt"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
}
