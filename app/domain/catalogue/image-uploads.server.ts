import { randomUUID } from "node:crypto";
import { mkdirSync, promises as fs } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { DomainError } from "~/domain/common/errors";
import { getEnv } from "~/lib/env.server";
import { derivedPaths, EXTENSIONS, MAX_INPUT_PIXELS, MIME_TYPES, normalizeImage, removeFiles, sniffImage, writeDerivatives } from "~/lib/image-pipeline.server";
import { PRODUCTS_URL_PREFIX } from "~/lib/images";
import { MAX_FILE_BYTES } from "~/lib/body-limit.server";
import { type DB } from "~/lib/sqlite.server";

export const UPLOAD_TEXT = {
  invalidType: "Invalid file type: Please upload JPG, PNG, or WebP images only.",
  tooLarge: "File too large: Please upload images smaller than 10MB.",
  failed: (fileName: string) => `Failed to upload ${fileName}`,
  notFound: "Image upload not found or expired. Please upload it again.",
  processFailed: "Failed to process images",
} as const;

export const MAX_IMAGE_BYTES = MAX_FILE_BYTES;
export const TEMP_URL_PREFIX = "/uploads/tmp/";
/** Abandoned temporary uploads (a closed editor tab) are purged after a day. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function uploadRoot(): string {
  return path.resolve(getEnv().UPLOAD_DIR);
}
function tempDir(): string {
  return path.join(uploadRoot(), "tmp");
}
function productsDir(): string {
  return path.join(uploadRoot(), "products");
}

function validIds(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => typeof id === "string" && UPLOAD_ID.test(id)))];
}

/**
 * Checks the content with sharp (JPEG/PNG/WebP only, at most 10 MB), turns it upright and
 * re-encodes it without metadata into UPLOAD_DIR/tmp/<id>.<ext>, then records an `uploads` row.
 * Throws DomainError 413 (too large) or 400 (not an accepted image, undecodable) with the
 * spec's texts; nothing is left on disk when it refuses or fails.
 */
export async function saveTempUpload(db: DB, file: File, userId: number | null): Promise<{ id: string; url: string }> {
  if (file.size > MAX_IMAGE_BYTES) throw new DomainError(UPLOAD_TEXT.tooLarge, 413);
  if (file.size === 0) throw new DomainError(UPLOAD_TEXT.invalidType, 400);
  const input = Buffer.from(await file.arrayBuffer());
  if (input.byteLength > MAX_IMAGE_BYTES) throw new DomainError(UPLOAD_TEXT.tooLarge, 413);
  const sniffed = await sniffImage(input);
  if (!sniffed) throw new DomainError(UPLOAD_TEXT.invalidType, 400);

  let image: Awaited<ReturnType<typeof normalizeImage>>;
  try {
    image = await normalizeImage(input, sniffed.format);
  } catch {
    throw new DomainError(UPLOAD_TEXT.failed(file.name || "image"), 400);
  }

  const id = randomUUID();
  const fileName = `${id}.${EXTENSIONS[sniffed.format]}`;
  const dir = tempDir();
  mkdirSync(dir, { recursive: true });
  const target = path.join(dir, fileName);
  const partial = `${target}.part`;
  try {
    await fs.writeFile(partial, image.data);
    await fs.rename(partial, target);
    await db
      .insertInto("uploads")
      .values({
        id,
        file_name: fileName,
        url: `${TEMP_URL_PREFIX}${fileName}`,
        mime_type: MIME_TYPES[sniffed.format],
        size_bytes: image.data.byteLength,
        width: image.width,
        height: image.height,
        uploaded_by: userId,
      })
      .execute();
  } catch (error) {
    await removeFiles([partial, target]);
    throw error;
  }
  return { id, url: `${TEMP_URL_PREFIX}${fileName}` };
}

/**
 * Moves temporary uploads into UPLOAD_DIR/products/<name>, writes the thumbnail
 * (thumbs/thumb-<name>) and the WebP widths, and deletes the `uploads` rows. Returns the
 * images in the order of `ids`. Unknown, expired or already finalized ids: DomainError 400
 * and nothing changes. When the image work fails, the files written so far are removed and
 * the uploads stay temporary (so cleanupUploads can still remove them).
 */
