import { type APIRequestContext } from "@playwright/test";
import { expect, type Login, test } from "../fixtures";
import { dropVersionsAfter, newestVersionId, withPagesLock } from "../helpers/pages";
import { uniqueEmail } from "../helpers/session";

// The owner's pages over HTTP: GET /api/pages/{slug}, PUT /api/admin/pages/{slug} (admins only),
// and the public pages that show them.

test("GET /api/pages/{slug} answers each page; other slugs are 404 {message}", async ({ request }) => {
  for (const [slug, title] of [
    ["terms-conditions", "Terms & Conditions"],
    ["privacy", "Privacy Policy"],
    ["about", "About the atelier"],
    ["size-guide", "Size Guide"],
  ] as const) {
    const res = await request.get(`/api/pages/${slug}`);
    expect(res.status(), slug).toBe(200);
    const page = await res.json();
    expect(Object.keys(page).sort()).toEqual(["body", "html", "slug", "title", "updatedAt"]);
    expect(page).toMatchObject({ slug, title });
    expect(typeof page.html).toBe("string");
    // The seed wrote the first versions.
    expect(page.updatedAt).toEqual(expect.any(String));
  }
  const terms = await (await request.get("/api/pages/terms-conditions")).json();
  expect(terms.html).toContain("Right of withdrawal (EU consumers)");
  expect(terms.html).toContain('href="/withdrawal"');
  for (const slug of ["typography", "withdrawal", "..%2Fadmin", "TERMS-CONDITIONS"]) {
    const res = await request.get(`/api/pages/${slug}`);
    expect(res.status(), slug).toBe(404);
    expect(await res.json()).toEqual({ message: "Page not found" });
  }
});

test("PUT /api/admin/pages/{slug}: 401 for guests, 403 for customers and other sites, 400 for bad input", async ({
  request,
  loginAsCustomer,
  loginAsAdmin,
}) => {
  // Under the lock: nothing else changes the page meanwhile, so "unchanged" means refused.
  await withPagesLock(() => refusals(request, loginAsCustomer, loginAsAdmin));
});

async function refusals(request: APIRequestContext, loginAsCustomer: Login, loginAsAdmin: Login) {
  const before = await (await request.get("/api/pages/about")).json();
  const guest = await request.put("/api/admin/pages/about", { data: { body: "Hacked" } });
  expect(guest.status()).toBe(401);
  expect(await guest.json()).toEqual({ message: "You need to be logged in" });

  const customer = await loginAsCustomer({ email: uniqueEmail("pages-customer") });
  const refused = await customer.request.put("/api/admin/pages/about", { data: { title: "Hacked", body: "Hacked" } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ message: "Admin privileges required" });

  const admin = await loginAsAdmin({ email: uniqueEmail("pages-admin") });
  const foreign = await admin.request.put("/api/admin/pages/about", { data: { body: "Hacked" }, headers: { Origin: "https://evil.example" } });
  expect(foreign.status()).toBe(403);
  for (const data of [{ title: "No body" }, { body: "" }, { body: 5 }, { title: "", body: "x" }]) {
    const res = await admin.request.put("/api/admin/pages/about", { data });
    expect(res.status(), JSON.stringify(data)).toBe(400);
    expect(typeof (await res.json()).message).toBe("string");
  }
  const unknown = await admin.request.put("/api/admin/pages/typography", { data: { body: "x" } });
  expect(unknown.status()).toBe(404);
  expect(await (await request.get("/api/pages/about")).json()).toEqual(before);
}

test("an admin saves through the API: a new version, the title kept when left out, shown on the page at once", async ({ request, loginAsAdmin }) => {
  const admin = await loginAsAdmin({ email: uniqueEmail("pages-admin") });
  await withPagesLock(async () => {
    const since = newestVersionId("about");
    try {
      const tag = Math.random().toString(36).slice(2, 8);
      const res = await admin.request.put("/api/admin/pages/about", { data: { body: `We sew **slowly** ${tag}.\n\n[Say hello](mailto:hello@example.com)` } });
      expect(res.status()).toBe(200);
      const page = await res.json();
      expect(page).toMatchObject({ slug: "about", title: "About the atelier" });
      expect(page.html).toBe(`<p>We sew <strong>slowly</strong> ${tag}.</p>\n<p><a href="mailto:hello@example.com">Say hello</a></p>\n`);
      expect(newestVersionId("about")).toBeGreaterThan(since);
      expect(await (await request.get("/api/pages/about")).json()).toEqual(page);
      const html = await (await request.get("/about")).text();
      expect(html).toContain(`We sew <strong>slowly</strong> ${tag}.`);
    } finally {
      await dropVersionsAfter("about", since);
    }
  });
});

test("/privacy is a page of its own, with its sections and the seller", async ({ request }) => {
  const res = await request.get("/privacy");
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain("<title>Privacy Policy · ");
  for (const heading of [
    "What we keep and why",
    "Cookies",
    "Server logs and backups",
    "Who else sees your data",
    "How long we keep it",
    "Your rights",
    "Contact",
  ]) {
    expect(html).toContain(`<h2>${heading}</h2>`);
  }
  expect(html).toContain('href="/account/data"');
  expect(html).toContain("Seller details");
});
