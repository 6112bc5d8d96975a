import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures";
import Database from "better-sqlite3";
import sharp from "sharp";
import { expectError } from "../helpers/api";
import { E2E_DB_PATH } from "../helpers/db";
import { uniqueEmail } from "../helpers/session";

// Image uploads over HTTP (temp, finalize, cleanup) and the responsive images the pages use.

const INVALID_TYPE = "Invalid file type: Please upload JPG, PNG, or WebP images only.";
const TOO_LARGE = "File too large: Please upload images smaller than 10MB.";

function uploadsOf(userId: number): number {
  const db = new Database(E2E_DB_PATH, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    return (db.prepare("SELECT COUNT(*) AS n FROM uploads WHERE uploaded_by = ?").get(userId) as { n: number }).n;
  } finally {
    db.close();
  }
}

async function picture(format: "png" | "jpeg" | "webp", width = 1200, height = 1500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 190, g: 140, b: 160 } } })
    .withExif({ IFD0: { Copyright: "Secret Owner", Make: "SpyCam" } })
    .toFormat(format)
    .toBuffer();
}

async function upload(request: APIRequestContext, buffer: Buffer, name: string, mimeType: string) {
  return request.post("/api/upload/temp", { multipart: { image: { name, mimeType, buffer } } });
}

/** Fetches an image URL and checks it is served with long-lived caching; returns its metadata. */
async function fetchImage(request: APIRequestContext, url: string) {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  expect(res.headers()["cache-control"], url).toContain("max-age=31536000");
  return sharp(await res.body()).metadata();
}

test("guests get 401 and customers 403 on the three upload calls", async ({ request, loginAsCustomer }) => {
  const png = await picture("png", 20, 20);
  await expectError(await upload(request, png, "a.png", "image/png"), 401);
  await expectError(await request.post("/api/upload/finalize", { data: { images: [] } }), 401);
  await expectError(await request.delete("/api/upload/cleanup", { data: { tempIds: [] } }), 401);
  const customer = await loginAsCustomer({ email: uniqueEmail("upload-customer") });
  try {
    await expectError(await upload(customer.request, png, "a.png", "image/png"), 403);
    await expectError(await customer.request.post("/api/upload/finalize", { data: { images: [] } }), 403);
    await expectError(await customer.request.delete("/api/upload/cleanup", { data: { tempIds: [] } }), 403);
    expect(uploadsOf(customer.userId)).toBe(0);
  } finally {
    await customer.request.dispose();
  }
});

test("refuses a text file named .png (400) and an 11 MB image (413) with the spec's texts", async ({ loginAsAdmin }) => {
  const admin = await loginAsAdmin({ email: uniqueEmail("upload-admin") });
  try {
    const text = await upload(admin.request, Buffer.from("definitely not a picture"), "cat.png", "image/png");
    expect(await expectError(text, 400)).toBe(INVALID_TYPE);

    const w = 2000;
    const h = 1850;
    const noise = Buffer.alloc(w * h * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: w, height: h, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.byteLength).toBeGreaterThan(11_000_000);
    expect(await expectError(await upload(admin.request, big, "huge.png", "image/png"), 413)).toBe(TOO_LARGE);

    expect(uploadsOf(admin.userId)).toBe(0);
  } finally {
    await admin.request.dispose();
  }
});

