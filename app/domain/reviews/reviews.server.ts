import { sql } from "kysely";
import { HOUR_MS, takeRateSlot } from "~/domain/auth/rate-limit.server";
import { DomainError } from "~/domain/common/errors";
import { type Actor, logActivity } from "~/domain/ops/activity.server";
import { deleteReviewPhotoFiles, preparePhotos, writePhotos } from "~/domain/reviews/photos.server";
import { averageOf, type ModerateReviewInput, REVIEW_TEXT, type ReviewInput, type ReviewStatus } from "~/domain/reviews/schemas";
import { removeFiles } from "~/lib/image-pipeline.server";
import { type DB } from "~/lib/sqlite.server";

/**
 * Reviews from verified buyers: a signed-in customer reviews a product of one of her own
 * shipped or delivered orders, once per product. A review waits for the owner (pending), who
 * approves or hides it and may answer in public. products.review_count and rating_sum follow
 * the approved reviews by trigger; the catalogue's read cache sees every write (docs/reviews.md).
 */

/** Order statuses after which the buyer holds the piece and may review it. */
export const REVIEWABLE_ORDER_STATUSES = ["shipped", "delivered"] as const;

/** Posts per account and per client address in an hour, counted before any photo work. */
export const REVIEW_LIMITS_PER_HOUR = { perAccount: 10, perAddress: 30 } as const;

export interface ReviewPhotoView {
  url: string;
  thumbUrl: string;
  width: number | null;
  height: number | null;
}

export interface ReviewView {
  id: number;
  rating: number;
  title: string | null;
  text: string;
  authorName: string;
  createdAt: string;
  photos: ReviewPhotoView[];
  reply: string | null;
  repliedAt: string | null;
}

export interface ReviewSummary {
  average: number;
  count: number;
}

