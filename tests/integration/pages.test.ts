import { createToastCookie } from "~/web/session.server";
import { DEFAULT_HOME_TEXT } from "~/domain/pages/home";
import { getHomeTexts } from "~/domain/pages/home.server";
import { DEFAULT_PAGES } from "~/domain/pages/defaults";
import { getPage, listPageVersions, restorePageVersion, savePage, seedDefaultPages } from "~/domain/pages/pages.server";
import { PAGE_INTENTS, PAGE_TEXT } from "~/domain/pages/slugs";
import { db } from "~/lib/db.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { action as editorAction, loader as editorLoader } from "~/routes/admin_.pages.$slug";
import { action as adminPagesApi } from "~/routes/api.admin.pages.$slug";
import { action as previewApi } from "~/routes/api.admin.markdown-preview";
import { loader as pagesApi } from "~/routes/api.pages.$slug";
import { loader as homeLoader } from "~/routes/_index";
import { loader as sizeGuideLoader } from "~/routes/size-guide";
import { makeUser } from "../helpers/kit";
import { apiRequest, args, get, ORIGIN, postForm, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

afterAll(() => db.destroy());

async function toastOf(res: Response) {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  return header ? ((await createToastCookie().parse(header)) as { title: string; description?: string; type: string }) : null;
}

const put = (slug: string, body: unknown, cookie?: string, origin?: string) =>
  run(() => adminPagesApi(args(apiRequest("PUT", `/api/admin/pages/${slug}`, { cookie, body, origin }), { slug })));
const getApi = (slug: string) => run(() => pagesApi(args(apiRequest("GET", `/api/pages/${slug}`), { slug })));
const postEditor = (slug: string, fields: Record<string, string>, cookie: string) =>
  run(() => editorAction(args(postForm(`/admin/pages/${slug}`, fields, { cookie, accept: null }), { slug })));
const loadEditor = (path: string, cookie: string) => {
  const slug = new URL(path, ORIGIN).pathname.split("/").pop()!;
  return run(() => editorLoader(args(get(path, { cookie }), { slug })));
};
const activity = (kind: string) =>
  db.selectFrom("activity_log").select(["actor_email as actorEmail", "summary", "kind"]).where("kind", "=", kind).orderBy("id", "desc").execute();

let admin: { id: number; email: string; cookie: string };
let customer: { id: number; email: string; cookie: string };

beforeAll(async () => {
  const a = await makeUser(db, { isAdmin: true, email: "owner@example.com" });
  const c = await makeUser(db, { email: "clara@example.com" });
  admin = { ...a, cookie: await cookieFor(a.id) };
  customer = { ...c, cookie: await cookieFor(c.id) };
});

describe("before anything is saved", () => {
  it("each page shows its default text (a migrated but unseeded shop), with no date", async () => {
    const page = await getPage(db, "size-guide");
    expect(page).toMatchObject({ slug: "size-guide", title: "Size Guide", body: DEFAULT_PAGES["size-guide"].body, updatedAt: null, versionId: null });
    expect(page!.html).toContain("A detailed visual guide is coming soon.");
    const res = await getApi("privacy");
    expect(res.status).toBe(200);
    const json = await res.json();
    expect(Object.keys(json).sort()).toEqual(["body", "html", "slug", "title", "updatedAt"]);
    expect(json).toMatchObject({ slug: "privacy", title: "Privacy Policy", updatedAt: null });
    expect(json.html).toContain("<h2>Cookies</h2>");
  });

  it("the terms carry the spec's words and the EU withdrawal section, with the link to /withdrawal and the model form", async () => {
    const page = (await getPage(db, "terms-conditions"))!;
    expect(page.body).toContain("Returns are accepted within 14 days of delivery; the buyer pays shipping in both directions.");
    expect(page.html).toContain("<h2>Right of withdrawal (EU consumers)</h2>");
    expect(page.html).toContain('<a href="/withdrawal">Withdraw from contract here</a>');
    expect(page.html).toContain("hereby give notice that I/We (*) withdraw");
    expect(page.html).toContain("including the standard shipping to you");
    expect(page.html).toContain("You pay the direct cost of returning the goods.");
  });

  it("unknown slugs are not pages: 404 from the API and the editor, null from the domain", async () => {
    expect(await getPage(db, "typography")).toBeNull();
    const res = await getApi("typography");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: PAGE_TEXT.notFound });
    expect((await loadEditor("/admin/pages/typography", admin.cookie)).status).toBe(404);
    expect((await put("nope", { body: "x" }, admin.cookie)).status).toBe(404);
    expect((await postEditor("nope", { intent: "save", title: "T", body: "x" }, admin.cookie)).status).toBe(404);
  });
});