test("uploads PNG, JPEG and WebP without EXIF, finalizes them with thumb and WebP widths, cleans up", async ({ loginAsAdmin }) => {
  const admin = await loginAsAdmin({ email: uniqueEmail("upload-admin") });
  try {
    const temps: { id: string; url: string }[] = [];
    for (const [format, mime, ext] of [
      ["png", "image/png", "png"],
      ["jpeg", "image/jpeg", "jpg"],
      ["webp", "image/webp", "webp"],
    ] as const) {
      const res = await upload(admin.request, await picture(format), `My Photo.${ext}`, mime);
      expect(res.status(), format).toBe(201);
      const body = await res.json();
      expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), url: `/uploads/tmp/${body.id}.${ext}` });
      const meta = await fetchImage(admin.request, body.url);
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([format, 1200, 1500, undefined]);
      temps.push(body);
    }
    expect(uploadsOf(admin.userId)).toBe(3);

    const fin = await admin.request.post("/api/upload/finalize", {
      data: {
        images: [
          { id: temps[0]!.id, isPrimary: false },
          { id: temps[1]!.id, isPrimary: true },
        ],
      },
    });
    expect(fin.status()).toBe(200);
    const { images } = await fin.json();
    expect(images).toEqual([
      { id: temps[0]!.id, imageUrl: `/uploads/products/${temps[0]!.id}.png`, isPrimary: false, width: 1200, height: 1500 },
      { id: temps[1]!.id, imageUrl: `/uploads/products/${temps[1]!.id}.jpg`, isPrimary: true, width: 1200, height: 1500 },
    ]);
    for (const img of images as { imageUrl: string }[]) {
      expect((await fetchImage(admin.request, img.imageUrl)).exif).toBeUndefined();
      const thumb = await fetchImage(admin.request, img.imageUrl.replace("/products/", "/products/thumbs/thumb-"));
      expect([thumb.width, thumb.height]).toEqual([300, 375]);
      const base = img.imageUrl.replace(/^\/uploads\/products\//, "").replace(/\.\w+$/, "");
      for (const width of [320, 640, 960]) {
        const variant = await fetchImage(admin.request, `/uploads/products/w/${base}-${width}.webp`);
        expect([variant.format, variant.width]).toEqual(["webp", width]);
      }
    }
    // Finalized uploads are no longer temporary.
    expect((await admin.request.get(temps[0]!.url)).status()).toBe(404);
    await expectError(await admin.request.post("/api/upload/finalize", { data: { images: [{ id: temps[0]!.id }] } }), 400);

    // The third one is abandoned: cleanup removes it.
    const clean = await admin.request.delete("/api/upload/cleanup", { data: { tempIds: [temps[2]!.id] } });
    expect(clean.status()).toBe(200);
    expect(await clean.json()).toEqual({ deleted: 1 });
    expect((await admin.request.get(temps[2]!.url)).status()).toBe(404);
    expect(uploadsOf(admin.userId)).toBe(0);
  } finally {
    await admin.request.dispose();
  }
});

test("shop cards use WebP srcset with width/height, eager first and lazy later", async ({ request }) => {
  // Other tests add products without image files, newest first: page 20 (up to 240 cards) also
  // reaches the seeded products, whose images have their WebP widths.
  const html = await (await request.get("/shop?page=20")).text();
  const cards = [...html.matchAll(/<article class="card">(.*?)<\/article>/gs)].map((m) => m[1]!);
  expect(cards.length).toBeGreaterThan(12);
  const cardImage = (card: string) => /<img [^>]*>/.exec(card)![0];
  expect(cardImage(cards[0]!)).toContain('loading="eager"');
  expect(cardImage(cards.at(-1)!)).toContain('loading="lazy"');
  const pictures = cards.map((c) => /<picture>(.*?)<\/picture>/s.exec(c)?.[1]).filter((p): p is string => p !== undefined);
  expect(pictures.length).toBeGreaterThan(4);
  for (const p of pictures) {
    expect(p).toMatch(/<source type="image\/webp" srcSet="[^"]+ \d+w(, [^"]+ \d+w)*" sizes="[^"]+"/);
    expect(p).toMatch(/<img [^>]*width="300" height="375"/);
  }
  const first = /srcSet="([^" ]+) (\d+)w/.exec(pictures[0]!)!;
  const meta = await fetchImage(request, first[1]!.replace(/&amp;/g, "&"));
  expect([meta.format, meta.width]).toEqual(["webp", Number(first[2])]);
});

test("the product page's main image is eager with fetchpriority high and a WebP srcset", async ({ request }) => {
  const html = await (await request.get("/product/rose-garden-tea-dress")).text();
  const main = /<div class="gallery-main">\s*<picture>(.*?)<\/picture>/.exec(html);
  expect(main, "gallery picture").not.toBeNull();
  expect(main![1]).toMatch(
    /<source type="image\/webp" srcSet="\/uploads\/products\/w\/rose-garden-tea-dress-1-320\.webp 320w, [^"]*-640\.webp 640w, [^"]*-960\.webp 800w"/,
  );
  expect(main![1]).toMatch(/<img [^>]*src="\/uploads\/products\/rose-garden-tea-dress-1\.jpg"/);
  expect(main![1]).toMatch(/width="800" height="1000"/);
  expect(main![1]).toMatch(/fetchpriority="high"/i);
  expect(main![1]).not.toContain('loading="lazy"');
  const variant = await fetchImage(request, "/uploads/products/w/rose-garden-tea-dress-1-960.webp");
  expect([variant.format, variant.width, variant.height]).toEqual(["webp", 800, 1000]);
});
