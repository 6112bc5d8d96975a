import { createRemixStub } from "@remix-run/testing";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { getProfile } from "~/domain/auth/accounts.server";
import { AUTH_TEXT } from "~/domain/auth/schemas";
import { createToastCookie } from "~/web/session.server";
import { addFavorite, listFavoriteIds } from "~/domain/catalogue/favorites.server";
import { db } from "~/lib/db.server";
import AccountPage, { action as accountAction, loader as accountLoader } from "~/routes/account";
import { action as loyaltyConfigAction, loader as loyaltyConfigLoader } from "~/routes/api.loyalty.config";
import { action as loyaltyHistoryAction, loader as loyaltyHistoryLoader } from "~/routes/api.loyalty.history";
import { action as profileAction, loader as profileLoader } from "~/routes/api.profile";
import { makeProduct, makeUser, setPassword } from "../helpers/kit";
import { args, get, getJson, ORIGIN, postForm, postJson, putJson, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

// The routes use the shared `db`, which tests/setup/per-file.ts points at this file's own database.
afterAll(() => db.destroy());

const loadAccount = (path: string, cookie?: string) => run(() => accountLoader(args(get(path, { cookie, accept: "text/html" }))));
const postAccount = (fields: Record<string, string>, cookie?: string, path = "/account?tab=profile&edit=1") =>
  run(() => accountAction(args(postForm(path, fields, { cookie }))));
const putProfile = (cookie: string | undefined, body: unknown) => run(() => profileAction(args(putJson("/api/profile", body, { cookie }))));

async function toastOf(res: Response): Promise<{ title: string; description?: string; type: string } | null> {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  return header ? ((await createToastCookie().parse(header)) as { title: string; description?: string; type: string }) : null;
}

async function signedInUser(values: { email?: string; firstName?: string } = {}) {
  const user = await makeUser(db, values);
  return { ...user, cookie: await cookieFor(user.id) };
}

const PASSWORD = "velvet-ribbon-42";

const FULL_PROFILE = {
  email: "  New.Address@Example.com ",
  firstName: "  Clara ",
  lastName: "Bloom",
  shippingFirstName: "",
  shippingLastName: "Bloom-Shipping",
  shippingAddressLine1: "12 Lace Lane",
  shippingAddressLine2: "",
  shippingCity: "Kraków",
  shippingState: "",
  shippingPostalCode: "30-001",
  shippingCountry: "FR",
};

function stored(profile: Awaited<ReturnType<typeof getProfile>>) {
  const { id: _id, createdAt: _createdAt, ...rest } = profile!;
  return rest;
}

describe("/account loader", () => {
  it("sends a signed-out visitor to /", async () => {
    const res = await loadAccount("/account");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  it("picks the tab from ?tab= (default and unknown are orders) and loads only that tab's data", async () => {
    const { cookie } = await signedInUser({ firstName: "Mia" });
    for (const path of ["/account", "/account?tab=orders", "/account?tab=nonsense", "/account?tab="]) {
      const data = await (await loadAccount(path, cookie)).json();
      expect(data.tab).toBe("orders");
      expect(data.orders).toEqual([]);
      expect(data.favorites).toBeNull();
      expect(data.profile).toBeNull();
      expect(data.loyalty).toBeNull();
    }
    const favorites = await (await loadAccount("/account?tab=favorites", cookie)).json();
    expect(favorites).toMatchObject({ tab: "favorites", favorites: [], orders: null, profile: null, loyalty: null });
    const profile = await (await loadAccount("/account?tab=profile", cookie)).json();
    expect(profile).toMatchObject({ tab: "profile", editing: false, orders: null });
    expect(profile.profile.firstName).toBe("Mia");
    expect(Object.keys(profile.profile)).not.toContain("passwordHash");
    expect((await (await loadAccount("/account?tab=profile&edit=1", cookie)).json()).editing).toBe(true);
    expect((await (await loadAccount("/account?tab=orders&edit=1", cookie)).json()).editing).toBe(false);
    const loyalty = await (await loadAccount("/account?tab=loyalty", cookie)).json();
    expect(loyalty).toMatchObject({ tab: "loyalty", orders: null, loyalty: { points: 0, redeemable: 0, history: [] } });
  });

  it("lists the user's own orders with their confirmation tokens", async () => {
    const { id, cookie } = await signedInUser();
    const other = await makeUser(db);
    const base = {
      email: "o@example.com",
      subtotal_cents: 2400,
      shipping_cents: 800,
      shipping_name: "Standard Shipping",
      shipping_first_name: "A",
      shipping_last_name: "B",
      shipping_address_line1: "1 Lane",
      shipping_city: "London",
      shipping_postal_code: "N1",
      shipping_country: "GB",
    };
    await db
      .insertInto("orders")
      .values({ ...base, user_id: id, status: "paid", total_cents: 3200, confirmation_token: "tok-mine" })
      .execute();
    await db
      .insertInto("orders")
      .values({ ...base, user_id: other.id, total_cents: 3200, confirmation_token: "tok-other" })
      .execute();
    const data = await (await loadAccount("/account?tab=orders", cookie)).json();
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ status: "paid", totalCents: 3200, confirmationToken: "tok-mine" });
  });
});

describe("/account action guards", () => {
  it("sends a guest to the login page", async () => {
    const res = await postAccount({ intent: "update-profile", email: "x@example.com" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("Location")!, ORIGIN);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("redirectTo")).toBe("/account");
  });

  it("answers 400 to an unknown intent and to a body that is not a form", async () => {
    const { cookie } = await signedInUser();
    expect((await postAccount({ intent: "delete-everything" }, cookie)).status).toBe(400);
    expect((await postAccount({}, cookie)).status).toBe(400);
    const json = postJson("/account", { intent: "update-profile" }, { cookie, accept: null });
    expect((await run(() => accountAction(args(json)))).status).toBe(400);
  });
});

describe("profile: the form and PUT /api/profile", () => {
  it("store the same result for the same payload", async () => {
    // The address stays the same here: a new one waits for its confirmation (email-change.test.ts).
    const { id, email, cookie } = await signedInUser();
    const payload = { ...FULL_PROFILE, email: `  ${email.toUpperCase()} ` };
    const res = await postAccount({ intent: "update-profile", ...payload }, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/account?tab=profile");
    expect(await toastOf(res)).toEqual({ title: "Profile updated", type: "success" });
    const viaForm = stored(await getProfile(db, id));
    expect(viaForm).toMatchObject({
      email,
      firstName: "Clara",
      shippingFirstName: null,
      shippingAddressLine2: null,
      shippingCountry: "FR",
    });

    // Something else in between, so the second door has to do the work again.
    await db.updateTable("users").set({ first_name: "Other", shipping_country: "US", shipping_city: "Boston" }).where("id", "=", id).execute();

    const put = await putProfile(cookie, payload);
    expect(put.status).toBe(200);
    const body = await put.json();
    expect(body).toMatchObject({ id, email, firstName: "Clara", shippingCountry: "FR", isAdmin: false, is_admin: false, pendingEmail: null });
    expect(body).not.toHaveProperty("passwordHash");
    expect(stored(await getProfile(db, id))).toEqual(viaForm);
  });

  it("clears fields left out (PUT semantics) through both doors", async () => {
    const { id, email, cookie } = await signedInUser({ firstName: "Full" });
    await db.updateTable("users").set({ shipping_city: "Paris", shipping_country: "FR" }).where("id", "=", id).execute();
    expect((await putProfile(cookie, { email })).status).toBe(200);
    const afterPut = stored(await getProfile(db, id));
    expect(afterPut).toMatchObject({ email, firstName: "", shippingCity: null, shippingCountry: null });
    await db.updateTable("users").set({ first_name: "Full", shipping_city: "Paris", shipping_country: "FR" }).where("id", "=", id).execute();
    expect((await postAccount({ intent: "update-profile", email }, cookie)).status).toBe(302);
    expect(stored(await getProfile(db, id))).toEqual(afterPut);
  });

  for (const [label, email, message] of [
    ["an invalid e-mail", "not-an-email", AUTH_TEXT.emailInvalidProfile],
    ["an e-mail without a top-level domain", "clara@localhost", AUTH_TEXT.emailInvalidProfile],
    ["an empty e-mail", "", AUTH_TEXT.emailRequired],
  ] as const) {
    it(`refuses ${label} with '${message}' through both doors`, async () => {
      const { id, email: before, cookie } = await signedInUser({ firstName: "Same" });
      const res = await postAccount({ intent: "update-profile", ...FULL_PROFILE, email }, cookie);
      expect(res.status).toBe(400);
      const data = await res.json();
      expect(data.result.error.email).toEqual([message]);
      expect(data.failure).toBeNull();
      // The submitted values come back so the form keeps them.
      expect(data.result.initialValue).toMatchObject({ firstName: FULL_PROFILE.firstName, shippingCountry: "FR" });

      const put = await putProfile(cookie, { ...FULL_PROFILE, email });
      expect(put.status).toBe(400);
      const body = await put.json();
      // JSON keeps "" (a form sends nothing), so the API may add the format error after the first.
      expect(body.errors.email[0]).toBe(message);
      expect(body.message).toContain(message);

      expect(await getProfile(db, id)).toMatchObject({ email: before, firstName: "Same" });
    });
  }

  it("a missing e-mail in the JSON body is 'Email is required' too", async () => {
    const { cookie } = await signedInUser();
    const body = await (await putProfile(cookie, { firstName: "No Mail" })).json();
    expect(body.errors.email).toEqual([AUTH_TEXT.emailRequired]);
  });

  it("a taken e-mail is 409 on the API and a field error with 'Update failed' on the form (once the password is right)", async () => {
    const taken = await makeUser(db, { email: `taken-${Date.now()}@example.com` });
    const { id, email: before, cookie } = await signedInUser();
    await setPassword(db, id, PASSWORD);
    const res = await postAccount({ intent: "update-profile", email: taken.email.toUpperCase(), firstName: "Kept", currentPassword: PASSWORD }, cookie);
    expect(res.status).toBe(409);
    const data = await res.json();
    expect(data.result.error.email).toEqual([AUTH_TEXT.emailTaken]);
    expect(data.failure).toEqual({ title: "Update failed", description: AUTH_TEXT.emailTaken, type: "error" });
    expect(data.result.initialValue.firstName).toBe("Kept");

    const put = await putProfile(cookie, { email: taken.email, currentPassword: PASSWORD });
    expect(put.status).toBe(409);
    expect(await put.json()).toEqual({ message: AUTH_TEXT.emailTaken });
    expect((await getProfile(db, id))!.email).toBe(before);
  });

  it("an unknown country is 400 through both doors", async () => {
    const { id, cookie } = await signedInUser();
    const res = await postAccount({ intent: "update-profile", email: `country-${id}@example.com`, shippingCountry: "XX" }, cookie);
    expect(res.status).toBe(400);
    expect((await res.json()).result.error.shippingCountry).toEqual(["Choose a country from the list"]);
    const put = await putProfile(cookie, { email: `country-${id}@example.com`, shippingCountry: "XX" });
    expect(put.status).toBe(400);
    expect((await put.json()).errors.shippingCountry).toEqual(["Choose a country from the list"]);
    expect((await getProfile(db, id))!.shippingCountry).toBeNull();
  });

  it("PUT /api/profile: 401 signed out, 400 bad JSON, 405 other methods", async () => {
    const res = await putProfile(undefined, { email: "someone@example.com" });
    expect(res.status).toBe(401);
    expect(typeof (await res.json()).message).toBe("string");
    const { cookie } = await signedInUser();
    const bad = putJson("/api/profile", "{not json", { cookie, accept: null });
    expect((await run(() => profileAction(args(bad)))).status).toBe(400);
    expect((await run(() => profileAction(args(postJson("/api/profile", {}, { cookie }))))).status).toBe(405);
    expect((await run(() => profileLoader())).status).toBe(405);
  });
});

describe("loyalty", () => {
  const getConfig = () => run(() => loyaltyConfigLoader());

  it("GET /api/loyalty/config answers the default points rules when nothing is stored, without sign-in", async () => {
    await db.deleteFrom("settings").where("key", "=", "loyalty_config").execute();
    const res = await getConfig();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      pointsRules: { dollarsPerPoint: 1, minimumOrderForPoints: 0, discountExchange: { pointsRequired: 50, discountAmount: 5, minimumOrderValue: 30 } },
    });
  });

  it("GET /api/loyalty/config answers the stored rules, and the page uses them", async () => {
    const rules = { dollarsPerPoint: 2, minimumOrderForPoints: 10, discountExchange: { pointsRequired: 100, discountAmount: 8, minimumOrderValue: 40 } };
    await db
      .insertInto("settings")
      .values({ key: "loyalty_config", value: JSON.stringify(rules) })
      .execute();
    try {
      expect(await (await getConfig()).json()).toEqual({ pointsRules: rules });
      const { id, cookie } = await signedInUser();
      await db.updateTable("users").set({ loyalty_points: 250 }).where("id", "=", id).execute();
      const data = await (await loadAccount("/account?tab=loyalty", cookie)).json();
      expect(data.loyalty).toMatchObject({ points: 250, redeemable: 2, config: rules });
    } finally {
      await db.deleteFrom("settings").where("key", "=", "loyalty_config").execute();
    }
  });

  it("GET /api/loyalty/history: 401 signed out; the user's own events with signed points, newest first", async () => {
    const signedOut = await run(() => loyaltyHistoryLoader(args(getJson("/api/loyalty/history"))));
    expect(signedOut.status).toBe(401);
    expect(typeof (await signedOut.json()).message).toBe("string");

    const { id, cookie } = await signedInUser();
    const other = await makeUser(db);
    await db.updateTable("users").set({ loyalty_points: 120 }).where("id", "=", id).execute();
    await db
      .insertInto("loyalty_events")
      .values([
        { user_id: id, event_type: "order_gain", description: "Order #7", points: 12, points_after: 170, created_at: "2025-03-01T10:00:00.000Z" },
        { user_id: id, event_type: "order_spend", description: "Discount on order #9", points: -50, points_after: 120, created_at: "2025-03-05T10:00:00.000Z" },
        { user_id: other.id, event_type: "admin_reward", description: "Not yours", points: 99, points_after: 99, created_at: "2025-03-06T10:00:00.000Z" },
      ])
      .execute();
    const res = await run(() => loyaltyHistoryLoader(args(getJson("/api/loyalty/history", { cookie }))));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const { history } = await res.json();
    expect(history).toEqual([
      {
        id: expect.any(Number),
        eventType: "order_spend",
        description: "Discount on order #9",
        points: -50,
        pointsAfter: 120,
        createdAt: "2025-03-05T10:00:00.000Z",
      },
      { id: expect.any(Number), eventType: "order_gain", description: "Order #7", points: 12, pointsAfter: 170, createdAt: "2025-03-01T10:00:00.000Z" },
    ]);

    const page = await (await loadAccount("/account?tab=loyalty", cookie)).json();
    expect(page.loyalty.points).toBe(120);
    expect(page.loyalty.redeemable).toBe(2);
    expect(page.loyalty.history.map((h: { points: number }) => h.points)).toEqual([-50, 12]);
  });

  it("the loyalty routes answer 405 to writes", async () => {
    const post = (path: string) => postJson(path, {});
    expect((await run(() => loyaltyConfigAction(args(post("/api/loyalty/config"))))).status).toBe(405);
    expect((await run(() => loyaltyHistoryAction(args(post("/api/loyalty/history"))))).status).toBe(405);
  });
});

