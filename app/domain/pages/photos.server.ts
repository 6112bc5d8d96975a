import { randomUUID } from "node:crypto";
import { mkdirSync, promises as fs } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { DomainError } from "~/domain/common/errors";
import { PAGES_URL_PREFIX, photoMarkdown, type PhotoSize } from "~/domain/pages/photo-urls";
import { PAGE_PHOTO_TEXT, type PagePhotoInput } from "~/domain/pages/schemas";
import { MAX_FILE_BYTES } from "~/lib/body-limit.server";
import { getEnv } from "~/lib/env.server";
import { ENCODE_OPTIONS, EXTENSIONS, MAX_INPUT_PIXELS, removeFiles, sniffImage, writeWebpVariants } from "~/lib/image-pipeline.server";
import { RESPONSIVE_WIDTHS } from "~/lib/images";
import { type DB } from "~/lib/sqlite.server";

/** The widest a page photo is kept: twice the page's text column, for sharp screens. */
export const PAGE_PHOTO_MAX_WIDTH = 1600;

export interface PagePhoto extends PhotoSize {
  id: string;
  url: string;
  alt: string;
  /** The line to put in the page's Markdown. */
  markdown: string;
  createdAt?: string;
}

export function pagesDir(): string {
  return path.join(path.resolve(getEnv().UPLOAD_DIR), "pages");
}

function encode(pipeline: sharp.Sharp, format: "jpeg" | "png" | "webp"): sharp.Sharp {
  if (format === "jpeg") return pipeline.jpeg(ENCODE_OPTIONS.jpeg);
  if (format === "png") return pipeline.png(ENCODE_OPTIONS.png);
  return pipeline.webp(ENCODE_OPTIONS.webp);
}

/**
 * Keeps a photo for the owner's pages: the bytes must be a JPEG, PNG or WebP image (whatever the
 * name or declared type say) of at most 10 MB; it is turned upright, scaled down to 1600 px wide,
 * re-encoded without metadata (no EXIF, GPS or comments) into UPLOAD_DIR/pages/<id>.<ext> with
 * its WebP widths, and recorded in page_photos. Refusals are DomainErrors on the `photo` field
 * (400, 413); nothing stays on disk when it refuses or fails.
 */
export async function savePagePhoto(db: DB, input: PagePhotoInput, userId: number | null): Promise<PagePhoto> {
  const file = input.photo;
  if (file.size > MAX_FILE_BYTES) throw new DomainError(PAGE_PHOTO_TEXT.tooLarge, 413, "photo");
  const data = Buffer.from(await file.arrayBuffer());
  const sniffed = await sniffImage(data);
  if (!sniffed) throw new DomainError(PAGE_PHOTO_TEXT.invalidType, 400, "photo");
  if (sniffed.width * sniffed.height > MAX_INPUT_PIXELS) throw new DomainError(PAGE_PHOTO_TEXT.tooManyPixels, 400, "photo");

  let out: { data: Buffer; info: sharp.OutputInfo };
  try {
    const pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width: PAGE_PHOTO_MAX_WIDTH, withoutEnlargement: true });
    out = await encode(pipeline, sniffed.format).toBuffer({ resolveWithObject: true });
  } catch {
    throw new DomainError(PAGE_PHOTO_TEXT.invalidType, 400, "photo");
  }

  const id = randomUUID();
  const fileName = `${id}.${EXTENSIONS[sniffed.format]}`;
  const dir = pagesDir();
  mkdirSync(dir, { recursive: true });
  const target = path.join(dir, fileName);
  const variants = RESPONSIVE_WIDTHS.map((slot) => path.join(dir, "w", `${id}-${slot}.webp`));
  const url = `${PAGES_URL_PREFIX}${fileName}`;
  const { width, height } = out.info;
  try {
    await fs.writeFile(`${target}.part`, out.data);
    await fs.rename(`${target}.part`, target);
    await writeWebpVariants(() => sharp(out.data), { productsDir: dir, fileName, width });
    await db.insertInto("page_photos").values({ id, url, width, height, size_bytes: out.data.byteLength, alt: input.alt, uploaded_by: userId }).execute();
  } catch (error) {
    await removeFiles([`${target}.part`, target, ...variants]);
    throw error;
  }
  return { id, url, width, height, alt: input.alt, markdown: photoMarkdown(input.alt, url) };
}

/** The newest page photos, for the editor's list to copy from. */
export async function listPagePhotos(db: DB, limit = 24): Promise<PagePhoto[]> {
  const rows = await db
    .selectFrom("page_photos")
    .select(["id", "url", "width", "height", "alt", "created_at as createdAt"])
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, markdown: photoMarkdown(r.alt, r.url) }));
}

/** The sizes of the page photos a Markdown text names, so its images reserve their space. */
export async function photoSizesIn(db: DB, body: string): Promise<Map<string, PhotoSize>> {
  const urls = [...new Set(body.match(/\/uploads\/pages\/[\w-]+\.(?:jpe?g|png|webp)/gi) ?? [])];
  if (urls.length === 0) return new Map();
  const rows = await db.selectFrom("page_photos").select(["url", "width", "height"]).where("url", "in", urls.slice(0, 200)).execute();
  return new Map(rows.map((r) => [r.url, { width: r.width, height: r.height }]));
}
