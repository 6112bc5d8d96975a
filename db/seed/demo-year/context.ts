import { type Kysely } from "kysely";
import { type ZoneRates } from "../../../app/domain/orders/totals";
import { type LoyaltyConfig } from "../../../app/domain/loyalty/rules";
import type { Database } from "../../../app/lib/db-schema";
import { type AddressSeed } from "../demo-year-data";
import { type ImageShape, type ProductImageSpec } from "../images";

/*
 * What every step of the demo year reads and fills: the shop's facts read at the start, the
 * plan (products, people, orders, reviews) and the rows and files the plan turns into. Steps run
 * in the order db/seed/demo-year.ts lists; each draws from the one random source in turn, so the
 * order of the steps is part of the story the seed tells.
 */

export type DB = Kysely<Database>;

export interface DemoYearOptions {
  /** Root of uploaded files: product photos in products/, review photos in reviews/. */
  uploadDir: string;
  /** The end of the year (default: now). */
  now?: Date;
  /** The random source (default: seeded, so every demo shop tells the same story). */
  random?: () => number;
  log?: (line: string) => void;
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const YEAR_DAYS = 365;
export const ORDER_COUNT = 250;
export const UNPAID_HOURS = 72;
export const ADMIN_IP = "192.0.2.10";
/** Parcels leave from the seeded seller's country (app/domain/legal/seller.ts: Poland). */
export const SHIPS_FROM = "PL";
export const REVIEW_PHOTO_SIZE = 640;
export const REVIEW_THUMB_SIZE = 240;

export type Fate = "unpaid" | "expired" | "paid" | "processing" | "cancel_request" | "cancelled" | "fulfilled" | "returned";

/** Orders placed in the last three days, with the fates a busy morning shows. */
export const FRESH: ReadonlyArray<{ hoursAgo: number; fate: Fate }> = [
  { hoursAgo: 3, fate: "unpaid" },
  { hoursAgo: 9, fate: "paid" },
  { hoursAgo: 14, fate: "paid" },
  { hoursAgo: 26, fate: "paid" },
  { hoursAgo: 20, fate: "unpaid" },
  { hoursAgo: 31, fate: "cancel_request" },
  { hoursAgo: 46, fate: "processing" },
  { hoursAgo: 58, fate: "processing" },
];

export interface ProductInfo {
  id: number;
  title: string;
  slug: string;
  priceCents: number;
  isLarge: boolean;
  createdAt: number;
  madeToOrder: boolean;
  leadTimeDays: number;
  personalised: boolean;
  colors: number[];
  variations: Array<{ code: string; name: string }>;
  tint: string;
  shape: ImageShape;
  pattern?: ProductImageSpec["pattern"];
  popularity: number;
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  address: AddressSeed & { line1: string; line2: string | null };
}

export interface Customer extends Person {
  id: number;
  createdAt: number;
  balance: number;
}

export interface PlannedItem {
  id: number;
  product: ProductInfo;
  colorId: number | null;
  variation: { code: string; name: string } | null;
  quantity: number;
  returned: number;
  stockTaken: number;
}

export interface PlannedOrder {
  id: number;
  createdAt: number;
  fate: Fate;
  customer: Customer | null;
  guest: Person | null;
  items: PlannedItem[];
  subtotal: number;
  shipping: number;
  shippingName: string;
  shippingZone: string;
  discount: number;
  pointsUsed: number;
  pointsTaken: number;
  pointsToEarn: number;
  pointsAwarded: number;
  /** Earned points a cancellation or refund could not take back (orders.points_owed). */
  pointsOwed: number;
  status: string;
  paidAt: number | null;
  shippedAt: number | null;
  deliveredAt: number | null;
  updatedAt: number;
  tracking: string | null;
  paypalOrderId: string | null;
  captureId: string | null;
  expectedShipDate: string | null;
  message: string | null;
  /** Planned moments of the order's life (ms). */
  packAt: number | null;
  cancelAt: number | null;
  returnAt: number | null;
  withdrawalAt: number | null;
}

export interface PlannedReview {
  id: number;
  order: PlannedOrder;
  product: ProductInfo;
  color: string;
  customer: Customer;
  rating: number;
  createdAt: number;
  photos: number;
}

/** One moment of the year, run in time order; `seq` keeps the order of moments planned at the same time. */
export interface Action {
  at: number;
  seq: number;
  run: () => void;
}

export type Row = Record<string, unknown>;

export type OrderEventRow = {
  order_id: number;
  type: string;
  message: string;
  amount_cents: number | null;
  created_at: string;
};

export interface DemoContext {
  db: DB;
  rnd: () => number;
  log: (line: string) => void;
  uploadDir: string;
  /** The end of the year (ms). */
  now: number;
  /** A year before `now`. */
  start: number;
  /** The last moment anything happens: an hour before `now`. */
  latest: number;
  admin: { id: number; email: string };
  /** The admin as a refund's `requested_by` records her. */
  adminActor: string;
  /** The shipping zones by country, as the migration seeded them (or the owner saved them). */
  zones: ReadonlyMap<string, ZoneRates & { name: string }>;
  loyalty: LoyaltyConfig;
  /** The loyalty discount: what it takes off, the points it costs, the smallest order it applies to. */
  discount: { cents: number; points: number; minimumCents: number };
  passwordHash: string;
  categories: Array<{ id: number; slug: string; name: string; parent_id: number | null }>;

  products: ProductInfo[];
  /** The seeded products' new creation dates, spread over the year. */
  productUpdates: Array<{ id: number; createdAt: string }>;
  /** The made-to-order pieces' ids, in the order of MADE_TO_ORDER. */
  madeToOrderIds: number[];
  customers: Customer[];
  guests: Person[];
  orders: PlannedOrder[];
  reviews: PlannedReview[];

  /** The year's moments, waiting to be replayed. */
  timeline: Action[];
  /** What the replay and the owner's days write, in the shape of their tables. */
  ledger: {
    orderEvents: OrderEventRow[];
    loyaltyEvents: Row[];
    activity: Array<Row & { at: number }>;
    refunds: Row[];
    withdrawals: Row[];
    paymentAttempts: Row[];
  };
  rows: {
    reviews: Row[];
    reviewPhotos: Row[];
    colourImages: Row[];
    madeToOrderImages: Row[];
    /** The owner's discount codes (demo-year/discounts.ts). */
    discounts: Row[];
  };
  files: {
    productPhotos: Array<{ spec: ProductImageSpec; file: string; thumb: string }>;
    reviewPhotos: Array<{ svg: string; file: string; thumb: string }>;
  };
}