describe("favorites tab", () => {
  it("Remove through the plain form removes the favorite and says 'Removed from favorites', and never adds it back", async () => {
    const { id, cookie } = await signedInUser();
    const keep = await makeProduct(db, { title: "Kept Bonnet" });
    const gone = await makeProduct(db, { title: "Removed Apron" });
    await addFavorite(db, id, keep.id);
    await addFavorite(db, id, gone.id);
    const listed = await (await loadAccount("/account?tab=favorites", cookie)).json();
    expect(listed.favorites.map((f: { productId: number }) => f.productId).sort()).toEqual([keep.id, gone.id].sort());
    expect(listed.favorites[0].product).toMatchObject({ slug: expect.any(String), hasOptions: expect.any(Boolean), priceCents: expect.any(Number) });

    const res = await postAccount({ intent: "remove-favorite", productId: String(gone.id) }, cookie, "/account?tab=favorites");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/account?tab=favorites");
    expect(await toastOf(res)).toEqual({ title: "Removed from favorites", type: "success" });
    expect(await listFavoriteIds(db, id)).toEqual([keep.id]);

    // A second press (or a stale page) is not a toggle.
    const again = await postAccount({ intent: "remove-favorite", productId: String(gone.id) }, cookie, "/account?tab=favorites");
    expect(again.status).toBe(302);
    expect(await listFavoriteIds(db, id)).toEqual([keep.id]);
  });

  it("a bad product id says 'Failed to remove from favorites.'", async () => {
    const { cookie } = await signedInUser();
    const res = await postAccount({ intent: "remove-favorite", productId: "abc" }, cookie, "/account?tab=favorites");
    expect(res.status).toBe(302);
    expect((await toastOf(res))?.title).toBe("Failed to remove from favorites.");
  });

  it("a JavaScript (fetch) removal answers JSON", async () => {
    const { id, cookie } = await signedInUser();
    const p = await makeProduct(db);
    await addFavorite(db, id, p.id);
    const request = postForm("/account?tab=favorites", { intent: "remove-favorite", productId: String(p.id) }, { cookie, accept: "application/json" });
    const res = await run(() => accountAction(args(request)));
    expect(res.status).toBe(200);
    // The answer carries the notification for the script to show; no flash cookie is left for the next page.
    expect(await res.json()).toEqual({ ok: true, toast: { title: "Removed from favorites", type: "success" } });
    expect(await toastOf(res)).toBeNull();
    expect(await listFavoriteIds(db, id)).toEqual([]);
  });
});