describe("the API door: who may save", () => {
  it("refuses guests (401) and customers (403) and saves nothing", async () => {
    const before = await listPageVersions(db, "about");
    const guest = await put("about", { body: "Hacked" });
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ message: "You need to be logged in" });
    const cust = await put("about", { body: "Hacked" }, customer.cookie);
    expect(cust.status).toBe(403);
    expect(await cust.json()).toEqual({ message: "Admin privileges required" });
    expect(await listPageVersions(db, "about")).toEqual(before);
    expect((await getPage(db, "about"))!.body).not.toContain("Hacked");
  });

  it("answers 400 {message} for bad input", async () => {
    for (const body of [{ title: "T" }, { body: "" }, { body: 12 }, { title: "x".repeat(121), body: "b" }, "not json"]) {
      const res = await put("about", body, admin.cookie);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof (await res.json()).message).toBe("string");
    }
  });
});

describe("saving and restoring", () => {
  it("every save is a new version with who and when; older versions stay; each save logs page.save", async () => {
    const first = await put("about", { title: "About us", body: "First text" }, admin.cookie);
    expect(first.status).toBe(200);
    const a = await first.json();
    expect(a).toMatchObject({ slug: "about", title: "About us", body: "First text", html: "<p>First text</p>\n" });
    expect(new Date(a.updatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The title may be left out: the current one stays.
    const second = await (await put("about", { body: "Second text" }, admin.cookie)).json();
    expect(second).toMatchObject({ title: "About us", body: "Second text" });

    const versions = await listPageVersions(db, "about");
    expect(versions.map((v) => v.title)).toEqual(["About us", "About us"]);
    expect(versions.every((v) => v.savedByEmail === admin.email)).toBe(true);
    const rows = await db.selectFrom("page_versions").select(["body", "saved_by_id"]).where("slug", "=", "about").orderBy("id").execute();
    expect(rows).toEqual([
      { body: "First text", saved_by_id: admin.id },
      { body: "Second text", saved_by_id: admin.id },
    ]);
    const logged = await activity("page.save");
    expect(logged.slice(0, 2).map((r) => r.actorEmail)).toEqual([admin.email, admin.email]);
    expect(logged[0]!.summary).toMatch(/^About saved \(version \d+\)$/);
    // The public page shows the newest version at once.
    expect((await getApi("about").then((r) => r.json())).body).toBe("Second text");
  });

  it("restores an old version as a new newest version (nothing lost) and logs page.restore", async () => {
    const [newest, older] = await listPageVersions(db, "about");
    const page = await restorePageVersion(db, "about", older!.id, { id: admin.id, email: admin.email });
    expect(page.body).toBe("First text");
    const after = await listPageVersions(db, "about");
    expect(after).toHaveLength(3);
    expect(after[1]!.id).toBe(newest!.id);
    expect((await activity("page.restore"))[0]!.summary).toBe(`About: version ${older!.id} restored (as version ${after[0]!.id})`);
  });

  it("a version id of another page is 'not found', and changes nothing", async () => {
    const terms = await savePage(db, "terms-conditions", { body: "## Terms\n\nShort." }, { id: admin.id, email: admin.email });
    const aboutBefore = await listPageVersions(db, "about");
    await expect(restorePageVersion(db, "about", terms.versionId!, { id: admin.id, email: admin.email })).rejects.toMatchObject({ status: 404 });
    expect(await listPageVersions(db, "about")).toEqual(aboutBefore);
    const res = await postEditor("about", { intent: PAGE_INTENTS.restore, versionId: String(terms.versionId) }, admin.cookie);
    expect(res.status).toBe(404);
    expect(await listPageVersions(db, "about")).toEqual(aboutBefore);
    expect((await loadEditor(`/admin/pages/about?version=${terms.versionId}`, admin.cookie)).status).toBe(404);
  });

  it("hostile Markdown is stored as typed and shown as text", async () => {
    const body =
      "<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1)) [z](data:text/html,hi) [w](//evil.example)";
    const res = await put("size-guide", { title: "Sizes <b>bold</b>", body }, admin.cookie);
    const page = await res.json();
    expect(page.body).toBe(body);
    expect(page.html).not.toMatch(/<script|<img|<a /);
    expect(page.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page.html).toContain("[x](javascript:alert(1))");
    // The public page's loader hands the same HTML to the page, and the title as text.
    const shown = await (await run(() => sizeGuideLoader(args(get("/size-guide"))))).json();
    expect(shown).toEqual({ title: "Sizes <b>bold</b>", html: page.html });
  });
});

describe("the form door", () => {
  it("the editor and the API save the same thing", async () => {
    const fields = { title: "Privacy at the atelier", body: "We keep **little**.\r\n\r\n[Your data](/account/data)" };
    const res = await postEditor("privacy", { intent: PAGE_INTENTS.save, ...fields }, admin.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/pages/privacy");
    expect(await toastOf(res)).toEqual({ title: PAGE_TEXT.saved, description: "Privacy Policy", type: "success" });
    const viaForm = await (await getApi("privacy")).json();

    const apiRes = await put("privacy", fields, admin.cookie);
    const viaApi = await apiRes.json();
    expect({ ...viaApi, updatedAt: null }).toEqual({ ...viaForm, updatedAt: null });
    expect(viaForm.body).toBe("We keep **little**.\n\n[Your data](/account/data)");
    expect(viaForm.html).toBe('<p>We keep <strong>little</strong>.</p>\n<p><a href="/account/data">Your data</a></p>\n');
  });

  it("bad input comes back as field errors (400) with what was typed, and saves nothing", async () => {
    const before = await listPageVersions(db, "privacy");
    const res = await postEditor("privacy", { intent: PAGE_INTENTS.save, title: "x".repeat(121), body: "" }, admin.cookie);
    expect(res.status).toBe(400);
    const data = await res.json();
    expect(data.result.error.title).toEqual(["Title must be 120 characters or less"]);
    expect(data.result.error.body).toEqual(["The page needs some text"]);
    expect(data.result.initialValue.title).toBe("x".repeat(121));
    expect(await listPageVersions(db, "privacy")).toEqual(before);
  });

  it("Preview renders the typed text and saves nothing", async () => {
    const before = await listPageVersions(db, "privacy");
    const res = await postEditor("privacy", { intent: PAGE_INTENTS.preview, title: "Draft", body: "## Draft\n\n<script>x</script>" }, admin.cookie);
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.preview).toEqual({ title: "Draft", body: "## Draft\n\n<script>x</script>", html: "<h2>Draft</h2>\n<p>&lt;script&gt;x&lt;/script&gt;</p>\n" });
    expect(await listPageVersions(db, "privacy")).toEqual(before);
  });

  it("restores through the form with a toast", async () => {
    const [, older] = await listPageVersions(db, "privacy");
    const res = await postEditor("privacy", { intent: PAGE_INTENTS.restore, versionId: String(older!.id) }, admin.cookie);
    expect(res.status).toBe(302);
    expect((await toastOf(res))?.title).toBe(PAGE_TEXT.restored);
    expect((await listPageVersions(db, "privacy")).length).toBe(3);
  });

  it("the editor's loader: the page, its versions, and an old version read-only", async () => {
    const versions = await listPageVersions(db, "about");
    const res = await loadEditor(`/admin/pages/about?version=${versions.at(-1)!.id}`, admin.cookie);
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.label).toBe("About");
    expect(data.versions.map((v: { id: number }) => v.id)).toEqual(versions.map((v) => v.id));
    expect(data.viewing).toMatchObject({ id: versions.at(-1)!.id, body: "First text", html: "<p>First text</p>\n" });
  });

  it("only admins: guests go to the admin sign-in, customers get 403, for the loader and the action", async () => {
    const guest = await run(() => editorLoader(args(get("/admin/pages/about"), { slug: "about" })));
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toBe("/admin-login?redirectTo=%2Fadmin%2Fpages%2Fabout");
    expect((await loadEditor("/admin/pages/about", customer.cookie)).status).toBe(403);
    const before = await listPageVersions(db, "about");
    expect((await postEditor("about", { intent: PAGE_INTENTS.save, title: "T", body: "Hacked" }, customer.cookie)).status).toBe(403);
    const anon = await run(() =>
      editorAction(args(postForm("/admin/pages/about", { intent: "save", title: "T", body: "Hacked" }, { accept: null }), { slug: "about" })),
    );
    expect(anon.status).toBe(302);
    expect(await listPageVersions(db, "about")).toEqual(before);
  });

  it("the live preview's door renders for admins only", async () => {
    const call = (cookie?: string) =>
      run(() => previewApi(args(apiRequest("POST", "/api/admin/markdown-preview", { cookie, body: { body: "**hi** <b>x</b>" } }))));
    expect((await call()).status).toBe(401);
    expect((await call(customer.cookie)).status).toBe(403);
    const ok = await call(admin.cookie);
    expect(await ok.json()).toEqual({ html: "<p><strong>hi</strong> &lt;b&gt;x&lt;/b&gt;</p>\n" });
  });
});

describe("the Pages tab", () => {
  it("lists the four pages with their title and last save", async () => {
    const res = await run(() => adminLoader(args(get("/admin?tab=pages", { cookie: admin.cookie }))));
    const data = await res.json();
    expect(data.ownerPages.pages.map((p: { slug: string; label: string }) => [p.slug, p.label])).toEqual([
      ["terms-conditions", "Terms & Conditions"],
      ["privacy", "Privacy Policy"],
      ["about", "About"],
      ["size-guide", "Size Guide"],
    ]);
    const about = data.ownerPages.pages.find((p: { slug: string }) => p.slug === "about");
    expect(about).toMatchObject({ title: "About us", savedByEmail: admin.email, versions: 3 });
    expect(data.ownerPages.home).toEqual(DEFAULT_HOME_TEXT);
  });

  it("saves the home page's texts (settings.home with the changed fields) and the home page shows them", async () => {
    const fields = { ...DEFAULT_HOME_TEXT, heroTitle: "Little clothes, big love", reviewsSourceLabel: "on Etsy" };
    const res = await run(() =>
      adminAction(args(postForm("/admin?tab=pages", { intent: PAGE_INTENTS.homeSave, ...fields }, { cookie: admin.cookie, accept: null }))),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin?tab=pages");
    expect((await toastOf(res))?.title).toBe(PAGE_TEXT.homeSaved);
    expect((await getHomeTexts(db)).heroTitle).toBe("Little clothes, big love");
    const [row] = await db.selectFrom("activity_log").select(["changes", "actor_email as actorEmail"]).where("kind", "=", "settings.home").execute();
    expect(row!.actorEmail).toBe(admin.email);
    expect(JSON.parse(row!.changes!)).toEqual({
      heroTitle: [DEFAULT_HOME_TEXT.heroTitle, "Little clothes, big love"],
      reviewsSourceLabel: [DEFAULT_HOME_TEXT.reviewsSourceLabel, "on Etsy"],
    });
    const home = await (await run(() => homeLoader(args(get("/"))))).json();
    expect(home.home.heroTitle).toBe("Little clothes, big love");
  });

  it("refuses bad home texts with field errors, a non-http source link included, and customers", async () => {
    const before = await getHomeTexts(db);
    const post = (fields: Record<string, string>, cookie: string) =>
      run(() => adminAction(args(postForm("/admin?tab=pages", { intent: PAGE_INTENTS.homeSave, ...fields }, { cookie, accept: null }))));
    const res = await post({ ...DEFAULT_HOME_TEXT, heroTitle: "", reviewsSourceUrl: "javascript:alert(1)" }, admin.cookie);
    expect(res.status).toBe(400);
    const data = await res.json();
    expect(data.intent).toBe(PAGE_INTENTS.homeSave);
    expect(data.result.error.heroTitle).toEqual(["Hero title is required"]);
    expect(data.result.error.reviewsSourceUrl).toEqual(["Enter a web address starting with https:// or http://"]);
    expect((await post({ ...DEFAULT_HOME_TEXT, heroTitle: "Hacked" }, customer.cookie)).status).toBe(403);
    expect(await getHomeTexts(db)).toEqual(before);
  });
});

describe("the seed's first versions", () => {
  it("writes each page's default once, and never over a saved page", async () => {
    const written = await seedDefaultPages(db);
    // about, privacy, terms and size guide were saved above: nothing to seed.
    expect(written).toBe(0);
    await db.deleteFrom("page_versions").where("slug", "=", "size-guide").execute();
    expect(await seedDefaultPages(db)).toBe(1);
    expect(await seedDefaultPages(db)).toBe(0);
    const page = (await getPage(db, "size-guide"))!;
    expect(page).toMatchObject({ title: "Size Guide", savedByEmail: "system" });
    expect(page.body).toBe(DEFAULT_PAGES["size-guide"].body);
  });
});
