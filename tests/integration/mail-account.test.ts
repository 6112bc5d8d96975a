import { adminCancelOrder } from "~/domain/orders/fulfilment.server";
import { updateProduct } from "~/domain/catalogue/products-write.server";
import { verifyLogin } from "~/domain/auth/accounts.server";
import { hashPassword } from "~/domain/auth/password.server";
import { getResetTokenState, requestPasswordReset, resetPassword, RESET_LIMITS } from "~/domain/auth/password-reset.server";
import {
  BACK_IN_STOCK_LIMITS,
  confirmBackInStock,
  notifyBackInStock,
  requestBackInStock,
  unsubscribeBackInStock,
  unsubscribeToken,
} from "~/domain/mail/back-in-stock.server";
import { MAIL_TEXT } from "~/domain/mail/schemas";
import { deliverPendingMail } from "~/domain/mail/sender.server";
import { purgeUnconfirmedBackInStock } from "~/domain/ops/purge.server";
import { db } from "~/lib/db.server";
import { makeProduct, makeUser, seedPalette } from "../helpers/kit";
import { mailTo, startSmtp } from "../helpers/smtp";
import { makeOrder } from "./payments-fixtures";

let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  await seedPalette(db);
});

afterAll(async () => {
  await smtp?.catcher.close();
  await db.destroy();
});

const deliver = () => deliverPendingMail(db, smtp.transport, new Date(Date.now() + 1000));
let n = 0;
const ip = () => `203.0.113.${++n}`;

async function userWithPassword(password = "old-secret") {
  const user = await makeUser(db, { firstName: "Rosa" });
  await db
    .updateTable("users")
    .set({ password_hash: await hashPassword(password) })
    .where("id", "=", user.id)
    .execute();
  return user;
}

