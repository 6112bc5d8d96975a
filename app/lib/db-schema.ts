import type { Insertable, Selectable, Updateable } from "kysely";
import type {
  CategoriesTable,
  CategoryDescriptionsTable,
  ProductsTable,
  ProductsFtsTable,
  ProductTranslationsTable,
  CategoryTranslationsTable,
  ProductsFtsPlTable,
  ProductImagesTable,
  ProductCategoriesTable,
  ColorsTable,
  ProductColorsTable,
  ProductVariationsTable,
  CatalogueVersionTable,
  ProductWordsVocabTable,
  SearchVocabularyStateTable,
  BackInStockRequestsTable,
  ReviewsTable,
  ReviewPhotosTable,
} from "~/lib/db-schema/catalogue";
import type {
  UsersTable,
  SessionsTable,
  RecoveryCodesTable,
  RateEventsTable,
  AuthTokensTable,
  LoginAttemptsTable,
  KnownSigninsTable,
  PasswordResetTokensTable,
  AdminSigninRefusalsTable,
  LoyaltyEventsTable,
} from "~/lib/db-schema/accounts";
import type {
  CartsTable,
  CartItemsTable,
  FavoritesTable,
  OrdersTable,
  OrderItemsTable,
  PaymentAttemptsTable,
  RefundsTable,
  PaypalWebhookEventsTable,
  OrderEventsTable,
  WithdrawalsTable,
  MadeToOrderHoldsTable,
} from "~/lib/db-schema/orders";
import type {
  SettingsTable,
  UploadsTable,
  JobRunsTable,
  ActivityLogTable,
  BackupsTable,
  DemoMarkerTable,
  OutboxTable,
  PageVersionsTable,
  PagePhotosTable,
} from "~/lib/db-schema/ops";
import type { ShippingZonesTable, ShippingZoneCountriesTable } from "~/lib/db-schema/shipping";
import type { ExchangeRatesTable } from "~/lib/db-schema/currency";
import type { DiscountsTable, DiscountUsesTable, DiscountPublicPeriodsTable, PriceHistoryTable } from "~/lib/db-schema/discounts";
import type { VatRatesTable, InvoiceCountersTable, InvoicesTable, TaxThresholdAlertsTable } from "~/lib/db-schema/records";

/*
 * The database's tables as Kysely sees them, one file per area under db-schema/; this file joins
 * them into the Database type and names the row types the app uses.
 */

export type * from "~/lib/db-schema/catalogue";
export type * from "~/lib/db-schema/accounts";
export type * from "~/lib/db-schema/orders";
export type * from "~/lib/db-schema/ops";
export type * from "~/lib/db-schema/shipping";
export type * from "~/lib/db-schema/currency";
export type * from "~/lib/db-schema/discounts";
export type * from "~/lib/db-schema/records";
export type { OrderStatus } from "~/lib/db-schema/order-status";

export interface Database {
  reviews: ReviewsTable;
  review_photos: ReviewPhotosTable;
  categories: CategoriesTable;
  category_descriptions: CategoryDescriptionsTable;
  products: ProductsTable;
  products_fts: ProductsFtsTable;
  product_translations: ProductTranslationsTable;
  category_translations: CategoryTranslationsTable;
  products_fts_pl: ProductsFtsPlTable;
  products_fts_pl_vocab: ProductWordsVocabTable;
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
  demo_marker: DemoMarkerTable;
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
  page_photos: PagePhotosTable;
  withdrawals: WithdrawalsTable;
  made_to_order_holds: MadeToOrderHoldsTable;
  shipping_zones: ShippingZonesTable;
  shipping_zone_countries: ShippingZoneCountriesTable;
  exchange_rates: ExchangeRatesTable;
  discounts: DiscountsTable;
  discount_uses: DiscountUsesTable;
  discount_public_periods: DiscountPublicPeriodsTable;
  price_history: PriceHistoryTable;
  vat_rates: VatRatesTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  tax_threshold_alerts: TaxThresholdAlertsTable;
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
