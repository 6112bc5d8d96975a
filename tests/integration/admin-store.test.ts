import { createRemixStub } from "@remix-run/testing";
import { sql } from "kysely";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createToastCookie } from "~/web/session.server";
import { buildMenuTree, listCategories } from "~/domain/catalogue/categories.server";
import { getStoreSettings } from "~/domain/common/settings.server";
import { db } from "~/lib/db.server";
import { parseValue } from "~/web/http.server";
import AdminDashboard, { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { action as cleanAction, loader as cleanLoader } from "~/routes/api.admin.clean-orphaned-relationships";
import { action as recalcAction } from "~/routes/api.admin.recalculate-category-counts";
import { action as usersAction, loader as usersLoader } from "~/routes/api.admin.users";
import { action as awardAction } from "~/routes/api.loyalty.admin.award";
import { makeCategory, makeProduct, makeUser } from "../helpers/kit";
import { apiRequest, args, get, postForm, postJson, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";
import { AwardPointsSchema } from "~/domain/loyalty/schemas";
import { STORE_INTENTS, SETTINGS_TEXT } from "~/domain/common/settings-texts";
import { CATEGORY_TEXT } from "~/domain/catalogue/category-texts";
import { AWARD_TEXT } from "~/domain/loyalty/award-texts";

afterAll(() => db.destroy());

async function toastOf(res: Response): Promise<{ title: string; description?: string; type: string } | null> {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  return header ? ((await createToastCookie().parse(header)) as { title: string; description?: string; type: string }) : null;
}

let admin: { id: number; email: string; cookie: string };
let customer: { id: number; email: string; cookie: string };

beforeAll(async () => {
  const a = await makeUser(db, { isAdmin: true, email: "boss@example.com" });
  const c = await makeUser(db, { email: "Clara.Customer@example.com", firstName: "Clara" });
  admin = { ...a, cookie: await cookieFor(a.id) };
  customer = { ...c, cookie: await cookieFor(c.id) };
});

const post = (fields: Record<string, string>, cookie = admin.cookie, path = "/admin?tab=categories") =>
  run(() => adminAction(args(postForm(path, fields, { cookie }))));
const load = async (path: string, cookie = admin.cookie) => {
  const res = await run(() => adminLoader(args(get(path, { cookie }))));
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const category = (slug: string) => db.selectFrom("categories").selectAll().where("slug", "=", slug).executeTakeFirst();

describe("admin form door: access", () => {
  it("refuses guests (401) and customers (403) before any change", async () => {
    const fields = { intent: STORE_INTENTS.categoryCreate, name: "Sneaky", isActive: "on" };
    expect((await post(fields, "")).status).toBe(401);
    expect((await post(fields, customer.cookie)).status).toBe(403);
    expect(await category("sneaky")).toBeUndefined();
  });
});

describe("categories tab", () => {
  it("adds a category with a slug made from the name, and the menu shows it once it has products", async () => {
    const res = await post({ intent: STORE_INTENTS.categoryCreate, name: "Winter Coats & Capes!", sortOrder: "3", isActive: "on" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin?tab=categories");
    expect(await toastOf(res)).toMatchObject({ title: CATEGORY_TEXT.categoryCreated, type: "success" });
    const row = await category("winter-coats-capes");
    expect(row).toMatchObject({ name: "Winter Coats & Capes!", parent_id: null, sort_order: 3, is_active: 1, product_count: 0 });
    await makeProduct(db, { categoryIds: [row!.id] });
    await post({ intent: STORE_INTENTS.functionsRecalculate, confirmed: "yes" }, admin.cookie, "/admin?tab=functions");
    expect(buildMenuTree(await listCategories(db)).map((c) => c.slug)).toContain("winter-coats-capes");
    // Inactive categories leave the menu.
    await post({ intent: STORE_INTENTS.categoryUpdate, id: String(row!.id), name: row!.name, slug: row!.slug, sortOrder: "3" });
    expect((await category("winter-coats-capes"))!.is_active).toBe(0);
    expect(buildMenuTree(await listCategories(db)).map((c) => c.slug)).not.toContain("winter-coats-capes");
  });

  it("lists the table and the hierarchy data", async () => {
    const parent = await makeCategory(db, { name: "Listed Parent" });
    await makeCategory(db, { name: "Listed Child", parentId: parent.id });
    const { status, body } = await load("/admin?tab=categories");
    expect(status).toBe(200);
    const rows = body.store.categories as { name: string; parentName: string | null; isActive: boolean; productCount: number }[];
    expect(rows.find((r) => r.name === "Listed Child")).toMatchObject({ parentName: "Listed Parent", isActive: true, productCount: 0 });
    expect(rows.find((r) => r.name === "Listed Parent")).toMatchObject({ parentName: null });
  });

  it("refuses a used slug with a field error and keeps what was typed", async () => {
    const existing = await makeCategory(db, { name: "Hats" });
    const res = await post({ intent: STORE_INTENTS.categoryCreate, name: "Hats again", slug: existing.slug });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.result.error.slug).toEqual([CATEGORY_TEXT.slugTaken]);
    expect(body.result.initialValue.name).toBe("Hats again");
  });

  it("checks the fields: name required, slug format, sort order a whole number from 0", async () => {
    const bad = async (fields: Record<string, string>, field: string) => {
      const res = await post({ intent: STORE_INTENTS.categoryCreate, ...fields });
      expect(res.status).toBe(400);
      expect((await res.json()).result.error[field]).toBeTruthy();
    };
    await bad({ name: "" }, "name");
    await bad({ name: "Ok", slug: "Not A Slug" }, "slug");
    await bad({ name: "Ok", sortOrder: "-1" }, "sortOrder");
    await bad({ name: "Ok", sortOrder: "1.5" }, "sortOrder");
    await bad({ name: "!!!" }, "slug");
  });

  it("keeps two levels: no own parent, no subcategory as parent, no moving a parent under another", async () => {
    const top = await makeCategory(db, { name: "Top A" });
    const other = await makeCategory(db, { name: "Top B" });
    const child = await makeCategory(db, { name: "Child A", parentId: top.id });
    const edit = (c: { id: number; name: string; slug: string }, parentId: number) =>
      post({ intent: STORE_INTENTS.categoryUpdate, id: String(c.id), name: c.name, slug: c.slug, parentId: String(parentId), isActive: "on" });
    let res = await edit(top, top.id);
    expect((await res.json()).result.error.parentId).toEqual([CATEGORY_TEXT.ownParent]);
    res = await post({ intent: STORE_INTENTS.categoryCreate, name: "Grandchild", parentId: String(child.id) });
    expect(res.status).toBe(400);
    expect((await res.json()).result.error.parentId).toEqual([CATEGORY_TEXT.parentTooDeep]);
    res = await edit(top, other.id);
    expect((await res.json()).result.error.parentId).toEqual([CATEGORY_TEXT.hasChildrenCannotMove]);
    // A leaf may move under another top-level category.
    res = await edit(child, other.id);
    expect(res.status).toBe(302);
    expect((await db.selectFrom("categories").select("parent_id").where("id", "=", child.id).executeTakeFirstOrThrow()).parent_id).toBe(other.id);
  });

  it("edits name, slug, sort order and keeps its own slug allowed", async () => {
    const c = await makeCategory(db, { name: "Old Name" });
    const res = await post({ intent: STORE_INTENTS.categoryUpdate, id: String(c.id), name: "New Name", slug: c.slug, sortOrder: "7", isActive: "on" });
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ title: CATEGORY_TEXT.categoryUpdated });
    expect(await category(c.slug)).toMatchObject({ name: "New Name", sort_order: 7, is_active: 1 });
    const missing = await post({ intent: STORE_INTENTS.categoryUpdate, id: "999999", name: "Nope" });
    expect(missing.status).toBe(404);
  });

  it("asks first without JavaScript, then deletes; refuses with products or children", async () => {
    const lonely = await makeCategory(db, { name: "Lonely" });
    let res = await post({ intent: STORE_INTENTS.categoryDelete, id: String(lonely.id), confirmed: "" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin?tab=categories&confirm=delete&category=${lonely.id}`);
    const page = await load(`/admin?tab=categories&confirm=delete&category=${lonely.id}`);
    expect(page.body.store.confirmDelete.name).toBe("Lonely");
    res = await post({ intent: STORE_INTENTS.categoryDelete, id: String(lonely.id), confirmed: "yes" });
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ title: CATEGORY_TEXT.categoryDeleted, description: "Lonely" });
    expect(await category(lonely.slug)).toBeUndefined();

    const full = await makeCategory(db, { name: "Full" });
    for (let i = 0; i < 3; i++) await makeProduct(db, { categoryIds: [full.id] });
    res = await post({ intent: STORE_INTENTS.categoryDelete, id: String(full.id), confirmed: "yes" });
    expect(res.status).toBe(409);
    expect((await res.json()).failure).toMatchObject({ description: "This category still has 3 products. Move them first." });

    const parent = await makeCategory(db, { name: "Parent With Kids" });
    await makeCategory(db, { name: "Kid", parentId: parent.id });
    res = await post({ intent: STORE_INTENTS.categoryDelete, id: String(parent.id), confirmed: "yes" });
    expect(res.status).toBe(409);
    expect((await res.json()).failure.description).toMatch(/still has 1 subcategory/);
    expect(await category(parent.slug)).toBeDefined();
  });
});

describe("users tab and GET /api/admin/users", () => {
  it("answers 401, 403, then the users with name, role, points and joined date", async () => {
    const get = (cookie?: string) => run(() => usersLoader(args(apiRequest("GET", "/api/admin/users", { cookie }))));
    expect((await get()).status).toBe(401);
    expect((await get(customer.cookie)).status).toBe(403);
    await db.updateTable("users").set({ first_name: "", last_name: "" }).where("id", "=", admin.id).execute();
    const res = await get(admin.cookie);
    expect(res.status).toBe(200);
    const { users } = (await res.json()) as { users: Record<string, unknown>[] };
    expect(users.find((u) => u.id === customer.id)).toMatchObject({ name: "Clara Lovelace", email: customer.email, role: "Customer", loyaltyPoints: 0 });
    const me = users.find((u) => u.id === admin.id)!;
    expect(me).toMatchObject({ name: "boss", role: "Admin", isAdmin: true });
    expect(typeof me.createdAt).toBe("string");
    expect(me).not.toHaveProperty("passwordHash");
    const page = await load("/admin?tab=users");
    expect(page.body.store.users.length).toBe(users.length);
  });

  it("refuses writes (405) and foreign origins (403)", async () => {
    expect((await run(() => usersAction(args(apiRequest("POST", "/api/admin/users", { cookie: admin.cookie, body: {} }))))).status).toBe(405);
  });
});

describe("award points", () => {
  const awardApi = (cookie: string | undefined, body: unknown) =>
    run(() => awardAction(args(apiRequest("POST", "/api/loyalty/admin/award", { cookie, body }))));

  it("the schema: both required, a positive whole number", () => {
    const message = (v: unknown) => {
      try {
        parseValue(v, AwardPointsSchema);
        return null;
      } catch (r) {
        return r as Response;
      }
    };
    expect(message({ email: "a@b.co", points: 5 })).toBeNull();
    expect(message({ email: "a@b.co" })).not.toBeNull();
  });

  it("API: 401 guest, 403 customer, 400 bad input, 404 unknown e-mail", async () => {
    expect((await awardApi(undefined, { email: customer.email, points: 5 })).status).toBe(401);
    expect((await awardApi(customer.cookie, { email: customer.email, points: 5 })).status).toBe(403);
    for (const [body, text] of [
      [{}, AWARD_TEXT.awardMissing],
      [{ email: customer.email }, AWARD_TEXT.awardMissing],
      [{ email: "", points: 5 }, AWARD_TEXT.awardMissing],
      [{ email: customer.email, points: 1.5 }, AWARD_TEXT.awardPositive],
      [{ email: customer.email, points: -5 }, AWARD_TEXT.awardPositive],
      [{ email: customer.email, points: 0 }, AWARD_TEXT.awardPositive],
      [{ email: customer.email, points: "10" }, AWARD_TEXT.awardPositive],
    ] as const) {
      const res = await awardApi(admin.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).message).toContain(text);
    }
    const bad = await run(() => awardAction(args(postJson("/api/loyalty/admin/award", "{oops", { cookie: admin.cookie, accept: null }))));
    expect(bad.status).toBe(400);
    const unknown = await awardApi(admin.cookie, { email: "nobody@example.com", points: 5 });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: AWARD_TEXT.awardUnknownEmail });
    expect((await db.selectFrom("users").select("loyalty_points").where("id", "=", customer.id).executeTakeFirstOrThrow()).loyalty_points).toBe(0);
  });

  it("API success: adds the points with an admin_reward event (any e-mail case)", async () => {
    const res = await awardApi(admin.cookie, { email: "  clara.customer@EXAMPLE.com ", points: 40 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: customer.email, points: 40, loyaltyPoints: 40 });
    const event = await db.selectFrom("loyalty_events").selectAll().where("user_id", "=", customer.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(event).toMatchObject({ event_type: "admin_reward", points: 40, points_after: 40, order_id: null });
  });

  it("form door: same rules, field errors, a toast on success", async () => {
    const postAward = (fields: Record<string, string>) => post({ intent: STORE_INTENTS.loyaltyAward, ...fields }, admin.cookie, "/admin?tab=loyalty");
    let res = await postAward({ email: "", points: "" });
    expect(res.status).toBe(400);
    let body = await res.json();
    expect(body.result.error.email).toEqual([AWARD_TEXT.awardMissing]);
    expect(body.failure.title).toBe(AWARD_TEXT.awardFailed);
    res = await postAward({ email: customer.email, points: "1.5" });
    expect((await res.json()).result.error.points).toEqual([AWARD_TEXT.awardPositive]);
    res = await postAward({ email: customer.email, points: "-3" });
    expect((await res.json()).result.error.points).toEqual([AWARD_TEXT.awardPositive]);
    res = await postAward({ email: customer.email, points: "abc" });
    expect((await res.json()).result.error.points).toEqual([AWARD_TEXT.awardPositive]);
    res = await postAward({ email: "ghost@example.com", points: "5" });
    expect(res.status).toBe(404);
    body = await res.json();
    expect(body.result.error.email).toEqual([AWARD_TEXT.awardUnknownEmail]);
    expect(body.failure).toMatchObject({ title: AWARD_TEXT.awardFailed, description: AWARD_TEXT.awardUnknownEmail });
    res = await postAward({ email: customer.email, points: "10" });
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toEqual({ title: "Points awarded", description: `10 points added to ${customer.email}`, type: "success" });
    const { loyalty_points } = await db.selectFrom("users").select("loyalty_points").where("id", "=", customer.id).executeTakeFirstOrThrow();
    expect(loyalty_points).toBe(50);
    const page = await load("/admin?tab=loyalty");
    expect(page.body.store.awards[0]).toMatchObject({ email: customer.email, points: 10, pointsAfter: 50 });
    expect(page.body.store.config.discountExchange.pointsRequired).toBeGreaterThan(0);
  });
});

describe("functions", () => {
  const postApi = (action: typeof recalcAction, path: string, cookie?: string) => run(() => action(args(apiRequest("POST", path, { cookie }))));

  it("recalculate fixes a wrong product_count (form and API), 401/403 for others", async () => {
    const c = await makeCategory(db, { name: "Miscounted" });
    await makeProduct(db, { categoryIds: [c.id] });
    await makeProduct(db, { categoryIds: [c.id] });
    await db.updateTable("categories").set({ product_count: 17 }).where("id", "=", c.id).execute();
    expect((await postApi(recalcAction, "/api/admin/recalculate-category-counts")).status).toBe(401);
    expect((await postApi(recalcAction, "/api/admin/recalculate-category-counts", customer.cookie)).status).toBe(403);
    const res = await postApi(recalcAction, "/api/admin/recalculate-category-counts", admin.cookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe(CATEGORY_TEXT.recalculated);
    expect(body.categories).toBeGreaterThan(0);
    expect((await category(c.slug))!.product_count).toBe(2);

    await db.updateTable("categories").set({ product_count: 0 }).where("id", "=", c.id).execute();
    let form = await post({ intent: STORE_INTENTS.functionsRecalculate, confirmed: "" }, admin.cookie, "/admin?tab=functions");
    expect(form.headers.get("Location")).toBe("/admin?tab=maintenance&confirm=recalculate");
    expect((await category(c.slug))!.product_count).toBe(0);
    expect((await load("/admin?tab=maintenance&confirm=recalculate")).body.store.confirm).toBe("recalculate");
    expect((await load("/admin?tab=toString")).body.tab).toBe("dashboard");
    // The old address of the tab still leads there, its question kept.
    const moved = await run(() => adminLoader(args(get("/admin?tab=functions&confirm=recalculate", { cookie: admin.cookie }))));
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/admin?tab=maintenance&confirm=recalculate");
    form = await post({ intent: STORE_INTENTS.functionsRecalculate, confirmed: "yes" }, admin.cookie, "/admin?tab=functions");
    expect(await toastOf(form)).toMatchObject({ title: CATEGORY_TEXT.recalculated, type: "success" });
    expect((await category(c.slug))!.product_count).toBe(2);
  });

  it("clean deletes an orphaned link and answers {deleted: 1}; GET is 405", async () => {
    const c = await makeCategory(db, { name: "Orphan Home" });
    const p = await makeProduct(db, { categoryIds: [c.id] });
    await sql`PRAGMA foreign_keys = OFF`.execute(db);
    try {
      await db.insertInto("product_categories").values({ product_id: 987654, category_id: c.id }).execute();
    } finally {
      await sql`PRAGMA foreign_keys = ON`.execute(db);
    }
    expect((await postApi(cleanAction, "/api/admin/clean-orphaned-relationships")).status).toBe(401);
    expect((await postApi(cleanAction, "/api/admin/clean-orphaned-relationships", customer.cookie)).status).toBe(403);
    const res = await postApi(cleanAction, "/api/admin/clean-orphaned-relationships", admin.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ deleted: 1 });
    const links = await db.selectFrom("product_categories").select("product_id").where("category_id", "=", c.id).execute();
    expect(links.map((l) => l.product_id)).toEqual([p.id]);
    expect((await category(c.slug))!.product_count).toBe(1);
    const again = await post({ intent: STORE_INTENTS.functionsClean, confirmed: "yes" }, admin.cookie, "/admin?tab=functions");
    expect(await toastOf(again)).toMatchObject({ title: "Cleaned 0 orphaned product-category relationships" });
    expect((await cleanLoader()).status).toBe(405);
  });
});

describe("settings", () => {
  it("saves name, e-mail and description and reads them back", async () => {
    const path = "/admin?tab=settings";
    let res = await post({ intent: STORE_INTENTS.settingsSave, name: "", email: "not-an-email", description: "x".repeat(301) }, admin.cookie, path);
    expect(res.status).toBe(400);
    const errors = (await res.json()).result.error;
    expect(Object.keys(errors).sort()).toEqual(["description", "email", "name"]);
    res = await post(
      { intent: STORE_INTENTS.settingsSave, name: " Tiny Threads ", email: "shop@tiny.example", description: "Small and lovely" },
      admin.cookie,
      path,
    );
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ title: SETTINGS_TEXT.settingsSaved });
    expect(await getStoreSettings(db)).toEqual({ name: "Tiny Threads", email: "shop@tiny.example", description: "Small and lovely" });
    const page = await load(path);
    expect(page.body.store.settings).toEqual({ name: "Tiny Threads", email: "shop@tiny.example", description: "Small and lovely" });
    expect((await post({ intent: STORE_INTENTS.settingsSave, name: "x", email: "a@b.co" }, customer.cookie, path)).status).toBe(403);
  });

  it("falls back to the defaults when the setting is missing or broken", async () => {
    await db.deleteFrom("settings").where("key", "=", "store").execute();
    expect((await getStoreSettings(db, "fallback@example.com")).email).toBe("fallback@example.com");
    await db.insertInto("settings").values({ key: "store", value: "{broken" }).execute();
    expect((await getStoreSettings(db)).name).toBe("Little Stitches Atelier");
  });

  it("answers 400 to an unknown intent", async () => {
    expect((await post({ intent: "settings-nope" }, admin.cookie, "/admin?tab=settings")).status).toBe(400);
  });
});

describe("rendering (no JavaScript: what the server sends)", () => {
  function render(path: string, loaderData: unknown, actionData?: unknown): string {
    const Stub = createRemixStub([{ id: "admin", path: "/admin", Component: AdminDashboard }]);
    const report = console.error;
    console.error = (...args: unknown[]) => {
      if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) report(...args);
    };
    try {
      return renderToString(
        createElement(Stub, {
          initialEntries: [path],
          hydrationData: { loaderData: { admin: loaderData }, actionData: actionData ? { admin: actionData } : undefined },
        }),
      );
    } finally {
      console.error = report;
    }
  }

  it("shows every tab with its table, hierarchy, forms and confirmation steps", async () => {
    const parent = await makeCategory(db, { name: "Rendered Parent" });
    await makeCategory(db, { name: "Rendered Child", parentId: parent.id });
    await makeCategory(db, { name: "Rendered Alone" });
    let path = `/admin?tab=categories&edit=${parent.id}`;
    let html = render(path, (await load(path)).body);
    expect(html).toContain("Top Level");
    expect(html).toContain("Category Hierarchy");
    expect(html).toContain("No subcategories");
    expect(html).toContain("Edit Category: Rendered Parent");
    expect(html).toContain('name="slug"');
    path = `/admin?tab=categories&confirm=delete&category=${parent.id}`;
    html = render(path, (await load(path)).body, {
      intent: STORE_INTENTS.categoryDelete,
      failure: { title: "Category not deleted", description: "This category still has 1 subcategory.", type: "error" },
    });
    expect(html).toContain(CATEGORY_TEXT.deleteCategoryConfirm);
    expect(html).toContain("Yes, delete");
    expect(html).toContain("This category still has 1 subcategory.");
    path = "/admin?tab=users";
    html = render(path, (await load(path)).body);
    expect(html).toContain("Loyalty Points");
    expect(html).toContain(customer.email);
    path = "/admin?tab=loyalty";
    html = render(path, (await load(path)).body, {
      intent: STORE_INTENTS.loyaltyAward,
      result: { initialValue: { email: "x@example.com", points: "1.5" }, error: { points: [AWARD_TEXT.awardPositive] } },
      failure: { title: AWARD_TEXT.awardFailed, description: AWARD_TEXT.awardPositive, type: "error" },
    });
    expect(html).toContain("Award Points");
    expect(html).toContain(AWARD_TEXT.awardPositive);
    expect(html).toContain('value="x@example.com"');
    path = "/admin?tab=maintenance&confirm=clean";
    html = render(path, (await load(path)).body);
    expect(html).toContain("Recalculate Category Counts");
    expect(html).toContain(CATEGORY_TEXT.cleanConfirm);
    path = "/admin?tab=settings";
    html = render(path, (await load(path)).body);
    expect(html).toContain("Save Settings");
    expect(html).toContain('name="description"');
  });
});
