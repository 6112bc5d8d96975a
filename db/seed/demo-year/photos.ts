import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { seededRandom } from "../random";
import { writeProductImage } from "../images";
import { type DemoContext, REVIEW_PHOTO_SIZE, REVIEW_THUMB_SIZE } from "./context";
import { between, inBatches, pick } from "./helpers";

/** A customer's photo of the piece: a soft gradient with a dress-like shape in its colour. */
export function reviewPhotoSvg(color: string, seed: number): string {
  const rnd = seededRandom(seed);
  const warm = ["#f6e7dc", "#efe3f1", "#e3eef0", "#f3efdd", "#f2e2e6"];
  const top = pick(rnd, warm);
  const bottom = pick(rnd, ["#d9c4b4", "#c9b8d4", "#b9cfd3", "#d8cfae", "#dcbfc7"]);
  const s = REVIEW_PHOTO_SIZE;
  const tilt = Math.round(between(rnd, -8, 8));
  const trim = "#ffffff";
  const hair = pick(rnd, ["#7a5238", "#d9b26f", "#3b2a22", "#a4522f"]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 800 800">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="${rnd().toFixed(2)}" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<radialGradient id="light" cx="${between(rnd, 0.25, 0.75).toFixed(2)}" cy="0.2" r="0.8"><stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<linearGradient id="fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000000" stop-opacity="0.12"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.12"/><stop offset="1" stop-color="#000000" stop-opacity="0.16"/></linearGradient>
</defs>
<rect width="800" height="800" fill="url(#bg)"/>
<rect width="800" height="800" fill="url(#light)"/>
<ellipse cx="400" cy="705" rx="230" ry="26" fill="#4a3a30" opacity="0.12"/>
<g transform="rotate(${tilt} 400 420)">
<path d="M340 150 C336 84 464 84 460 150 C476 190 468 236 446 244 L354 244 C332 236 324 190 340 150 Z" fill="${hair}"/>
<circle cx="400" cy="158" r="50" fill="#f3dccb"/>
<path d="M352 146 C356 104 444 104 448 146 C430 126 376 124 352 146 Z" fill="${hair}"/>
<circle cx="384" cy="164" r="4" fill="#5a4032"/><circle cx="416" cy="164" r="4" fill="#5a4032"/>
<path d="M392 184 Q400 190 408 184" fill="none" stroke="#c07a70" stroke-width="3" stroke-linecap="round"/>
<path d="M352 225 L448 225 L462 330 C520 430 560 560 590 680 L210 680 C240 560 280 430 338 330 Z" fill="${color}"/>
<path d="M352 225 L448 225 L462 330 C520 430 560 560 590 680 L210 680 C240 560 280 430 338 330 Z" fill="url(#fold)"/>
<path d="M338 330 Q400 350 462 330" fill="none" stroke="${trim}" stroke-width="8" opacity="0.8"/>
<path d="M214 668 Q400 700 586 668" fill="none" stroke="${trim}" stroke-width="10" stroke-dasharray="14 10" opacity="0.85"/>
<path d="M352 225 L326 300 L338 330 M448 225 L474 300 L462 330" fill="none" stroke="${color}" stroke-width="18" stroke-linecap="round"/>
</g>
</svg>`;
}

async function writeAtomically(pipeline: sharp.Sharp, file: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    await pipeline.toFile(tmp);
    renameSync(tmp, file);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

/** Writes the review photo and its thumbnail unless both exist; returns the files written. */
async function writeReviewPhoto(svg: string, file: string, thumb: string): Promise<number> {
  if (existsSync(file) && existsSync(thumb)) return 0;
  mkdirSync(path.dirname(thumb), { recursive: true });
  const pixels = await sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } } as const;
  await Promise.all([
    writeAtomically(sharp(pixels.data, raw).jpeg({ quality: 82 }), file),
    writeAtomically(sharp(pixels.data, raw).resize(REVIEW_THUMB_SIZE, REVIEW_THUMB_SIZE).jpeg({ quality: 80 }), thumb),
  ]);
  return 2;
}

/** Draws the photos the plan needs: files first, each skipped when it exists, so a failed run simply starts again. */
export async function writePhotoFiles(ctx: DemoContext): Promise<void> {
  await inBatches(ctx.files.productPhotos, 6, (j) => writeProductImage(j.spec, j.file, j.thumb));
  await inBatches(ctx.files.reviewPhotos, 6, (j) => writeReviewPhoto(j.svg, j.file, j.thumb));
}
