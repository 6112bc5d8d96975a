import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { addToCart } from "~/domain/cart/cart.server";
import { hashPassword } from "~/domain/auth/password.server";
import { confirmBackInStock, notifyBackInStock, requestBackInStock } from "~/domain/mail/back-in-stock.server";
import { requestMailLocale, withMailLocale } from "~/domain/mail/mail-locale.server";
import * as entry from "~/entry.server";
import { enqueueOrderPaidMail, enqueueOrderShippedMail } from "~/domain/mail/order-mail.server";
import { deliverPendingMail } from "~/domain/mail/sender.server";
import { queueReviewRequests } from "~/domain/reviews/request-mail.server";
import { submitWithdrawal } from "~/domain/withdrawals/withdrawals.server";
import { db } from "~/lib/db.server";
import { action as forgotApiAction } from "~/routes/api.auth.forgot-password";
import { loader as adminOrderApiLoader } from "~/routes/api.admin.orders.$orderId";
import { loader as orderApiLoader } from "~/routes/api.orders.$orderId";
import { action as ordersAction } from "~/routes/api.orders";
import { action as checkoutAction } from "~/routes/checkout";
import { action as forgotAction } from "~/routes/forgot-password";
import { getSessionStorage } from "~/web/session.server";
import { inRequestLanguage, mailLocaleOf } from "~/web/mail-locale.server";
import { makeProduct, makeUser, seedPalette } from "../helpers/kit";
import { args, get, postForm, postJson, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";
import { type CaughtMail, mailTo, startSmtp } from "../helpers/smtp";
import { makeOrder } from "./payments-fixtures";
import { type ShopEntry } from "../../server/entry";
import { withStorageFaults } from "../../server/remix";

// E-mails in the order's language (the checkout's that placed it), account e-mails in the
// language of the page that asked; the owner's alerts stay English.

let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  await seedPalette(db);
});

afterAll(async () => {
  await smtp?.catcher.close();
  await db.destroy();
});

let clock = Date.now();
const deliver = async () => {
  clock = Math.max(clock, Date.now()) + 1000;
  return deliverPendingMail(db, smtp.transport, new Date(clock));
};

let n = 0;
const address = () => `polish-${++n}-${Date.now()}@example.com`;

/** An order of two $24.00 pieces and $5.00 shipping, in `locale`, to a fresh address. */
async function orderIn(locale: "en" | "pl", opts: { userId?: number | null; status?: "unpaid" | "paid" | "delivered" } = {}) {
  const product = await makeProduct(db, { title: "Rose Tea Dress", priceCents: 2400 });
  const order = await makeOrder(db, {
    lines: [{ productId: product.id, quantity: 2, title: "Rose Tea Dress" }],
    userId: opts.userId ?? null,
    status: opts.status ?? "unpaid",
  });
  const email = address();
  await db.updateTable("orders").set({ email, locale }).where("id", "=", order.id).execute();
  return { ...order, email, product };
}

function single(messages: CaughtMail[]): CaughtMail {
  expect(messages, messages.map((m) => m.subject).join(" | ")).toHaveLength(1);
  return messages[0]!;
}