/** "Anna K.": the first name and the last name's initial, as every review shows its author. */
export function authorNameOf(firstName: string | null, lastName: string | null): string {
  const first = (firstName ?? "").trim() || "A customer";
  const initial = (lastName ?? "").trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

/** The latest shipped or delivered order of this customer holding the product, or null. */
export async function findReviewableOrder(db: DB, userId: number, productId: number): Promise<number | null> {
  const row = await db
    .selectFrom("orders as o")
    .innerJoin("order_items as oi", "oi.order_id", "o.id")
    .select("o.id")
    .where("o.user_id", "=", userId)
    .where("oi.product_id", "=", productId)
    .where("o.status", "in", REVIEWABLE_ORDER_STATUSES)
    .orderBy("o.id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export type ReviewFormState = "signed-out" | "can-review" | "reviewed" | "not-buyer";

/** Whether the product page shows this visitor the review form. */
export async function getReviewFormState(db: DB, userId: number | null, productId: number): Promise<ReviewFormState> {
  if (userId === null) return "signed-out";
  const own = await db.selectFrom("reviews").select("id").where("user_id", "=", userId).where("product_id", "=", productId).executeTakeFirst();
  if (own) return "reviewed";
  return (await findReviewableOrder(db, userId, productId)) === null ? "not-buyer" : "can-review";
}

export interface ReviewableItem {
  productId: number;
  slug: string;
  title: string;
  reviewed: boolean;
}

/** The products of one of the customer's own orders she may review (none unless shipped or delivered). */
export async function listReviewableItems(db: DB, userId: number, orderId: number): Promise<ReviewableItem[]> {
  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("order_items as oi", "oi.order_id", "o.id")
    .innerJoin("products as p", "p.id", "oi.product_id")
    .leftJoin("reviews as r", (j) => j.onRef("r.product_id", "=", "p.id").on("r.user_id", "=", userId))
    .select(["p.id as productId", "p.slug", "p.title", "r.id as reviewId"])
    .where("o.id", "=", orderId)
    .where("o.user_id", "=", userId)
    .where("o.status", "in", REVIEWABLE_ORDER_STATUSES)
    .groupBy("p.id")
    .orderBy("p.title")
    .execute();
  return rows.map((r) => ({ productId: r.productId, slug: r.slug, title: r.title, reviewed: r.reviewId !== null }));
}

export interface NewReview {
  userId: number;
  productId: number;
  clientIp: string;
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && "code" in error && String((error as { code: unknown }).code).startsWith("SQLITE_CONSTRAINT");
}

/**
 * Records a review (status pending) with its photos. Throws DomainError: 404 unknown product,
 * 429 past REVIEW_LIMITS_PER_HOUR, 403 not a buyer of it (a shipped or delivered order of her
 * own), 409 already reviewed (also when a simultaneous post won the unique index), 400/413 a
 * refused photo. Photos are checked before anything is written, and their files are removed
 * when the insert fails: a refused review leaves no row and no file.
 */
export async function createReview(db: DB, who: NewReview, input: ReviewInput, files: File[] = []): Promise<ReviewView> {
  const product = await db.selectFrom("products").select("id").where("id", "=", who.productId).executeTakeFirst();
  if (!product) throw new DomainError(REVIEW_TEXT.productNotFound, 404);
  await takeRateSlot(
    db,
    [
      { bucket: "review", key: String(who.userId), max: REVIEW_LIMITS_PER_HOUR.perAccount, windowMs: HOUR_MS },
      { bucket: "review-address", key: who.clientIp, max: REVIEW_LIMITS_PER_HOUR.perAddress, windowMs: HOUR_MS },
    ],
    REVIEW_TEXT.limited,
  );
  const orderId = await findReviewableOrder(db, who.userId, who.productId);
  if (orderId === null) throw new DomainError(REVIEW_TEXT.notBuyer, 403);
  const existing = await db.selectFrom("reviews").select("id").where("user_id", "=", who.userId).where("product_id", "=", who.productId).executeTakeFirst();
  if (existing) throw new DomainError(REVIEW_TEXT.duplicate, 409);
  const user = await db.selectFrom("users").select(["first_name as firstName", "last_name as lastName"]).where("id", "=", who.userId).executeTakeFirstOrThrow();

  const prepared = await preparePhotos(files);
  const stored = await writePhotos(prepared);
  try {
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("reviews")
        .values({
          product_id: who.productId,
          user_id: who.userId,
          order_id: orderId,
          rating: input.rating,
          title: input.title ? input.title : null,
          body: input.text,
          author_name: authorNameOf(user.firstName, user.lastName),
          client_ip: who.clientIp.slice(0, 64),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (stored.length) {
        await trx
          .insertInto("review_photos")
          .values(stored.map((p, i) => ({ review_id: row.id, image_url: p.imageUrl, thumb_url: p.thumbUrl, width: p.width, height: p.height, sort_order: i })))
          .execute();
      }
      return row.id;
    });
    return (await getReview(db, id))!;
  } catch (error) {
    await removeFiles(stored.flatMap((s) => s.files));
    if (isUniqueViolation(error)) throw new DomainError(REVIEW_TEXT.duplicate, 409);
    throw error;
  }
}

const reviewColumns = [
  "r.id",
  "r.rating",
  "r.title",
  "r.body as text",
  "r.author_name as authorName",
  "r.created_at as createdAt",
  "r.reply",
  "r.replied_at as repliedAt",
] as const;

async function withPhotos<T extends { id: number }>(db: DB, rows: T[]): Promise<(T & { photos: ReviewPhotoView[] })[]> {
  if (rows.length === 0) return [];
  const photos = await db
    .selectFrom("review_photos")
    .select(["review_id as reviewId", "image_url as url", "thumb_url as thumbUrl", "width", "height"])
    .where(
      "review_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("review_id")
    .orderBy("sort_order")
    .execute();
  return rows.map((r) => ({
    ...r,
    photos: photos.filter((p) => p.reviewId === r.id).map(({ url, thumbUrl, width, height }) => ({ url, thumbUrl, width, height })),
  }));
}

/** One review with its photos, whatever its status (the author's answer after posting). */
export async function getReview(db: DB, id: number): Promise<ReviewView | null> {
  const row = await db.selectFrom("reviews as r").select(reviewColumns).where("r.id", "=", id).executeTakeFirst();
  if (!row) return null;
  return (await withPhotos(db, [row]))[0]!;
}

/** The approved count and average of a product (from the trigger-kept columns); null for an unknown product. */
export async function getReviewSummary(db: DB, productId: number): Promise<ReviewSummary | null> {
  const row = await db.selectFrom("products").select(["review_count as count", "rating_sum as sum"]).where("id", "=", productId).executeTakeFirst();
  return row ? { count: row.count, average: averageOf(row.sum, row.count) } : null;
}

/** A product's approved reviews, newest first, with the summary; null for an unknown product. */
export async function listProductReviews(
  db: DB,
  productId: number,
  opts: { limit: number; offset?: number },
): Promise<(ReviewSummary & { reviews: ReviewView[] }) | null> {
  const summary = await getReviewSummary(db, productId);
  if (!summary) return null;
  if (summary.count === 0) return { ...summary, reviews: [] };
  const rows = await db
    .selectFrom("reviews as r")
    .select(reviewColumns)
    .where("r.product_id", "=", productId)
    .where("r.status", "=", "approved")
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(opts.limit)
    .offset(opts.offset ?? 0)
    .execute();
  return { ...summary, reviews: await withPhotos(db, rows) };
}

/** A requested page number as one that exists: a number that is not a whole one (1.5, NaN, Infinity) is the first page. */
function pageWithin(requested: number, pages: number): number {
  return Number.isSafeInteger(requested) ? Math.min(Math.max(1, requested), pages) : 1;
}

export interface ListedReview extends ReviewView {
  product: { id: number; title: string; slug: string };
}

/** A page of every approved review, newest first, each with its product (the /reviews page). */
export async function listApprovedReviews(
  db: DB,
  opts: { page: number; pageSize: number; productId?: number | null },
): Promise<{ reviews: ListedReview[]; total: number; page: number; pages: number }> {
  let base = db.selectFrom("reviews as r").innerJoin("products as p", "p.id", "r.product_id").where("r.status", "=", "approved");
  if (opts.productId) base = base.where("r.product_id", "=", opts.productId);
  const { n } = await base.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  const pages = Math.max(1, Math.ceil(n / opts.pageSize));
  const page = pageWithin(opts.page, pages);
  const rows = await base
    .select([...reviewColumns, "p.id as productId", "p.title as productTitle", "p.slug as productSlug"])
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(opts.pageSize)
    .offset((page - 1) * opts.pageSize)
    .execute();
  const reviews = (await withPhotos(db, rows)).map(({ productId, productTitle, productSlug, ...r }) => ({
    ...r,
    product: { id: productId, title: productTitle, slug: productSlug },
  }));
  return { reviews, total: n, page, pages };
}

export interface AdminReview extends ListedReview {
  status: ReviewStatus;
  email: string;
  orderId: number | null;
  moderatedAt: string | null;
}

/** The admin's list of one status, newest first (pending: oldest first, the queue's order). */
export async function listReviewsForAdmin(
  db: DB,
  status: ReviewStatus,
  opts: { page?: number; pageSize?: number } = {},
): Promise<{ reviews: AdminReview[]; total: number; page: number; pages: number; counts: Record<ReviewStatus, number> }> {
  const pageSize = opts.pageSize ?? 25;
  const countRows = await db
    .selectFrom("reviews")
    .select(["status", sql<number>`count(*)`.as("n")])
    .groupBy("status")
    .execute();
  const counts: Record<ReviewStatus, number> = { pending: 0, approved: 0, hidden: 0 };
  for (const c of countRows) counts[c.status as ReviewStatus] = c.n;
  const total = counts[status];
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = pageWithin(opts.page ?? 1, pages);
  const rows = await adminReviews(db)
    .where("r.status", "=", status)
    .orderBy("r.created_at", status === "pending" ? "asc" : "desc")
    .orderBy("r.id", status === "pending" ? "asc" : "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const reviews = (await withPhotos(db, rows)).map(({ productId, productTitle, productSlug, ...r }) => ({
    ...r,
    status: r.status as ReviewStatus,
    product: { id: productId, title: productTitle, slug: productSlug },
  }));
  return { reviews, total, page, pages, counts };
}

/**
 * The owner approves, hides or returns a review to pending, and/or sets her public reply (""
 * or null removes it; left out keeps it). One transaction with its activity row. Throws
 * DomainError 404 for an unknown review, 400 when nothing is asked.
 */
export async function moderateReview(db: DB, id: number, input: ModerateReviewInput, actor: Actor, now = new Date()): Promise<AdminReview> {
  if (input.status === undefined && input.reply === undefined) throw new DomainError("Send a status or a reply", 400);
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("reviews as r")
      .innerJoin("products as p", "p.id", "r.product_id")
      .select(["r.status", "r.reply", "r.author_name as authorName", "p.title"])
      .where("r.id", "=", id)
      .executeTakeFirst();
    if (!before) throw new DomainError(REVIEW_TEXT.reviewNotFound, 404);
    const nowIso = now.toISOString();
    const set: { status?: ReviewStatus; moderated_at?: string; reply?: string | null; replied_at?: string | null; updated_at: string } = { updated_at: nowIso };
    if (input.status !== undefined && input.status !== before.status) {
      set.status = input.status;
      set.moderated_at = nowIso;
    }
    const reply = input.reply === undefined ? undefined : input.reply ? input.reply : null;
    if (reply !== undefined && reply !== before.reply) {
      set.reply = reply;
      set.replied_at = reply ? nowIso : null;
    }
    await trx.updateTable("reviews").set(set).where("id", "=", id).execute();
    const what = `${before.authorName}'s review of ${before.title}`;
    if (set.status) {
      await logActivity(trx, {
        actor,
        kind: set.status === "approved" ? "review.approve" : set.status === "hidden" ? "review.hide" : "review.pending",
        subjectType: "review",
        subjectId: id,
        summary: `${set.status === "approved" ? "Approved" : set.status === "hidden" ? "Hid" : "Returned to pending"} ${what}`,
        changes: { status: [before.status, set.status] },
      });
    }
    if (set.reply !== undefined) {
      await logActivity(trx, {
        actor,
        kind: "review.reply",
        subjectType: "review",
        subjectId: id,
        summary: set.reply ? `Replied to ${what}` : `Removed the reply to ${what}`,
        changes: { reply: [before.reply, set.reply] },
      });
    }
  });
  const row = await adminReviews(db).where("r.id", "=", id).executeTakeFirstOrThrow();
  const [withP] = await withPhotos(db, [row]);
  const { productId, productTitle, productSlug, ...r } = withP!;
  return { ...r, status: r.status as ReviewStatus, product: { id: productId, title: productTitle, slug: productSlug } };
}

