import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { cleanupUploads, deleteImageFiles, finalizeUploads, purgeStaleUploads, saveTempUpload, UPLOAD_TEXT } from "~/domain/catalogue/image-uploads.server";
import { DomainError } from "~/domain/common/errors";
import { db } from "~/lib/db.server";
import { srcSetFor, thumbUrl } from "~/lib/images";
import { readMultipartForm } from "~/web/multipart.server";
import { action as cleanupAction } from "~/routes/api.upload.cleanup";
import { action as finalizeAction } from "~/routes/api.upload.finalize";
import { action as tempAction } from "~/routes/api.upload.temp";
import { makeUser } from "../helpers/kit";
import { args, postForm, postJson, postMultipart, sendJson } from "../helpers/requests";
import { cookieFor } from "../helpers/routes";

const UPLOAD_DIR = path.resolve(process.env.UPLOAD_DIR!);
const TMP_DIR = path.join(UPLOAD_DIR, "tmp");
const PRODUCTS_DIR = path.join(UPLOAD_DIR, "products");

afterAll(async () => {
  await db.destroy();
  rmSync(UPLOAD_DIR, { recursive: true, force: true });
});

let adminCookie: string;
let customerCookie: string;
let adminId: number;

beforeAll(async () => {
  const admin = await makeUser(db, { isAdmin: true });
  const customer = await makeUser(db);
  adminId = admin.id;
  adminCookie = await cookieFor(admin.id);
  customerCookie = await cookieFor(customer.id);
});

// ---------------------------------------------------------------------------------------------
// Fixtures, made with sharp so every format is real

const EXIF = { IFD0: { Copyright: "Secret Owner", Make: "SpyCam", Model: "X1", ImageDescription: "home address" } };

