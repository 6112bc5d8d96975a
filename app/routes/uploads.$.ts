import { createReadStream, promises as fs } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { type LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/lib/env.server";

const TYPES: Record<string, string> = { ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png", ".webp": "image/webp" };

/**
 * Serves product images from UPLOAD_DIR when it is not inside public/ (tests, other
 * deployments). When it is public/uploads, the static server answers first.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const root = path.resolve(getEnv().UPLOAD_DIR);
  const rel = params["*"] ?? "";
  const file = path.resolve(root, rel);
  const type = TYPES[path.extname(file).toLowerCase()];
  if (!type || !file.startsWith(root + path.sep)) return new Response("Not found", { status: 404 });
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return new Response("Not found", { status: 404 });
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
      headers: {
        "Content-Type": type,
        "Content-Length": String(stat.size),
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch {
    return new Response("Not found", { status: 404 });
  }
}
