import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import sharp from "sharp";
import { hashPassword } from "../../app/domain/auth/password.server";
import { recalculateCategoryCounts } from "../../app/domain/catalogue/categories.server";
import { DEFAULT_SHIPPING_RATES, type ShippingRates } from "../../app/domain/cart/totals";
import { DEFAULT_LOYALTY_CONFIG, type LoyaltyConfig, pointsEarned } from "../../app/domain/loyalty/rules";
import { orderStatusLabel } from "../../app/domain/orders/status-labels";
import type { Database } from "../../app/lib/db-schema";
import { centsToDecimal } from "../../app/lib/money";
import { COLORS, PRODUCTS } from "./data";
import { demoImages } from "./index";
import {
  ADDRESSES,
  type AddressSeed,
  CUSTOMER_MESSAGES,
  CUSTOMER_NAMES,
  EMAIL_DOMAINS,
  GUEST_NAMES,
  OWNER_REPLIES,
  RETURN_NOTES,
  REVIEW_CLOSERS,
  REVIEW_DETAILS,
  REVIEW_OPENERS,
  REVIEW_SNUG,
  REVIEW_TITLES,
  WITHDRAWAL_STATEMENTS,
} from "./demo-year-data";
import { IMAGE_HEIGHT, IMAGE_WIDTH, type ImageShape, type ProductImageSpec, shapeFor, writeProductImage } from "./images";
import { seededRandom } from "./random";

/*
 * A year of a working shop for `npm run demo` only (never the plain seed): customers with
 * loyalty histories, ~250 orders in every status with their money, history, refunds and
 * withdrawals, the owner's activity, reviews with photos, made-to-order pieces and photos per
 * colour. Everything is planned in memory first, replaying the year in time order so balances,
 * holds and histories agree the way the shop's own code would have left them; then it is
 * written in one transaction. It runs only on a shop without orders, so a second run is a no-op.
 */

type DB = Kysely<Database>;

export interface DemoYearOptions {
  /** Root of uploaded files: product photos in products/, review photos in reviews/. */
  uploadDir: string;
  /** The end of the year (default: now). */
  now?: Date;
  /** The random source (default: seeded, so every demo shop tells the same story). */
  random?: () => number;
  log?: (line: string) => void;
}

export interface DemoYearSummary {
  /** The shop already had orders: nothing was written. */
  skipped: boolean;
  customers: number;
  orders: number;
  reviews: number;
  reviewPhotos: number;
  colourImages: number;
  madeToOrderProducts: number;
  activity: number;
}

/** Every demo customer signs in with this password (README). */
export const DEMO_CUSTOMER_PASSWORD = "stitches-demo-2026";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const YEAR_DAYS = 365;
const ORDER_COUNT = 250;
/** Orders placed in the last three days, with the fates a busy morning shows. */
const FRESH: ReadonlyArray<{ hoursAgo: number; fate: Fate }> = [
  { hoursAgo: 3, fate: "unpaid" },
  { hoursAgo: 9, fate: "paid" },
  { hoursAgo: 14, fate: "paid" },
  { hoursAgo: 26, fate: "paid" },
  { hoursAgo: 20, fate: "unpaid" },
  { hoursAgo: 31, fate: "cancel_request" },
  { hoursAgo: 46, fate: "processing" },
  { hoursAgo: 58, fate: "processing" },
];
const UNPAID_HOURS = 72;
const ADMIN_IP = "192.0.2.10";
/** Parcels leave from the seeded seller's country (app/domain/legal/seller.ts: Poland). */
const SHIPS_FROM = "PL";
const REVIEW_PHOTO_SIZE = 640;
const REVIEW_THUMB_SIZE = 240;
const INSERT_CHUNK = 200;

type Fate = "unpaid" | "expired" | "paid" | "processing" | "cancel_request" | "cancelled" | "fulfilled" | "returned";

// ---------------------------------------------------------------------------------------------
// Small helpers

const iso = (ms: number) => new Date(ms).toISOString();

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)]!;
}

function between(rnd: () => number, lo: number, hi: number): number {
  return lo + rnd() * (hi - lo);
}

/** An id of `length` upper-case letters and digits, like PayPal's order, capture and refund ids. */
function paypalId(rnd: () => number, length = 17): string {
  const chars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
  let out = "";
  for (let i = 0; i < length; i++) out += chars[Math.floor(rnd() * chars.length)];
  return out;
}

function hex(rnd: () => number, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += Math.floor(rnd() * 16).toString(16);
  return out;
}

/** A UPU S10 tracking number (two letters, eight digits, the check digit, the country). */
function trackingNumber(rnd: () => number): string {
  const digits = Array.from({ length: 8 }, () => Math.floor(rnd() * 10));
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = digits.reduce((s, d, i) => s + d * weights[i]!, 0);
  const check = 11 - (sum % 11);
  const checkDigit = check === 10 ? 0 : check === 11 ? 5 : check;
  return `${pick(rnd, ["RR", "RX", "LX", "CP"])}${digits.join("")}${checkDigit}${SHIPS_FROM}`;
}

/** The owner works 8:00 to 18:00 UTC: a moment outside that moves to her next working morning. */
function workingHours(t: number, rnd: () => number): number {
  const hour = (t % DAY) / HOUR;
  if (hour >= 8 && hour < 18) return t;
  return t - (t % DAY) + (hour >= 18 ? DAY : 0) + between(rnd, 8, 10.5) * HOUR;
}

/** The date `days` business days (Monday to Friday) after `from`, as YYYY-MM-DD. */
export function addBusinessDays(from: Date, days: number): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return d.toISOString().slice(0, 10);
}

/** How busy a day is: the shop grows through the year, with the holidays and spring gifts on top. */
function dayWeight(at: Date, daysFromStart: number): number {
  const month = at.getUTCMonth() + 1;
  const day = at.getUTCDate();
  let w = 0.6 + (0.8 * daysFromStart) / YEAR_DAYS;
  if ((month === 11 && day >= 20) || (month === 12 && day <= 20)) w *= 2.8;
  else if (month === 12 && day <= 24) w *= 1.5;
  else if (month === 12 || (month === 1 && day <= 10)) w *= 0.7;
  else if (month === 2 && day <= 14) w *= 1.3;
  else if (month === 5) w *= 1.2;
  else if (month === 7 || month === 8) w *= 0.8;
  return w;
}

/** A product drawn by popularity. */
function weightedPick(rnd: () => number, candidates: readonly ProductInfo[]): ProductInfo {
  let r = rnd() * candidates.reduce((sum, x) => sum + x.popularity, 0);
  for (const c of candidates) {
    r -= c.popularity;
    if (r <= 0) return c;
  }
  return candidates[candidates.length - 1]!;
}

async function insertRows<T extends keyof Database & string>(trx: DB, table: T, rows: readonly Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    // The rows are built from the schema's own columns above; Kysely's per-table typing is skipped for the chunking.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + INSERT_CHUNK) as never)
      .execute();
  }
}