function resetLink(text: string): string {
  const match = text.match(/http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no reset link in ${text}`);
  return match[1]!;
}

describe("forgot password", () => {
  it("e-mails a single-use link of 256 random bits, stored only as its SHA-256", async () => {
    const user = await userWithPassword();
    await requestPasswordReset(db, ` ${user.email.toUpperCase()} `, ip());
    await deliver();
    const mails = mailTo(smtp.catcher, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Reset your password");
    const token = resetLink(mails[0]!.text);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await db.selectFrom("password_reset_tokens").select(["token_hash", "expires_at"]).where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    // Once delivered, the outbox forgets the link too.
    const outbox = await db
      .selectFrom("outbox")
      .select("data")
      .where("kind", "=", "password-reset")
      .where("to_address", "=", user.email)
      .executeTakeFirstOrThrow();
    expect(outbox.data).not.toContain(token);
    const minutes = (Date.parse(rows[0]!.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const before = smtp.catcher.messages.length;
    await expect(requestPasswordReset(db, "nobody-here@example.com", ip())).resolves.toBeUndefined();
    await deliver();
    expect(smtp.catcher.messages.length).toBe(before);
  });

  it("is limited like sign-in: the fourth request for one address in 15 minutes gets 429, and sign-in is not affected", async () => {
    const user = await userWithPassword("right-one");
    for (let i = 0; i < RESET_LIMITS.perEmail; i++) await requestPasswordReset(db, user.email, ip());
    await expect(requestPasswordReset(db, user.email, ip())).rejects.toMatchObject({ status: 429 });
    await expect(requestPasswordReset(db, "someone-else@example.com", ip())).resolves.toBeUndefined();
    await expect(verifyLogin(db, { email: user.email, password: "right-one" }, ip())).resolves.toMatchObject({ id: user.id });
  });

  it("limits one address (client IP) across many e-mails", async () => {
    const addr = ip();
    for (let i = 0; i < RESET_LIMITS.perAddress; i++) await requestPasswordReset(db, `spray${i}@example.com`, addr);
    await expect(requestPasswordReset(db, "spray-last@example.com", addr)).rejects.toMatchObject({ status: 429 });
  });
});

describe("reset password", () => {
  async function linkFor(email: string, now?: Date) {
    await requestPasswordReset(db, email, ip(), now);
    await deliver();
    return resetLink(mailTo(smtp.catcher, email).at(-1)!.text);
  }

  it("sets the new password, ends every session of the account, and works once", async () => {
    const user = await userWithPassword("old-secret");
    const token = await linkFor(user.email);
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    await db
      .insertInto("sessions")
      .values([
        { id: `s1-${user.id}`, user_id: user.id, expires_at: expires },
        { id: `s2-${user.id}`, user_id: user.id, expires_at: expires },
      ])
      .execute();
    expect(await getResetTokenState(db, token)).toBe("valid");

    await expect(resetPassword(db, { token, password: "new-secret", confirmPassword: "new-secret" })).resolves.toEqual({ userId: user.id });
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toHaveLength(0);
    await expect(verifyLogin(db, { email: user.email, password: "new-secret" }, ip())).resolves.toMatchObject({ id: user.id });
    await expect(verifyLogin(db, { email: user.email, password: "old-secret" }, ip())).rejects.toMatchObject({ status: 401 });

    expect(await getResetTokenState(db, token)).toBe("used");
    await expect(resetPassword(db, { token, password: "third-one", confirmPassword: "third-one" })).rejects.toThrow(MAIL_TEXT.resetUsed);
  });

  it("refuses an expired link and a made-up one, and changes nothing", async () => {
    const user = await userWithPassword("keep-me");
    const token = await linkFor(user.email, new Date(Date.now() - 61 * 60_000));
    expect(await getResetTokenState(db, token)).toBe("expired");
    await expect(resetPassword(db, { token, password: "new-secret", confirmPassword: "new-secret" })).rejects.toThrow(MAIL_TEXT.resetExpired);
    await expect(resetPassword(db, { token: "A".repeat(43), password: "new-secret", confirmPassword: "new-secret" })).rejects.toThrow(MAIL_TEXT.resetInvalid);
    await expect(verifyLogin(db, { email: user.email, password: "keep-me" }, ip())).resolves.toMatchObject({ id: user.id });
  });

  it("two simultaneous uses of one link: exactly one wins", async () => {
    const user = await userWithPassword();
    const token = await linkFor(user.email);
    const results = await Promise.allSettled([
      resetPassword(db, { token, password: "first-pass", confirmPassword: "first-pass" }),
      resetPassword(db, { token, password: "second-pass", confirmPassword: "second-pass" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("lets a Google-only account set a first password", async () => {
    const user = await makeUser(db, { firstName: "Gia" });
    await db
      .updateTable("users")
      .set({ google_id: `g-${user.id}`, password_hash: null })
      .where("id", "=", user.id)
      .execute();
    const token = await linkFor(user.email);
    expect(mailTo(smtp.catcher, user.email).at(-1)!.subject).toBe("Set a password for your account");
    await resetPassword(db, { token, password: "first-pass", confirmPassword: "first-pass" });
    await expect(verifyLogin(db, { email: user.email, password: "first-pass" }, ip())).resolves.toMatchObject({ id: user.id });
  });
});

describe("back in stock", () => {
  const stamp = Date.now();
  const confirmToken = (text: string) => {
    const match = text.match(/http:\/\/localhost:3000\/back-in-stock\/confirm\?token=([A-Za-z0-9_-]+)/);
    if (!match) throw new Error(`no confirmation link in ${text}`);
    return match[1]!;
  };
  async function requestAndConfirm(input: { productId: number; colorId?: number; email: string }) {
    await requestBackInStock(db, input, ip());
    await deliver();
    const mail = mailTo(smtp.catcher, input.email).find((m) => m.subject === "Please confirm your back-in-stock e-mail")!;
    await confirmBackInStock(db, confirmToken(mail.text));
  }

  it("refuses an unknown product, an unknown colour and an item in stock (400)", async () => {
    const inStock = await makeProduct(db, { stock: 3 });
    const colours = await makeProduct(db, {
      colors: [
        { colorId: 1, stock: 0 },
        { colorId: 2, stock: 4 },
      ],
    });
    await expect(requestBackInStock(db, { productId: 99_999_999, email: "a@example.com" }, ip())).rejects.toMatchObject({
      status: 400,
      message: MAIL_TEXT.backInStockUnknown,
    });
    await expect(requestBackInStock(db, { productId: inStock.id, email: "a@example.com" }, ip())).rejects.toMatchObject({
      status: 400,
      message: MAIL_TEXT.backInStockInStock,
    });
    await expect(requestBackInStock(db, { productId: colours.id, colorId: 2, email: "a@example.com" }, ip())).rejects.toMatchObject({
      status: 400,
      message: MAIL_TEXT.backInStockInStock,
    });
    await expect(requestBackInStock(db, { productId: colours.id, colorId: 9, email: "a@example.com" }, ip())).rejects.toMatchObject({
      status: 400,
      message: MAIL_TEXT.backInStockUnknownOption,
    });
    await expect(requestBackInStock(db, { productId: inStock.id, variationCode: "A", email: "a@example.com" }, ip())).rejects.toMatchObject({ status: 400 });
  });

  it("keeps one request per address and item, and mails each confirmed address once when the admin restocks; an unconfirmed one gets nothing", async () => {
    const product = await makeProduct(db, { title: "Velvet Cape", stock: 0 });
    const [a, b, c] = [`bis-a-${stamp}@example.com`, `bis-b-${stamp}@example.com`, `bis-c-${stamp}@example.com`];
    expect((await requestBackInStock(db, { productId: product.id, email: a }, ip())).created).toBe(true);
    expect((await requestBackInStock(db, { productId: product.id, email: a.toUpperCase() }, ip())).created).toBe(false);
    expect((await requestBackInStock(db, { productId: product.id, email: b }, ip())).created).toBe(true);
    expect((await requestBackInStock(db, { productId: product.id, email: c }, ip())).created).toBe(true);
    await deliver();
    // One confirmation each (the repeated request sent none); a and b confirm, c never does.
    for (const to of [a, b]) {
      expect(mailTo(smtp.catcher, to)).toHaveLength(1);
      await confirmBackInStock(db, confirmToken(mailTo(smtp.catcher, to)[0]!.text));
    }

    const save = (stock: number) => updateProduct(db, product.id, { title: "Velvet Cape", price: "24.00", stock });
    await save(0);
    await deliver();
    expect(mailTo(smtp.catcher, a)).toHaveLength(1);

    await save(4);
    await save(5);
    await deliver();
    const { slug } = await db.selectFrom("products").select("slug").where("id", "=", product.id).executeTakeFirstOrThrow();
    for (const to of [a, b]) {
      const mails = mailTo(smtp.catcher, to).filter((m) => m.subject.endsWith("is back in stock"));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Velvet Cape is back in stock");
      expect(mails[0]!.text).toContain(`http://localhost:3000/product/${slug}`);
      expect(mails[0]!.text).toContain("/back-in-stock/unsubscribe?token=");
      expect(mails[0]!.headers["list-unsubscribe"]).toContain("/back-in-stock/unsubscribe?token=");
    }
    expect(mailTo(smtp.catcher, c).map((m) => m.subject)).toEqual(["Please confirm your back-in-stock e-mail"]);
    const open = await db.selectFrom("back_in_stock_requests").select("email").where("product_id", "=", product.id).where("closed_at", "is", null).execute();
    expect(open.map((r) => r.email)).toEqual([c]);
  });

  it("a request becomes active only through the link mailed to its address; the mail carries only the shop's own words", async () => {
    const product = await makeProduct(db, { title: "Moss Shawl", stock: 0 });
    const to = `bis-confirm-${stamp}@example.com`;
    await requestBackInStock(db, { productId: product.id, email: to }, ip());
    const row = await db.selectFrom("back_in_stock_requests").select(["confirmed_at", "confirm_token_hash"]).where("email", "=", to).executeTakeFirstOrThrow();
    expect(row.confirmed_at).toBeNull();
    expect(row.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    await deliver();
    const [mail] = mailTo(smtp.catcher, to);
    expect(mail!.subject).toBe("Please confirm your back-in-stock e-mail");
    expect(mail!.text).toContain("Moss Shawl");
    const token = confirmToken(mail!.text);
    expect(JSON.stringify(row)).not.toContain(token);
    await expect(confirmBackInStock(db, `${token}x`)).rejects.toMatchObject({ status: 400, message: MAIL_TEXT.backInStockConfirmInvalid });
    await expect(confirmBackInStock(db, token)).resolves.toMatchObject({ email: to, productTitle: "Moss Shawl" });
    const confirmed = await db
      .selectFrom("back_in_stock_requests")
      .select(["confirmed_at", "confirm_token_hash"])
      .where("email", "=", to)
      .executeTakeFirstOrThrow();
    expect(confirmed.confirmed_at).not.toBeNull();
    expect(confirmed.confirm_token_hash).toBeNull();
    // The link works once.
    await expect(confirmBackInStock(db, token)).rejects.toMatchObject({ status: 400 });
    // One nobody confirms goes after 7 days, link and all; the confirmed one stays.
    const other = `bis-never-${stamp}@example.com`;
    await requestBackInStock(db, { productId: product.id, email: other }, ip());
    await purgeUnconfirmedBackInStock(db, new Date(Date.now() + 8 * 86_400_000));
    const left = await db.selectFrom("back_in_stock_requests").select("email").where("product_id", "=", product.id).execute();
    expect(left.map((r) => r.email)).toEqual([to]);
  });

  it("is limited per client address and per e-mail address (429, nothing stored, nothing sent)", async () => {
    const products = await Promise.all(Array.from({ length: BACK_IN_STOCK_LIMITS.perAddress + 2 }, () => makeProduct(db, { stock: 0 })));
    // One address asking for many people.
    const from = ip();
    for (let i = 0; i < BACK_IN_STOCK_LIMITS.perAddress; i++) {
      await requestBackInStock(db, { productId: products[i]!.id, email: `bis-spray-${i}-${stamp}@example.com` }, from);
    }
    await expect(requestBackInStock(db, { productId: products[0]!.id, email: `bis-spray-over-${stamp}@example.com` }, from)).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining(MAIL_TEXT.backInStockLimited),
    });
    expect(await db.selectFrom("back_in_stock_requests").select("id").where("email", "=", `bis-spray-over-${stamp}@example.com`).execute()).toHaveLength(0);
    // Many addresses writing to one victim: she gets at most perEmail confirmation mails.
    const victim = `bis-victim-${stamp}@example.com`;
    for (let i = 0; i < BACK_IN_STOCK_LIMITS.perEmail; i++) await requestBackInStock(db, { productId: products[i]!.id, email: victim }, ip());
    await expect(requestBackInStock(db, { productId: products[BACK_IN_STOCK_LIMITS.perEmail]!.id, email: victim.toUpperCase() }, ip())).rejects.toMatchObject({
      status: 429,
    });
    await deliverPendingMail(db, smtp.transport, new Date(Date.now() + 1000), { limit: 100 });
    expect(mailTo(smtp.catcher, victim)).toHaveLength(BACK_IN_STOCK_LIMITS.perEmail);
  });

  it("a colour's request waits for that colour; stock given back by a cancelled order counts too", async () => {
    const product = await makeProduct(db, {
      title: "Lace Bonnet",
      colors: [
        { colorId: 3, stock: 0 },
        { colorId: 4, stock: 2 },
      ],
    });
    const to = `bis-red-${stamp}@example.com`;
    await requestAndConfirm({ productId: product.id, colorId: 3, email: to });
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("product_colors").set({ stock: 5 }).where("product_id", "=", product.id).where("color_id", "=", 4).execute();
      expect(await notifyBackInStock(trx, [product.id])).toBe(0);
    });
    // An order that held one red bonnet is cancelled by the shop: the red one is back.
    const order = await makeOrder(db, { lines: [{ productId: product.id, colorId: 3, title: "Lace Bonnet" }], status: "paid" });
    await db.updateTable("orders").set({ stock_reserved: 1 }).where("id", "=", order.id).execute();
    await db.updateTable("order_items").set({ stock_taken: 1 }).where("order_id", "=", order.id).execute();
    await adminCancelOrder(db, order.id);
    await deliver();
    const mail = mailTo(smtp.catcher, to);
    expect(mail.map((m) => m.subject)).toEqual(["Please confirm your back-in-stock e-mail", "Lace Bonnet (Red) is back in stock"]);
  });

  it("unsubscribes every open request of an address with a genuine token only", async () => {
    const product = await makeProduct(db, { stock: 0 });
    const to = `bis-unsub-${stamp}@example.com`;
    await requestAndConfirm({ productId: product.id, email: to });
    await expect(unsubscribeBackInStock(db, unsubscribeToken("someone@example.com").replace(/.$/, "x"))).rejects.toMatchObject({ status: 400 });
    const forged = `${Buffer.from(to).toString("base64url")}.${"A".repeat(43)}`;
    await expect(unsubscribeBackInStock(db, forged)).rejects.toMatchObject({ status: 400 });
    await expect(unsubscribeBackInStock(db, unsubscribeToken(to))).resolves.toEqual({ email: to, closed: 1 });
    await updateProduct(db, product.id, { title: "Again", price: "10.00", stock: 3 });
    await deliver();
    expect(mailTo(smtp.catcher, to).filter((m) => m.subject.endsWith("is back in stock"))).toHaveLength(0);
  });
});
