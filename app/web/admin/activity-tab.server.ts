// The admin's Activity tab (/admin?tab=activity): its filter read from the query, and one page of the log.
import { z } from "zod";
import { isActivityKind } from "~/domain/ops/activity-kinds";
import { listActivity } from "~/domain/ops/activity.server";
import { type DB } from "~/lib/sqlite.server";
import { formConstraints } from "~/web/form-constraints.server";

/** The filter's typed field: an order or product number, "#" allowed. Any other value filters nothing (a hostile query is no error). */
const ActivityFilterSchema = z.object({
  id: z
    .string()
    .trim()
    .max(13)
    .regex(/^#?\d{1,12}$/)
    .transform((text) => Number(text.replace(/^#/, "")))
    .optional(),
});

/** The Activity tab's data: the filter from the query (?kind=&subject=product|order&id=&page=) and one page of rows. */
export async function loadActivityTab(db: DB, url: URL) {
  const kind = url.searchParams.get("kind") ?? "";
  const subject = url.searchParams.get("subject") ?? "";
  const id = ActivityFilterSchema.shape.id.safeParse(url.searchParams.get("id") ?? undefined);
  const subjectId = id.success ? (id.data ?? null) : null;
  const page = Number(url.searchParams.get("page") ?? "1");
  const result = await listActivity(db, {
    kind: kind || null,
    subjectType: subject || null,
    subjectId,
    page: Number.isFinite(page) ? page : 1,
  });
  return {
    ...result,
    filter: {
      kind: isActivityKind(kind) ? kind : "",
      subject: subject === "product" || subject === "order" ? subject : "",
      id: subjectId ? String(subjectId) : "",
    },
    constraints: formConstraints(ActivityFilterSchema),
    here: url.pathname + url.search,
  };
}

export type ActivityTabData = Awaited<ReturnType<typeof loadActivityTab>>;
