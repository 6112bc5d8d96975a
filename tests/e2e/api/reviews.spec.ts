import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { clearRateLimit } from "../../helpers/kit";
import { expect, test } from "../fixtures";
import { expectError } from "../helpers/api";
import { insertOrder, makeStockProduct } from "../helpers/orders";
import { e2eDb, withDb } from "../helpers/db";

// Reviews over HTTP: GET/POST /api/products/{id}/reviews, GET /api/admin/reviews, PATCH /api/admin/reviews/{id}.

const reviewRows = (productId: number) =>
  withDb((db) => (db.prepare("SELECT count(*) AS n FROM reviews WHERE product_id = ?").get(productId) as { n: number }).n);

test("a buyer's review waits for the owner; once approved it is public with the average; the answers of everyone else", async ({
  request,
  loginAsCustomer,
  loginAsAdmin,
}) => {
  const product = await makeStockProduct(5);
  const buyer = await loginAsCustomer({ firstName: "Lena", lastName: "Schmidt" });
  const stranger = await loginAsCustomer();
  const admin = await loginAsAdmin();
  await insertOrder({ userId: buyer.userId, email: buyer.email, status: "shipped", lines: [{ slug: product.slug }] });
  const url = `/api/products/${product.id}/reviews`;

  await expectError(await request.get("/api/products/999999999/reviews"), 404);
  await expectError(await request.post(url, { data: { rating: 5, text: "Lovely" } }), 401);
  await expectError(await stranger.request.post(url, { data: { rating: 5, text: "Lovely" } }), 403);
  for (const data of [{ rating: 0, text: "x" }, { rating: 6, text: "x" }, { rating: "abc", text: "x" }, { rating: 5 }, { rating: 5, text: "x".repeat(2001) }]) {
    await expectError(await buyer.request.post(url, { data }), 400);
  }

  const created = await buyer.request.post(url, { data: { rating: 4, title: "<b>Sweet</b>", text: "Fits my doll </script> well." } });
  expect(created.status()).toBe(201);
  const review = await created.json();
  expect(review).toMatchObject({
    rating: 4,
    title: "<b>Sweet</b>",
    text: "Fits my doll </script> well.",
    authorName: "Lena S.",
    reply: null,
    photos: [],
    status: "pending",
  });
  await expectError(await buyer.request.post(url, { data: { rating: 5, text: "Again" } }), 409);

  expect(await (await request.get(url)).json()).toEqual({ reviews: [], average: 0, count: 0 });

  await expectError(await request.get("/api/admin/reviews?status=pending"), 401);
  await expectError(await buyer.request.get("/api/admin/reviews?status=pending"), 403);
  await expectError(await buyer.request.patch(`/api/admin/reviews/${review.id}`, { data: { status: "approved" } }), 403);
  await expectError(await admin.request.patch("/api/admin/reviews/999999999", { data: { status: "approved" } }), 404);
  const pending = await (await admin.request.get("/api/admin/reviews?status=pending")).json();
  expect(pending.counts.pending).toBeGreaterThan(0);

  const approved = await admin.request.patch(`/api/admin/reviews/${review.id}`, { data: { status: "approved", reply: "Thank you, Lena!" } });
  expect(approved.status()).toBe(200);
  expect(await approved.json()).toMatchObject({ id: review.id, status: "approved", reply: "Thank you, Lena!" });
  const list = await (await request.get(url)).json();
  expect(list).toMatchObject({ average: 4, count: 1 });
  expect(list.reviews).toEqual([
    {
      id: review.id,
      rating: 4,
      title: "<b>Sweet</b>",
      text: "Fits my doll </script> well.",
      authorName: "Lena S.",
      createdAt: expect.any(String),
      photos: [],
      reply: "Thank you, Lena!",
    },
  ]);

  // The page shows the text as text, and its JSON-LD cannot be closed by it.
  const html = await (await request.get(`/product/${product.slug}`)).text();
  expect(html).toContain("&lt;b&gt;Sweet&lt;/b&gt;");
  expect(html).not.toContain("<b>Sweet</b>");
  const ld = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!;
  expect(ld).not.toContain("</script>");
  expect(JSON.parse(ld)).toMatchObject({ aggregateRating: { ratingValue: 4, reviewCount: 1 }, review: [{ reviewBody: "Fits my doll </script> well." }] });

  await admin.request.patch(`/api/admin/reviews/${review.id}`, { data: { status: "hidden" } });
  expect(await (await request.get(url)).json()).toMatchObject({ reviews: [], count: 0 });
});

