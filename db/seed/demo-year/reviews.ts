import path from "node:path";
import { OWNER_REPLIES, REVIEW_CLOSERS, REVIEW_DETAILS, REVIEW_OPENERS, REVIEW_SNUG, REVIEW_TITLES } from "../demo-year-data";
import { COLOR_HEX } from "./catalogue";
import { DAY, type DemoContext, HOUR, type PlannedReview, REVIEW_PHOTO_SIZE } from "./context";
import { between, iso, nextId, pick } from "./helpers";
import { reviewPhotoSvg } from "./photos";

type ReviewStatus = "pending" | "hidden" | "approved";

/** Reviews from customers whose order of the piece was shipped or delivered, numbered in time order. */
export async function planReviews(ctx: DemoContext): Promise<void> {
  const { rnd, latest } = ctx;
  const reviewed = new Set<string>();
  let reviewId = await nextId(ctx.db, "reviews");
  for (const o of ctx.orders) {
    if (!o.customer || !o.shippedAt || (o.status !== "shipped" && o.status !== "delivered")) continue;
    for (const item of o.items) {
      const key = `${o.customer.id}:${item.product.id}`;
      if (reviewed.has(key) || rnd() > 0.38) continue;
      const createdAt = (o.deliveredAt ?? o.shippedAt + 8 * DAY) + between(rnd, 1, 12) * DAY;
      if (createdAt >= latest) continue;
      reviewed.add(key);
      const r = rnd();
      ctx.reviews.push({
        id: 0,
        order: o,
        product: item.product,
        color: item.colorId !== null ? (COLOR_HEX.get(item.colorId) ?? item.product.tint) : item.product.tint,
        customer: o.customer,
        rating: r < 0.66 ? 5 : r < 0.93 ? 4 : 3,
        createdAt,
        photos: rnd() < 0.25 ? (rnd() < 0.7 ? 1 : 2) : 0,
      });
    }
  }
  ctx.reviews.sort((a, b) => a.createdAt - b.createdAt);
  for (const review of ctx.reviews) review.id = reviewId++;
}

/** The reviews' words, the owner's moderation and replies, and their photos' rows and files. */
export function writeReviews(ctx: DemoContext): void {
  const { rnd, latest } = ctx;
  // The newest few wait for the owner; one, about another shop's wig, she hid.
  const pendingFrom = Math.max(0, ctx.reviews.length - 4);
  const hiddenIndex = Math.floor(ctx.reviews.length / 2);
  ctx.reviews.forEach((review, index) => {
    const status: ReviewStatus = index >= pendingFrom ? "pending" : index === hiddenIndex ? "hidden" : "approved";
    const { title, body } = reviewText(ctx, review, status);
    const moderatedAt = status === "pending" ? null : Math.min(review.createdAt + between(rnd, 3, 30) * HOUR, latest);
    const reply = ownerReply(ctx, review, status, body);
    ctx.rows.reviews.push({
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
    queueReviewPhotos(ctx, review);
  });
}

/** The title and body; the hidden review (meant for another shop) gets its own, and loses its photos. */
function reviewText(ctx: DemoContext, review: PlannedReview, status: ReviewStatus): { title: string; body: string } {
  const { rnd } = ctx;
  const item = review.product.title.toLowerCase();
  if (status === "hidden") {
    review.rating = 3;
    review.photos = 0;
    return { title: "Wrong listing", body: "Sorry, this was meant for the mohair wig I bought from another shop. Still waiting for that one!" };
  }
  if (review.rating === 3) {
    const title = pick(rnd, REVIEW_TITLES.ok);
    return { title, body: `${pick(rnd, REVIEW_OPENERS).replace("{item}", item)} ${pick(rnd, REVIEW_SNUG)}` };
  }
  const title = pick(rnd, review.rating === 5 ? REVIEW_TITLES.great : REVIEW_TITLES.good);
  return { title, body: `${pick(rnd, REVIEW_OPENERS).replace("{item}", item)} ${pick(rnd, REVIEW_DETAILS)} ${pick(rnd, REVIEW_CLOSERS)}` };
}

/** The owner answers every approved review under five stars, and a quarter of the others. */
function ownerReply(ctx: DemoContext, review: PlannedReview, status: ReviewStatus, body: string): string | null {
  if (status !== "approved" || (review.rating >= 5 && ctx.rnd() >= 0.25)) return null;
  if (review.rating === 3) return body.includes("snug") ? OWNER_REPLIES[4]! : OWNER_REPLIES[5]!;
  return review.photos > 0 ? OWNER_REPLIES[3]! : pick(ctx.rnd, OWNER_REPLIES.slice(0, 3));
}

function queueReviewPhotos(ctx: DemoContext, review: PlannedReview): void {
  for (let n = 1; n <= review.photos; n++) {
    const file = `demo-review-${review.id}-${n}.jpg`;
    ctx.files.reviewPhotos.push({
      svg: reviewPhotoSvg(review.color, review.id * 10 + n),
      file: path.join(ctx.uploadDir, "reviews", file),
      thumb: path.join(ctx.uploadDir, "reviews", "thumbs", `thumb-${file}`),
    });
    ctx.rows.reviewPhotos.push({
      review_id: review.id,
      image_url: `/uploads/reviews/${file}`,
      thumb_url: `/uploads/reviews/thumbs/thumb-${file}`,
      width: REVIEW_PHOTO_SIZE,
      height: REVIEW_PHOTO_SIZE,
      sort_order: n - 1,
    });
  }
}