/** Reviews as the owner's Reviews tab lists them: with the buyer's e-mail and the product. */
function adminReviews(db: DB) {
  return db
    .selectFrom("reviews as r")
    .innerJoin("products as p", "p.id", "r.product_id")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select([
      ...reviewColumns,
      "r.status",
      "r.order_id as orderId",
      "r.moderated_at as moderatedAt",
      "u.email",
      "p.id as productId",
      "p.title as productTitle",
      "p.slug as productSlug",
    ]);
}

/** The customer's own reviews, for her data export. */
export async function listReviewsOfUser(db: DB, userId: number) {
  const rows = await db
    .selectFrom("reviews as r")
    .innerJoin("products as p", "p.id", "r.product_id")
    .select([...reviewColumns, "r.status", "p.title as productTitle", "p.slug as productSlug"])
    .where("r.user_id", "=", userId)
    .orderBy("r.id")
    .execute();
  return (await withPhotos(db, rows)).map((r) => ({
    productTitle: r.productTitle,
    productSlug: r.productSlug,
    rating: r.rating,
    title: r.title,
    text: r.text,
    authorName: r.authorName,
    status: r.status,
    createdAt: r.createdAt,
    reply: r.reply,
    photos: r.photos.map((p) => p.url),
  }));
}

/** The photo URLs of a customer's reviews (read inside the deletion's transaction, removed after it). */
export async function listReviewPhotoUrlsOfUser(db: DB, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("review_photos as ph")
    .innerJoin("reviews as r", "r.id", "ph.review_id")
    .select("ph.image_url as url")
    .where("r.user_id", "=", userId)
    .execute();
  return rows.map((r) => r.url);
}

/** Deletes a customer's reviews (in the caller's transaction); their photo files go after the commit. */
export async function deleteReviewsOfUser(trx: DB, userId: number): Promise<string[]> {
  const urls = await listReviewPhotoUrlsOfUser(trx, userId);
  await trx.deleteFrom("reviews").where("user_id", "=", userId).execute();
  return urls;
}

export { deleteReviewPhotoFiles };
