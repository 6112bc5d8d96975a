import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import { type OrderStatus } from "~/lib/db-schema/order-status";

/** 0/1 integers stand for booleans in SQLite. */
type Flag = Generated<number>;

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  parent_id: number | null;
  sort_order: Generated<number>;
  is_active: Flag;
  product_count: Generated<number>;
  created_at: Generated<string>;
}

export interface CategoryDescriptionsTable {
  category_name: string;
  description: string;
}

export interface ProductsTable {
  id: Generated<number>;
  title: string;
  slug: string;
  description: Generated<string>;
  price_cents: number;
  stock: Generated<number>;
  total_stock: Generated<number>;
  is_large: Flag;
  is_latest_collection: Flag;
  has_color_variations: Flag;
  has_variations: Flag;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  /** Names of the product's categories and colours, kept by triggers (migration 0021) for search. */
  search_tags: Generated<string>;
  /** Unique; a trigger fills it from the id when it is left empty (migration eu_consumer). */
  sku: string | null;
  materials: Generated<string>;
  /** Null: the store's default safety notice (Settings). */
  safety_notice: string | null;
  /** Approved reviews and the sum of their ratings, kept by triggers on reviews. */
  review_count: Generated<number>;
  rating_sum: Generated<number>;
  /** Can be bought at stock 0; sewn within lead_time_days. */
  made_to_order: Flag;
  lead_time_days: Generated<number>;
  /** Open made-to-order pieces allowed at once; null: no cap. */
  made_to_order_cap: number | null;
  /** Made to the buyer's own measurements or choices: exempt from withdrawal (CRD Art. 16(c)). */
  is_personalised: Flag;
}

export interface ProductsFtsTable {
  rowid: number;
  title: string;
  description: string;
  search_tags: string;
  products_fts: string;
  rank: number;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  image_url: string;
  alt_text: Generated<string>;
  is_primary: Flag;
  sort_order: Generated<number>;
  width: number | null;
  height: number | null;
  /** The colour the photo shows; null: every colour. */
  color_id: number | null;
}

export interface ProductCategoriesTable {
  product_id: number;
  category_id: number;
}

export interface ColorsTable {
  id: number;
  name: string;
  hex: string;
}

export interface ProductColorsTable {
  product_id: number;
  color_id: number;
  stock: Generated<number>;
}

export interface ProductVariationsTable {
  id: Generated<number>;
  product_id: number;
  variation_code: string;
  variation_name: string;
  stock: Generated<number>;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  google_id: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  shipping_first_name: string | null;
  shipping_last_name: string | null;
  shipping_address_line1: string | null;
  shipping_address_line2: string | null;
  shipping_city: string | null;
  shipping_state: string | null;
  shipping_postal_code: string | null;
  shipping_country: string | null;
  loyalty_points: Generated<number>;
  is_admin: Flag;
  created_at: Generated<string>;
  email_verified_at: string | null;
  /** Base32 TOTP secret (RFC 6238); set at enrolment, in force once totp_enabled_at is set. */
  totp_secret: string | null;
  totp_enabled_at: string | null;
  totp_last_step: number | null;
  /** Unsubscribed from review request e-mails. */
  review_mail_opt_out: Flag;
}

export interface SessionsTable {
  id: string;
  user_id: number | null;
  data: Generated<string>;
  expires_at: string;
  created_at: Generated<string>;
  last_seen_at: string | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: Generated<string>;
}

/** One row per counted event (sign-up, order, payment start) for per-address limits. */
export interface RateEventsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  created_at: Generated<string>;
}

/** One row, bumped by triggers whenever products or categories change what the sitemap lists. */
export interface CatalogueVersionTable {
  id: number;
  version: number;
}

/** Single-use tokens sent by e-mail; only their SHA-256 is stored. */
export interface AuthTokensTable {
  token_hash: string;
  user_id: number;
  purpose: string;
  data: Generated<string>;
  expires_at: string;
  used_at: string | null;
  created_at: Generated<string>;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: Generated<string>;
}

