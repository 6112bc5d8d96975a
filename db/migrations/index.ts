import { type Migration } from "kysely";
import * as initialSchema from "./2026_11_22_0001_initial_schema";
import * as paymentAttempts from "./2026_11_23_0001_payment_attempts";
import * as jobRuns from "./2026_11_24_0001_job_runs";
import * as mail from "./2026_11_24_0015_mail";
import * as money from "./2026_11_24_0016_money";
import * as ops from "./2026_11_24_0017_ops";
import * as search from "./2026_11_24_0018_search";
import * as security from "./2026_11_24_0020_security";
import * as searchTags from "./2026_11_24_0021_search_tags";
import * as refundActor from "./2026_11_24_0022_refund_actor";
import * as pointsToEarn from "./2026_11_24_0023_points_to_earn";
import * as euConsumer from "./2026_11_26_0001_eu_consumer";
import * as moneyHolds from "./2026_11_26_0002_money_holds";
import * as abuseLimits from "./2026_11_26_0003_abuse_limits";
import * as reviewsColoursMadeToOrder from "./2026_11_28_0001_reviews_colours_made_to_order";
import * as pointsOwed from "./2026_12_01_0001_points_owed";
import * as accountKeyedRows from "./2026_12_02_0001_account_keyed_rows";
import * as madeToOrderHolds from "./2026_12_02_0003_made_to_order_holds";
import * as demoMarker from "./2026_12_02_0005_demo_marker";
import * as shippingZones from "./2026_12_03_0001_shipping_zones";
import * as customs from "./2026_12_03_0002_customs";
import * as shippingTimePlaceholder from "./2026_12_03_0009_shipping_time_placeholder";
import * as orderLocale from "./2026_12_10_0001_order_locale";
import * as mailLocale from "./2026_12_10_0002_mail_locale";
import * as translations from "./2026_12_10_0003_translations";
import * as pageLocales from "./2026_12_10_0004_page_locales";
import * as exchangeRates from "./2026_12_10_0005_exchange_rates";
import * as discounts from "./2026_12_17_0001_discounts";
import * as taxRecords from "./2026_12_24_0001_tax_records";
import * as catalogueFilters from "./2027_01_07_0001_catalogue_filters";
import * as pagePhotos from "./2027_01_07_0002_page_photos";

/** Every migration, in order. Add new ones here as well as in this folder. */
export const migrations: Record<string, Migration> = {
  "2026_11_22_0001_initial_schema": initialSchema,
  "2026_11_23_0001_payment_attempts": paymentAttempts,
  "2026_11_24_0001_job_runs": jobRuns,
  "2026_11_24_0015_mail": mail,
  "2026_11_24_0016_money": money,
  "2026_11_24_0017_ops": ops,
  "2026_11_24_0018_search": search,
  "2026_11_24_0020_security": security,
  "2026_11_24_0021_search_tags": searchTags,
  "2026_11_24_0022_refund_actor": refundActor,
  "2026_11_24_0023_points_to_earn": pointsToEarn,
  "2026_11_26_0001_eu_consumer": euConsumer,
  "2026_11_26_0002_money_holds": moneyHolds,
  "2026_11_26_0003_abuse_limits": abuseLimits,
  "2026_11_28_0001_reviews_colours_made_to_order": reviewsColoursMadeToOrder,
  "2026_12_01_0001_points_owed": pointsOwed,
  "2026_12_02_0001_account_keyed_rows": accountKeyedRows,
  "2026_12_02_0003_made_to_order_holds": madeToOrderHolds,
  "2026_12_02_0005_demo_marker": demoMarker,
  "2026_12_03_0001_shipping_zones": shippingZones,
  "2026_12_03_0002_customs": customs,
  "2026_12_03_0009_shipping_time_placeholder": shippingTimePlaceholder,
  "2026_12_10_0001_order_locale": orderLocale,
  "2026_12_10_0002_mail_locale": mailLocale,
  "2026_12_10_0003_translations": translations,
  "2026_12_10_0004_page_locales": pageLocales,
  "2026_12_10_0005_exchange_rates": exchangeRates,
  "2026_12_17_0001_discounts": discounts,
  "2026_12_24_0001_tax_records": taxRecords,
  "2027_01_07_0001_catalogue_filters": catalogueFilters,
  "2027_01_07_0002_page_photos": pagePhotos,
};
