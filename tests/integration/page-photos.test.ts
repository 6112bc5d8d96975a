import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { PAGE_PHOTO_TEXT } from "~/domain/pages/schemas";
import { getPage, savePage } from "~/domain/pages/pages.server";
import { PAGE_INTENTS } from "~/domain/pages/slugs";
import { db } from "~/lib/db.server";
import { action as editorAction, loader as editorLoader } from "~/routes/admin_.pages.$slug";
import { action as photosApi } from "~/routes/api.admin.pages.photos";
import { makeUser } from "../helpers/kit";
import { args, get, postMultipart, run } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

const UPLOAD_DIR = path.resolve(process.env.UPLOAD_DIR!);
const PAGES_DIR = path.join(UPLOAD_DIR, "pages");

afterAll(async () => {
  await db.destroy();
  rmSync(PAGES_DIR, { recursive: true, force: true });
});

let admin: { id: number; email: string; cookie: string };
let customerCookie: string;

beforeAll(async () => {
  const a = await makeUser(db, { isAdmin: true, email: "owner-photos@example.com" });
  admin = { ...a, cookie: await cookieFor(a.id) };
  customerCookie = await cookieFor((await makeUser(db)).id);
});

const EXIF = { IFD0: { Copyright: "Secret Owner", Make: "SpyCam", ImageDescription: "home address" } };

function photo(width: number, height: number, format: "jpeg" | "png" | "webp" = "jpeg"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 210, g: 180, b: 160 } } })
    .withExif(EXIF)
    .toFormat(format)
    .toBuffer();
}

const fileOf = (data: Buffer | string, name: string, type: string) => new File([typeof data === "string" ? data : new Uint8Array(data)], name, { type });