async function picture(format: "png" | "jpeg" | "webp", width = 1200, height = 900, opts: { orientation?: number } = {}): Promise<Buffer> {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 150 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="0" y="0" width="${Math.round(width / 3)}" height="${Math.round(height / 2)}" fill="#224466"/></svg>`,
        ),
        top: 0,
        left: 0,
      },
    ])
    .withExif(EXIF);
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return img.toFormat(format).toBuffer();
}

function fileOf(data: Buffer | string, name: string, type: string): File {
  return new File([typeof data === "string" ? data : new Uint8Array(data)], name, { type });
}

function uploadRequest(file: File | null, cookie?: string, field = "image"): Request {
  const form = new FormData();
  if (file) form.append(field, file);
  return postMultipart("/api/upload/temp", form, { cookie, accept: "application/json" });
}

async function upload(file: File, cookie = adminCookie) {
  const res = await tempAction(args(uploadRequest(file, cookie)));
  return { status: res.status, body: (await res.json()) as { id: string; url: string; message?: string } };
}

function tmpFiles(): string[] {
  return existsSync(TMP_DIR) ? readdirSync(TMP_DIR) : [];
}

const diskPath = (url: string) => path.join(UPLOAD_DIR, url.replace(/^\/uploads\//, ""));

// ---------------------------------------------------------------------------------------------

describe("POST /api/upload/temp", () => {
  it("refuses guests (401) and customers (403) on all three upload calls", async () => {
    const png = fileOf(await picture("png", 40, 40), "a.png", "image/png");
    expect((await tempAction(args(uploadRequest(png)))).status).toBe(401);
    expect((await tempAction(args(uploadRequest(png, customerCookie)))).status).toBe(403);
    for (const cookie of [undefined, customerCookie]) {
      const f = await finalizeAction(args(sendJson("POST", "/api/upload/finalize", { images: [] }, { cookie })));
      const c = await cleanupAction(args(sendJson("DELETE", "/api/upload/cleanup", { tempIds: [] }, { cookie })));
      expect([f.status, c.status]).toEqual(cookie ? [403, 403] : [401, 401]);
      expect(await f.json()).toEqual({ message: expect.any(String) });
    }
    expect(tmpFiles()).toEqual([]);
  });

  it("refuses a text file named .png with the invalid-type text and keeps nothing", async () => {
    const before = await db.selectFrom("uploads").select("id").execute();
    const res = await upload(fileOf("this is not an image at all", "holiday.png", "image/png"));
    expect(res).toEqual({ status: 400, body: { message: UPLOAD_TEXT.invalidType } });
    expect(UPLOAD_TEXT.invalidType).toBe("Invalid file type: Please upload JPG, PNG, or WebP images only.");
    expect(tmpFiles()).toEqual([]);
    expect(await db.selectFrom("uploads").select("id").execute()).toEqual(before);
  });

  it("refuses a GIF and an SVG even though sharp can read them", async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#ff0000" } })
      .gif()
      .toBuffer();
    expect((await upload(fileOf(gif, "anim.gif", "image/gif"))).body.message).toBe(UPLOAD_TEXT.invalidType);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`;
    expect((await upload(fileOf(svg, "logo.png", "image/png"))).body.message).toBe(UPLOAD_TEXT.invalidType);
    expect(tmpFiles()).toEqual([]);
  });

  it("refuses an 11 MB image with 413 and the too-large text, nothing on disk", async () => {
    const w = 2000;
    const h = 1850; // 11.1 MB of noise, stored uncompressed
    const noise = Buffer.alloc(w * h * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: w, height: h, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.byteLength).toBeGreaterThan(11 * 1000 * 1000);
    expect(await sharp(big).metadata()).toMatchObject({ format: "png" });
    const res = await upload(fileOf(big, "huge.png", "image/png"));
    expect(res).toEqual({ status: 413, body: { message: "File too large: Please upload images smaller than 10MB." } });
    expect(tmpFiles()).toEqual([]);
    // The domain function refuses it too, whoever calls it.
    await expect(saveTempUpload(db, fileOf(big, "huge.png", "image/png"), adminId)).rejects.toMatchObject({ status: 413, message: UPLOAD_TEXT.tooLarge });
    expect(tmpFiles()).toEqual([]);
  });

  it("answers 400 without a file and for a body that is not multipart", async () => {
    const none = await tempAction(args(uploadRequest(null, adminCookie)));
    expect(none.status).toBe(400);
    const json = await tempAction(args(sendJson("POST", "/api/upload/temp", { image: "x" }, { cookie: adminCookie })));
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ message: expect.any(String) });
  });

  for (const format of ["png", "jpeg", "webp"] as const) {
    it(`accepts a real ${format.toUpperCase()} and re-encodes it without EXIF`, async () => {
      const input = await picture(format);
      expect((await sharp(input).metadata()).exif).toBeDefined();
      const res = await upload(fileOf(input, `Photo Of Me.${format === "jpeg" ? "jpg" : format}`, `image/${format}`));
      expect(res.status).toBe(201);
      expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.url).toBe(`/uploads/tmp/${res.body.id}.${format === "jpeg" ? "jpg" : format}`);
      const meta = await sharp(diskPath(res.body.url)).metadata();
      expect(meta.format).toBe(format);
      expect([meta.width, meta.height]).toEqual([1200, 900]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      const row = await db.selectFrom("uploads").selectAll().where("id", "=", res.body.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ url: res.body.url, mime_type: `image/${format}`, width: 1200, height: 900, uploaded_by: adminId });
    });
  }

  it("turns an EXIF-rotated JPEG upright and drops the orientation tag", async () => {
    const res = await upload(fileOf(await picture("jpeg", 600, 400, { orientation: 6 }), "sideways.jpg", "image/jpeg"));
    expect(res.status).toBe(201);
    const meta = await sharp(diskPath(res.body.url)).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([400, 600, undefined, undefined]);
  });

  it("goes by the content, not the name: a PNG called .jpg is stored as PNG", async () => {
    const res = await upload(fileOf(await picture("png", 50, 60), "liar.jpg", "image/jpeg"));
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/\.png$/);
  });
});

