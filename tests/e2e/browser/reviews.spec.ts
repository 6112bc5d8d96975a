import { createHmac, randomBytes } from "node:crypto";
import sharp from "sharp";
import { expect, test } from "../fixtures";
import { expectToast, visit } from "../helpers/browser";
import { insertOrder, makeStockProduct } from "../helpers/orders";
import { withDb } from "../helpers/db";
import { E2E_SESSION_SECRET } from "../helpers/session";

// Reviews in the browser, with JavaScript on and off: the buyer writes one (product page and
// order page), the owner approves and answers it, and the shop shows it.

const THANKS = "Thank you! Your review will appear once it is approved.";

async function photo() {
  return {
    name: "my-doll.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 600, height: 800, channels: 3, background: "#c9a3ad" } })
      .jpeg()
      .toBuffer(),
  };
}

function stored(userId: number, productId: number) {
  return withDb(
    (db) =>
      db
        .prepare(
          "SELECT r.status, r.rating, r.title, r.body, r.author_name AS authorName, (SELECT count(*) FROM review_photos p WHERE p.review_id = r.id) AS photos FROM reviews r WHERE r.user_id = ? AND r.product_id = ?",
        )
        .get(userId, productId) as { status: string; rating: number; title: string | null; body: string; authorName: string; photos: number } | undefined,
  );
}