describe("the /account page renders", () => {
  /** Server-renders the page with the loader's real data (and an action's answer), as a no-JavaScript visitor sees it. */
  async function renderAccount(path: string, cookie: string | null, actionData?: unknown): Promise<string> {
    const loaderData = cookie
      ? await (await loadAccount(path, cookie)).json()
      : { user: null, tab: "orders", editing: false, orders: null, favorites: null, profile: null, loyalty: null };
    const Stub = createRemixStub([{ id: "account", path: "/account", Component: AccountPage }]);
    // The stub's router uses useLayoutEffect, which React warns about on the server; only that warning is dropped.
    const report = console.error;
    console.error = (...args: unknown[]) => {
      if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) report(...args);
    };
    try {
      return renderToString(
        createElement(Stub, {
          initialEntries: [path],
          hydrationData: { loaderData: { account: loaderData }, actionData: actionData ? { account: actionData } : undefined },
        }),
      );
    } finally {
      console.error = report;
    }
  }

  it("without a user it shows 'Please Log In' with a link to /login", async () => {
    const html = await renderAccount("/account", null);
    expect(html).toContain("Please Log In");
    expect(html).toMatch(/<a[^>]*href="\/login"/);
    expect(html).not.toContain("account-welcome");
  });

  it("orders tab: welcome notice, tabs as links with aria-current, order rows and the empty state", async () => {
    const { id, cookie } = await signedInUser({ firstName: "Mia" });
    const empty = await renderAccount("/account", cookie);
    expect(empty).toContain("My Account");
    expect(empty).toContain("alert-info");
    expect(empty).toContain("mailto:hello@example.com");
    expect(empty).toMatch(/<a aria-current="page"[^>]*href="\/account\?tab=orders">Orders<\/a>/);
    expect(empty.match(/aria-current="page"/g)).toHaveLength(1);
    expect(empty).toContain("You haven&#x27;t placed any orders yet.");
    expect(empty).toContain('href="/shop"');
    await db
      .insertInto("orders")
      .values({
        user_id: id,
        email: "o@example.com",
        status: "cancel_request",
        subtotal_cents: 2400,
        shipping_cents: 800,
        shipping_name: "Standard Shipping",
        total_cents: 3250,
        confirmation_token: `tok-render-${id}`,
        shipping_first_name: "A",
        shipping_last_name: "B",
        shipping_address_line1: "1 Lane",
        shipping_city: "London",
        shipping_postal_code: "N1",
        shipping_country: "GB",
        created_at: "2025-02-03T12:00:00.000Z",
      })
      .execute();
    const html = await renderAccount("/account?tab=orders", cookie);
    expect(html).toContain("Cancellation Requested");
    expect(html).toContain("$32.50");
    expect(html).toContain("Feb 3, 2025");
    expect(html).toMatch(new RegExp(`href="/order-details/\\d+\\?token=tok-render-${id}"`));
    expect(html).not.toContain(">Cancel<");
  });

  it("profile tab: read-only list with country names, then the edit form", async () => {
    const { id, cookie } = await signedInUser({ firstName: "Ada" });
    await db.updateTable("users").set({ shipping_country: "NZ" }).where("id", "=", id).execute();
    const view = await renderAccount("/account?tab=profile", cookie);
    expect(view).toContain("New Zealand");
    expect(view).toContain("Shipping First Name");
    expect(view).toContain('href="/account?tab=profile&amp;edit=1"');
    expect(view).not.toContain("<form");
    const edit = await renderAccount("/account?tab=profile&edit=1", cookie);
    expect(edit).toMatch(/<form[^>]*method="post"[^>]*action="\/account\?tab=profile&amp;edit=1"/);
    expect(edit).toMatch(/<input[^>]*type="email"[^>]*required=""/);
    expect(edit).toContain('name="intent" value="update-profile"');
    for (const name of [
      "email",
      "firstName",
      "lastName",
      "shippingFirstName",
      "shippingLastName",
      "shippingAddressLine1",
      "shippingAddressLine2",
      "shippingCity",
      "shippingState",
      "shippingPostalCode",
    ]) {
      expect(edit).toContain(`name="${name}"`);
    }
    expect(edit).toMatch(/<select[^>]*name="shippingCountry"/);
    expect(edit).toMatch(/<option value="NZ" selected="">New Zealand<\/option>/);
    expect(edit).toContain("Save Changes");
    expect(edit).toMatch(/<a[^>]*href="\/account\?tab=profile"[^>]*>Cancel<\/a>/);
  });

  it("profile tab after a failed save: the submitted values and the error beside its field", async () => {
    const { id, cookie } = await signedInUser();
    const res = await postAccount({ intent: "update-profile", ...FULL_PROFILE, email: "clara@localhost" }, cookie);
    const html = await renderAccount("/account?tab=profile&edit=1", cookie, await res.json());
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="email-error"/);
    expect(html).toContain('<p class="field-error" id="email-error">Please enter a valid email address</p>');
    expect(html).toContain('value="clara@localhost"');
    expect(html).toContain('value="12 Lace Lane"');

    const taken = await makeUser(db);
    await setPassword(db, id, PASSWORD);
    const conflict = await postAccount({ intent: "update-profile", email: taken.email, currentPassword: PASSWORD }, cookie);
    const again = await renderAccount("/account?tab=profile&edit=1", cookie, await conflict.json());
    expect(again).toContain("Update failed");
    expect(again).toContain(AUTH_TEXT.emailTaken);
    expect(again).toContain('id="email-error"');
  });

  it("favorites tab: product cards with a Remove form", async () => {
    const { id, cookie } = await signedInUser();
    const p = await makeProduct(db, { title: "Lace Bonnet" });
    await addFavorite(db, id, p.id);
    const html = await renderAccount("/account?tab=favorites", cookie);
    expect(html).toContain("Lace Bonnet");
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/account\?tab=favorites"/);
    expect(html).toContain('name="intent" value="remove-favorite"');
    expect(html).toContain(`name="productId" value="${p.id}"`);
    await db.deleteFrom("favorites").where("user_id", "=", id).execute();
    expect(await renderAccount("/account?tab=favorites", cookie)).toContain("No favorites yet");
  });

  it("loyalty tab: balance, rules, redeemable count and the scrolling history", async () => {
    const { id, cookie } = await signedInUser();
    const none = await renderAccount("/account?tab=loyalty", cookie);
    expect(none).toContain("No points activity yet.");
    await db.updateTable("users").set({ loyalty_points: 120 }).where("id", "=", id).execute();
    await db
      .insertInto("loyalty_events")
      .values([
        { user_id: id, event_type: "order_gain", description: "Order #3", points: 12, points_after: 170, created_at: "2025-03-01T10:00:00.000Z" },
        { user_id: id, event_type: "order_spend", description: "Discount", points: -50, points_after: 120, created_at: "2025-03-02T10:00:00.000Z" },
      ])
      .execute();
    const html = await renderAccount("/account?tab=loyalty", cookie);
    expect(html).toContain('data-testid="loyalty-balance">120<');
    expect(html).toContain('data-testid="loyalty-redeemable">2<');
    expect(html).toContain("50 points = $5.00 off orders of $30.00 or more");
    expect(html).toContain("Earn 1 point for every $1.00 spent");
    expect(html).toMatch(/class="history-scroll" role="region" aria-label="Points history" tabindex="0"/);
    expect(html).toContain(">+12<");
    expect(html).toContain(">-50<");
    expect(html).toContain("Balance: 120");
    expect(html).toContain("Balance: 170");
  });
});