describe("POST /api/upload/finalize", () => {
  it("moves the uploads to products/, writes the thumb and the WebP widths, and forgets the temp rows", async () => {
    const wide = await upload(fileOf(await picture("jpeg", 1200, 1500), "wide.jpg", "image/jpeg"));
    const small = await upload(fileOf(await picture("png", 500, 400), "small.png", "image/png"));
    const res = await finalizeAction(
      args(
        sendJson(
          "POST",
          "/api/upload/finalize",
          {
            images: [
              { id: wide.body.id, isPrimary: false },
              { id: small.body.id, isPrimary: true },
            ],
          },
          { cookie: adminCookie },
        ),
      ),
    );
    expect(res.status).toBe(200);
    const { images } = (await res.json()) as { images: { id: string; imageUrl: string; isPrimary: boolean; width: number; height: number }[] };
    expect(images).toEqual([
      { id: wide.body.id, imageUrl: `/uploads/products/${wide.body.id}.jpg`, isPrimary: false, width: 1200, height: 1500 },
      { id: small.body.id, imageUrl: `/uploads/products/${small.body.id}.png`, isPrimary: true, width: 500, height: 400 },
    ]);

    for (const img of images) {
      expect(existsSync(diskPath(img.imageUrl))).toBe(true);
      const thumb = await sharp(diskPath(thumbUrl(img.imageUrl))).metadata();
      expect([thumb.width, thumb.height, thumb.format]).toEqual([300, 375, img.imageUrl.endsWith(".png") ? "png" : "jpeg"]);
      expect(thumb.exif).toBeUndefined();
    }
    expect(tmpFiles().filter((f) => f.startsWith(wide.body.id) || f.startsWith(small.body.id))).toEqual([]);
    expect(await db.selectFrom("uploads").select("id").where("id", "in", [wide.body.id, small.body.id]).execute()).toEqual([]);

    // Every srcset entry exists on disk with the width it claims; nothing is upscaled.
    const widthsOf = async (img: (typeof images)[number]) => {
      const entries = srcSetFor(img.imageUrl, img.width)!
        .split(", ")
        .map((e) => e.split(" "));
      const out: number[] = [];
      for (const [url, descriptor] of entries) {
        const meta = await sharp(diskPath(url!)).metadata();
        expect(meta.format).toBe("webp");
        expect(`${meta.width}w`).toBe(descriptor);
        out.push(meta.width!);
      }
      return out;
    };
    expect(await widthsOf(images[0]!)).toEqual([320, 640, 960]);
    expect(await widthsOf(images[1]!)).toEqual([320, 500]);
    expect(existsSync(path.join(PRODUCTS_DIR, "w", `${small.body.id}-960.webp`))).toBe(false);

    // deleteImageFiles removes the image, its thumb and its widths.
    await deleteImageFiles(images[0]!.imageUrl);
    expect(
      readdirSync(PRODUCTS_DIR, { recursive: true })
        .map(String)
        .filter((f) => f.includes(wide.body.id)),
    ).toEqual([]);
    expect(existsSync(diskPath(images[1]!.imageUrl))).toBe(true);
  });

  it("refuses unknown, malformed or already finalized ids with 400 and changes nothing", async () => {
    const one = await upload(fileOf(await picture("webp", 100, 100), "one.webp", "image/webp"));
    const unknown = "00000000-0000-4000-8000-000000000000";
    await expect(finalizeUploads(db, [one.body.id, unknown])).rejects.toMatchObject({ status: 400, message: UPLOAD_TEXT.notFound });
    expect(existsSync(diskPath(one.body.url))).toBe(true);
    expect(await db.selectFrom("uploads").select("id").where("id", "=", one.body.id).execute()).toHaveLength(1);

    const bad = await finalizeAction(args(sendJson("POST", "/api/upload/finalize", { images: [{ id: "../../etc/passwd" }] }, { cookie: adminCookie })));
    expect(bad.status).toBe(400);

    const done = await finalizeUploads(db, [one.body.id]);
    expect(done).toHaveLength(1);
    await expect(finalizeUploads(db, [one.body.id])).rejects.toBeInstanceOf(DomainError);
  });

  it("marks the first image primary when none is chosen", async () => {
    const a = await upload(fileOf(await picture("png", 30, 30), "a.png", "image/png"));
    const b = await upload(fileOf(await picture("png", 30, 30), "b.png", "image/png"));
    const res = await finalizeAction(
      args(sendJson("POST", "/api/upload/finalize", { images: [{ id: a.body.id }, { id: b.body.id }] }, { cookie: adminCookie })),
    );
    const { images } = (await res.json()) as { images: { isPrimary: boolean }[] };
    expect(images.map((i) => i.isPrimary)).toEqual([true, false]);
  });
});