test("a buyer reviews a piece from its page with a photo, choosing the stars with the keyboard", async ({ page, loginAsCustomer }, testInfo) => {
  const product = await makeStockProduct(5);
  const buyer = await loginAsCustomer({ page, firstName: "Clara", lastName: "Bloom" });
  await visit(page, testInfo, `/product/${product.slug}`);
  // Not a buyer yet: no form.
  await expect(page.getByRole("heading", { name: "Reviews" })).toBeVisible();
  await expect(page.getByText("Reviews come only from verified buyers of this piece")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Write a review" })).toHaveCount(0);

  await insertOrder({ userId: buyer.userId, email: buyer.email, status: "shipped", lines: [{ slug: product.slug }] });
  await visit(page, testInfo, `/product/${product.slug}`);
  const form = page.getByRole("form", { name: `Review Order Test ${product.slug}` });
  await expect(page.getByRole("heading", { name: "Write a review" })).toBeVisible();
  const ratings = form.getByRole("group", { name: "Your rating" });
  await ratings.getByRole("radio", { name: /^1 star/ }).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await expect(ratings.getByRole("radio", { name: /^4 stars/ })).toBeChecked();
  await form.getByLabel("Title").fill("Sweet <b>fit</b>");
  await form.getByLabel("Your review").fill("The collar sits just right on my 1:4 doll.");
  await form.getByLabel(/^Photos/).setInputFiles(await photo());
  await form.getByRole("button", { name: "Submit Review" }).click();

  await expectToast(page, THANKS);
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}`));
  await expect(page.getByText("Thank you for your review of this piece.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Write a review" })).toHaveCount(0);
  expect(stored(buyer.userId, product.id)).toEqual({
    status: "pending",
    rating: 4,
    title: "Sweet <b>fit</b>",
    body: "The collar sits just right on my 1:4 doll.",
    authorName: "Clara B.",
    photos: 1,
  });
  // Still pending: not on the page yet.
  await expect(page.getByTestId("review")).toHaveCount(0);
});

test("a refused review keeps what was written and says why", async ({ page, loginAsCustomer }, testInfo) => {
  const product = await makeStockProduct(5);
  const buyer = await loginAsCustomer({ page });
  await insertOrder({ userId: buyer.userId, email: buyer.email, status: "delivered", lines: [{ slug: product.slug }] });
  await visit(page, testInfo, `/product/${product.slug}`);
  const form = page.getByRole("form", { name: `Review Order Test ${product.slug}` });
  await form.getByRole("radio", { name: /^5 stars/ }).check();
  await form.getByLabel("Your review").fill("Look at her!");
  await form.getByLabel(/^Photos/).setInputFiles({ name: "not-a-photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("plain text") });
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("not-a-photo.jpg is not a JPG, PNG or WebP image: nothing was saved. Please choose other photos.")).toBeVisible();
  await expect(page.getByRole("form", { name: `Review Order Test ${product.slug}` }).getByLabel("Your review")).toHaveValue("Look at her!");
  expect(stored(buyer.userId, product.id)).toBeUndefined();
});

/** A photo of fine detail, about 1.8 MB: over what a plain form may send (1 MB), under the 10 MB the form promises. */
async function largePhoto() {
  const buffer = await sharp(randomBytes(1600 * 1200 * 3), { raw: { width: 1600, height: 1200, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  expect(buffer.length).toBeGreaterThan(1.5 * 1024 * 1024);
  return { name: "from-my-phone.jpg", mimeType: "image/jpeg", buffer };
}

test("a buyer reviews a piece from the order details page, with a photo over 1 MB, and comes back to it", async ({ page, loginAsCustomer }, testInfo) => {
  const product = await makeStockProduct(5);
  const buyer = await loginAsCustomer({ page, firstName: "Ida", lastName: "Lind" });
  const order = await insertOrder({ userId: buyer.userId, email: buyer.email, status: "shipped", lines: [{ slug: product.slug }] });
  await visit(page, testInfo, `/order-details/${order.id}`);
  const section = page.getByRole("region", { name: "Review your pieces" });
  const form = section.getByRole("form", { name: `Review Order Test ${product.slug}` });
  await form.getByRole("radio", { name: /^5 stars/ }).check();
  await form.getByLabel("Your review").fill("Beautifully finished seams.");
  await form.getByLabel(/^Photos/).setInputFiles(await largePhoto());
  await form.getByRole("button", { name: "Submit Review" }).click();

  await expectToast(page, THANKS);
  await expect(page).toHaveURL(new RegExp(`/order-details/${order.id}$`));
  await expect(section.getByText("reviewed, thank you.")).toBeVisible();
  expect(stored(buyer.userId, product.id)).toMatchObject({ status: "pending", rating: 5, authorName: "Ida L.", photos: 1 });
});

test("the owner approves and answers a review; it shows on the product page, /reviews and the cards", async ({
  page,
  loginAsAdmin,
  loginAsCustomer,
}, testInfo) => {
  const product = await makeStockProduct(5);
  const buyer = await loginAsCustomer({ firstName: "Greta", lastName: "Holm" });
  await insertOrder({ userId: buyer.userId, email: buyer.email, status: "delivered", lines: [{ slug: product.slug }] });
  const text = `Stunning little coat ${randomBytes(4).toString("hex")}`;
  const created = await buyer.request.post(`/api/products/${product.id}/reviews`, {
    multipart: { rating: "5", title: "A treasure", text, photos: await photo() },
  });
  expect(created.status()).toBe(201);

  await loginAsAdmin({ page });
  await visit(page, testInfo, "/admin?tab=reviews");
  await expect(page.getByRole("link", { name: /^Pending/ })).toHaveAttribute("aria-current", "page");
  let card = page.getByTestId("admin-review").filter({ hasText: text });
  await expect(card.getByRole("link", { name: `Order Test ${product.slug}` })).toBeVisible();
  await expect(card.getByRole("link", { name: "Photo 1, full size" })).toBeVisible();
  await card.getByRole("button", { name: `Approve the review by Greta H. of Order Test ${product.slug}` }).click();
  await expectToast(page, "Review approved");

  await visit(page, testInfo, "/admin?tab=reviews&status=approved");
  card = page.getByTestId("admin-review").filter({ hasText: text });
  await card.getByLabel("Public reply").fill("Thank you, Greta! Enjoy it.");
  await card.getByRole("button", { name: "Save reply" }).click();
  await expectToast(page, "Reply saved");

  await visit(page, testInfo, `/product/${product.slug}`);
  const review = page.getByTestId("review").filter({ hasText: text });
  await expect(review.getByRole("heading", { name: "A treasure" })).toBeVisible();
  await expect(review.getByText("Greta H. · Verified buyer")).toBeVisible();
  await expect(review.getByTestId("review-reply")).toContainText("Thank you, Greta! Enjoy it.");
  await expect(page.getByRole("img", { name: "5.0 out of 5, 1 review" })).toBeVisible();
  const full = review.getByRole("link", { name: /Photo 1 of 1 from Greta H\., full size/ });
  expect(await full.getAttribute("href")).toMatch(/^\/uploads\/reviews\/[\w-]+\.jpg$/);

  await visit(page, testInfo, "/");
  await page.getByRole("link", { name: /^Five-star reviews in this shop: \d+$/ }).click();
  await expect(page).toHaveURL(/\/reviews$/);
  await expect(page.getByRole("heading", { name: "Customer Reviews" })).toBeVisible();
  const listed = page.getByTestId("review").filter({ hasText: text });
  await expect(listed.getByRole("link", { name: `Order Test ${product.slug}` })).toHaveAttribute("href", `/product/${product.slug}`);

  await visit(page, testInfo, `/shop?search=${encodeURIComponent(product.slug.split("-").pop()!)}`);
  const cardArticle = page.locator("article.card").filter({ hasText: `Order Test ${product.slug}` });
  await expect(cardArticle.getByRole("img", { name: "5.0 out of 5, 1 review" })).toBeVisible();
});

test("the review request e-mail's unsubscribe link asks first, then stops the e-mails", async ({ page, loginAsCustomer }, testInfo) => {
  const customer = await loginAsCustomer();
  const link = customer.userId;
  // The token is the account id signed with the session secret, as the e-mail carries it.
  const signed = `${link}.${createHmac("sha256", E2E_SESSION_SECRET).update(`review-mail-unsubscribe:${link}`).digest("base64url")}`;
  await visit(page, testInfo, `/reviews/unsubscribe?token=${encodeURIComponent(signed)}`);
  await expect(page.getByText(`Stop the e-mails asking ${customer.email} to review delivered orders?`)).toBeVisible();
  const optOut = () => withDb((db) => (db.prepare("SELECT review_mail_opt_out AS v FROM users WHERE id = ?").get(customer.userId) as { v: number }).v);
  expect(optOut()).toBe(0);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You will get no more e-mails asking for reviews.")).toBeVisible();
  expect(optOut()).toBe(1);

  await visit(page, testInfo, `/reviews/unsubscribe?token=${encodeURIComponent(`${link}.forged`)}`, 400);
  await expect(page.getByText("This unsubscribe link is not valid.")).toBeVisible();
});

test("the owner sets the days before the review request e-mail in Settings", async ({ page, loginAsAdmin }, testInfo) => {
  await loginAsAdmin({ page });
  await visit(page, testInfo, "/admin?tab=settings");
  const section = page.getByRole("region", { name: "Review request e-mail" });
  await section.getByLabel("Days after delivery").fill("21");
  await section.getByRole("button", { name: "Save Review E-mail Settings" }).click();
  await expectToast(page, "Review e-mail settings saved");
  await expect(page.getByRole("region", { name: "Review request e-mail" }).getByLabel("Days after delivery")).toHaveValue("21");
  await page.getByRole("region", { name: "Review request e-mail" }).getByLabel("Days after delivery").fill("14");
  await page.getByRole("region", { name: "Review request e-mail" }).getByRole("button", { name: "Save Review E-mail Settings" }).click();
  await expectToast(page, "Review e-mail settings saved");
});
