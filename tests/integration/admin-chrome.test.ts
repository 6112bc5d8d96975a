import { ORDER_STATUSES } from "~/domain/orders/status";
import { getDashboardStats } from "~/domain/orders/reports.server";
import { listReviewsForAdmin } from "~/domain/reviews/reviews.server";
import { db } from "~/lib/db.server";
import { loader as rootLoader } from "~/root";
import { countAdminWaiting, loadAdminChrome } from "~/web/admin/admin-chrome.server";
import { getOptionalUser } from "~/web/session.server";
import { makeOrder, makeProduct, makeUser } from "../helpers/kit";
import { args, get } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

// The admin chrome's counts (what waits for the owner) and its once-per-sign-in reminder.

afterAll(() => db.destroy());

async function review(productId: number, userId: number, status: "pending" | "approved" | "hidden") {
  await db.insertInto("reviews").values({ product_id: productId, user_id: userId, rating: 5, body: "Lovely", author_name: "Clara", status }).execute();
}

async function withdrawal(orderId: number, handled: boolean) {
  const now = new Date().toISOString();
  await db
    .insertInto("withdrawals")
    .values({ order_id: orderId, name: "Clara", received_at: now, handled_at: handled ? now : null })
    .execute();
}

const chromeFor = async (path: string, cookie: string) => {
  const request = get(path, { cookie });
  return loadAdminChrome(db, request, await getOptionalUser(request));
};

describe("what waits for the owner", () => {
  it("counts paid-not-shipped orders, open withdrawals and pending reviews, the same as the Dashboard and the Reviews tab", async () => {
    expect(await countAdminWaiting(db)).toEqual({ ordersToShip: 0, withdrawalsWaiting: 0, reviewsPending: 0 });
    // One order of every status, and two more paid ones: 3 to ship.
    const orders = new Map<string, number>();
    for (const status of ORDER_STATUSES) orders.set(status, (await makeOrder(db, { status })).id);
    await makeOrder(db, { status: "paid" });
    await makeOrder(db, { status: "paid" });
    // Withdrawals: two open, one handled.
    await withdrawal(orders.get("paid")!, false);
    await withdrawal(orders.get("shipped")!, false);
    await withdrawal(orders.get("delivered")!, true);
    // Reviews: two pending, one approved, one hidden.
    const buyer = await makeUser(db);
    const [a, b, c] = await Promise.all([makeProduct(db), makeProduct(db), makeProduct(db)]);
    await review(a.id, buyer.id, "pending");
    await review(b.id, buyer.id, "pending");
    await review(c.id, buyer.id, "approved");
    await review(a.id, (await makeUser(db)).id, "hidden");

    const counts = await countAdminWaiting(db);
    expect(counts).toEqual({ ordersToShip: 3, withdrawalsWaiting: 2, reviewsPending: 2 });
    const stats = await getDashboardStats(db);
    expect(counts.ordersToShip).toBe(stats.orders.toShip);
    expect(counts.withdrawalsWaiting).toBe(stats.withdrawalsToHandle);
    expect(counts.reviewsPending).toBe((await listReviewsForAdmin(db, "pending")).counts.pending);

    // Shipping one and approving one bring the counts down.
    await db.updateTable("orders").set({ status: "shipped" }).where("id", "=", orders.get("paid")!).execute();
    await db.updateTable("reviews").set({ status: "approved" }).where("product_id", "=", b.id).execute();
    expect(await countAdminWaiting(db)).toEqual({ ordersToShip: 2, withdrawalsWaiting: 2, reviewsPending: 1 });
  });
});

describe("the admin chrome's data", () => {
  it("is for an admin on an admin page only: never a customer, a guest, a shopper's page or /admin-login", async () => {
    const admin = await cookieFor((await makeUser(db, { isAdmin: true })).id);
    const customer = await cookieFor((await makeUser(db)).id);
    expect((await chromeFor("/admin", customer)).data).toBeNull();
    expect((await chromeFor("/admin", "")).data).toBeNull();
    expect((await chromeFor("/cart", admin)).data).toBeNull();
    expect((await chromeFor("/admin-login", admin)).data).toBeNull();
    expect((await chromeFor("/administrator", admin)).data).toBeNull();
    expect((await chromeFor("/admin/orders/1", admin)).data).not.toBeNull();
  });

  it("reminds an admin without a second factor on the first admin page of a sign-in, then not again until she signs in afresh", async () => {
    const owner = await makeUser(db, { isAdmin: true });
    const cookie = await cookieFor(owner.id);
    // A shopper's page does not use it up.
    expect((await chromeFor("/", cookie)).data).toBeNull();
    const first = await chromeFor("/admin?tab=orders", cookie);
    expect(first.data?.twoFactorReminder).toBe(true);
    expect(first.setCookie).toContain("__session=");
    const second = await chromeFor("/admin", cookie);
    expect(second.data?.twoFactorReminder).toBe(false);
    expect(second.setCookie).toBeNull();
    expect((await chromeFor("/admin/products/add", cookie)).data?.twoFactorReminder).toBe(false);
    // Another sign-in is another session: reminded once more.
    const again = await cookieFor(owner.id);
    expect((await chromeFor("/admin", again)).data?.twoFactorReminder).toBe(true);
    // With a second factor on, never.
    await db.updateTable("users").set({ totp_enabled_at: new Date().toISOString() }).where("id", "=", owner.id).execute();
    expect((await chromeFor("/admin", await cookieFor(owner.id))).data?.twoFactorReminder).toBe(false);
  });

  it("reaches the page through the root loader, with the session's cookie on the first admin page", async () => {
    const owner = await makeUser(db, { isAdmin: true });
    const cookie = await cookieFor(owner.id);
    await makeOrder(db, { status: "paid" });
    const res = await rootLoader(args(get("/admin", { cookie })) as never);
    const body = (await res.json()) as { admin: { counts: { ordersToShip: number }; twoFactorReminder: boolean } | null };
    expect(body.admin?.twoFactorReminder).toBe(true);
    expect(body.admin?.counts.ordersToShip).toBe((await countAdminWaiting(db)).ordersToShip);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
    const later = (await (await rootLoader(args(get("/admin?tab=settings", { cookie })) as never)).json()) as { admin: { twoFactorReminder: boolean } };
    expect(later.admin.twoFactorReminder).toBe(false);
    const shop = (await (await rootLoader(args(get("/", { cookie })) as never)).json()) as { admin: unknown };
    expect(shop.admin).toBeNull();
  });
});
