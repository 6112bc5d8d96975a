import { mkdirSync, promises as fs } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { RESPONSIVE_WIDTHS, THUMB_HEIGHT, THUMB_WIDTH, variantFileName, variantSlots } from "~/lib/images";

/**
 * The image work behind uploads and the seed's photos (sharp only, no database):
 * content sniffing, re-encoding without metadata, and the thumbnail + WebP widths that
 * app/lib/images.ts names.
 */

export const ACCEPTED_FORMATS = ["jpeg", "png", "webp"] as const;
export type ImageFormat = (typeof ACCEPTED_FORMATS)[number];

export const MIME_TYPES: Record<ImageFormat, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };
export const EXTENSIONS: Record<ImageFormat, string> = { jpeg: "jpg", png: "png", webp: "webp" };

/** Decompression-bomb guard: a 10 MB file may still claim a huge canvas. */
export const MAX_INPUT_PIXELS = 50_000_000;

export const ENCODE_OPTIONS = {
  jpeg: { quality: 82, mozjpeg: true } satisfies sharp.JpegOptions,
  png: { compressionLevel: 9, adaptiveFiltering: true } satisfies sharp.PngOptions,
  webp: { quality: 80, effort: 4 } satisfies sharp.WebpOptions,
};

export function isAcceptedFormat(format: string | undefined): format is ImageFormat {
  return (ACCEPTED_FORMATS as readonly string[]).includes(format ?? "");
}

/** What sharp reads from the bytes themselves (never the file name or the declared type); null when it is not a JPEG, PNG or WebP image. */
export async function sniffImage(data: Buffer): Promise<{ format: ImageFormat; width: number; height: number } | null> {
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!isAcceptedFormat(meta.format) || !meta.width || !meta.height) return null;
    return { format: meta.format, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

function encode(pipeline: sharp.Sharp, format: ImageFormat): sharp.Sharp {
  switch (format) {
    case "jpeg":
      return pipeline.jpeg(ENCODE_OPTIONS.jpeg);
    case "png":
      return pipeline.png(ENCODE_OPTIONS.png);
    case "webp":
      return pipeline.webp(ENCODE_OPTIONS.webp);
  }
}

/**
 * Turns the picture upright by its EXIF orientation and re-encodes it in its own format.
 * sharp writes no metadata unless asked (no keepMetadata/withMetadata here), so EXIF, GPS,
 * XMP and ICC comments are dropped. Animated WebP keeps only its first frame.
 * Throws when sharp cannot decode the data.
 */
export async function normalizeImage(data: Buffer, format: ImageFormat): Promise<{ data: Buffer; width: number; height: number }> {
  const out = await encode(sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).rotate(), format).toBuffer({ resolveWithObject: true });
  return { data: out.data, width: out.info.width, height: out.info.height };
}

async function writeAtomically(pipeline: sharp.Sharp, file: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
  try {
    await pipeline.toFile(tmp);
    await fs.rename(tmp, file);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

/** Paths of an image's derived files: the thumbnail and every possible WebP slot. */
export function derivedPaths(productsDir: string, fileName: string): string[] {
  return [
    path.join(productsDir, "thumbs", `thumb-${fileName}`),
    ...RESPONSIVE_WIDTHS.map((slot) => path.join(productsDir, "w", variantFileName(fileName, slot))),
  ];
}

interface DerivedJob {
  file: string;
  pipeline: () => sharp.Sharp;
}

/** The WebP variant jobs (`w/<base>-<slot>.webp`) of an image `width` pixels wide. */
function variantJobs(
  source: () => sharp.Sharp,
  productsDir: string,
  fileName: string,
  width: number,
  webp: sharp.WebpOptions = ENCODE_OPTIONS.webp,
): DerivedJob[] {
  return variantSlots(width).map(({ slot, width: w }) => ({
    file: path.join(productsDir, "w", variantFileName(fileName, slot)),
    pipeline: () => source().resize({ width: w, withoutEnlargement: true }).webp(webp),
  }));
}

async function runJobs(jobs: DerivedJob[], skipExisting: boolean): Promise<number> {
  const todo: DerivedJob[] = [];
  for (const job of jobs) {
    if (skipExisting && (await exists(job.file))) continue;
    todo.push(job);
  }
  for (const dir of new Set(todo.map((j) => path.dirname(j.file)))) mkdirSync(dir, { recursive: true });
  await Promise.all(todo.map((job) => writeAtomically(job.pipeline(), job.file)));
  return todo.length;
}

/**
 * Writes the WebP variants (`w/<base>-<slot>.webp`) of an image `width` pixels wide.
 * `source()` gives a fresh sharp pipeline over the upright original for each output. Existing
 * files are kept when `skipExisting` (the seed's re-runs); `webp` overrides the encoder options
 * (the seed trades a few percent of size for speed). Returns how many files were written.
 */
export function writeWebpVariants(
  source: () => sharp.Sharp,
  opts: { productsDir: string; fileName: string; width: number; skipExisting?: boolean; webp?: sharp.WebpOptions },
): Promise<number> {
  return runJobs(variantJobs(source, opts.productsDir, opts.fileName, opts.width, opts.webp), opts.skipExisting ?? false);
}

/** Writes the 300x375 thumbnail (`thumbs/thumb-<fileName>`, in `format`) and the WebP variants. */
export function writeDerivatives(
  source: () => sharp.Sharp,
  opts: { productsDir: string; fileName: string; width: number; format: ImageFormat; skipExisting?: boolean },
): Promise<number> {
  const { productsDir, fileName, width, format } = opts;
  return runJobs(
    [
      {
        file: path.join(productsDir, "thumbs", `thumb-${fileName}`),
        pipeline: () => encode(source().resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: "cover" }), format),
      },
      ...variantJobs(source, productsDir, fileName, width),
    ],
    opts.skipExisting ?? false,
  );
}

/** Removes files, ignoring the ones already gone. */
export async function removeFiles(files: string[]): Promise<void> {
  await Promise.all(files.map((f) => fs.rm(f, { force: true })));
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
