import { expect, test } from "../fixtures";
import { expectError } from "../helpers/api";
import { linkIn, mailTo, waitForMail } from "../helpers/mail";
import { insertOrder, makeStockProduct } from "../helpers/orders";
import { withDb } from "../helpers/db";
import { ensureUser, uniqueEmail } from "../helpers/session";

// E-mail over real SMTP (the e2e server's catcher): POST /api/auth/forgot-password,
// POST /api/back-in-stock, and the order messages the order calls queue.

const SENT = "If an account exists for this address, we have sent it a link to reset the password. The link works for one hour.";

test.describe("POST /api/auth/forgot-password", () => {
  test("answers the same for an account and for an unknown address; only the account gets a link", async ({ request }) => {
    const email = uniqueEmail("forgot-api");
    await ensureUser(email, { firstName: "Fern" });
    const unknown = uniqueEmail("forgot-nobody");
    const known = await request.post("/api/auth/forgot-password", { data: { email } });
    const other = await request.post("/api/auth/forgot-password", { data: { email: unknown } });
    expect(known.status()).toBe(200);
    expect(other.status()).toBe(200);
    expect(await known.json()).toEqual({ message: SENT });
    expect(await other.json()).toEqual({ message: SENT });
    const mail = await waitForMail(email, /^(Reset your password|Set a password for your account)$/);
    expect(mail.text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(mail.text).toContain("Dear Fern,");
    await new Promise((r) => setTimeout(r, 2500));
    expect(mailTo(unknown)).toHaveLength(0);
  });

  test("400 with a message for a malformed address or body; 429 after three requests for one address", async ({ request }) => {
    expect(await expectError(await request.post("/api/auth/forgot-password", { data: { email: "not-an-email" } }), 400)).toContain(
      "Please enter a valid email address",
    );
    await expectError(await request.post("/api/auth/forgot-password", { data: "{", headers: { "Content-Type": "application/json" } }), 400);
    await expectError(await request.post("/api/auth/forgot-password", { data: { email: "x".repeat(5000) + "@example.com" } }), 400);
    const email = uniqueEmail("forgot-limit");
    for (let i = 0; i < 3; i++) expect((await request.post("/api/auth/forgot-password", { data: { email } })).status()).toBe(200);
    expect(await expectError(await request.post("/api/auth/forgot-password", { data: { email } }), 429)).toMatch(/Too many/);
  });

  test("a cross-site request is refused", async ({ request }) => {
    await expectError(await request.post("/api/auth/forgot-password", { data: { email: uniqueEmail("x") }, headers: { Origin: "https://evil.example" } }), 403);
  });
});

test.describe("POST /api/back-in-stock", () => {
  test("201 for a sold-out product, 200 when already waiting, and one e-mail when the admin restocks it", async ({ request, loginAsAdmin }) => {
    const product = await makeStockProduct(0);
    const email = uniqueEmail("bis-api");
    const unconfirmed = uniqueEmail("bis-api-unconfirmed");
    expect((await request.post("/api/back-in-stock", { data: { productId: product.id, email: unconfirmed } })).status()).toBe(201);
    const first = await request.post("/api/back-in-stock", { data: { productId: product.id, email } });
    expect(first.status()).toBe(201);
    expect(await first.json()).toEqual({ message: "Please confirm with the link we have e-mailed you. Then we will write when it is back in stock." });
    expect((await request.post("/api/back-in-stock", { data: { productId: product.id, email: email.toUpperCase() } })).status()).toBe(200);
    // Double opt-in: the address confirms through the link mailed to it (one mail for both requests).
    const confirmation = await waitForMail(email, /^Please confirm your back-in-stock e-mail$/);
    const token = new URL(linkIn(confirmation, "http://127.0.0.1:")).searchParams.get("token")!;
    const confirmed = await request.post("/back-in-stock/confirm", { form: { token }, headers: { Accept: "text/html" } });
    expect(confirmed.status()).toBe(200);
    expect(await confirmed.text()).toContain("We will e-mail you when it is back in stock.");

    const admin = await loginAsAdmin({ email: uniqueEmail("bis-admin") });
    const title = `Restocked ${product.slug}`;
    const res = await admin.request.put(`/api/admin/products/${product.id}`, { data: { title, slug: product.slug, price: "15.00", stock: 3 } });
    expect(res.status()).toBe(200);
    const mail = await waitForMail(email, /is back in stock$/);
    expect(mail.subject).toBe(`${title} is back in stock`);
    expect(mail.text).toContain(`/product/${product.slug}`);
    // Saving again does not write again.
    await admin.request.put(`/api/admin/products/${product.id}`, { data: { title, slug: product.slug, price: "15.00", stock: 4 } });
    await new Promise((r) => setTimeout(r, 2500));
    expect(mailTo(email).map((m) => m.subject)).toEqual(["Please confirm your back-in-stock e-mail", `${title} is back in stock`]);
    // The address that never confirmed got the confirmation request only.
    expect(mailTo(unconfirmed).map((m) => m.subject)).toEqual(["Please confirm your back-in-stock e-mail"]);
  });

  test("400 for an item in stock, an unknown product or option, and a malformed address", async ({ request }) => {
    const inStock = await makeStockProduct(5);
    const soldOut = await makeStockProduct(0);
    const email = uniqueEmail("bis-bad");
    expect(await expectError(await request.post("/api/back-in-stock", { data: { productId: inStock.id, email } }), 400)).toBe(
      "This item is in stock: you can order it now.",
    );
    expect(await expectError(await request.post("/api/back-in-stock", { data: { productId: 987654321, email } }), 400)).toBe("This product does not exist.");
    await expectError(await request.post("/api/back-in-stock", { data: { productId: soldOut.id, colorId: 3, email } }), 400);
    await expectError(await request.post("/api/back-in-stock", { data: { productId: soldOut.id, variationCode: "ZZ", email } }), 400);
    expect(await expectError(await request.post("/api/back-in-stock", { data: { productId: soldOut.id, email: "a@b" } }), 400)).toContain(
      "Please enter a valid email address",
    );
    await expectError(await request.post("/api/back-in-stock", { data: { productId: "1; drop table", email } }), 400);
    await expectError(await request.post("/api/back-in-stock", { data: { productId: soldOut.id, email }, headers: { Origin: "https://evil.example" } }), 403);
  });
});

test.describe("order e-mails", () => {
  test("a cancellation request sends the buyer a receipt and the owner an alert; shipping sends the tracking number", async ({
    loginAsCustomer,
    loginAsAdmin,
  }) => {
    const email = uniqueEmail("mail-orders");
    const buyer = await loginAsCustomer({ email, firstName: "Olga" });
    const admin = await loginAsAdmin({ email: uniqueEmail("mail-orders-admin") });
    const toCancel = await insertOrder({ userId: buyer.userId, email, status: "paid" });
    expect((await buyer.request.patch(`/api/orders/${toCancel.id}/cancel`)).status()).toBe(200);
    const receipt = await waitForMail(email, new RegExp(`cancellation request for order #${toCancel.id}$`));
    expect(receipt.text).toContain(`/order-details/${toCancel.id}/${toCancel.token}`);
    const alert = await waitForMail("hello@example.com", new RegExp(`^Cancellation requested: order #${toCancel.id}$`));
    expect(alert.text).toContain(email);

    const toShip = await insertOrder({ userId: buyer.userId, email, status: "paid" });
    expect((await admin.request.patch(`/api/orders/${toShip.id}/ship`, { data: { trackingNumber: "LP00998877PL" } })).status()).toBe(200);
    const shipped = await waitForMail(email, new RegExp(`^Order #${toShip.id} is on its way$`));
    expect(shipped.text).toContain("https://parcelsapp.com/en/tracking/LP00998877PL");
    // The catcher has the message as soon as SMTP says 250; the sender marks the row a moment later.
    const outboxRow = () =>
      withDb((db) => db.prepare("SELECT status, smtp_response AS response FROM outbox WHERE event_key = ?").get(`order-shipped:${toShip.id}`)) as {
        status: string;
        response: string;
      };
    await expect.poll(() => outboxRow().status).toBe("sent");
    expect(outboxRow().response).toMatch(/^250 /);
  });
});
