import { createReadStream, promises as fs } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

const IMAGE_TYPES: Record<string, string> = { ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png", ".webp": "image/webp" };

/** The answer for a file that is not there, or not for this asker: nothing to learn from it, nothing to keep. */
export function fileNotFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * An image file of UPLOAD_DIR as the answer, with `cacheControl`, or 404 when it is not a
 * regular image file. It carries a validator (size and time), and a request that already holds
 * that version gets 304, so a short cache costs a revalidation, not the photo again.
 */
export async function imageFileResponse(request: Request, file: string, cacheControl: string): Promise<Response> {
  const type = IMAGE_TYPES[path.extname(file).toLowerCase()];
  if (!type) return fileNotFound();
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return fileNotFound();
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const headers = { "Cache-Control": cacheControl, ETag: etag, "X-Content-Type-Options": "nosniff" };
    const held = request.headers.get("If-None-Match");
    if (held && held.split(",").some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers });
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
      headers: { ...headers, "Content-Type": type, "Content-Length": String(stat.size) },
    });
  } catch {
    return fileNotFound();
  }
}