describe("DELETE /api/upload/cleanup and stale uploads", () => {
  it("removes the temporary files and rows and says how many", async () => {
    const a = await upload(fileOf(await picture("jpeg", 80, 80), "a.jpg", "image/jpeg"));
    const b = await upload(fileOf(await picture("webp", 80, 80), "b.webp", "image/webp"));
    expect(existsSync(diskPath(a.body.url)) && existsSync(diskPath(b.body.url))).toBe(true);
    const res = await cleanupAction(args(sendJson("DELETE", "/api/upload/cleanup", { tempIds: [a.body.id, b.body.id, "not-an-id"] }, { cookie: adminCookie })));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: 2 });
    expect(existsSync(diskPath(a.body.url)) || existsSync(diskPath(b.body.url))).toBe(false);
    expect(await cleanupUploads(db, [a.body.id])).toBe(0);
    const post = await cleanupAction(args(sendJson("POST", "/api/upload/cleanup", { tempIds: [] }, { cookie: adminCookie })));
    expect(post.status).toBe(405);
  });

  it("purges uploads older than the limit and keeps recent ones", async () => {
    const old = await upload(fileOf(await picture("png", 20, 20), "old.png", "image/png"));
    const fresh = await upload(fileOf(await picture("png", 20, 20), "fresh.png", "image/png"));
    await db
      .updateTable("uploads")
      .set({ created_at: new Date(Date.now() - 2 * 864e5).toISOString() })
      .where("id", "=", old.body.id)
      .execute();
    expect(await purgeStaleUploads(db, 864e5)).toBe(1);
    expect(existsSync(diskPath(old.body.url))).toBe(false);
    expect(existsSync(diskPath(fresh.body.url))).toBe(true);
    await cleanupUploads(db, [fresh.body.id]);
  });

  it("ignores deleteImageFiles calls outside the products folder", async () => {
    const keep = await upload(fileOf(await picture("png", 20, 20), "keep.png", "image/png"));
    await deleteImageFiles(`/uploads/products/../tmp/${keep.body.id}.png`);
    await deleteImageFiles(keep.body.url);
    expect(existsSync(diskPath(keep.body.url))).toBe(true);
    await cleanupUploads(db, [keep.body.id]);
  });
});

describe("readMultipartForm", () => {
  const multipart = (form: FormData) => postMultipart("/x", form);

  it("drops files over the limit, reports them and keeps every other field", async () => {
    const form = new FormData();
    form.append("title", "Tea dress");
    form.append("images", fileOf(Buffer.alloc(2000, 1), "big.jpg", "image/jpeg"));
    form.append("images", fileOf(Buffer.alloc(500, 1), "ok.jpg", "image/jpeg"));
    form.append("images", new File([], "", { type: "application/octet-stream" }));
    form.append("intent", "save");
    const { form: parsed, tooLarge } = await readMultipartForm(multipart(form), { maxFileBytes: 1000 });
    expect(tooLarge).toEqual([{ field: "images", fileName: "big.jpg" }]);
    expect(parsed.get("title")).toBe("Tea dress");
    expect(parsed.get("intent")).toBe("save");
    const files = parsed.getAll("images") as File[];
    expect(files.map((f) => [f.name, f.size, f.type])).toEqual([["ok.jpg", 500, "image/jpeg"]]);
  });

  it("refuses a request whose kept files together pass the total limit (413)", async () => {
    const form = new FormData();
    for (let i = 0; i < 3; i++) form.append("images", fileOf(Buffer.alloc(800, 1), `f${i}.jpg`, "image/jpeg"));
    await expect(readMultipartForm(multipart(form), { maxFileBytes: 1000, maxTotalBytes: 2000 })).rejects.toMatchObject({ status: 413 });
  });

  it("reads urlencoded bodies and refuses other or broken bodies with a 400 DomainError", async () => {
    const urlencoded = postForm("/x", { a: "1", b: "two" });
    expect(Object.fromEntries((await readMultipartForm(urlencoded)).form)).toEqual({ a: "1", b: "two" });
    const asJson = postJson("/x", {});
    await expect(readMultipartForm(asJson)).rejects.toMatchObject({ status: 400 });
    const broken = postMultipart("/x", new Blob(["--zzz\r\nContent-Disposition: form-data\r\n\r\nno name\r\n"]), {
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
    });
    await expect(readMultipartForm(broken)).rejects.toBeInstanceOf(DomainError);
  });
});