export interface CartsTable {
  id: Generated<number>;
  session_key: string | null;
  user_id: number | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface CartItemsTable {
  id: Generated<number>;
  cart_id: number;
  product_id: number;
  color_id: number | null;
  variation_code: string | null;
  quantity: number;
  created_at: Generated<string>;
}

export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  created_at: Generated<string>;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number | null;
  session_key: string | null;
  email: string;
  status: Generated<OrderStatus>;
  subtotal_cents: number;
  shipping_cents: number;
  shipping_name: string;
  loyalty_discount_cents: Generated<number>;
  loyalty_points_used: Generated<number>;
  total_cents: number;
  tracking_number: string | null;
  customer_message: string | null;
  confirmation_token: string;
  shipping_first_name: string;
  shipping_last_name: string;
  shipping_address_line1: string;
  shipping_address_line2: string | null;
  shipping_city: string;
  shipping_state: string | null;
  shipping_postal_code: string;
  shipping_country: string;
  stock_reserved: Flag;
  paypal_order_id: string | null;
  paypal_capture_id: string | null;
  points_awarded: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  paid_at: string | null;
  shipped_at: string | null;
  decline_reason: string | null;
  delivered_at: string | null;
  /** Points the order earns once paid, by the rules when it was placed (migration 0023); null for older orders. */
  points_to_earn: number | null;
  /** The discount's loyalty points the order holds now (taken at placement; migration money_holds). */
  points_taken: Generated<number>;
  /** Earned loyalty points a cancellation or refund could not take back yet (docs/decisions/points-settlement.md). */
  points_owed: Generated<number>;
  /** The status before PayPal reversed or disputed the payment ('payment_reversed'). */
  reversed_from: string | null;
  /** YYYY-MM-DD: when the order is expected to ship (made-to-order pieces counted in business days). */
  expected_ship_date: string | null;
  /** The review request e-mail was queued. */
  review_requested_at: string | null;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  title: string;
  unit_price_cents: number;
  quantity: number;
  color_id: number | null;
  variation_code: string | null;
  variation_name: string | null;
  returned_quantity: Generated<number>;
  /** Units of this line the order holds out of stock now (migration money_holds). */
  stock_taken: Generated<number>;
  /** The product's made-to-order facts when the order was placed. */
  made_to_order: Flag;
  lead_time_days: number | null;
  is_personalised: Flag;
}

/** A PayPal order created for a shop order (db/migrations/2026_11_23_0001_payment_attempts.ts). */
export interface PaymentAttemptsTable {
  id: Generated<number>;
  order_id: number;
  paypal_order_id: string;
  status: string;
  amount_cents: number;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

/** A refund the shop asked PayPal for (db/migrations/2026_11_24_0016_money.ts). */
export interface KnownSigninsTable {
  email: string;
  ip: string;
  last_at: string;
}

export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  capture_id: string;
  request_id: string;
  paypal_refund_id: string | null;
  amount_cents: number;
  status: string;
  kind: string;
  note: string | null;
  failure_reason: string | null;
  restock: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  /** Who asked for the refund (JSON Actor), null for the shop's own. */
  requested_by: string | null;
}

export interface PaypalWebhookEventsTable {
  event_id: string;
  event_type: string;
  resource_id: string | null;
  outcome: string | null;
  received_at: Generated<string>;
}

/** An order's history as the owner reads it on the admin order page. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  type: string;
  message: string;
  amount_cents: number | null;
  created_at: Generated<string>;
}

export interface LoyaltyEventsTable {
  id: Generated<number>;
  user_id: number;
  order_id: number | null;
  event_type: string;
  description: string;
  points: number;
  points_after: number;
  created_at: Generated<string>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface UploadsTable {
  id: string;
  file_name: string;
  url: string;
  mime_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  uploaded_by: number | null;
  created_at: Generated<string>;
}

/** fts5vocab (row) over product_words: every word of the catalogue and how many products hold it (migration 0018). */
export interface ProductWordsVocabTable {
  term: string;
  doc: number;
  cnt: number;
}

/** One row; version moves with every change to a product's title or description. */
export interface SearchVocabularyStateTable {
  id: number;
  version: number;
}

export interface JobRunsTable {
  name: string;
  slot: string;
  holder: string;
  started_at: Generated<string>;
  finished_at: string | null;
  error: string | null;
}

export interface ActivityLogTable {
  id: Generated<number>;
  created_at: Generated<string>;
  actor_id: number | null;
  actor_email: string;
  kind: string;
  subject_type: string | null;
  subject_id: number | null;
  summary: string;
  /** JSON: { field: [before, after] } */
  changes: string | null;
  client_ip: string | null;
}