describe("an order's e-mails are written in its language", () => {
  it('a Polish order\'s confirmation: Polish subject, <html lang="pl">, Polish plain text, amounts in Polish and links to /pl pages', async () => {
    const order = await orderIn("pl");
    await enqueueOrderPaidMail(db, order.id);
    expect(await deliver()).toMatchObject({ failed: 0 });
    const mail = single(mailTo(smtp.catcher, order.email));
    expect(mail.subject).toBe(`Potwierdzenie zamówienia nr ${order.id}`);
    expect(mail.html).toContain('<html lang="pl">');
    expect(mail.html).toContain("Dziękujemy za zamówienie");
    expect(mail.html).not.toContain("Thank you for your order");
    expect(mail.text).toContain("Dzień dobry, Ada!");
    expect(mail.text).toContain(`Otrzymaliśmy płatność za zamówienie nr ${order.id}`);
    expect(mail.text).toMatch(/2 x 24,00\sUSD = 48,00\sUSD/);
    expect(mail.text).toMatch(/Razem: 53,00\sUSD/);
    expect(mail.text).toContain(`http://localhost:3000/pl/order-details/${order.id}/`);
    expect(mail.text).toContain(`Odstąp od umowy tutaj: http://localhost:3000/pl/withdrawal?orderId=${order.id}`);
    expect(mail.text).toContain("Sprzedawca:");
    expect(mail.text).not.toMatch(/\b(Dear|Subtotal|Total|Your order)\b/);
    // The owner's alert about the same order stays English.
    const owner = await db.selectFrom("outbox").select(["subject", "locale"]).where("event_key", "=", `order-paid-owner:${order.id}`).executeTakeFirstOrThrow();
    expect(owner).toEqual({ subject: `New paid order #${order.id}: $53.00`, locale: "en" });
  });

  it("an English order's confirmation is as it was", async () => {
    const order = await orderIn("en");
    await enqueueOrderPaidMail(db, order.id);
    await deliver();
    const mail = single(mailTo(smtp.catcher, order.email));
    expect(mail.subject).toBe(`Order #${order.id} confirmed: thank you!`);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain("Dear Ada,");
    expect(mail.text).toContain("Total: $53.00 USD");
    expect(mail.text).toContain(`http://localhost:3000/order-details/${order.id}/`);
    expect(mail.text).not.toContain("/pl/");
  });

  it("shipped by the (English) admin, a Polish order's e-mail is still Polish", async () => {
    const order = await orderIn("pl", { status: "paid" });
    await db.updateTable("orders").set({ tracking_number: "RR123456789PL" }).where("id", "=", order.id).execute();
    await withMailLocale("en", () => enqueueOrderShippedMail(db, order.id));
    await deliver();
    const mail = single(mailTo(smtp.catcher, order.email));
    expect(mail.subject).toBe(`Zamówienie nr ${order.id} jest w drodze`);
    expect(mail.text).toContain("Numer przesyłki: RR123456789PL");
  });

  it("the withdrawal receipt is Polish for a Polish order; the owner's alert English", async () => {
    const order = await orderIn("pl", { status: "delivered" });
    const day = 86_400_000;
    await db
      .updateTable("orders")
      .set({
        paid_at: new Date(Date.now() - 6 * day).toISOString(),
        shipped_at: new Date(Date.now() - 5 * day).toISOString(),
        delivered_at: new Date(Date.now() - 2 * day).toISOString(),
      })
      .where("id", "=", order.id)
      .execute();
    await submitWithdrawal(db, { orderId: order.id, email: order.email, name: "Ada" });
    await deliver();
    const receipt = single(mailTo(smtp.catcher, order.email));
    expect(receipt.subject).toBe(`Otrzymaliśmy Twoje odstąpienie od umowy (zamówienie nr ${order.id})`);
    expect(receipt.html).toContain('<html lang="pl">');
    expect(receipt.text).toContain("Co dalej");
    expect(receipt.text).toContain("Prosimy odesłać nam produkty w ciągu 14 dni.");
    expect(receipt.text).toMatch(/otrzymaliśmy \d{1,2} [a-ząćęłńóśźż]+ \d{4} o \d{2}:\d{2} UTC\./);
    expect(receipt.text).toContain(`http://localhost:3000/pl/withdrawal/received?orderId=${order.id}&receipt=`);
    const owner = await db.selectFrom("outbox").select(["subject", "locale"]).where("event_key", "=", `withdrawal-owner:${order.id}`).executeTakeFirstOrThrow();
    expect(owner).toEqual({ subject: `Withdrawal received: order #${order.id}`, locale: "en" });
  });

  it("the review request is Polish for a Polish order, its links to the Polish product page", async () => {
    const user = await makeUser(db, { firstName: "Zofia" });
    const order = await orderIn("pl", { userId: user.id, status: "delivered" });
    const longAgo = new Date(Date.now() - 60 * 86_400_000).toISOString();
    await db.updateTable("orders").set({ shipped_at: longAgo, delivered_at: longAgo }).where("id", "=", order.id).execute();
    expect(await queueReviewRequests(db)).toBeGreaterThanOrEqual(1);
    await deliver();
    const mail = single(mailTo(smtp.catcher, user.email));
    expect(mail.subject).toBe("Jak oceniasz: Rose Tea Dress?");
    expect(mail.html).toContain('<html lang="pl">');
    expect(mail.text).toContain(`Twoje zamówienie nr ${order.id} dotarło.`);
    expect(mail.text).toContain(`Napisz opinię: Rose Tea Dress: http://localhost:3000/pl/product/${order.product.slug}#reviews`);
    expect(mail.text).toContain("http://localhost:3000/pl/reviews/unsubscribe?token=");
  });
});