export async function finalizeUploads(db: DB, ids: string[]): Promise<{ id: string; imageUrl: string; width: number; height: number }[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  if (validIds(wanted).length !== wanted.length) throw new DomainError(UPLOAD_TEXT.notFound, 400);

  // Claim the rows first, so two saves cannot finalize the same upload.
  const rows = await db.transaction().execute(async (trx) => {
    const found = await trx
      .deleteFrom("uploads")
      .where("id", "in", wanted)
      .returning([
        "id",
        "file_name as fileName",
        "url",
        "mime_type as mimeType",
        "size_bytes as sizeBytes",
        "width",
        "height",
        "uploaded_by as uploadedBy",
        "created_at as createdAt",
      ])
      .execute();
    if (found.length !== wanted.length) throw new DomainError(UPLOAD_TEXT.notFound, 400);
    return found;
  });

  const dir = productsDir();
  mkdirSync(dir, { recursive: true });
  const done: { id: string; imageUrl: string; width: number; height: number; files: string[] }[] = [];
  try {
    for (const id of wanted) {
      const row = rows.find((r) => r.id === id)!;
      const source = path.join(tempDir(), row.fileName);
      const target = path.join(dir, row.fileName);
      const data = await fs.readFile(source);
      const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      const format = meta.format === "jpeg" || meta.format === "png" || meta.format === "webp" ? meta.format : null;
      if (!format || !meta.width || !meta.height) throw new Error(`Temporary upload ${id} is not an image`);
      const files = [target, ...derivedPaths(dir, row.fileName)];
      done.push({ id, imageUrl: `${PRODUCTS_URL_PREFIX}${row.fileName}`, width: meta.width, height: meta.height, files });
      await writeDerivatives(() => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }), {
        productsDir: dir,
        fileName: row.fileName,
        width: meta.width,
        format,
      });
      await fs.copyFile(source, target);
    }
  } catch (error) {
    await removeFiles(done.flatMap((d) => d.files));
    await db
      .insertInto("uploads")
      .values(
        rows.map((r) => ({
          id: r.id,
          file_name: r.fileName,
          url: r.url,
          mime_type: r.mimeType,
          size_bytes: r.sizeBytes,
          width: r.width,
          height: r.height,
          uploaded_by: r.uploadedBy,
          created_at: r.createdAt,
        })),
      )
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    throw error;
  }
  await removeFiles(rows.map((r) => path.join(tempDir(), r.fileName)));
  return done.map(({ id, imageUrl, width, height }) => ({ id, imageUrl, width, height }));
}

/**
 * Images finalized before the save (the spec's order: upload temp → POST /api/upload/finalize →
 * save with the finalized images): for each id, its file products/<id>.<ext> written by the
 * finalize step, used by no product yet. Ids without such a file are left out.
 */
export async function findFinalizedImages(db: DB, ids: string[]): Promise<{ id: string; imageUrl: string; width: number; height: number }[]> {
  const out: { id: string; imageUrl: string; width: number; height: number }[] = [];
  const dir = productsDir();
  for (const id of validIds(ids)) {
    for (const ext of new Set(Object.values(EXTENSIONS))) {
      const fileName = `${id}.${ext}`;
      const file = path.join(dir, fileName);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) continue;
      const imageUrl = `${PRODUCTS_URL_PREFIX}${fileName}`;
      const used = await db.selectFrom("product_images").select("id").where("image_url", "=", imageUrl).executeTakeFirst();
      if (used) break;
      const meta = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS })
        .metadata()
        .catch(() => null);
      if (meta?.width && meta.height) out.push({ id, imageUrl, width: meta.width, height: meta.height });
      break;
    }
  }
  return out;
}

/** Deletes temporary uploads (files and rows); unknown ids are ignored. Returns how many were removed. */
export async function cleanupUploads(db: DB, ids: string[]): Promise<number> {
  const wanted = validIds(ids);
  if (wanted.length === 0) return 0;
  const rows = await db.deleteFrom("uploads").where("id", "in", wanted).returning(["file_name as fileName"]).execute();
  await removeFiles(rows.map((r) => path.join(tempDir(), r.fileName)));
  return rows.length;
}

/**
 * Deletes a product image's file, its thumbnail and its WebP variants. Only URLs under
 * /uploads/products/ with a plain file name are touched; anything else is ignored.
 */
export async function deleteImageFiles(imageUrl: string): Promise<void> {
  const pathname = imageUrl.replace(/^https?:\/\/[^/]+/i, "").split(/[?#]/)[0]!;
  if (!pathname.startsWith(PRODUCTS_URL_PREFIX)) return;
  const fileName = pathname.slice(PRODUCTS_URL_PREFIX.length);
  if (!/^[\w.-]+$/.test(fileName) || fileName.startsWith(".")) return;
  const dir = productsDir();
  await removeFiles([path.join(dir, fileName), ...derivedPaths(dir, fileName)]);
}

/**
 * Removes temporary uploads older than maxAgeMs (rows and files), and files in the temp folder
 * of that age that no row knows (a crash between writing and recording). Returns how many
 * uploads (rows) were removed.
 */
export async function purgeStaleUploads(db: DB, maxAgeMs: number = STALE_UPLOAD_MS): Promise<number> {
  const cutoff = Date.now() - maxAgeMs;
  const rows = await db.deleteFrom("uploads").where("created_at", "<", new Date(cutoff).toISOString()).returning(["file_name as fileName"]).execute();
  const dir = tempDir();
  await removeFiles(rows.map((r) => path.join(dir, r.fileName)));
  let names: string[] = [];
  try {
    names = await fs.readdir(dir);
  } catch {
    return rows.length;
  }
  const known = new Set((await db.selectFrom("uploads").select("file_name as fileName").execute()).map((r) => r.fileName));
  for (const name of names) {
    if (known.has(name)) continue;
    const file = path.join(dir, name);
    try {
      const stat = await fs.stat(file);
      if (stat.isFile() && stat.mtimeMs < cutoff) await fs.rm(file, { force: true });
    } catch {
      // Gone already.
    }
  }
  return rows.length;
}

let lastPurge = 0;

/** Runs purgeStaleUploads at most once an hour per process (called on each new upload). */
export async function purgeStaleUploadsSometimes(db: DB): Promise<void> {
  if (Date.now() - lastPurge < 60 * 60 * 1000) return;
  lastPurge = Date.now();
  await purgeStaleUploads(db);
}