function form(fields: Record<string, string | File>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const apiPost = (fields: Record<string, string | File>, cookie?: string) =>
  run(() => photosApi(args(postMultipart("/api/admin/pages/photos", form(fields), { cookie, accept: "application/json" }))));
const editorPost = (slug: string, fields: Record<string, string | File>, cookie?: string) =>
  run(() => editorAction(args(postMultipart(`/admin/pages/${slug}`, form(fields), { cookie, accept: null }), { slug })));
const pageFiles = () => (existsSync(PAGES_DIR) ? readdirSync(PAGES_DIR).filter((n) => n !== "w") : []);

describe("POST /api/admin/pages/photos", () => {
  it("keeps a photo scaled down to 1600 px, without metadata, with its WebP widths and Markdown line", async () => {
    const res = await apiPost({ photo: fileOf(await photo(3000, 2000), "IMG_0001.jpg", "image/jpeg"), alt: "The studio [window]" }, admin.cookie);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ width: 1600, height: 1067, alt: "The studio [window]" });
    expect(body.url).toMatch(/^\/uploads\/pages\/[0-9a-f-]{36}\.jpg$/);
    expect(body.markdown).toBe(`![The studio \\[window\\]](${body.url})`);
    const file = path.join(UPLOAD_DIR, body.url.replace("/uploads/", ""));
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1600, 1067, "jpeg"]);
    expect(meta.exif).toBeUndefined();
    expect(existsSync(path.join(PAGES_DIR, "w", `${body.id}-640.webp`))).toBe(true);
    const row = await db.selectFrom("page_photos").selectAll().where("id", "=", body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ url: body.url, width: 1600, height: 1067, uploaded_by: admin.id });
  });

  it("a small photo is not enlarged; a PNG stays a PNG", async () => {
    const res = await apiPost({ photo: fileOf(await photo(400, 300, "png"), "a.png", "image/png"), alt: "Pins" }, admin.cookie);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ width: 400, height: 300, url: expect.stringMatching(/\.png$/) });
  });

  it("refuses what is not an image, whatever its name and type say, with a field error and no file", async () => {
    const before = pageFiles().length;
    for (const file of [
      fileOf("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", "x.svg", "image/svg+xml"),
      fileOf("GIF89a not really", "x.jpg", "image/jpeg"),
      fileOf("%PDF-1.4", "photo.png", "image/png"),
    ]) {
      const res = await apiPost({ photo: file, alt: "x" }, admin.cookie);
      expect(res.status, file.name).toBe(400);
      expect(await res.json()).toEqual({ message: PAGE_PHOTO_TEXT.invalidType, errors: { photo: [PAGE_PHOTO_TEXT.invalidType] } });
    }
    expect(pageFiles().length).toBe(before);
  });

  it("refuses a photo over 10 MB (read through, never kept) with 413 and a field error", async () => {
    const big = Buffer.concat([await photo(10, 10), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await apiPost({ photo: fileOf(big, "huge.jpg", "image/jpeg"), alt: "Huge" }, admin.cookie);
    expect(res.status).toBe(413);
    expect((await res.json()).errors).toEqual({ photo: [PAGE_PHOTO_TEXT.tooLarge] });
  });

  it("asks for the photo and its description", async () => {
    const res = await apiPost({ alt: "  " }, admin.cookie);
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ photo: [PAGE_PHOTO_TEXT.choose], alt: [PAGE_PHOTO_TEXT.altRequired] });
  });

  it("is the owner's only: 401 without a session, 403 for a customer, and nothing is kept", async () => {
    const before = await db.selectFrom("page_photos").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const jpeg = await photo(50, 50);
    expect((await apiPost({ photo: fileOf(jpeg, "a.jpg", "image/jpeg"), alt: "a" })).status).toBe(401);
    expect((await apiPost({ photo: fileOf(jpeg, "a.jpg", "image/jpeg"), alt: "a" }, customerCookie)).status).toBe(403);
    const after = await db.selectFrom("page_photos").select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe("the page editor's 'Add a photo' (works without JavaScript)", () => {
  it("keeps the photo and gives the text back, unsaved, with the photo's line at its end and in the preview", async () => {
    const res = await editorPost(
      "about",
      { intent: PAGE_INTENTS.photo, title: "About us", body: "Hello from Warsaw.", photo: fileOf(await photo(800, 600), "s.jpg", "image/jpeg"), alt: "Studio" },
      admin.cookie,
    );
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.photo.markdown).toMatch(/^!\[Studio\]\(\/uploads\/pages\/[0-9a-f-]{36}\.jpg\)$/);
    expect(data.result.initialValue.body).toBe(`Hello from Warsaw.\n\n${data.photo.markdown}\n`);
    expect(data.preview.html).toContain(`<img src="${data.photo.url}" alt="Studio" width="800" height="600"`);
    expect((await getPage(db, "about"))!.body).not.toContain(data.photo.url);
    // Saved, the page shows it with its size and lazily.
    await savePage(db, "about", { title: "About us", body: data.result.initialValue.body }, { id: admin.id, email: admin.email });
    expect((await getPage(db, "about"))!.html).toMatch(/<img src="\/uploads\/pages\/[^"]+" alt="Studio" width="800" height="600"[^>]*loading="lazy"/);
    // The editor lists it to copy from.
    const loaded = await (await run(() => editorLoader(args(get("/admin/pages/about", { cookie: admin.cookie }), { slug: "about" })))).json();
    expect(loaded.photos.map((p: { url: string }) => p.url)).toContain(data.photo.url);
  });

  it("a refused photo is a field error, and the text typed is kept", async () => {
    const res = await editorPost(
      "about",
      { intent: PAGE_INTENTS.photo, title: "T", body: "Typed text", photo: fileOf("nope", "a.jpg", "image/jpeg"), alt: "A" },
      admin.cookie,
    );
    expect(res.status).toBe(400);
    const data = await res.json();
    expect(data.result.error).toEqual({ photo: [PAGE_PHOTO_TEXT.invalidType] });
    expect(data.result.initialValue).toMatchObject({ title: "T", body: "Typed text", alt: "A" });
  });

  it("Save and Preview still work as a multipart form (an empty file input is ignored)", async () => {
    const res = await editorPost(
      "size-guide",
      { intent: PAGE_INTENTS.preview, title: "Sizes", body: "| a | b |\n|---|---|\n| 1 | 2 |", alt: "" },
      admin.cookie,
    );
    expect(res.status).toBe(200);
    expect((await res.json()).preview.html).toContain("<table>");
  });

  it("a customer's or a stranger's post keeps nothing", async () => {
    const before = pageFiles().length;
    const fields = { intent: PAGE_INTENTS.photo, title: "T", body: "B", photo: fileOf(await photo(50, 50), "a.jpg", "image/jpeg"), alt: "A" };
    expect((await editorPost("about", fields, customerCookie)).status).toBe(403);
    const anonymous = await editorPost("about", fields);
    expect(anonymous.status).toBe(302);
    expect(pageFiles().length).toBe(before);
  });
});