test("photos travel as multipart, a real 3 MB one too; a text file named .jpg is refused and nothing is stored", async ({
  loginAsCustomer,
  loginAsAdmin,
  request,
}) => {
  const product = await makeStockProduct(5);
  const buyer = await loginAsCustomer();
  const admin = await loginAsAdmin();
  await insertOrder({ userId: buyer.userId, email: buyer.email, status: "delivered", lines: [{ slug: product.slug }] });
  const url = `/api/products/${product.id}/reviews`;
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#d8b4be" } })
    .png()
    .toBuffer();
  // A phone's photo: 2400 x 1800 of fine detail, about 3 MB as a JPEG (over the 1 MB of a plain form).
  const big = await sharp(randomBytes(2400 * 1800 * 3), { raw: { width: 2400, height: 1800, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  expect(big.length).toBeGreaterThan(2.5 * 1024 * 1024);
  const fake = Buffer.from("I am not a picture at all");

  const refused = await buyer.request.post(url, {
    multipart: {
      rating: "5",
      text: "With photos",
      photos: { name: "fake.jpg", mimeType: "image/jpeg", buffer: fake },
    },
  });
  expect(await expectError(refused, 400)).toContain("fake.jpg");
  expect(reviewRows(product.id)).toBe(0);

  const ok = await buyer.request.post(url, {
    multipart: { rating: "5", text: "With a photo", photos: { name: "doll.png", mimeType: "image/png", buffer: png } },
  });
  expect(ok.status()).toBe(201);
  const review = await ok.json();
  expect(review.photos).toHaveLength(1);
  const photo = review.photos[0];
  expect(photo.url).toMatch(/^\/uploads\/reviews\/[\w-]+\.png$/);

  // Pending: nobody but the owner sees the photo, the author neither; the owner's copy is kept nowhere.
  for (const who of [request, buyer.request]) expect((await who.get(photo.url)).status()).toBe(404);
  const [full, thumb] = await Promise.all([admin.request.get(photo.url), admin.request.get(photo.thumbUrl)]);
  expect(full.status()).toBe(200);
  expect(thumb.status()).toBe(200);
  expect(thumb.headers()["content-type"]).toBe("image/png");
  expect(full.headers()["cache-control"]).toBe("private, no-store");

  // Approved: public, with a short cache; hidden again: gone.
  await admin.request.patch(`/api/admin/reviews/${review.id}`, { data: { status: "approved" } });
  const shown = await request.get(photo.thumbUrl);
  expect(shown.status()).toBe(200);
  expect(shown.headers()["cache-control"]).toBe("public, max-age=300");
  await admin.request.patch(`/api/admin/reviews/${review.id}`, { data: { status: "hidden" } });
  expect((await request.get(photo.thumbUrl)).status()).toBe(404);

  // A phone's 3 MB photo goes through the server's body limit to the review (its own product, one review each).
  const second = await makeStockProduct(5);
  await insertOrder({ userId: buyer.userId, email: buyer.email, status: "delivered", lines: [{ slug: second.slug }] });
  const large = await buyer.request.post(`/api/products/${second.id}/reviews`, {
    multipart: { rating: "4", text: "A large photo", photos: { name: "phone.jpg", mimeType: "image/jpeg", buffer: big } },
  });
  expect(large.status()).toBe(201);
  expect((await large.json()).photos).toEqual([expect.objectContaining({ width: 1600, height: 1200 })]);
});

test("two simultaneous posts of the same review: one 201, the other 409, never 500", async ({ loginAsCustomer }) => {
  const product = await makeStockProduct(5);
  const buyer = await loginAsCustomer();
  await insertOrder({ userId: buyer.userId, email: buyer.email, status: "shipped", lines: [{ slug: product.slug }] });
  const url = `/api/products/${product.id}/reviews`;
  const answers = await Promise.all([
    buyer.request.post(url, { data: { rating: 5, text: "One" } }),
    buyer.request.post(url, { data: { rating: 4, text: "Two" } }),
  ]);
  expect(answers.map((a) => a.status()).sort()).toEqual([201, 409]);
  expect(reviewRows(product.id)).toBe(1);
});

test("a flood of posts from one account is refused with 429 and a message", async ({ loginAsCustomer }) => {
  const buyer = await loginAsCustomer();
  const product = await makeStockProduct(5);
  const url = `/api/products/${product.id}/reviews`;
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await buyer.request.post(url, { data: { rating: 5, text: `Post ${i}` } })).status());
    // Not a buyer: each try is refused, but each counts against the limit before any work is done.
    expect(statuses).toEqual(Array(10).fill(403));
    const res = await buyer.request.post(url, { data: { rating: 5, text: "Once more" } });
    expect(await expectError(res, 429)).toContain("Too many reviews");
  } finally {
    // The per-address count is shared with every other test on this loopback address.
    await clearRateLimit(e2eDb(), "review-address");
  }
});
