import { makeCategory, makeOrphanCategoryLink, makeProduct } from "../../helpers/kit";
import { expect, test } from "../fixtures";
import { expectError } from "../helpers/api";
import { e2eDb, withDb } from "../helpers/db";
import { ensureUser, uniqueEmail } from "../helpers/session";

// Admin store calls: users list, award points, recalculate category counts, clean orphaned links.
// Guest 401, customer 403, admin 200, bad input 400.

const WRITES = [
  { path: "/api/loyalty/admin/award", body: { email: "someone@example.com", points: 5 } },
  { path: "/api/admin/recalculate-category-counts", body: {} },
  { path: "/api/admin/clean-orphaned-relationships", body: {} },
];

test("guests get 401 and customers 403 on every admin store call", async ({ request, loginAsCustomer }) => {
  await expectError(await request.get("/api/admin/users"), 401);
  for (const w of WRITES) await expectError(await request.post(w.path, { data: w.body }), 401);
  const customer = await loginAsCustomer({ email: uniqueEmail("store-customer") });
  await expectError(await customer.request.get("/api/admin/users"), 403);
  for (const w of WRITES) await expectError(await customer.request.post(w.path, { data: w.body }), 403);
});

test("GET /api/admin/users lists users with name, role, points and joined date", async ({ loginAsAdmin }) => {
  const email = uniqueEmail("store-listed");
  await ensureUser(email, { firstName: "Listed", lastName: "Person", loyaltyPoints: 7 });
  const admin = await loginAsAdmin({ email: uniqueEmail("store-admin") });
  const res = await admin.request.get("/api/admin/users");
  expect(res.status()).toBe(200);
  const { users } = (await res.json()) as { users: Record<string, unknown>[] };
  const row = users.find((u) => u.email === email);
  expect(row).toMatchObject({ name: "Listed Person", role: "Customer", loyaltyPoints: 7, isAdmin: false });
  expect(typeof row!.createdAt).toBe("string");
  expect(users.find((u) => u.id === admin.userId)).toMatchObject({ role: "Admin" });
  expect(JSON.stringify(users)).not.toMatch(/password/i);
});

test("POST /api/loyalty/admin/award: bad input 400, unknown e-mail 404, success adds points", async ({ loginAsAdmin }) => {
  const email = uniqueEmail("store-award");
  const userId = await ensureUser(email);
  const admin = await loginAsAdmin({ email: uniqueEmail("store-admin") });
  const bad = [
    [{}, "Please enter both email and points amount"],
    [{ email }, "Please enter both email and points amount"],
    [{ email, points: 1.5 }, "Points must be a positive number"],
    [{ email, points: -5 }, "Points must be a positive number"],
    [{ email, points: "ten" }, "Points must be a positive number"],
  ] as const;
  for (const [data, text] of bad) {
    expect(await expectError(await admin.request.post("/api/loyalty/admin/award", { data }), 400)).toContain(text);
  }
  expect(await expectError(await admin.request.post("/api/loyalty/admin/award", { data: { email: uniqueEmail("nobody"), points: 5 } }), 404)).toBe(
    "No customer with this email",
  );
  const res = await admin.request.post("/api/loyalty/admin/award", { data: { email: email.toUpperCase(), points: 30 } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ email, points: 30, loyaltyPoints: 30 });
  const event = withDb((db) =>
    db.prepare("SELECT event_type, points, points_after FROM loyalty_events WHERE user_id = ? ORDER BY id DESC LIMIT 1").get(userId),
  );
  expect(event).toEqual({ event_type: "admin_reward", points: 30, points_after: 30 });
});

test("recalculate fixes a wrong count; clean removes an orphaned link and answers {deleted}", async ({ loginAsAdmin }) => {
  const tag = uniqueEmail("cat").split("@")[0]!;
  // A category whose stored count (9) is wrong: it holds one product.
  const { id: categoryId } = await makeCategory(e2eDb(), { name: `E2E ${tag}`, slug: tag, sortOrder: 99, isActive: false, productCount: 9 });
  const { id: productId } = await makeProduct(e2eDb(), {
    title: `Cat Test ${tag}`,
    slug: `p-${tag}`,
    description: "Made for a category test.",
    priceCents: 1500,
    stock: 3,
    categoryIds: [categoryId],
    image: false,
  });
  const count = () => withDb((db) => (db.prepare("SELECT product_count AS n FROM categories WHERE id = ?").get(categoryId) as { n: number }).n);
  const admin = await loginAsAdmin({ email: uniqueEmail("store-admin") });
  let res = await admin.request.post("/api/admin/recalculate-category-counts");
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.message).toBe("Category product counts have been recalculated successfully.");
  expect(body.categories).toBeGreaterThan(0);
  expect(count()).toBe(1);

  await makeOrphanCategoryLink(e2eDb(), categoryId, productId + 1_000_000);
  res = await admin.request.post("/api/admin/clean-orphaned-relationships");
  expect(res.status()).toBe(200);
  const cleaned = await res.json();
  // Parallel tests may leave no orphans of their own, so at least this one is counted.
  expect(cleaned.deleted).toBeGreaterThanOrEqual(1);
  expect(cleaned.message).toBe(`Cleaned ${cleaned.deleted} orphaned product-category relationships`);
  expect(withDb((db) => db.prepare("SELECT count(*) AS n FROM product_categories WHERE category_id = ?").get(categoryId))).toEqual({ n: 1 });
  expect((await admin.request.get("/api/admin/clean-orphaned-relationships")).status()).toBe(405);
});

test("GET /api/categories shows an admin's category with its parent and count", async ({ request }) => {
  const res = await request.get("/api/categories");
  expect(res.status()).toBe(200);
  const list = (await res.json()) as { slug: string; parentId: number | null; productCount: number; isActive: boolean }[];
  expect(Array.isArray(list)).toBe(true);
  expect(list.every((c) => typeof c.productCount === "number" && typeof c.isActive === "boolean")).toBe(true);
});
