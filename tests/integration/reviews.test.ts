// @vitest-environment node
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { createToastCookie } from "~/web/session.server";
import { DomainError } from "~/domain/common/errors";
import { deliverPendingMail } from "~/domain/mail/sender.server";
import { exportAccountData } from "~/domain/privacy/export.server";
import { deleteAccount } from "~/domain/privacy/deletion.server";
import { queueReviewRequests, reviewUnsubscribeToken } from "~/domain/reviews/request-mail.server";
import {
  authorNameOf,
  createReview,
  listApprovedReviews,
  listProductReviews,
  listReviewableItems,
  listReviewsForAdmin,
  moderateReview,
  REVIEW_LIMITS_PER_HOUR,
} from "~/domain/reviews/reviews.server";
import { REVIEW_TEXT } from "~/domain/reviews/schemas";
import { saveReviewSettings } from "~/domain/reviews/settings.server";
import { db } from "~/lib/db.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { action as moderateApi } from "~/routes/api.admin.reviews.$id";
import { loader as adminListApi } from "~/routes/api.admin.reviews";
import { action as reviewsApiAction, loader as reviewsApiLoader } from "~/routes/api.products.$id.reviews";
import { loader as detailsLoader } from "~/routes/order-details.$orderId";
import { action as productAction, loader as productLoader, meta as productMeta } from "~/routes/product.$slug";
import { loader as reviewsPageLoader } from "~/routes/reviews";
import { loader as uploadsLoader } from "~/routes/uploads.$";
import { loader as reviewPhotoLoader } from "~/routes/uploads.reviews.$";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/reviews_.unsubscribe";
import { makeProduct, makeUser } from "../helpers/kit";
import { call, get, getJson, postForm, postJson, postMultipart, sendJson } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";
import { mailTo, startSmtp } from "../helpers/smtp";
import { type OrderStatus } from "~/domain/orders/status";

const REVIEWS_DIR = path.join(path.resolve(process.env.UPLOAD_DIR!), "reviews");
const ACTOR = { id: null, email: "owner@example.com", ip: "192.0.2.9" };

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.catcher.close();
  await db.destroy();
});

let ipN = 0;
/** Each test posts from its own address, so the per-address limit only counts where a test means it to. */
const freshIp = () => `198.51.100.${++ipN}`;

async function buyer(opts: { firstName?: string; lastName?: string } = {}) {
  const user = await makeUser(db, { firstName: opts.firstName ?? "Anna" });
  await db
    .updateTable("users")
    .set({ last_name: opts.lastName ?? "kowalska" })
    .where("id", "=", user.id)
    .execute();
  return { ...user, cookie: await cookieFor(user.id) };
}

async function order(
  userId: number | null,
  productIds: number[],
  status: OrderStatus = "shipped",
  dates: { shippedAt?: string | null; deliveredAt?: string | null } = {},
) {
  const row = await db
    .insertInto("orders")
    .values({
      user_id: userId,
      email: "buyer@example.com",
      status,
      subtotal_cents: 2400,
      shipping_cents: 800,
      shipping_name: "Standard Shipping",
      total_cents: 3200,
      confirmation_token: randomBytes(24).toString("base64url"),
      shipping_first_name: "Anna",
      shipping_last_name: "Kowalska",
      shipping_address_line1: "1 Lace Lane",
      shipping_city: "Kraków",
      shipping_postal_code: "30-001",
      shipping_country: "PL",
      shipped_at: dates.shippedAt === undefined ? new Date().toISOString() : dates.shippedAt,
      delivered_at: dates.deliveredAt ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const productId of productIds) {
    await db.insertInto("order_items").values({ order_id: row.id, product_id: productId, title: "Piece", unit_price_cents: 2400, quantity: 1 }).execute();
  }
  return row.id;
}

async function photo(format: "jpeg" | "png" = "jpeg"): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 190, g: 120, b: 140 } } })
    .withExif({ IFD0: { Make: "SpyCam", ImageDescription: "my home address" } })
    .toFormat(format)
    .toBuffer();
}

const fileOf = (data: Buffer | string, name: string, type: string) => new File([typeof data === "string" ? data : new Uint8Array(data)], name, { type });