export interface BackupsTable {
  id: Generated<number>;
  created_at: Generated<string>;
  file: string;
  size_bytes: number;
  uploads_copied: Generated<number>;
  duration_ms: number;
  trigger: string;
}

/** One e-mail to send (db/migrations/2026_11_24_0015_mail.ts). status: pending, sent or failing. */
export interface OutboxTable {
  id: Generated<number>;
  event_key: string;
  kind: string;
  to_address: string;
  data: Generated<string>;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: Generated<string>;
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  subject: string | null;
  smtp_response: string | null;
  message_id: string | null;
  created_at: Generated<string>;
  sent_at: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: Generated<string>;
}

/** color_id 0 and variation_code '' mean the product as a whole. */
export interface BackInStockRequestsTable {
  id: Generated<number>;
  email: string;
  product_id: number;
  color_id: Generated<number>;
  variation_code: Generated<string>;
  created_at: Generated<string>;
  closed_at: string | null;
  closed_reason: string | null;
  /** Set when the address confirmed the request through the mailed link; only then is it mailed. */
  confirmed_at: string | null;
  confirm_token_hash: string | null;
}

/** Refused admin sign-ins per client address and 15-minute window: one activity row stands for them all. */
export interface AdminSigninRefusalsTable {
  window_start: string;
  client_ip: string;
  attempts: Generated<number>;
  activity_id: number | null;
}

/** Every saved version of an owner-edited page; the newest row of a slug is the one shown. */
export interface PageVersionsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  body: string;
  saved_by_id: number | null;
  saved_by_email: Generated<string>;
  created_at: Generated<string>;
}

/** A consumer's withdrawal from an order (one per order). */
export interface WithdrawalsTable {
  id: Generated<number>;
  order_id: number;
  name: string;
  statement: string | null;
  received_at: string;
  handled_at: string | null;
  reminded_at: string | null;
  client_ip: string | null;
}

/** A customer's review of a product she bought; shown once the owner approves it. */
export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  order_id: number | null;
  rating: number;
  title: string | null;
  body: string;
  status: Generated<"pending" | "approved" | "hidden">;
  /** First name and initial, as shown. */
  author_name: string;
  reply: string | null;
  replied_at: string | null;
  moderated_at: string | null;
  client_ip: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface ReviewPhotosTable {
  id: Generated<number>;
  review_id: number;
  image_url: string;
  thumb_url: string;
  width: number | null;
  height: number | null;
  sort_order: Generated<number>;
}

export interface Database {
  reviews: ReviewsTable;
  review_photos: ReviewPhotosTable;
  categories: CategoriesTable;
  category_descriptions: CategoryDescriptionsTable;
  products: ProductsTable;
  products_fts: ProductsFtsTable;
  product_images: ProductImagesTable;
  product_categories: ProductCategoriesTable;
  colors: ColorsTable;
  product_colors: ProductColorsTable;
  product_variations: ProductVariationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  admin_signin_refusals: AdminSigninRefusalsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  favorites: FavoritesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payment_attempts: PaymentAttemptsTable;
  refunds: RefundsTable;
  known_signins: KnownSigninsTable;
  paypal_webhook_events: PaypalWebhookEventsTable;
  order_events: OrderEventsTable;
  loyalty_events: LoyaltyEventsTable;
  settings: SettingsTable;
  uploads: UploadsTable;
  job_runs: JobRunsTable;
  activity_log: ActivityLogTable;
  backups: BackupsTable;
  product_words_vocab: ProductWordsVocabTable;
  search_vocabulary_state: SearchVocabularyStateTable;
  outbox: OutboxTable;
  password_reset_tokens: PasswordResetTokensTable;
  back_in_stock_requests: BackInStockRequestsTable;
  recovery_codes: RecoveryCodesTable;
  rate_events: RateEventsTable;
  auth_tokens: AuthTokensTable;
  catalogue_version: CatalogueVersionTable;
  page_versions: PageVersionsTable;
  withdrawals: WithdrawalsTable;
}

export type Category = Selectable<CategoriesTable>;
export type NewCategory = Insertable<CategoriesTable>;
export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
