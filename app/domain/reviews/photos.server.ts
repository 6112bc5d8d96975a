import { randomUUID } from "node:crypto";
import { mkdirSync, promises as fs } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { DomainError } from "~/domain/common/errors";
import { REVIEW_LIMITS, REVIEW_TEXT, type ReviewStatus } from "~/domain/reviews/schemas";
import { MAX_FILE_BYTES } from "~/lib/body-limit.server";
import { getEnv } from "~/lib/env.server";
import { EXTENSIONS, type ImageFormat, MAX_INPUT_PIXELS, normalizeImage, removeFiles, sniffImage } from "~/lib/image-pipeline.server";
import { type DB } from "~/lib/sqlite.server";

/**
 * A review's photos: checked by their bytes, re-encoded without metadata (no EXIF, no GPS) and
 * given a square thumbnail, all in memory first, so a refused photo leaves nothing on disk.
 * Files live in UPLOAD_DIR/reviews/<uuid>.<ext>, thumbnails in reviews/thumbs/thumb-<file>.
 * Nothing serves that folder as it is: findReviewPhotoFile tells the one route that does whose
 * photo a path is, so a photo is public only while its review is approved.
 */

export const REVIEWS_URL_PREFIX = "/uploads/reviews/";
/** A stored photo's file name (the seed's demo photos have readable ones). */
const STORED_NAME = /^[\w-]+\.(jpg|png|webp)$/;
const THUMB_PREFIX = "thumbs/thumb-";
const THUMB_SIZE = 240;
/** The long side of a stored photo: enough for a phone's screen, small enough to keep. */
const MAX_SIDE = 1600;

export interface PreparedPhoto {
  fileName: string;
  data: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

export interface StoredPhoto {
  imageUrl: string;
  thumbUrl: string;
  width: number;
  height: number;
  files: string[];
}

function reviewsDir(): string {
  return path.join(path.resolve(getEnv().UPLOAD_DIR), "reviews");
}

/**
 * Checks and re-encodes every photo; throws DomainError 400 (not an image, too many) or 413
 * (too large) before anything is written.
 */
export async function preparePhotos(files: File[]): Promise<PreparedPhoto[]> {
  if (files.length > REVIEW_LIMITS.photos) throw new DomainError(REVIEW_TEXT.tooManyPhotos, 400, "photos");
  const out: PreparedPhoto[] = [];
  for (const file of files) {
    if (file.size > MAX_FILE_BYTES) throw new DomainError(REVIEW_TEXT.photoTooLarge(file.name), 413, "photos");
    const input = Buffer.from(await file.arrayBuffer());
    const sniffed = await sniffImage(input);
    if (!sniffed) throw new DomainError(REVIEW_TEXT.photoRefused(file.name), 400, "photos");
    let image: { data: Buffer; width: number; height: number };
    let thumb: Buffer;
    try {
      const upright = await normalizeImage(input, sniffed.format);
      image = await shrink(upright, sniffed.format);
      thumb = await sharp(image.data, { limitInputPixels: MAX_INPUT_PIXELS }).resize(THUMB_SIZE, THUMB_SIZE, { fit: "cover" }).toBuffer();
    } catch {
      throw new DomainError(REVIEW_TEXT.photoRefused(file.name), 400, "photos");
    }
    out.push({ fileName: `${randomUUID()}.${EXTENSIONS[sniffed.format]}`, data: image.data, thumb, width: image.width, height: image.height });
  }
  return out;
}

async function shrink(image: { data: Buffer; width: number; height: number }, format: ImageFormat) {
  if (Math.max(image.width, image.height) <= MAX_SIDE) return image;
  const resized = sharp(image.data, { limitInputPixels: MAX_INPUT_PIXELS }).resize(MAX_SIDE, MAX_SIDE, { fit: "inside" });
  const encoded = format === "jpeg" ? resized.jpeg({ quality: 82, mozjpeg: true }) : format === "png" ? resized.png() : resized.webp({ quality: 80 });
  const out = await encoded.toBuffer({ resolveWithObject: true });
  return { data: out.data, width: out.info.width, height: out.info.height };
}

/** Writes prepared photos; on a failure removes what it wrote and throws. */
export async function writePhotos(photos: PreparedPhoto[]): Promise<StoredPhoto[]> {
  if (photos.length === 0) return [];
  const dir = reviewsDir();
  mkdirSync(path.join(dir, "thumbs"), { recursive: true });
  const stored: StoredPhoto[] = [];
  try {
    for (const p of photos) {
      const file = path.join(dir, p.fileName);
      const thumb = path.join(dir, "thumbs", `thumb-${p.fileName}`);
      stored.push({
        imageUrl: `${REVIEWS_URL_PREFIX}${p.fileName}`,
        thumbUrl: `${REVIEWS_URL_PREFIX}thumbs/thumb-${p.fileName}`,
        width: p.width,
        height: p.height,
        files: [file, thumb],
      });
      await fs.writeFile(file, p.data);
      await fs.writeFile(thumb, p.thumb);
    }
  } catch (error) {
    await removeFiles(stored.flatMap((s) => s.files));
    throw error;
  }
  return stored;
}

/** Deletes a review photo and its thumbnail; URLs outside /uploads/reviews/ are ignored. */
export async function deleteReviewPhotoFiles(imageUrls: string[]): Promise<void> {
  const dir = reviewsDir();
  const files: string[] = [];
  for (const url of imageUrls) {
    if (!url.startsWith(REVIEWS_URL_PREFIX)) continue;
    const name = url.slice(REVIEWS_URL_PREFIX.length);
    if (!STORED_NAME.test(name)) continue;
    files.push(path.join(dir, name), path.join(dir, "thumbs", `thumb-${name}`));
  }
  await removeFiles(files);
}

export interface ReviewPhotoFile {
  /** The file on disk: the photo or its thumbnail. */
  file: string;
  status: ReviewStatus;
}

/**
 * The file behind a path under /uploads/reviews/ (`<file>` or `thumbs/thumb-<file>`) and the
 * status of the review it belongs to; null when no review holds that photo (a deleted review's
 * file that was left behind included) or the path is not a stored photo's.
 */
export async function findReviewPhotoFile(db: DB, rest: string): Promise<ReviewPhotoFile | null> {
  const thumb = rest.startsWith(THUMB_PREFIX);
  const name = thumb ? rest.slice(THUMB_PREFIX.length) : rest;
  if (!STORED_NAME.test(name)) return null;
  const row = await db
    .selectFrom("review_photos as ph")
    .innerJoin("reviews as r", "r.id", "ph.review_id")
    .select("r.status")
    .where("ph.image_url", "=", `${REVIEWS_URL_PREFIX}${name}`)
    .executeTakeFirst();
  if (!row) return null;
  const dir = reviewsDir();
  return { file: thumb ? path.join(dir, "thumbs", `thumb-${name}`) : path.join(dir, name), status: row.status as ReviewStatus };
}