function reviewForm(fields: Record<string, string>, files: File[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("photos", f);
  return form;
}

const storedFiles = () => (existsSync(REVIEWS_DIR) ? readdirSync(REVIEWS_DIR).filter((f) => f !== "thumbs").length : 0);
const reviewRows = async (productId: number) => (await db.selectFrom("reviews").select("id").where("product_id", "=", productId).execute()).length;

async function toastOf(res: Response) {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  return header ? ((await createToastCookie().parse(header)) as { title: string }) : null;
}

describe("who may review", () => {
  it("a buyer of a shipped or delivered order, once per product; nobody else", async () => {
    const product = await makeProduct(db);
    const anna = await buyer();
    const other = await buyer();
    const unpaid = await buyer();
    await order(anna.id, [product.id], "delivered");
    await order(unpaid.id, [product.id], "paid", { shippedAt: null });
    const ip = freshIp();
    const input = { rating: 5, text: "Lovely stitching." };

    await expect(createReview(db, { userId: other.id, productId: product.id, clientIp: ip }, input)).rejects.toMatchObject({ status: 403 });
    await expect(createReview(db, { userId: unpaid.id, productId: product.id, clientIp: ip }, input)).rejects.toMatchObject({ status: 403 });
    const review = await createReview(db, { userId: anna.id, productId: product.id, clientIp: ip }, { ...input, title: "Perfect" });
    expect(review).toMatchObject({ rating: 5, title: "Perfect", text: "Lovely stitching.", authorName: "Anna K.", reply: null, photos: [] });
    await expect(createReview(db, { userId: anna.id, productId: product.id, clientIp: ip }, input)).rejects.toMatchObject({ status: 409 });
    const stored = await db.selectFrom("reviews").select(["status", "order_id as orderId"]).where("id", "=", review.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe("pending");
  });

  it("another person's order does not make someone a buyer, through the API either", async () => {
    const product = await makeProduct(db);
    const owner = await buyer();
    const stranger = await buyer();
    await order(owner.id, [product.id], "shipped");
    const res = await call(
      reviewsApiAction,
      postJson(`/api/products/${product.id}/reviews`, { rating: 4, text: "Nice" }, { cookie: stranger.cookie, ip: freshIp() }),
      {
        id: String(product.id),
      },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: REVIEW_TEXT.notBuyer });
    expect(await reviewRows(product.id)).toBe(0);
  });

  it("two simultaneous posts: the unique index lets one win, the other gets 409", async () => {
    const product = await makeProduct(db);
    const anna = await buyer();
    await order(anna.id, [product.id]);
    const who = { userId: anna.id, productId: product.id, clientIp: freshIp() };
    const results = await Promise.allSettled([createReview(db, who, { rating: 5, text: "One" }), createReview(db, who, { rating: 4, text: "Two" })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DomainError);
    expect(refused.reason.status).toBe(409);
    expect(await reviewRows(product.id)).toBe(1);
  });

  it("author names are the first name and the last initial", () => {
    expect(authorNameOf("Anna", "kowalska")).toBe("Anna K.");
    expect(authorNameOf("Mia", "")).toBe("Mia");
    expect(authorNameOf(" ", null)).toBe("A customer");
  });

  it("the order details page offers the forms only to the order's own signed-in buyer", async () => {
    const product = await makeProduct(db, { title: "Velvet Cape" });
    const anna = await buyer();
    const stranger = await buyer();
    const orderId = await order(anna.id, [product.id], "delivered");
    const data = (await (await call(detailsLoader, get(`/order-details/${orderId}`, { cookie: anna.cookie }), { orderId: String(orderId) })).json()) as {
      reviewable: unknown[];
    };
    expect(data.reviewable).toEqual([{ productId: product.id, slug: product.slug, title: "Velvet Cape", reviewed: false }]);
    expect(await listReviewableItems(db, stranger.id, orderId)).toEqual([]);
    const paidOnly = await order(anna.id, [product.id], "paid", { shippedAt: null });
    expect(await listReviewableItems(db, anna.id, paidOnly)).toEqual([]);
  });
});

describe("the two doors", () => {
  it("the form and the API take the same payload to the same domain function", async () => {
    const p1 = await makeProduct(db);
    const p2 = await makeProduct(db);
    const anna = await buyer();
    await order(anna.id, [p1.id, p2.id]);

    const form = await call(
      productAction,
      postMultipart(`/product/${p1.slug}`, reviewForm({ intent: "review-write", rating: "4", title: "Fits well", text: "Soft wool." }), {
        cookie: anna.cookie,
        accept: "text/html",
        ip: freshIp(),
      }),
      { slug: p1.slug },
    );
    expect(form.status).toBe(302);
    expect(form.headers.get("Location")).toBe(`/product/${p1.slug}`);
    expect((await toastOf(form))?.title).toBe(REVIEW_TEXT.thanks);

    const api = await call(
      reviewsApiAction,
      postJson(`/api/products/${p2.id}/reviews`, { rating: 4, title: "Fits well", text: "Soft wool." }, { cookie: anna.cookie, ip: freshIp() }),
      { id: String(p2.id) },
    );
    expect(api.status).toBe(201);
    expect(await api.json()).toMatchObject({ rating: 4, title: "Fits well", text: "Soft wool.", authorName: "Anna K.", status: "pending", photos: [] });

    const rows = await db
      .selectFrom("reviews")
      .select(["product_id as productId", "rating", "title", "body", "status"])
      .where("user_id", "=", anna.id)
      .orderBy("id")
      .execute();
    expect(rows.map(({ productId: _p, ...r }) => r)).toEqual([
      { rating: 4, title: "Fits well", body: "Soft wool.", status: "pending" },
      { rating: 4, title: "Fits well", body: "Soft wool.", status: "pending" },
    ]);
  });

  it("the form returns to the page named in redirectTo (the order details page)", async () => {
    const product = await makeProduct(db);
    const anna = await buyer();
    const orderId = await order(anna.id, [product.id]);
    const res = await call(
      productAction,
      postMultipart(`/product/${product.slug}`, reviewForm({ intent: "review-write", rating: "5", text: "Lovely.", redirectTo: `/order-details/${orderId}` }), {
        cookie: anna.cookie,
        accept: "text/html",
        ip: freshIp(),
      }),
      { slug: product.slug },
    );
    expect(res.headers.get("Location")).toBe(`/order-details/${orderId}`);
  });

  it("bad input: 400 {message} from the API, field errors from the form, nothing stored", async () => {
    const product = await makeProduct(db);
    const anna = await buyer();
    await order(anna.id, [product.id]);
    const send = (body: unknown) =>
      call(reviewsApiAction, postJson(`/api/products/${product.id}/reviews`, body, { cookie: anna.cookie, ip: freshIp() }), { id: String(product.id) });
    for (const body of [
      { rating: 0, text: "x" },
      { rating: 6, text: "x" },
      { rating: "abc", text: "x" },
      { rating: 4.5, text: "x" },
      { rating: 5 },
      { rating: 5, text: "   " },
      { rating: 5, text: "x".repeat(2001) },
      { rating: 5, text: "x", title: "t".repeat(121) },
    ]) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(typeof ((await res.json()) as { message: string }).message).toBe("string");
    }
    const form = await call(
      productAction,
      postMultipart(`/product/${product.slug}`, reviewForm({ intent: "review-write", rating: "abc", text: "" }), {
        cookie: anna.cookie,
        accept: "text/html",
        ip: freshIp(),
      }),
      { slug: product.slug },
    );
    expect(form.status).toBe(400);
    const reply = (await form.json()) as { review: { result: { error: Record<string, string[]> } } };
    expect(reply.review.result.error.rating).toEqual([REVIEW_TEXT.ratingRange]);
    expect(reply.review.result.error.text).toEqual([REVIEW_TEXT.textRequired]);
    expect(await reviewRows(product.id)).toBe(0);
  });

  it("signed out: the API answers 401, the form sends to the sign-in page", async () => {
    const product = await makeProduct(db);
    const api = await call(reviewsApiAction, postJson(`/api/products/${product.id}/reviews`, { rating: 5, text: "x" }), { id: String(product.id) });
    expect(api.status).toBe(401);
    const form = await call(
      productAction,
      postMultipart(`/product/${product.slug}`, reviewForm({ intent: "review-write", rating: "5", text: "x" }), { accept: "text/html" }),
      {
        slug: product.slug,
      },
    );
    expect(form.status).toBe(302);
    expect(form.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/product/${product.slug}`)}`);
  });

  it("a flood of posts is limited per account and per client address with 429", async () => {
    const anna = await buyer();
    const products = await Promise.all(Array.from({ length: REVIEW_LIMITS_PER_HOUR.perAccount + 1 }, () => makeProduct(db)));
    await order(
      anna.id,
      products.map((p) => p.id),
    );
    const ip = freshIp();
    for (const p of products.slice(0, REVIEW_LIMITS_PER_HOUR.perAccount)) {
      await createReview(db, { userId: anna.id, productId: p.id, clientIp: ip }, { rating: 5, text: "ok" });
    }
    const last = products.at(-1)!;
    const res = await call(reviewsApiAction, postJson(`/api/products/${last.id}/reviews`, { rating: 5, text: "ok" }, { cookie: anna.cookie, ip: freshIp() }), {
      id: String(last.id),
    });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toContain(REVIEW_TEXT.limited);

    // Per address: many accounts from one network.
    const shared = freshIp();
    const target = await makeProduct(db);
    let limited = 0;
    for (let i = 0; i < REVIEW_LIMITS_PER_HOUR.perAddress + 1; i++) {
      const someone = await buyer();
      await order(someone.id, [target.id]);
      try {
        await createReview(db, { userId: someone.id, productId: target.id, clientIp: shared }, { rating: 4, text: "ok" });
      } catch (error) {
        expect(error).toMatchObject({ status: 429 });
        limited++;
      }
    }
    expect(limited).toBe(1);
  });
});

describe("photos", () => {
  it("are re-encoded without EXIF, with a thumbnail, under UPLOAD_DIR/reviews", async () => {
    const product = await makeProduct(db);
    const anna = await buyer();
    await order(anna.id, [product.id]);
    const res = await call(
      reviewsApiAction,
      postMultipart(
        `/api/products/${product.id}/reviews`,
        reviewForm({ rating: "5", text: "With a photo." }, [fileOf(await photo(), "doll.jpg", "image/jpeg")]),
        {
          cookie: anna.cookie,
          accept: "application/json",
          ip: freshIp(),
        },
      ),
      { id: String(product.id) },
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as { photos: { url: string; thumbUrl: string }[] };
    expect(body.photos).toHaveLength(1);
    const { url, thumbUrl } = body.photos[0]!;
    expect(url).toMatch(/^\/uploads\/reviews\/[\w-]+\.jpg$/);
    expect(thumbUrl).toBe(url.replace("/uploads/reviews/", "/uploads/reviews/thumbs/thumb-"));
    const file = path.join(REVIEWS_DIR, path.basename(url));
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(existsSync(path.join(REVIEWS_DIR, "thumbs", `thumb-${path.basename(url)}`))).toBe(true);
  });

  it("a text file named .jpg is refused and nothing is stored: no row, no file", async () => {
    const product = await makeProduct(db);
    const anna = await buyer();
    await order(anna.id, [product.id]);
    const before = storedFiles();
    const good = fileOf(await photo(), "good.jpg", "image/jpeg");
    const fake = fileOf("just some text, not a picture", "fake.jpg", "image/jpeg");
    const api = await call(
      reviewsApiAction,
      postMultipart(`/api/products/${product.id}/reviews`, reviewForm({ rating: "5", text: "x" }, [good, fake]), {
        cookie: anna.cookie,
        accept: "application/json",
        ip: freshIp(),
      }),
      { id: String(product.id) },
    );
    expect(api.status).toBe(400);
    expect(((await api.json()) as { message: string }).message).toBe(REVIEW_TEXT.photoRefused("fake.jpg"));
    const form = await call(
      productAction,
      postMultipart(`/product/${product.slug}`, reviewForm({ intent: "review-write", rating: "5", text: "x" }, [good, fake]), {
        cookie: anna.cookie,
        accept: "text/html",
        ip: freshIp(),
      }),
      { slug: product.slug },
    );
    expect(form.status).toBe(400);
    expect(((await form.json()) as { review: { result: { error: Record<string, string[]> } } }).review.result.error.photos).toEqual([
      REVIEW_TEXT.photoRefused("fake.jpg"),
    ]);
    expect(await reviewRows(product.id)).toBe(0);
    expect(storedFiles()).toBe(before);
  });

  it("more than three photos are refused", async () => {
    const product = await makeProduct(db);
    const anna = await buyer();
    await order(anna.id, [product.id]);
    const pic = await photo("png");
    const files = Array.from({ length: 4 }, (_, i) => fileOf(pic, `p${i}.png`, "image/png"));
    await expect(createReview(db, { userId: anna.id, productId: product.id, clientIp: freshIp() }, { rating: 5, text: "x" }, files)).rejects.toMatchObject({
      status: 400,
      message: REVIEW_TEXT.tooManyPhotos,
    });
    expect(await reviewRows(product.id)).toBe(0);
  });
});

describe("moderation and what the public sees", () => {
  it("pending and hidden reviews never show; approving counts them; the reply shows; each action is logged", async () => {
    const product = await makeProduct(db, { title: "Rose Dress" });
    const anna = await buyer();
    const bea = await buyer({ firstName: "Bea", lastName: "Nowak" });
    await order(anna.id, [product.id]);
    await order(bea.id, [product.id]);
    const a = await createReview(db, { userId: anna.id, productId: product.id, clientIp: freshIp() }, { rating: 5, text: "<script>alert(1)</script> Perfect" });
    const b = await createReview(db, { userId: bea.id, productId: product.id, clientIp: freshIp() }, { rating: 4, text: "Good", title: "</script><b>hi</b>" });
    const publicList = async () =>
      (await (await call(reviewsApiLoader, getJson(`/api/products/${product.id}/reviews`), { id: String(product.id) })).json()) as {
        reviews: { id: number; reply: string | null }[];
        average: number;
        count: number;
      };
    expect(await publicList()).toEqual({ reviews: [], average: 0, count: 0 });

    await moderateReview(db, a.id, { status: "approved" }, ACTOR);
    await moderateReview(db, b.id, { status: "approved", reply: "Thank you, Bea!" }, ACTOR);
    let list = await publicList();
    expect(list.count).toBe(2);
    expect(list.average).toBe(4.5);
    expect(list.reviews.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(list.reviews[0]!.reply).toBe("Thank you, Bea!");
    const counts = await db.selectFrom("products").select(["review_count", "rating_sum"]).where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(counts).toEqual({ review_count: 2, rating_sum: 9 });

    await moderateReview(db, a.id, { status: "hidden" }, ACTOR);
    await moderateReview(db, b.id, { reply: "" }, ACTOR);
    list = await publicList();
    expect(list.reviews.map((r) => r.id)).toEqual([b.id]);
    expect(list.reviews[0]!.reply).toBeNull();
    expect(list.average).toBe(4);

    const log = await db.selectFrom("activity_log").select(["kind", "subject_id as subjectId"]).where("subject_type", "=", "review").orderBy("id").execute();
    expect(log).toEqual([
      { kind: "review.approve", subjectId: a.id },
      { kind: "review.approve", subjectId: b.id },
      { kind: "review.reply", subjectId: b.id },
      { kind: "review.hide", subjectId: a.id },
      { kind: "review.reply", subjectId: b.id },
    ]);

    // The product page: the approved review, and JSON-LD with the rating and the text as data.
    const res = await call(productLoader, get(`/product/${product.slug}`), { slug: product.slug });
    const data = (await res.json()) as { reviews: { count: number; reviews: { id: number }[]; formState: string } };
    expect(data.reviews.count).toBe(1);
    expect(data.reviews.reviews.map((r) => r.id)).toEqual([b.id]);
    expect(data.reviews.formState).toBe("signed-out");
    const tags = productMeta({ data, matches: [], location: { pathname: `/product/${product.slug}`, search: "" }, params: {} } as never) as Record<
      string,
      unknown
    >[];
    const ld = tags.find((t) => "script:ld+json" in t)!["script:ld+json"] as Record<string, unknown>;
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(ld.review).toEqual([expect.objectContaining({ name: "</script><b>hi</b>", reviewBody: "Good", author: { "@type": "Person", name: "Bea N." } })]);

    // Cards carry the stars.
    const page = (await (await call(reviewsPageLoader, get("/reviews"))).json()) as { reviews: { id: number; product: { slug: string } }[] };
    expect(page.reviews[0]).toMatchObject({ id: b.id, product: { slug: product.slug } });
  });

  it("the admin API: 401 signed out, 403 for customers, 404 unknown id, 400 bad status", async () => {
    const anna = await buyer();
    const admin = await makeUser(db, { isAdmin: true });
    const adminCookie = await cookieFor(admin.id);
    expect((await call(adminListApi, getJson("/api/admin/reviews?status=pending"))).status).toBe(401);
    expect((await call(adminListApi, getJson("/api/admin/reviews?status=pending", { cookie: anna.cookie }))).status).toBe(403);
    expect((await call(adminListApi, getJson("/api/admin/reviews?status=nope", { cookie: adminCookie }))).status).toBe(400);
    expect((await call(moderateApi, sendJson("PATCH", "/api/admin/reviews/1", { status: "approved" }), { id: "1" })).status).toBe(401);
    expect((await call(moderateApi, sendJson("PATCH", "/api/admin/reviews/1", { status: "approved" }, { cookie: anna.cookie }), { id: "1" })).status).toBe(403);
    expect(
      (await call(moderateApi, sendJson("PATCH", "/api/admin/reviews/999999", { status: "approved" }, { cookie: adminCookie }), { id: "999999" })).status,
    ).toBe(404);
    expect((await call(moderateApi, sendJson("PATCH", "/api/admin/reviews/1", { status: "published" }, { cookie: adminCookie }), { id: "1" })).status).toBe(
      400,
    );
  });

  it("the admin's Reviews tab lists by status and its forms approve, hide and reply", async () => {
    const product = await makeProduct(db);
    const anna = await buyer();
    await order(anna.id, [product.id]);
    const review = await createReview(db, { userId: anna.id, productId: product.id, clientIp: freshIp() }, { rating: 3, text: "Fine" });
    const admin = await makeUser(db, { isAdmin: true });
    const cookie = await cookieFor(admin.id);
    // Earlier tests left other reviews pending: the queue is oldest first, this one is last.
    const before = await db
      .selectFrom("reviews")
      .select(sql<number>`count(*)`.as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    const lastPage = Math.ceil(before.n / 25);
    const tab = (await (await call(adminLoader, get(`/admin?tab=reviews&status=pending&page=${lastPage}`, { cookie }))).json()) as {
      reviewsTab: { reviews: { id: number; status: string }[]; counts: { pending: number } };
    };
    expect(tab.reviewsTab.counts.pending).toBe(before.n);
    expect(tab.reviewsTab.reviews.every((r) => r.status === "pending")).toBe(true);
    expect(tab.reviewsTab.reviews.at(-1)!.id).toBe(review.id);

    const post = (fields: Record<string, string>) =>
      call(adminAction, postForm("/admin?tab=reviews", { reviewId: String(review.id), ...fields }, { cookie, accept: "text/html" }));
    expect((await post({ intent: "review-approve" })).status).toBe(302);
    expect((await post({ intent: "review-reply", reply: "Thank you!" })).status).toBe(302);
    const row = await db.selectFrom("reviews").select(["status", "reply"]).where("id", "=", review.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "approved", reply: "Thank you!" });
    const customer = await call(adminAction, postForm("/admin?tab=reviews", { intent: "review-hide", reviewId: String(review.id) }, { cookie: anna.cookie }));
    expect(customer.status).toBe(403);
    expect((await db.selectFrom("reviews").select("status").where("id", "=", review.id).executeTakeFirstOrThrow()).status).toBe("approved");
  });
});

describe("who sees the photos", () => {
  /** GET of a photo URL, answered by the route Remix would pick for it. */
  const fetchPhoto = (url: string, opts: { cookie?: string; headers?: Record<string, string> } = {}) => {
    const rest = url.replace(/^\/uploads\/reviews\//, "");
    return call(reviewPhotoLoader, get(url, opts), { "*": rest });
  };

  async function reviewWithPhoto() {
    const product = await makeProduct(db);
    const anna = await buyer();
    await order(anna.id, [product.id]);
    const review = await createReview(db, { userId: anna.id, productId: product.id, clientIp: freshIp() }, { rating: 5, text: "Look" }, [
      fileOf(await photo(), "look.jpg", "image/jpeg"),
    ]);
    const admin = await makeUser(db, { isAdmin: true });
    return { review, anna, adminCookie: await cookieFor(admin.id), ...review.photos[0]! };
  }

  it("pending and hidden: 404 to the public and to the author, the file to the owner without a shared cache", async () => {
    const { review, anna, adminCookie, url, thumbUrl } = await reviewWithPhoto();
    for (const u of [url, thumbUrl]) {
      expect((await fetchPhoto(u)).status, u).toBe(404);
      expect((await fetchPhoto(u, { cookie: anna.cookie })).status, u).toBe(404);
      const owner = await fetchPhoto(u, { cookie: adminCookie });
      expect(owner.status, u).toBe(200);
      expect(owner.headers.get("Content-Type")).toBe("image/jpeg");
      expect(owner.headers.get("Cache-Control")).toBe("private, no-store");
    }
    // The catch-all upload route, asked for the same file (an encoded slash reaches it), serves nothing either.
    const sneaky = await call(uploadsLoader, get(`/uploads/reviews%2F${path.basename(url)}`), { "*": `reviews/${path.basename(url)}` });
    expect(sneaky.status).toBe(404);

    await moderateReview(db, review.id, { status: "hidden" }, ACTOR);
    expect((await fetchPhoto(url)).status).toBe(404);
    expect((await fetchPhoto(url, { cookie: adminCookie })).status).toBe(200);
  });

  it("approved: public with a short cache and a validator, never immutable; hiding it again stops it", async () => {
    const { review, url, thumbUrl } = await reviewWithPhoto();
    await moderateReview(db, review.id, { status: "approved" }, ACTOR);
    for (const u of [url, thumbUrl]) {
      const res = await fetchPhoto(u);
      expect(res.status, u).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe("jpeg");
      const etag = res.headers.get("ETag")!;
      expect(etag).toBeTruthy();
      expect((await fetchPhoto(u, { headers: { "If-None-Match": etag } })).status).toBe(304);
    }
    await moderateReview(db, review.id, { status: "hidden" }, ACTOR);
    expect((await fetchPhoto(url)).status).toBe(404);
    expect((await fetchPhoto(thumbUrl, { headers: { "If-None-Match": "*" } })).status).toBe(404);
  });

  it("a name no review holds, or one outside the folder, is 404", async () => {
    const { review, url } = await reviewWithPhoto();
    await moderateReview(db, review.id, { status: "approved" }, ACTOR);
    for (const rest of [
      "missing.jpg",
      "../products/x.jpg",
      "thumbs/missing.jpg",
      `thumbs/${path.basename(url)}`,
      `${path.basename(url)}.png`,
      "thumbs/thumb-../x.jpg",
    ]) {
      expect((await call(reviewPhotoLoader, get(`/uploads/reviews/${rest}`), { "*": rest })).status, rest).toBe(404);
    }
  });
});

describe("paging", () => {
  it("the API answers 400 {message} to a limit or offset that is not a whole number in range, as GET /api/products does", async () => {
    const product = await makeProduct(db);
    const anna = await buyer();
    await order(anna.id, [product.id]);
    const shown = await createReview(db, { userId: anna.id, productId: product.id, clientIp: freshIp() }, { rating: 4, text: "Shown" });
    await moderateReview(db, shown.id, { status: "approved" }, ACTOR);
    const list = (query: string) => call(reviewsApiLoader, getJson(`/api/products/${product.id}/reviews${query}`), { id: String(product.id) });
    for (const query of ["?limit=1.5", "?offset=0.5", "?limit=abc", "?offset=abc", "?limit=0", "?limit=51", "?offset=-1", "?offset=1e400", "?limit=Infinity"]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message, query).toMatch(/^(limit|offset): /);
    }
    for (const [query, count] of [
      ["", 1],
      ["?limit=50&offset=0", 1],
      ["?limit=2&offset=1", 0],
      ["?limit=&offset=", 1],
    ] as const) {
      const res = await list(query);
      expect(res.status, query).toBe(200);
      expect(((await res.json()) as { reviews: unknown[] }).reviews, query).toHaveLength(count);
    }
  });

  it("the /reviews page and the admin's list take a page that is not a whole number as the first", async () => {
    const product = await makeProduct(db);
    for (let i = 0; i < 2; i++) {
      const someone = await buyer();
      await order(someone.id, [product.id]);
      const r = await createReview(db, { userId: someone.id, productId: product.id, clientIp: freshIp() }, { rating: 5, text: `Review ${i}` });
      await moderateReview(db, r.id, { status: "approved" }, ACTOR);
    }
    for (const page of [1.05, 2.5, Number.NaN, -3, Infinity]) {
      expect((await listApprovedReviews(db, { page, pageSize: 1, productId: product.id })).page, String(page)).toBe(1);
      expect((await listReviewsForAdmin(db, "approved", { page, pageSize: 1 })).page, String(page)).toBe(1);
    }
    const admin = await makeUser(db, { isAdmin: true });
    const cookie = await cookieFor(admin.id);
    for (const page of ["1.05", "abc", "-3", "1e400"]) {
      expect((await call(reviewsPageLoader, get(`/reviews?page=${page}&product=${product.id}`))).status, page).toBe(200);
      expect((await call(adminListApi, getJson(`/api/admin/reviews?status=approved&page=${page}`, { cookie }))).status, page).toBe(200);
    }
  });
});

describe("the review request e-mail", () => {
  it("its days are a setting of the admin's Settings tab, checked and logged", async () => {
    const admin = await makeUser(db, { isAdmin: true });
    const cookie = await cookieFor(admin.id);
    const post = (days: string) =>
      call(adminAction, postForm("/admin?tab=settings", { intent: "review-settings", reviewRequestDays: days }, { cookie, accept: "text/html" }));
    expect((await post("0")).status).toBe(400);
    expect((await post("abc")).status).toBe(400);
    const saved = await post("21");
    expect(saved.status).toBe(302);
    expect((await toastOf(saved))?.title).toBe(REVIEW_TEXT.settingsSaved);
    const setting = await db.selectFrom("settings").select("value").where("key", "=", "reviews").executeTakeFirstOrThrow();
    expect(JSON.parse(setting.value)).toEqual({ reviewRequestDays: 21 });
    const log = await db
      .selectFrom("activity_log")
      .select(["kind", "changes"])
      .where("kind", "=", "settings.reviews")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.changes!)).toEqual({ reviewRequestDays: [14, 21] });
  });

  const DAY = 86_400_000;
  const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

  it("goes once per due order of an account, lists only unreviewed pieces, and arrives with its unsubscribe link", async () => {
    await saveReviewSettings(db, { reviewRequestDays: 14 }, ACTOR);
    const [dress, cape, hat] = await Promise.all([makeProduct(db, { title: "Dress" }), makeProduct(db, { title: "Cape" }), makeProduct(db, { title: "Hat" })]);
    const anna = await buyer();
    const due = await order(anna.id, [dress.id, cape.id], "delivered", { shippedAt: ago(20), deliveredAt: ago(15) });
    const early = await order(anna.id, [hat.id], "delivered", { shippedAt: ago(15), deliveredAt: ago(13) });
    const neverDelivered = await order(anna.id, [hat.id], "shipped", { shippedAt: ago(29) });
    const shippedRecently = await order(anna.id, [hat.id], "shipped", { shippedAt: ago(20) });
    const cancelled = await order(anna.id, [hat.id], "cancelled", { shippedAt: ago(40), deliveredAt: ago(30) });
    const withdrawn = await order(anna.id, [hat.id], "delivered", { shippedAt: ago(40), deliveredAt: ago(30) });
    await db
      .insertInto("withdrawals")
      .values({ order_id: withdrawn, name: "Anna", received_at: ago(25) })
      .execute();
    const guest = await order(null, [hat.id], "delivered", { shippedAt: ago(40), deliveredAt: ago(30) });
    const optedOut = await buyer();
    const optedOutOrder = await order(optedOut.id, [hat.id], "delivered", { shippedAt: ago(40), deliveredAt: ago(30) });
    await db.updateTable("users").set({ review_mail_opt_out: 1 }).where("id", "=", optedOut.id).execute();
    const reviewedAll = await buyer();
    const reviewedOrder = await order(reviewedAll.id, [hat.id], "delivered", { shippedAt: ago(40), deliveredAt: ago(30) });
    await createReview(db, { userId: reviewedAll.id, productId: hat.id, clientIp: freshIp() }, { rating: 5, text: "Done" });
    await createReview(db, { userId: anna.id, productId: cape.id, clientIp: freshIp() }, { rating: 5, text: "Already" });

    await queueReviewRequests(db);
    const rows = await db.selectFrom("outbox").select(["event_key as eventKey", "data"]).where("kind", "=", "review-request").execute();
    expect(rows.map((r) => r.eventKey).sort()).toEqual([`review-request:${due}`, `review-request:${neverDelivered}`].sort());
    const mail = JSON.parse(rows.find((r) => r.eventKey === `review-request:${due}`)!.data) as { items: { title: string }[] };
    expect(mail.items.map((i) => i.title)).toEqual(["Dress"]);
    const marked = await db
      .selectFrom("orders")
      .select(["id", "review_requested_at as at"])
      .where("id", "in", [due, neverDelivered, reviewedOrder, early, shippedRecently, cancelled, withdrawn, guest, optedOutOrder])
      .execute();
    const at = Object.fromEntries(marked.map((m) => [m.id, m.at]));
    expect(at[due]).not.toBeNull();
    expect(at[reviewedOrder]).not.toBeNull();
    for (const id of [early, shippedRecently, cancelled, withdrawn, guest, optedOutOrder]) expect(at[id]).toBeNull();

    await queueReviewRequests(db);
    expect((await db.selectFrom("outbox").select("id").where("kind", "=", "review-request").execute()).length).toBe(2);

    await db.updateTable("outbox").set({ to_address: anna.email }).where("kind", "=", "review-request").execute();
    await deliverPendingMail(db, smtp.transport, new Date(Date.now() + 1000));
    const caught = mailTo(smtp.catcher, anna.email).find((m) => m.text.includes("Review Dress"))!;
    expect(caught.subject).toBe("How do you like Dress?");
    expect(caught.text).toContain(`http://localhost:3000/product/${dress.slug}#reviews`);
    expect(caught.text).not.toContain("Review Cape");
    const link = `http://localhost:3000/reviews/unsubscribe?token=${encodeURIComponent(reviewUnsubscribeToken(anna.id))}`;
    expect(caught.text).toContain(link);
    expect(caught.headers["list-unsubscribe"]).toContain("/reviews/unsubscribe?token=");
  });

  it("the unsubscribe link asks first, then its form sets review_mail_opt_out; a forged token changes nothing", async () => {
    const anna = await buyer();
    const token = reviewUnsubscribeToken(anna.id);
    const page = await call(unsubscribeLoader, get(`/reviews/unsubscribe?token=${encodeURIComponent(token)}`));
    expect(page.status).toBe(200);
    expect(((await page.json()) as { email: string }).email).toBe(anna.email);
    const optOut = async () => (await db.selectFrom("users").select("review_mail_opt_out as v").where("id", "=", anna.id).executeTakeFirstOrThrow()).v;
    expect(await optOut()).toBe(0);
    const forged = await call(unsubscribeAction, postForm("/reviews/unsubscribe", { token: `${anna.id}.forged` }));
    expect(forged.status).toBe(400);
    expect(await optOut()).toBe(0);
    const done = await call(unsubscribeAction, postForm("/reviews/unsubscribe", { token }));
    expect(done.status).toBe(200);
    expect(await optOut()).toBe(1);
  });
});

describe("data rights", () => {
  it("the export carries the customer's reviews; deleting the account removes them and their photo files", async () => {
    const product = await makeProduct(db, { title: "Lace Collar" });
    const anna = await buyer();
    await order(anna.id, [product.id]);
    const review = await createReview(db, { userId: anna.id, productId: product.id, clientIp: freshIp() }, { rating: 5, text: "Mine" }, [
      fileOf(await photo(), "mine.jpg", "image/jpeg"),
    ]);
    const file = path.join(REVIEWS_DIR, path.basename(review.photos[0]!.url));
    expect(existsSync(file)).toBe(true);
    const exported = await exportAccountData(db, anna.id);
    expect(exported!.reviews).toEqual([
      expect.objectContaining({ productTitle: "Lace Collar", rating: 5, text: "Mine", status: "pending", photos: [review.photos[0]!.url] }),
    ]);

    await moderateReview(db, review.id, { status: "approved" }, ACTOR);
    await deleteAccount(db, anna.id, "password");
    expect(await reviewRows(product.id)).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(path.join(REVIEWS_DIR, "thumbs", `thumb-${path.basename(file)}`))).toBe(false);
    expect((await listProductReviews(db, product.id, { limit: 10 }))!.count).toBe(0);
  });
});
