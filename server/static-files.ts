import path from "node:path";
import express, { type Handler } from "express";

export const YEAR_IMMUTABLE = "public, max-age=31536000, immutable";
const FILE_EXTENSION = /\.[A-Za-z0-9]+$/;

/** The build's assets (/build/...): content-hashed names, so cached for a year as immutable. */
export function buildAssets(assetsBuildDirectory: string): Handler {
  return express.static(assetsBuildDirectory, { immutable: true, maxAge: "1y" });
}

/**
 * public/ with an hour's cache, except product images, which are stored under new random names
 * (thumbnails and WebP widths derive from that name) and so never change: a year, immutable.
 * A path without a file extension is a page, never a file here: it skips the file lookup (a
 * failing stat per page request cost about 6 % of a page's CPU in tests/bench).
 * Review photos (public/uploads/reviews/ when UPLOAD_DIR is public/uploads) are never served
 * here, however the path is spelled: the app's route serves them while their review is approved.
 */
export function publicFiles(publicDir = "public"): Handler {
  const root = path.resolve(publicDir);
  const productImages = path.join(root, "uploads", "products") + path.sep;
  const reviewPhotos = (path.join(root, "uploads", "reviews") + path.sep).toLowerCase();
  const serve = express.static(root, {
    maxAge: "1h",
    setHeaders(res, file) {
      if (file.startsWith(productImages)) res.setHeader("Cache-Control", YEAR_IMMUTABLE);
    },
  });
  return function publicFile(req, res, next) {
    if (!FILE_EXTENSION.test(req.path) || isUnder(root, req.path, reviewPhotos)) return next();
    serve(req, res, next);
  };
}

/** Whether a request path names a file under `dir` (lower case, with its separator), as the static server would decode it. */
function isUnder(root: string, requestPath: string, dir: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return false;
  }
  return path.join(root, decoded).toLowerCase().startsWith(dir);
}