async function nextId(db: DB, table: "orders" | "order_items" | "users" | "reviews"): Promise<number> {
  const max = await sql<{ n: number | null }>`select max(id) as n from ${sql.table(table)}`.execute(db);
  const seq = await sql<{ n: number | null }>`select seq as n from sqlite_sequence where name = ${table}`.execute(db).catch(() => ({ rows: [] }));
  return Math.max(Number(max.rows[0]?.n ?? 0), Number(seq.rows[0]?.n ?? 0)) + 1;
}

// ---------------------------------------------------------------------------------------------
// Images

/** A customer's photo of the piece: a soft gradient with a dress-like shape in its colour. */
export function reviewPhotoSvg(color: string, seed: number): string {
  const rnd = seededRandom(seed);
  const warm = ["#f6e7dc", "#efe3f1", "#e3eef0", "#f3efdd", "#f2e2e6"];
  const top = pick(rnd, warm);
  const bottom = pick(rnd, ["#d9c4b4", "#c9b8d4", "#b9cfd3", "#d8cfae", "#dcbfc7"]);
  const s = REVIEW_PHOTO_SIZE;
  const tilt = Math.round(between(rnd, -8, 8));
  const trim = "#ffffff";
  const hair = pick(rnd, ["#7a5238", "#d9b26f", "#3b2a22", "#a4522f"]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 800 800">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="${rnd().toFixed(2)}" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<radialGradient id="light" cx="${between(rnd, 0.25, 0.75).toFixed(2)}" cy="0.2" r="0.8"><stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<linearGradient id="fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000000" stop-opacity="0.12"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.12"/><stop offset="1" stop-color="#000000" stop-opacity="0.16"/></linearGradient>
</defs>
<rect width="800" height="800" fill="url(#bg)"/>
<rect width="800" height="800" fill="url(#light)"/>
<ellipse cx="400" cy="705" rx="230" ry="26" fill="#4a3a30" opacity="0.12"/>
<g transform="rotate(${tilt} 400 420)">
<path d="M340 150 C336 84 464 84 460 150 C476 190 468 236 446 244 L354 244 C332 236 324 190 340 150 Z" fill="${hair}"/>
<circle cx="400" cy="158" r="50" fill="#f3dccb"/>
<path d="M352 146 C356 104 444 104 448 146 C430 126 376 124 352 146 Z" fill="${hair}"/>
<circle cx="384" cy="164" r="4" fill="#5a4032"/><circle cx="416" cy="164" r="4" fill="#5a4032"/>
<path d="M392 184 Q400 190 408 184" fill="none" stroke="#c07a70" stroke-width="3" stroke-linecap="round"/>
<path d="M352 225 L448 225 L462 330 C520 430 560 560 590 680 L210 680 C240 560 280 430 338 330 Z" fill="${color}"/>
<path d="M352 225 L448 225 L462 330 C520 430 560 560 590 680 L210 680 C240 560 280 430 338 330 Z" fill="url(#fold)"/>
<path d="M338 330 Q400 350 462 330" fill="none" stroke="${trim}" stroke-width="8" opacity="0.8"/>
<path d="M214 668 Q400 700 586 668" fill="none" stroke="${trim}" stroke-width="10" stroke-dasharray="14 10" opacity="0.85"/>
<path d="M352 225 L326 300 L338 330 M448 225 L474 300 L462 330" fill="none" stroke="${color}" stroke-width="18" stroke-linecap="round"/>
</g>
</svg>`;
}

async function writeAtomically(pipeline: sharp.Sharp, file: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    await pipeline.toFile(tmp);
    renameSync(tmp, file);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

/** Writes the review photo and its thumbnail unless both exist; returns the files written. */
async function writeReviewPhoto(svg: string, file: string, thumb: string): Promise<number> {
  if (existsSync(file) && existsSync(thumb)) return 0;
  mkdirSync(path.dirname(thumb), { recursive: true });
  const pixels = await sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } } as const;
  await Promise.all([
    writeAtomically(sharp(pixels.data, raw).jpeg({ quality: 82 }), file),
    writeAtomically(sharp(pixels.data, raw).resize(REVIEW_THUMB_SIZE, REVIEW_THUMB_SIZE).jpeg({ quality: 80 }), thumb),
  ]);
  return 2;
}

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

// ---------------------------------------------------------------------------------------------
// The made-to-order pieces

interface MadeToOrderSeed {
  title: string;
  slug: string;
  category: string;
  priceCents: number;
  leadTimeDays: number;
  cap: number | null;
  personalised: boolean;
  tint: string;
  pattern: ProductImageSpec["pattern"];
  materials: string;
  description: string;
  /** Days before `now` it was first offered. */
  daysAgo: number;
}

const MADE_TO_ORDER: readonly MadeToOrderSeed[] = [
  {
    title: "Made-to-Measure Heirloom Christening Gown",
    slug: "made-to-measure-heirloom-christening-gown",
    category: "1-4-dresses",
    priceCents: 7800,
    leadTimeDays: 28,
    cap: null,
    personalised: true,
    tint: "#F3EBDD",
    pattern: "floral",
    materials: "Cotton batiste, French lace, silk ribbon",
    description:
      "A long christening gown of cotton batiste with a lace yoke and pin tucks, sewn to your doll's own measurements. After your order I will e-mail you for her chest, waist and length, and embroider her initials on the hem if you wish. Because it is made for your doll alone, it cannot be returned.",
    daysAgo: 300,
  },
  {
    title: "Hand-Smocked Liberty Print Party Dress",
    slug: "hand-smocked-liberty-print-party-dress",
    category: "1-6-dresses",
    priceCents: 4600,
    leadTimeDays: 14,
    cap: null,
    personalised: false,
    tint: "#C98BA1",
    pattern: "floral",
    materials: "Cotton lawn, cotton perle thread",
    description:
      "A party dress with a hand-smocked chest, puffed sleeves and a sash, cut from small-print cotton lawn. Each one is sewn when you order it, so the print may vary slightly from the photo; it ships within about three weeks.",
    daysAgo: 240,
  },
  {
    title: "Bespoke Tailored Tweed Overcoat",
    slug: "bespoke-tailored-tweed-overcoat",
    category: "1-4-coats-jackets",
    priceCents: 8800,
    leadTimeDays: 35,
    cap: 3,
    personalised: false,
    tint: "#7D6A55",
    pattern: "tartan",
    materials: "Wool tweed, silk lining, horn buttons",
    description:
      "A fully lined, double-breasted overcoat in soft wool tweed with real horn buttons and bound buttonholes. Tailoring takes time: I take on only three at once, and each ships within five weeks of your order.",
    daysAgo: 200,
  },
];

// ---------------------------------------------------------------------------------------------
// The plan

interface ProductInfo {
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

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  address: AddressSeed & { line1: string; line2: string | null };
}

interface Customer extends Person {
  id: number;
  createdAt: number;
  balance: number;
}

interface PlannedItem {
  id: number;
  product: ProductInfo;
  colorId: number | null;
  variation: { code: string; name: string } | null;
  quantity: number;
  returned: number;
  stockTaken: number;
}

interface PlannedOrder {
  id: number;
  createdAt: number;
  fate: Fate;
  customer: Customer | null;
  guest: Person | null;
  items: PlannedItem[];
  subtotal: number;
  shipping: number;
  shippingName: string;
  discount: number;
  pointsUsed: number;
  pointsTaken: number;
  pointsToEarn: number;
  pointsAwarded: number;
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

interface Action {
  at: number;
  seq: number;
  run: () => void;
}

/**
 * Fills the demo shop's year. Needs the seeded catalogue (db/seed seedDemo); does nothing when
 * the shop already has an order.
 */
export async function seedDemoYear(db: DB, opts: DemoYearOptions): Promise<DemoYearSummary> {
  const log = opts.log ?? (() => {});
  const now = (opts.now ?? new Date()).getTime();
  const rnd = opts.random ?? seededRandom(0x5eed_2026);
  const empty: DemoYearSummary = { skipped: true, customers: 0, orders: 0, reviews: 0, reviewPhotos: 0, colourImages: 0, madeToOrderProducts: 0, activity: 0 };

  const hasOrders = await db.selectFrom("orders").select("id").limit(1).executeTakeFirst();
  if (hasOrders) {
    log("demo year: the shop already has orders, nothing added");
    return empty;
  }
  const admin = await db.selectFrom("users").select(["id", "email"]).where("is_admin", "=", 1).orderBy("id").executeTakeFirst();
  if (!admin) throw new Error("The demo year needs the seeded shop (its admin and catalogue): run the seed first");
  const adminActor = JSON.stringify({ id: admin.id, email: admin.email, ip: ADMIN_IP });

  const settings = new Map((await db.selectFrom("settings").select(["key", "value"]).execute()).map((r) => [r.key, r.value]));
  const rates: ShippingRates = settings.has("shipping_rates") ? (JSON.parse(settings.get("shipping_rates")!) as ShippingRates) : DEFAULT_SHIPPING_RATES;
  const loyalty: LoyaltyConfig = settings.has("loyalty_config") ? (JSON.parse(settings.get("loyalty_config")!) as LoyaltyConfig) : DEFAULT_LOYALTY_CONFIG;
  const discountCents = Math.round(loyalty.discountExchange.discountAmount * 100);
  const discountPoints = loyalty.discountExchange.pointsRequired;
  const discountMinimum = Math.round(loyalty.discountExchange.minimumOrderValue * 100);

  const start = now - YEAR_DAYS * DAY;
  const passwordHash = await hashPassword(DEMO_CUSTOMER_PASSWORD);

  // ----- The catalogue: seeded products spread over the year, the made-to-order pieces added.
  const colorHex = new Map(COLORS.map((c) => [c.id, c.hex]));
  const colorName = new Map(COLORS.map((c) => [c.id, c.name]));
  const productRows = await db
    .selectFrom("products as p")
    .leftJoin("product_categories as pc", "pc.product_id", "p.id")
    .leftJoin("categories as c", (j) => j.onRef("c.id", "=", "pc.category_id").on("c.parent_id", "is not", null))
    .select(["p.id", "p.title", "p.slug", "p.price_cents", "p.is_large", "p.created_at", "c.name as category"])
    .where("p.slug", "not like", "bulk-%")
    .orderBy("p.id")
    .execute();
  const productColors = await db.selectFrom("product_colors").select(["product_id", "color_id"]).orderBy("color_id").execute();
  const productVariations = await db
    .selectFrom("product_variations")
    .select(["product_id", "variation_code", "variation_name"])
    .orderBy("variation_code")
    .execute();
  const categories = await db.selectFrom("categories").select(["id", "slug", "name", "parent_id"]).execute();

  const seedPhotos = new Map(
    demoImages(opts.uploadDir)
      .filter((i) => i.n === 1)
      .map((i) => [i.slug, i.spec]),
  );
  const products: ProductInfo[] = [];
  const productUpdates: Array<{ id: number; createdAt: string }> = [];
  for (const row of productRows) {
    if (products.some((p) => p.id === row.id)) continue;
    const seed = PRODUCTS.find((p) => p.title === row.title);
    // The seed staggers products over ~120 days; a shop with a year of orders had them longer.
    const age = Math.max(0, now - Date.parse(row.created_at));
    const createdAt = now - Math.min(age * 2.8, 355 * DAY);
    productUpdates.push({ id: row.id, createdAt: iso(createdAt) });
    const hash = [...row.slug].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
    products.push({
      id: row.id,
      title: row.title,
      slug: row.slug,
      priceCents: row.price_cents,
      isLarge: row.is_large === 1,
      createdAt,
      madeToOrder: false,
      leadTimeDays: 0,
      personalised: false,
      colors: productColors.filter((c) => c.product_id === row.id).map((c) => c.color_id),
      variations: productVariations.filter((v) => v.product_id === row.id).map((v) => ({ code: v.variation_code, name: v.variation_name })),
      tint: seed?.tint ?? "#D8C8B8",
      // The same silhouette and fabric as the seed's own photos of the piece.
      shape: seedPhotos.get(row.slug)?.shape ?? shapeFor(row.category ?? "", row.title),
      pattern: seedPhotos.get(row.slug)?.pattern,
      // Cheaper pieces sell more often; the hash gives each piece its own appeal.
      popularity: (0.4 + (hash % 100) / 100) * (row.price_cents <= 2500 ? 1.6 : row.price_cents <= 4500 ? 1 : 0.55),
    });
  }
  if (products.length === 0) throw new Error("The demo year needs the seeded catalogue: run the seed first");

  // ----- People
  const addressFor = (i: number): Person["address"] => {
    const base = ADDRESSES[(i * 7 + 3) % ADDRESSES.length]!;
    const number = 3 + Math.floor(rnd() * 180);
    const line1 = ["US", "CA", "GB", "AU", "NZ", "KR"].includes(base.country) ? `${number} ${base.street}` : `${base.street} ${number}`;
    return { ...base, line1, line2: rnd() < 0.2 ? `Apt ${1 + Math.floor(rnd() * 30)}` : null };
  };
  const emailFor = (first: string, last: string, i: number) =>
    `${first}.${last}`
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z.]/g, "")
      .toLowerCase() + `@${EMAIL_DOMAINS[i % EMAIL_DOMAINS.length]}`;

  let userId = await nextId(db, "users");
  const customers: Customer[] = CUSTOMER_NAMES.map(([firstName, lastName], i) => ({
    id: userId++,
    firstName,
    lastName,
    email: emailFor(firstName, lastName, i),
    address: addressFor(i),
    createdAt: 0,
    balance: 0,
  }));
  const guests: Person[] = GUEST_NAMES.map(([firstName, lastName], i) => ({
    firstName,
    lastName,
    email: emailFor(firstName, lastName, i + 1),
    address: addressFor(i + 11),
  }));
  // Some customers come back again and again; most order once or twice.
  const customerWeights = customers.map((_, i) => 1 / (1 + i * 0.12));

  // ----- Order dates: a weighted day, a waking hour; the freshest few at fixed hours.
  const dayWeights: number[] = [];
  for (let d = 0; d < YEAR_DAYS - 3; d++) dayWeights.push(dayWeight(new Date(start + d * DAY), d));
  const totalWeight = dayWeights.reduce((a, b) => a + b, 0);
  const sampledDates: number[] = [];
  for (let i = 0; i < ORDER_COUNT - FRESH.length; i++) {
    let r = rnd() * totalWeight;
    let d = 0;
    while (d < dayWeights.length - 1 && r > dayWeights[d]!) r -= dayWeights[d++]!;
    const dayStart = start + d * DAY;
    sampledDates.push(Math.max(start + HOUR, dayStart - (dayStart % DAY) + Math.round(between(rnd, 7, 23) * HOUR)));
  }
  const planned = [
    ...sampledDates.map((at) => ({ at: Math.min(at, now - 3 * DAY), fate: null as Fate | null })),
    ...FRESH.map((f) => ({ at: now - f.hoursAgo * HOUR, fate: f.fate as Fate | null })),
  ].sort((a, b) => a.at - b.at);

  const madeToOrderIds: number[] = [];
  let mtoProductId = Math.max(...products.map((p) => p.id)) + 1;
  const mtoChild = (slug: string) => categories.find((c) => c.slug === slug);
  for (const m of MADE_TO_ORDER) {
    const child = mtoChild(m.category);
    products.push({
      id: mtoProductId,
      title: m.title,
      slug: m.slug,
      priceCents: m.priceCents,
      isLarge: false,
      createdAt: now - m.daysAgo * DAY,
      madeToOrder: true,
      leadTimeDays: m.leadTimeDays,
      personalised: m.personalised,
      colors: [],
      variations: [],
      tint: m.tint,
      shape: shapeFor(child?.name ?? "Dresses", m.title),
      popularity: 0.8,
    });
    madeToOrderIds.push(mtoProductId++);
  }

  // ----- Orders with their items and fates
  let orderId = await nextId(db, "orders");
  let itemId = await nextId(db, "order_items");
  const orders: PlannedOrder[] = [];
  let forcedMade = 0;
  for (const p of planned) {
    const available = products.filter((x) => x.createdAt < p.at - DAY);
    const pool = available.length > 0 ? available : [...products].sort((a, b) => a.createdAt - b.createdAt).slice(0, 3);
    const lineCount = rnd() < 0.55 ? 1 : rnd() < 0.67 ? 2 : 3;
    const items: PlannedItem[] = [];
    for (let l = 0; l < lineCount; l++) {
      const candidates = pool.filter((x) => !items.some((i) => i.product.id === x.id));
      if (candidates.length === 0) break;
      // The freshest orders being made: a made-to-order piece each, so its ship date shows.
      const forcedId = l === 0 && p.fate === "processing" ? madeToOrderIds[forcedMade++ % madeToOrderIds.length] : undefined;
      const forced = forcedId === undefined ? undefined : products.find((x) => x.id === forcedId);
      const product = forced ?? weightedPick(rnd, candidates);
      const quantity = product.madeToOrder || rnd() < 0.86 ? 1 : 2;
      items.push({
        id: itemId++,
        product,
        colorId: product.colors.length > 0 ? pick(rnd, product.colors) : null,
        variation: product.variations.length > 0 ? pick(rnd, product.variations) : null,
        quantity,
        returned: 0,
        stockTaken: 0,
      });
    }
    const subtotal = items.reduce((s, i) => s + i.product.priceCents * i.quantity, 0);
    const rate = items.some((i) => i.product.isLarge) ? rates.large : rates.standard;
    const isGuest = rnd() < 0.13;
    let customer: Customer | null = null;
    if (!isGuest) {
      const sum = customerWeights.reduce((a, b) => a + b, 0);
      let r = rnd() * sum;
      customer = customers[customers.length - 1]!;
      for (let c = 0; c < customers.length; c++) {
        r -= customerWeights[c]!;
        if (r <= 0) {
          customer = customers[c]!;
          break;
        }
      }
    }
    const mtoLead = Math.max(0, ...items.filter((i) => i.product.madeToOrder).map((i) => i.product.leadTimeDays));
    orders.push({
      id: orderId++,
      createdAt: p.at,
      fate: p.fate ?? "fulfilled",
      customer,
      guest: customer ? null : pick(rnd, guests),
      items,
      subtotal,
      shipping: rate.priceCents,
      shippingName: rate.name,
      discount: 0,
      pointsUsed: 0,
      pointsTaken: 0,
      pointsToEarn: pointsEarned(loyalty, subtotal),
      pointsAwarded: 0,
      status: "unpaid",
      paidAt: null,
      shippedAt: null,
      deliveredAt: null,
      updatedAt: p.at,
      tracking: null,
      paypalOrderId: null,
      captureId: null,
      expectedShipDate: mtoLead > 0 ? addBusinessDays(new Date(p.at), mtoLead) : null,
      message: rnd() < 0.08 ? pick(rnd, CUSTOMER_MESSAGES) : null,
      packAt: null,
      cancelAt: null,
      returnAt: null,
      withdrawalAt: null,
    });
  }

  // Each customer's account is opened shortly before her first order (or some time in the year).
  for (const c of customers) {
    const first = orders.find((o) => o.customer === c);
    c.createdAt = first ? first.createdAt - between(rnd, 0.2, 20) * DAY : start + between(rnd, 10, 340) * DAY;
    c.createdAt = Math.max(c.createdAt, start + HOUR);
  }

  // Fates and moments, by age. The last moment of anything is an hour before now.
  const latest = now - HOUR;
  for (const o of orders) {
    const ageDays = (now - o.createdAt) / DAY;
    if (o.fate === "fulfilled") {
      const r = rnd();
      if (r < 0.06) o.fate = "expired";
      else if (r < 0.1 && ageDays > 5) o.fate = "cancelled";
      // Pieces made to the buyer's own measurements are not taken back.
      else if (r < 0.145 && ageDays > 30 && o.items.some((i) => !i.product.personalised)) o.fate = "returned";
    }
    if (o.fate === "unpaid" || o.fate === "expired") continue;
    o.paidAt = o.createdAt + between(rnd, 2, 40) * 60_000;
    o.paypalOrderId = paypalId(rnd);
    o.captureId = paypalId(rnd);
    if (o.fate === "paid" || o.fate === "cancel_request") continue;
    o.packAt = workingHours(o.paidAt + between(rnd, 0.3, 1.5) * DAY, rnd);
    if (o.fate === "processing") {
      o.packAt = Math.max(o.paidAt + HOUR, Math.min(o.packAt, latest - between(rnd, 1, 5) * HOUR));
      continue;
    }
    if (o.fate === "cancelled") {
      o.packAt = null;
      o.cancelAt = workingHours(o.paidAt + between(rnd, 3, 40) * HOUR, rnd);
      continue;
    }
    // Shipping: a day or few after payment, or when a made-to-order piece is finished.
    const readyAt = workingHours(
      o.expectedShipDate ? Date.parse(`${o.expectedShipDate}T00:00:00Z`) + between(rnd, 9, 17) * HOUR : o.paidAt + between(rnd, 0.8, 3.5) * DAY,
      rnd,
    );
    o.packAt = Math.max(o.paidAt + 10 * 60_000, Math.min(o.packAt, readyAt - between(rnd, 1, 4) * HOUR));
    if (readyAt > latest) {
      o.fate = o.packAt < latest ? "processing" : "paid";
      if (o.fate === "paid") o.packAt = null;
      continue;
    }
    o.shippedAt = readyAt;
    o.tracking = trackingNumber(rnd);
    // The owner marks it delivered when she hears it arrived (her working hours, like all her work).
    const arrives = workingHours(o.shippedAt + between(rnd, 5, 14) * DAY, rnd);
    if (o.fate === "returned") {
      const back = workingHours(arrives + between(rnd, 3, 12) * DAY, rnd);
      if (back < latest) {
        o.deliveredAt = arrives;
        o.returnAt = back;
        continue;
      }
      o.fate = "fulfilled";
    }
    if (arrives < latest && rnd() < 0.35) o.deliveredAt = arrives;
  }
  // One cancelled and one returned order came with the customer's withdrawal from the contract.
  const withdrawnCancel = orders.find((o) => o.fate === "cancelled" && (now - o.createdAt) / DAY > 20);
  if (withdrawnCancel) withdrawnCancel.withdrawalAt = withdrawnCancel.paidAt! + (withdrawnCancel.cancelAt! - withdrawnCancel.paidAt!) / 2;
  const withdrawnReturn = orders.find((o) => o.fate === "returned" && (now - o.createdAt) / DAY > 60);
  if (withdrawnReturn) withdrawnReturn.withdrawalAt = withdrawnReturn.deliveredAt! + (withdrawnReturn.returnAt! - withdrawnReturn.deliveredAt!) / 3;

  // ----- Replay the year in time order: each step writes what the shop's own code would.
  const orderEvents: Array<{ order_id: number; type: string; message: string; amount_cents: number | null; created_at: string }> = [];
  const loyaltyEvents: Array<Record<string, unknown>> = [];
  const activity: Array<Record<string, unknown> & { at: number }> = [];
  const refunds: Array<Record<string, unknown>> = [];
  const withdrawals: Array<Record<string, unknown>> = [];
  const paymentAttempts: Array<Record<string, unknown>> = [];
  const actions: Action[] = [];
  let seq = 0;
  const at = (when: number, run: () => void) => actions.push({ at: when, seq: seq++, run });
  const event = (o: PlannedOrder, when: number, type: string, message: string, amount: number | null = null) =>
    orderEvents.push({ order_id: o.id, type, message, amount_cents: amount, created_at: iso(when) });
  const points = (c: Customer, when: number, type: string, description: string, change: number, orderIdOf: number | null) => {
    c.balance += change;
    if (c.balance < 0) throw new Error(`Demo year: ${c.email}'s points would go below zero`);
    loyaltyEvents.push({ user_id: c.id, order_id: orderIdOf, event_type: type, description, points: change, points_after: c.balance, created_at: iso(when) });
  };
  const note = (when: number, kind: string, summary: string, subjectType: string | null, subjectId: number | null, changes: Record<string, unknown> | null) =>
    activity.push({
      at: when,
      actor_id: admin.id,
      actor_email: admin.email,
      kind,
      subject_type: subjectType,
      subject_id: subjectId,
      summary,
      changes: changes ? JSON.stringify(changes) : null,
      client_ip: ADMIN_IP,
      created_at: iso(when),
    });
  const money = (cents: number) => `$${centsToDecimal(cents)}`;

  for (const o of orders) {
    at(o.createdAt, () => {
      const c = o.customer;
      // A customer with enough points uses them about half the time (never on an order she will not pay).
      if (c && o.fate !== "expired" && o.fate !== "unpaid" && c.balance >= discountPoints && o.subtotal >= discountMinimum && rnd() < 0.55) {
        o.discount = Math.min(discountCents, o.subtotal);
        o.pointsUsed = discountPoints;
        o.pointsTaken = discountPoints;
        points(c, o.createdAt, "order_spend", `Discount on order #${o.id}`, -discountPoints, o.id);
      }
    });
    if (o.fate === "expired") {
      const when = o.createdAt + UNPAID_HOURS * HOUR + between(rnd, 5, 55) * 60_000;
      at(when, () => {
        o.status = "unpaidcancelled";
        o.updatedAt = when;
        event(o, when, "expired", `Not paid within ${UNPAID_HOURS} hours: cancelled automatically.`);
      });
      continue;
    }
    if (o.paidAt === null) continue;
    at(o.paidAt, () => {
      const total = o.subtotal + o.shipping - o.discount;
      o.status = "paid";
      o.updatedAt = o.paidAt!;
      for (const item of o.items) item.stockTaken = item.product.madeToOrder ? 0 : item.quantity;
      if (o.customer && o.pointsToEarn > 0) {
        o.pointsAwarded = o.pointsToEarn;
        points(o.customer, o.paidAt!, "order_gain", `Earned on order #${o.id}`, o.pointsToEarn, o.id);
      }
      paymentAttempts.push({
        order_id: o.id,
        paypal_order_id: o.paypalOrderId,
        status: "COMPLETED",
        amount_cents: total,
        created_at: iso(o.createdAt + 60_000),
        updated_at: iso(o.paidAt!),
      });
      event(o, o.paidAt!, "paid", `Paid ${money(total)} through PayPal (capture ${o.captureId}).`, total);
    });
    if (o.fate === "cancel_request") {
      const when = o.paidAt + between(rnd, 2, 6) * HOUR;
      at(when, () => {
        o.status = "cancel_request";
        o.updatedAt = when;
      });
    }
    if (o.withdrawalAt !== null) {
      const when = o.withdrawalAt;
      const person = o.customer ?? o.guest!;
      const name = `${person.firstName} ${person.lastName}`;
      const statement = pick(rnd, WITHDRAWAL_STATEMENTS);
      at(when, () => {
        withdrawals.push({ order_id: o.id, name, statement, received_at: iso(when), handled_at: iso(o.cancelAt ?? o.returnAt!), client_ip: "198.51.100.23" });
        event(o, when, "withdrawal", `Withdrawal from the contract received from ${name}: "${statement}"`);
      });
    }
    if (o.packAt !== null) {
      const when = o.packAt;
      at(when, () => {
        o.status = "processing";
        o.updatedAt = when;
        event(o, when, "packing", "Packing started.");
        note(when, "order.packing", `Order #${o.id}: Packing started.`, "order", o.id, { status: ["paid", "processing"] });
      });
    }
    if (o.cancelAt !== null) {
      const when = o.cancelAt;
      at(when, () => {
        const total = o.subtotal + o.shipping - o.discount;
        const refundId = paypalId(rnd);
        refunds.push({
          order_id: o.id,
          capture_id: o.captureId,
          request_id: `${hex(rnd, 8)}-${hex(rnd, 4)}-4${hex(rnd, 3)}-a${hex(rnd, 3)}-${hex(rnd, 12)}`,
          paypal_refund_id: refundId,
          amount_cents: total,
          status: "COMPLETED",
          kind: "cancel",
          note: o.withdrawalAt !== null ? "Withdrawal from the contract" : "The customer asked to cancel",
          restock: null,
          requested_by: adminActor,
          created_at: iso(when - 30_000),
          updated_at: iso(when),
        });
        note(when, "order.cancel", `Order #${o.id}: cancel refund of ${money(total)} (PayPal COMPLETED)`, "order", o.id, {
          refund: [null, `${refundId} ${money(total)} COMPLETED`],
        });
        event(o, when, "refund", `Refunded ${money(total)} through PayPal (refund ${refundId}).`, total);
        const was = o.status;
        o.status = "cancelled";
        o.updatedAt = when;
        for (const item of o.items) item.stockTaken = 0;
        const c = o.customer;
        if (c && o.pointsTaken > 0) {
          points(c, when, "other", `Points returned: order #${o.id} cancelled`, o.pointsTaken, o.id);
          o.pointsTaken = 0;
        }
        if (c && o.pointsAwarded > 0) {
          const take = Math.min(o.pointsAwarded, c.balance);
          if (take > 0) points(c, when, "other", `Points withdrawn: order #${o.id} cancelled`, -take, o.id);
          o.pointsAwarded = 0;
        }
        event(o, when, "cancelled", `Order cancelled (was ${orderStatusLabel(was)}); stock restored, loyalty points settled.`);
        if (o.withdrawalAt !== null) {
          event(o, when, "withdrawal", "The customer's withdrawal is handled: order cancelled.");
          note(when, "order.withdrawal", `Order #${o.id}: withdrawal handled (order cancelled)`, "order", o.id, { withdrawalHandledAt: [null, iso(when)] });
        }
      });
    }
    if (o.shippedAt !== null) {
      const when = o.shippedAt;
      at(when, () => {
        const before = o.status;
        o.status = "shipped";
        o.updatedAt = when;
        event(o, when, "shipped", `Shipped with tracking number ${o.tracking}.`);
        note(when, "order.ship", `Order #${o.id} shipped (tracking ${o.tracking})`, "order", o.id, {
          status: [before, "shipped"],
          trackingNumber: [null, o.tracking],
        });
      });
    }
    if (o.deliveredAt !== null) {
      const when = o.deliveredAt;
      at(when, () => {
        o.status = "delivered";
        o.updatedAt = when;
        event(o, when, "delivered", "Marked as delivered.");
        note(when, "order.deliver", `Order #${o.id}: Marked as delivered.`, "order", o.id, { status: ["shipped", "delivered"] });
      });
    }
    if (o.returnAt !== null) {
      const when = o.returnAt;
      at(when, () => {
        const line = pick(
          rnd,
          o.items.filter((i) => !i.product.personalised),
        );
        const quantity = line.quantity;
        // The buyer sends the piece back and pays the postage: the piece's price comes back, less
        // its share of the loyalty discount (as the return form prefills it).
        const lineTotal = line.product.priceCents * quantity;
        const refund = lineTotal - Math.round((o.discount * lineTotal) / o.subtotal);
        const refundId = paypalId(rnd);
        const reason = pick(rnd, RETURN_NOTES);
        refunds.push({
          order_id: o.id,
          capture_id: o.captureId,
          request_id: `${hex(rnd, 8)}-${hex(rnd, 4)}-4${hex(rnd, 3)}-a${hex(rnd, 3)}-${hex(rnd, 12)}`,
          paypal_refund_id: refundId,
          amount_cents: refund,
          status: "COMPLETED",
          kind: "return",
          note: reason,
          restock: JSON.stringify([{ orderItemId: line.id, quantity }]),
          requested_by: adminActor,
          created_at: iso(when - 30_000),
          updated_at: iso(when),
        });
        note(when, "order.return", `Order #${o.id}: return refund of ${money(refund)} (PayPal COMPLETED)`, "order", o.id, {
          refund: [null, `${refundId} ${money(refund)} COMPLETED`],
        });
        event(o, when, "refund", `Refunded ${money(refund)} through PayPal (refund ${refundId}).`, refund);
        o.status = "returned";
        o.updatedAt = when;
        line.returned = quantity;
        line.stockTaken = line.product.madeToOrder ? 0 : Math.max(0, line.stockTaken - quantity);
        event(o, when, "restocked", `Back in stock: ${line.product.title} ×${quantity}.`);
        const c = o.customer;
        if (c && o.pointsAwarded > 0) {
          const itemsLeft = o.subtotal - o.discount;
          const share = itemsLeft > 0 ? Math.min(1, refund / itemsLeft) : 1;
          const take = Math.min(o.pointsAwarded, Math.round(o.pointsAwarded * share));
          if (take > 0) {
            o.pointsAwarded -= take;
            const withdrawn = Math.min(take, c.balance);
            if (withdrawn > 0) points(c, when, "other", `Points withdrawn: refund on returned order #${o.id}`, -withdrawn, o.id);
            event(o, when, "points", `${withdrawn} loyalty point${withdrawn === 1 ? "" : "s"} taken back for the refunded amount.`);
          }
        }
        event(o, when, "returned", `Return processed: ${reason}`);
        if (o.withdrawalAt !== null) {
          event(o, when, "withdrawal", "The customer's withdrawal is handled: return processed.");
          note(when, "order.withdrawal", `Order #${o.id}: withdrawal handled (order returned)`, "order", o.id, { withdrawalHandledAt: [null, iso(when)] });
        }
      });
    }
  }

  // The owner's own days: signing in, thanking loyal customers, topping up stock.
  for (let t = start + 2 * DAY; t < latest; t += between(rnd, 2, 5) * DAY) {
    const when = t + between(rnd, 7, 10) * HOUR;
    if (when < latest) note(when, "admin.signin", `Admin sign-in from ${ADMIN_IP}`, "user", admin.id, null);
  }
  const loyal = [...customers].sort((a, b) => orders.filter((o) => o.customer === b).length - orders.filter((o) => o.customer === a).length).slice(0, 3);
  for (const c of loyal) {
    const when = workingHours(now - between(rnd, 20, 200) * DAY, rnd);
    if (when <= c.createdAt) continue;
    at(when, () => {
      points(c, when, "admin_reward", "Points awarded by the shop", 25, null);
      note(when, "points.award", `25 points awarded to ${c.email}`, "user", c.id, { loyaltyPoints: [c.balance - 25, c.balance] });
    });
  }
  for (const p of products) {
    if (p.createdAt < start) continue;
    note(p.createdAt, "product.create", `Product '${p.title}' added`, "product", p.id, { title: [null, p.title], priceCents: [null, p.priceCents] });
  }
  // Stock top-ups: fourteen pieces, each some time after it was first offered.
  const restocked = products.filter((x) => !x.madeToOrder && x.createdAt < now - 20 * DAY);
  for (let i = 0; i < 14 && restocked.length > 0; i++) {
    const p = restocked.splice(Math.floor(rnd() * restocked.length), 1)[0]!;
    const when = workingHours(p.createdAt + 5 * DAY + rnd() * (now - 10 * DAY - p.createdAt), rnd);
    if (when >= latest) continue;
    const before = 1 + Math.floor(rnd() * 3);
    note(when, "product.update", `Product '${p.title}' edited: stock`, "product", p.id, { stock: [before, before + 4 + Math.floor(rnd() * 8)] });
  }
  note(start + 1.5 * DAY, "settings.shipping", "Shipping rates saved", "settings", null, {
    standard: [null, rates.standard.priceCents],
    large: [null, rates.large.priceCents],
  });

  actions.sort((a, b) => a.at - b.at || a.seq - b.seq);
  for (const action of actions) action.run();

  // ----- Reviews: from customers whose order of the piece was shipped or delivered.
  interface PlannedReview {
    id: number;
    order: PlannedOrder;
    product: ProductInfo;
    color: string;
    customer: Customer;
    rating: number;
    createdAt: number;
    photos: number;
  }
  const reviews: PlannedReview[] = [];
  const reviewed = new Set<string>();
  let reviewId = await nextId(db, "reviews");
  for (const o of orders) {
    if (!o.customer || !o.shippedAt || (o.status !== "shipped" && o.status !== "delivered")) continue;
    for (const item of o.items) {
      const key = `${o.customer.id}:${item.product.id}`;
      if (reviewed.has(key) || rnd() > 0.38) continue;
      const createdAt = (o.deliveredAt ?? o.shippedAt + 8 * DAY) + between(rnd, 1, 12) * DAY;
      if (createdAt >= latest) continue;
      reviewed.add(key);
      const r = rnd();
      reviews.push({
        id: 0,
        order: o,
        product: item.product,
        color: item.colorId !== null ? (colorHex.get(item.colorId) ?? item.product.tint) : item.product.tint,
        customer: o.customer,
        rating: r < 0.66 ? 5 : r < 0.93 ? 4 : 3,
        createdAt,
        photos: rnd() < 0.25 ? (rnd() < 0.7 ? 1 : 2) : 0,
      });
    }
  }
  reviews.sort((a, b) => a.createdAt - b.createdAt);
  for (const review of reviews) review.id = reviewId++;
  // The newest few wait for the owner; one, about another shop's wig, she hid.
  const pendingFrom = Math.max(0, reviews.length - 4);
  const hiddenIndex = Math.floor(reviews.length / 2);

  const reviewRows: Array<Record<string, unknown>> = [];
  const reviewPhotoRows: Array<Record<string, unknown>> = [];
  const reviewPhotoFiles: Array<{ svg: string; file: string; thumb: string }> = [];
  reviews.forEach((review, index) => {
    const status = index >= pendingFrom ? "pending" : index === hiddenIndex ? "hidden" : "approved";
    const item = review.product.title.toLowerCase();
    let title: string;
    let body: string;
    if (status === "hidden") {
      review.rating = 3;
      title = "Wrong listing";
      body = "Sorry, this was meant for the mohair wig I bought from another shop. Still waiting for that one!";
      review.photos = 0;
    } else if (review.rating === 3) {
      title = pick(rnd, REVIEW_TITLES.ok);
      body = `${pick(rnd, REVIEW_OPENERS).replace("{item}", item)} ${pick(rnd, REVIEW_SNUG)}`;
    } else {
      title = pick(rnd, review.rating === 5 ? REVIEW_TITLES.great : REVIEW_TITLES.good);
      body = `${pick(rnd, REVIEW_OPENERS).replace("{item}", item)} ${pick(rnd, REVIEW_DETAILS)} ${pick(rnd, REVIEW_CLOSERS)}`;
    }
    const moderatedAt = status === "pending" ? null : Math.min(review.createdAt + between(rnd, 3, 30) * HOUR, latest);
    let reply: string | null = null;
    if (status === "approved" && (review.rating < 5 || rnd() < 0.25)) {
      reply =
        review.rating === 3
          ? body.includes("snug")
            ? OWNER_REPLIES[4]!
            : OWNER_REPLIES[5]!
          : review.photos > 0
            ? OWNER_REPLIES[3]!
            : pick(rnd, OWNER_REPLIES.slice(0, 3));
    }
    reviewRows.push({
      id: review.id,
      product_id: review.product.id,
      user_id: review.customer.id,
      order_id: review.order.id,
      rating: review.rating,
      title: rnd() < 0.85 ? title : null,
      body,
      status,
      author_name: `${review.customer.firstName} ${review.customer.lastName
        .replace(/^(de|van|von) /i, "")
        .charAt(0)
        .toUpperCase()}.`,
      reply,
      replied_at: reply && moderatedAt ? iso(moderatedAt) : null,
      moderated_at: moderatedAt ? iso(moderatedAt) : null,
      client_ip: null,
      created_at: iso(review.createdAt),
      updated_at: iso(moderatedAt ?? review.createdAt),
    });
    for (let n = 1; n <= review.photos; n++) {
      const file = `demo-review-${review.id}-${n}.jpg`;
      reviewPhotoFiles.push({
        svg: reviewPhotoSvg(review.color, review.id * 10 + n),
        file: path.join(opts.uploadDir, "reviews", file),
        thumb: path.join(opts.uploadDir, "reviews", "thumbs", `thumb-${file}`),
      });
      reviewPhotoRows.push({
        review_id: review.id,
        image_url: `/uploads/reviews/${file}`,
        thumb_url: `/uploads/reviews/thumbs/thumb-${file}`,
        width: REVIEW_PHOTO_SIZE,
        height: REVIEW_PHOTO_SIZE,
        sort_order: n - 1,
      });
    }
  });

  // ----- Photos per colour, and the made-to-order pieces' photos
  interface PhotoJob {
    spec: ProductImageSpec;
    file: string;
    thumb: string;
  }
  const photoJobs: PhotoJob[] = [];
  const productsDir = path.join(opts.uploadDir, "products");
  const photoJob = (spec: ProductImageSpec, fileName: string) => {
    photoJobs.push({ spec, file: path.join(productsDir, fileName), thumb: path.join(productsDir, "thumbs", `thumb-${fileName}`) });
    return `/uploads/products/${fileName}`;
  };
  const existingImages = await db.selectFrom("product_images").select(["product_id", "sort_order"]).execute();
  const colourImageRows: Array<Record<string, unknown>> = [];
  const colourful = products.filter((p) => p.colors.length >= 2).slice(0, 6);
  for (const p of colourful) {
    let sort = Math.max(-1, ...existingImages.filter((i) => i.product_id === p.id).map((i) => i.sort_order)) + 1;
    for (const colorId of p.colors) {
      for (const view of ["front"] as const) {
        const url = photoJob(
          { shape: p.shape, color: colorHex.get(colorId)!, pattern: p.pattern, view, title: p.title, seed: `${p.slug}-colour-${colorId}-${view}` },
          `${p.slug}-colour-${colorId}-${view}.jpg`,
        );
        colourImageRows.push({
          product_id: p.id,
          image_url: url,
          alt_text: `${p.title} in ${colorName.get(colorId)}, ${view} view`,
          is_primary: 0,
          sort_order: sort++,
          width: IMAGE_WIDTH,
          height: IMAGE_HEIGHT,
          color_id: colorId,
        });
      }
    }
  }
  const madeToOrderImageRows: Array<Record<string, unknown>> = [];
  MADE_TO_ORDER.forEach((m, i) => {
    const info = products.find((p) => p.id === madeToOrderIds[i])!;
    (["front", "detail"] as const).forEach((view, n) => {
      const url = photoJob(
        { shape: info.shape, color: m.tint, pattern: m.pattern, view, title: m.title, seed: `${m.slug}-${n + 1}` },
        `${m.slug}-${n + 1}.jpg`,
      );
      madeToOrderImageRows.push({
        product_id: info.id,
        image_url: url,
        alt_text: `${m.title}, ${view === "front" ? "front view" : "fabric detail"}`,
        is_primary: n === 0 ? 1 : 0,
        sort_order: n,
        width: IMAGE_WIDTH,
        height: IMAGE_HEIGHT,
        color_id: null,
      });
    });
  });

  // Files first (each skipped when it exists, so a failed run simply starts again), then the rows.
  await inBatches(photoJobs, 6, (j) => writeProductImage(j.spec, j.file, j.thumb));
  await inBatches(reviewPhotoFiles, 6, (j) => writeReviewPhoto(j.svg, j.file, j.thumb));

  // ----- Rows, in one transaction
  const userRows = customers.map((c) => ({
    id: c.id,
    email: c.email,
    password_hash: passwordHash,
    first_name: c.firstName,
    last_name: c.lastName,
    shipping_first_name: c.firstName,
    shipping_last_name: c.lastName,
    shipping_address_line1: c.address.line1,
    shipping_address_line2: c.address.line2,
    shipping_city: c.address.city,
    shipping_state: c.address.state,
    shipping_postal_code: c.address.postal,
    shipping_country: c.address.country,
    loyalty_points: c.balance,
    is_admin: 0,
    created_at: iso(c.createdAt),
    email_verified_at: iso(c.createdAt + between(rnd, 2, 40) * 60_000),
  }));
  const orderRows = orders.map((o) => {
    const person = o.customer ?? o.guest!;
    const shippedLike = o.status === "shipped" || o.status === "delivered";
    return {
      id: o.id,
      user_id: o.customer?.id ?? null,
      session_key: o.customer ? null : `demo-guest-${hex(rnd, 24)}`,
      email: person.email,
      status: o.status,
      subtotal_cents: o.subtotal,
      shipping_cents: o.shipping,
      shipping_name: o.shippingName,
      loyalty_discount_cents: o.discount,
      loyalty_points_used: o.pointsUsed,
      total_cents: o.subtotal + o.shipping - o.discount,
      tracking_number: o.tracking,
      customer_message: o.message,
      confirmation_token: Buffer.from(hex(rnd, 48), "hex").toString("base64url"),
      shipping_first_name: person.firstName,
      shipping_last_name: person.lastName,
      shipping_address_line1: person.address.line1,
      shipping_address_line2: person.address.line2,
      shipping_city: person.address.city,
      shipping_state: person.address.state,
      shipping_postal_code: person.address.postal,
      shipping_country: person.address.country,
      stock_reserved: o.paidAt !== null && o.status !== "cancelled" ? 1 : 0,
      paypal_order_id: o.paypalOrderId,
      paypal_capture_id: o.captureId,
      points_awarded: o.pointsAwarded,
      points_to_earn: o.pointsToEarn,
      points_taken: o.pointsTaken,
      created_at: iso(o.createdAt),
      updated_at: iso(o.updatedAt),
      paid_at: o.paidAt !== null ? iso(o.paidAt) : null,
      shipped_at: o.shippedAt !== null ? iso(o.shippedAt) : null,
      delivered_at: o.deliveredAt !== null ? iso(o.deliveredAt) : null,
      expected_ship_date: o.expectedShipDate,
      // The demo customers were asked once already; the request job leaves them alone.
      review_requested_at: shippedLike || o.status === "returned" ? iso(Math.min((o.deliveredAt ?? o.shippedAt!) + 7 * DAY, latest)) : null,
    };
  });
  const itemRows = orders.flatMap((o) =>
    o.items.map((i) => ({
      id: i.id,
      order_id: o.id,
      product_id: i.product.id,
      title: i.product.title,
      unit_price_cents: i.product.priceCents,
      quantity: i.quantity,
      color_id: i.colorId,
      variation_code: i.variation?.code ?? null,
      variation_name: i.variation?.name ?? null,
      returned_quantity: i.returned,
      stock_taken: i.stockTaken,
      made_to_order: i.product.madeToOrder ? 1 : 0,
      lead_time_days: i.product.madeToOrder ? i.product.leadTimeDays : null,
      is_personalised: i.product.personalised ? 1 : 0,
    })),
  );
  const byTime = <T extends Record<string, unknown>>(rows: T[]) => rows.sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
  activity.sort((a, b) => a.at - b.at);

  await db.transaction().execute(async (trx) => {
    for (const u of productUpdates) {
      await trx.updateTable("products").set({ created_at: u.createdAt, updated_at: u.createdAt }).where("id", "=", u.id).execute();
    }
    for (const [i, m] of MADE_TO_ORDER.entries()) {
      const child = mtoChild(m.category);
      if (!child) throw new Error(`Demo year: unknown category ${m.category}`);
      const createdAt = iso(now - m.daysAgo * DAY);
      await trx
        .insertInto("products")
        .values({
          id: madeToOrderIds[i]!,
          title: m.title,
          slug: m.slug,
          description: m.description,
          price_cents: m.priceCents,
          stock: 0,
          total_stock: 0,
          is_large: 0,
          is_latest_collection: 0,
          has_color_variations: 0,
          has_variations: 0,
          materials: m.materials,
          safety_notice: null,
          made_to_order: 1,
          lead_time_days: m.leadTimeDays,
          made_to_order_cap: m.cap,
          is_personalised: m.personalised ? 1 : 0,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
      const links = [child.id, ...(child.parent_id !== null ? [child.parent_id] : [])];
      await trx
        .insertInto("product_categories")
        .values(links.map((category_id) => ({ product_id: madeToOrderIds[i]!, category_id })))
        .execute();
    }
    await insertRows(trx, "product_images", [...madeToOrderImageRows, ...colourImageRows]);
    await recalculateCategoryCounts(trx);
    await insertRows(trx, "users", userRows);
    await insertRows(trx, "orders", orderRows);
    await insertRows(trx, "order_items", itemRows);
    await insertRows(trx, "payment_attempts", byTime(paymentAttempts));
    await insertRows(trx, "order_events", byTime(orderEvents));
    await insertRows(trx, "loyalty_events", loyaltyEvents);
    await insertRows(trx, "refunds", byTime(refunds));
    await insertRows(trx, "withdrawals", withdrawals);
    await insertRows(
      trx,
      "activity_log",
      activity.map(({ at: _at, ...row }) => row),
    );
    await insertRows(trx, "reviews", reviewRows);
    await insertRows(trx, "review_photos", reviewPhotoRows);
  });

  const summary: DemoYearSummary = {
    skipped: false,
    customers: customers.length,
    orders: orders.length,
    reviews: reviewRows.length,
    reviewPhotos: reviewPhotoRows.length,
    colourImages: colourImageRows.length,
    madeToOrderProducts: MADE_TO_ORDER.length,
    activity: activity.length,
  };
  log(
    `demo year: ${summary.customers} customers, ${summary.orders} orders, ${summary.reviews} reviews (${summary.reviewPhotos} photos), ` +
      `${summary.colourImages} colour photos, ${summary.madeToOrderProducts} made-to-order pieces, ${summary.activity} activity rows`,
  );
  return summary;
}