async function sessionCookie(cartKey: string): Promise<string> {
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("cartKey", cartKey);
  return (await storage.commitSession(session)).split(";")[0]!;
}

const ADDRESS = {
  firstName: "Zofia",
  lastName: "Nowak",
  addressLine1: "ul. Floriańska 3",
  addressLine2: "",
  city: "Kraków",
  state: "",
  postalCode: "31-019",
  country: "PL",
};

/** A guest with one piece in her cart. */
async function guest() {
  const product = await makeProduct(db, { priceCents: 1000, stock: 5 });
  const cartKey = `polish-guest-${++n}-${Date.now()}`;
  await addToCart(db, { cartKey }, { productId: product.id, quantity: 1 });
  return { cookie: await sessionCookie(cartKey) };
}

const storedLocale = async (id: number) => (await db.selectFrom("orders").select("locale").where("id", "=", id).executeTakeFirstOrThrow()).locale;

describe("an order's language", () => {
  const payload = (extra: Record<string, unknown> = {}) => ({ email: address(), shippingAddress: ADDRESS, ...extra });
  const postOrder = (body: unknown, cookie: string) => run(() => ordersAction(args(postJson("/api/orders", body, { cookie }))));

  it("POST /api/orders takes `locale`: the order and its JSON (the customer's and the admin's) carry it", async () => {
    const { cookie } = await guest();
    const res = await postOrder(payload({ locale: "pl" }), cookie);
    expect(res.status).toBe(201);
    const { id, confirmationToken } = (await res.json()) as { id: number; confirmationToken: string };
    expect(await storedLocale(id)).toBe("pl");
    const mine = await run(() => orderApiLoader(args(get(`/api/orders/${id}?token=${confirmationToken}`), { orderId: String(id) })));
    expect(await mine.json()).toMatchObject({ id, locale: "pl" });
    const admin = await cookieFor((await makeUser(db, { isAdmin: true })).id);
    const adminJson = await run(() => adminOrderApiLoader(args(get(`/api/admin/orders/${id}`, { cookie: admin }), { orderId: String(id) })));
    expect(await adminJson.json()).toMatchObject({ id, locale: "pl" });
  });

  it("POST /api/orders refuses another language with a field error, and stores nothing", async () => {
    const { cookie } = await guest();
    const before = await db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    for (const locale of ["de", "PL", 1, ""]) {
      const res = await postOrder(payload({ locale }), cookie);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.locale).toEqual(["Must be one of: en, pl"]);
    }
    const after = await db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("POST /api/orders without `locale`: the `lang` cookie's language, else English; another cookie value is ignored", async () => {
    for (const [lang, expected] of [
      ["pl", "pl"],
      ["en", "en"],
      ["de", "en"],
      [null, "en"],
    ] as const) {
      const { cookie } = await guest();
      const res = await postOrder(payload(), lang ? `${cookie}; lang=${lang}` : cookie);
      expect(res.status).toBe(201);
      expect(await storedLocale(((await res.json()) as { id: number }).id)).toBe(expected);
    }
  });

  it("the /pl/checkout form places a Polish order, the /checkout form an English one", async () => {
    for (const [path, expected] of [
      ["/pl/checkout", "pl"],
      ["/checkout", "en"],
    ] as const) {
      const { cookie } = await guest();
      const res = await run(() => checkoutAction(args(postForm(path, { email: address(), ...ADDRESS, agreeToTerms: "on" }, { cookie }))));
      expect(res.status).toBe(302);
      const id = Number(/\/order\/(\d+)\/payment$/.exec(res.headers.get("Location") ?? "")?.[1]);
      expect(await storedLocale(id)).toBe(expected);
    }
  });
});

describe("account e-mails are written in the language of the page that asked", () => {
  async function userWithPassword() {
    const user = await makeUser(db, { firstName: "Zofia" });
    await db
      .updateTable("users")
      .set({ password_hash: await hashPassword("old-secret") })
      .where("id", "=", user.id)
      .execute();
    return user;
  }

  // The server runs every loader and action so (server/remix.ts); here the test does it.
  const asServer = (request: Request, fn: (request: Request) => Promise<Response> | Response) => run(() => inRequestLanguage(request, () => fn(request)));

  it("a reset asked for on /pl/forgot-password arrives in Polish, its link to the Polish page", async () => {
    const user = await userWithPassword();
    const res = await asServer(postForm("/pl/forgot-password", { email: user.email }), (request) => forgotAction(args(request)));
    expect(res.status).toBe(302);
    await deliver();
    const mail = single(mailTo(smtp.catcher, user.email));
    expect(mail.subject).toBe("Zresetuj hasło");
    expect(mail.html).toContain('<html lang="pl">');
    expect(mail.text).toContain("Dzień dobry, Zofia!");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/pl\/reset-password\?token=[A-Za-z0-9_-]+/);
  });

  it("on /forgot-password, in English; through the API, in the `lang` cookie's language", async () => {
    const english = await userWithPassword();
    await asServer(postForm("/forgot-password", { email: english.email }), (request) => forgotAction(args(request)));
    const polish = await userWithPassword();
    const res = await asServer(postJson("/api/auth/forgot-password", { email: polish.email }, { cookie: "lang=pl" }), (request) =>
      forgotApiAction(args(request)),
    );
    expect(res.status).toBeLessThan(300);
    await deliver();
    expect(single(mailTo(smtp.catcher, english.email)).subject).toBe("Reset your password");
    expect(single(mailTo(smtp.catcher, polish.email)).subject).toBe("Zresetuj hasło");
  });

  it("the server runs every action in its request's mail language", async () => {
    // One resource route answering the language its action would queue e-mails in, under "/" and "/pl".
    const build = (basename: string) =>
      ({
        routes: {
          root: { id: "root", path: "", module: { default: () => null } },
          "routes/probe": { id: "routes/probe", parentId: "root", path: "probe", module: { action: () => Response.json({ locale: requestMailLocale() }) } },
        },
        entry: { module: { default: () => new Response(null, { status: 500 }), handleError: () => undefined } },
        assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "test" },
        publicPath: "/build/",
        assetsBuildDirectory: "public/build",
        future: {},
        isSpaMode: false,
        basename,
        mode: "production",
      }) as unknown as ServerBuild;
    const answer = async (basename: string, path: string) => {
      const handle = createRequestHandler(
        withStorageFaults(build(basename), () => entry as unknown as ShopEntry),
        "production",
      );
      return ((await (await handle(new Request(`http://shop.test${path}`, { method: "POST" }))).json()) as { locale: string }).locale;
    };
    expect(await answer("/pl", "/pl/probe")).toBe("pl");
    expect(await answer("/", "/probe")).toBe("en");
    expect(requestMailLocale()).toBe("en");
  });

  it("which language a request's e-mails take", () => {
    const at = (path: string, cookie?: string) => mailLocaleOf(get(path, cookie ? { cookie } : {}));
    expect(at("/pl/account")).toBe("pl");
    expect(at("/account", "lang=pl")).toBe("en");
    expect(at("/api/profile", "lang=pl")).toBe("pl");
    expect(at("/api/profile", "lang=xx")).toBe("en");
    expect(at("/api/profile")).toBe("en");
    expect(at("/api/admin/customers/1", "lang=pl")).toBe("en");
    expect(at("/admin/orders/1", "lang=pl")).toBe("en");
  });

  it("a back-in-stock request from a Polish page: its confirmation and, later, its notice are Polish", async () => {
    const product = await makeProduct(db, { title: "Velvet Cape", stock: 0 });
    const email = address();
    await withMailLocale("pl", () => requestBackInStock(db, { productId: product.id, email }, "198.51.100.7"));
    await deliver();
    const confirm = single(mailTo(smtp.catcher, email));
    expect(confirm.subject).toBe("Potwierdź powiadomienie o dostępności");
    expect(confirm.html).toContain('<html lang="pl">');
    const token = /\/pl\/back-in-stock\/confirm\?token=([A-Za-z0-9_-]+)/.exec(confirm.text)?.[1];
    expect(token).toBeTruthy();
    await confirmBackInStock(db, token);
    await db.updateTable("products").set({ total_stock: 2 }).where("id", "=", product.id).execute();
    // The stock edit is the admin's, in English: the notice keeps the request's language.
    await withMailLocale("en", () => notifyBackInStock(db, [product.id]));
    await deliver();
    const notice = mailTo(smtp.catcher, email).find((m) => m !== confirm)!;
    expect(notice.subject).toBe("Znów dostępne: Velvet Cape");
    expect(notice.text).toContain(`Zobacz w sklepie: http://localhost:3000/pl/product/${product.slug}`);
  });
});
