import path from "node:path";
import { type LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/lib/env.server";
import { fileNotFound, imageFileResponse } from "~/web/upload-files.server";

/**
 * Serves product images from UPLOAD_DIR when it is not inside public/ (tests, other
 * deployments). When it is public/uploads, the static server answers first. Review photos are
 * never served here, however the path is spelled: only uploads.reviews.$.ts, which checks that
 * the review is approved.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const root = path.resolve(getEnv().UPLOAD_DIR);
  const file = path.resolve(root, params["*"] ?? "");
  const reviews = path.join(root, "reviews") + path.sep;
  if (!file.startsWith(root + path.sep) || file.toLowerCase().startsWith(reviews.toLowerCase())) return fileNotFound();
  return imageFileResponse(request, file, "public, max-age=31536000, immutable");
}
