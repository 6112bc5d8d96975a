import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { MADE_TO_ORDER_HOLD_TOAST_TEXT, MADE_TO_ORDER_RELEASE_INTENT } from "~/domain/catalogue/made-to-order";
import { releaseUnpaidHolds } from "~/domain/catalogue/made-to-order-holds.server";
import { DomainError } from "~/domain/common/errors";
import { db as sharedDb } from "~/lib/db.server";
import { type DB } from "~/lib/sqlite.server";
import { requestActor } from "~/web/actor.server";
import { redirectWithToast } from "~/web/toast.server";

// The Orders tab's release of the made-to-order places unpaid orders hold of a product: a plain
// form (works without JavaScript), post/redirect/get with a notification.

const ReleaseFormSchema = z.object({ productId: z.number().int().positive() });

/** Answers the release intent (null for any other), back to `back`. */
export async function releaseHoldsAction(request: Request, formData: FormData, intent: string, back: string, db: DB = sharedDb): Promise<Response | null> {
  if (intent !== MADE_TO_ORDER_RELEASE_INTENT) return null;
  const submission = parseWithZod(formData, { schema: ReleaseFormSchema });
  if (submission.status !== "success") return redirectWithToast(back, { title: MADE_TO_ORDER_HOLD_TOAST_TEXT.failed, type: "error" });
  try {
    const done = await releaseUnpaidHolds(db, submission.value.productId, await requestActor(request));
    return redirectWithToast(back, { ...MADE_TO_ORDER_HOLD_TOAST_TEXT.released(done.orderIds.length, done.title), type: "success" });
  } catch (error) {
    if (!(error instanceof DomainError)) console.error("Releasing made-to-order places failed:", error);
    const description = error instanceof DomainError ? error.message : undefined;
    return redirectWithToast(back, { title: MADE_TO_ORDER_HOLD_TOAST_TEXT.failed, description, type: "error" });
  }
}
