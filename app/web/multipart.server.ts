import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { DomainError } from "~/lib/errors";
import { BODY_TOO_LARGE_MESSAGE, isBodyTooLarge, MAX_FILE_BYTES } from "~/lib/body-limit.server";

export const DEFAULT_MAX_FILE_BYTES = MAX_FILE_BYTES;
/** All files of one request together; only admins post files, so this only stops runaway clients. */
export const DEFAULT_MAX_TOTAL_BYTES = 100 * 1024 * 1024;
/** Text fields are small (ids, titles, descriptions); anything bigger is not a real form. */
const MAX_TEXT_BYTES = 1024 * 1024;
const MALFORMED = "Send the form as application/x-www-form-urlencoded or multipart/form-data";

export interface TooLargeFile {
  field: string;
  fileName: string;
}

/**
 * Parses a multipart (or urlencoded) request body into FormData.
 * - Files larger than `maxFileBytes` (default 10485760) are read through and dropped, never
 *   buffered: their field name and file name go in `tooLarge`, the other fields are kept.
 * - An empty file part (a file input left empty without JavaScript) is left out.
 * - A malformed body, another content type or a text field over 1 MB throws DomainError 400;
 *   kept files over `maxTotalBytes` together (default 100 MB) throw DomainError 413.
 */
export async function readMultipartForm(
  request: Request,
  opts: { maxFileBytes?: number; maxTotalBytes?: number } = {},
): Promise<{ form: FormData; tooLarge: TooLargeFile[] }> {
  const maxFileBytes = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    try {
      return { form: await request.formData(), tooLarge: [] };
    } catch (error) {
      if (isBodyTooLarge(error)) throw new DomainError(BODY_TOO_LARGE_MESSAGE, 413);
      throw new DomainError(MALFORMED, 400);
    }
  }
  if (type !== "multipart/form-data") throw new DomainError(MALFORMED, 400);

  const maxTotalBytes = opts.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
  let keptBytes = 0;
  const tooLarge: TooLargeFile[] = [];
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    // Browsers send `filename=""` for an empty file input; some clients leave the filename out
    // but still send the part's Content-Type, which text fields never carry.
    const isFile = typeof filename === "string" || (contentType !== undefined && !contentType.startsWith("text/plain"));
    const limit = isFile ? maxFileBytes : MAX_TEXT_BYTES;
    const chunks: Uint8Array[] = [];
    let size = 0;
    let over = false;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > limit) over = true;
      // Keep reading to the end of the part so the parser can go on to the next one.
      if (!over) chunks.push(chunk);
    }
    if (!isFile) {
      if (over) throw new DomainError("A form field is too long.", 400);
      return new TextDecoder().decode(Buffer.concat(chunks));
    }
    if (over) {
      tooLarge.push({ field: name, fileName: filename ?? "" });
      return undefined;
    }
    if (size === 0 && !filename) return undefined;
    keptBytes += size;
    if (keptBytes > maxTotalBytes) throw new DomainError("Too many files at once: please upload fewer images at a time.", 413);
    return new File(chunks as BlobPart[], filename ?? "", { type: contentType || "application/octet-stream" });
  };

  try {
    return { form: await unstable_parseMultipartFormData(request, handler), tooLarge };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (isBodyTooLarge(error)) throw new DomainError(BODY_TOO_LARGE_MESSAGE, 413);
    throw new DomainError(MALFORMED, 400);
  }
}
