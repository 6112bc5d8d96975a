// A photo for the owner's pages, from the page editor's form or POST /api/admin/pages/photos:
// one reading of the multipart fields for both, refusals as field errors.
import { DomainError } from "~/domain/common/errors";
import { type PagePhoto, savePagePhoto } from "~/domain/pages/photos.server";
import { PAGE_PHOTO_TEXT, PagePhotoSchema } from "~/domain/pages/schemas";
import { type DB } from "~/lib/sqlite.server";
import { type TooLargeFile } from "~/web/multipart.server";

export type PhotoOutcome =
  { ok: true; photo: PagePhoto } | { ok: false; status: 400 | 401 | 403 | 404 | 409 | 413 | 429; message: string; fieldErrors: Record<string, string[]> };

function refused(error: DomainError): PhotoOutcome {
  return { ok: false, status: error.status, message: error.message, fieldErrors: { [error.field ?? "photo"]: [error.message] } };
}

/** Checks the `photo` and `alt` fields of a multipart form and keeps the photo (photos.server.ts). */
export async function addPagePhoto(db: DB, form: FormData, tooLarge: TooLargeFile[], userId: number | null): Promise<PhotoOutcome> {
  if (tooLarge.length > 0) return refused(new DomainError(PAGE_PHOTO_TEXT.tooLarge, 413, "photo"));
  const parsed = PagePhotoSchema.safeParse({ photo: form.get("photo") ?? undefined, alt: form.get("alt") ?? undefined });
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0])] ??= []).push(issue.message);
    return { ok: false, status: 400, message: Object.values(fieldErrors)[0]![0]!, fieldErrors };
  }
  try {
    return { ok: true, photo: await savePagePhoto(db, parsed.data, userId) };
  } catch (error) {
    if (error instanceof DomainError) return refused(error);
    throw error;
  }
}
