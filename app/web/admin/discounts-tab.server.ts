// The admin's Discounts tab (/admin?tab=discounts, `&edit=ID`): its data and its two forms' save (plain forms; JavaScript only saves page loads).
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { DomainError } from "~/domain/common/errors";
import { type AdminDiscount, createDiscount, getDiscount, listDiscounts, updateDiscount } from "~/domain/discounts/admin.server";
import { DISCOUNT_ADMIN_TEXT as T, DISCOUNT_INTENTS } from "~/domain/discounts/admin-texts";
import { DiscountCreateFormSchema, DiscountUpdateFormSchema } from "~/domain/discounts/schemas";
import { isoToShopLocal, shopDateTime } from "~/domain/common/shop-time";
import { db as sharedDb } from "~/lib/db.server";
import { centsToDecimal, formatMoney } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";
import { requestActor } from "~/web/actor.server";
import { type StoreActionData } from "~/web/admin/store-tabs.server";
import { formConstraints } from "~/web/form-constraints.server";
import { jsonError } from "~/web/http.server";
import { throwIfStorageFault } from "~/web/storage-fault.server";
import { redirectWithToast } from "~/web/toast.server";

export const DISCOUNTS_TAB_URL = "/admin?tab=discounts";

/**
 * The browser's own checks, from the schema, but the code is typed freely (lower-case, spaces:
 * normalised on the server) and the value is empty for free shipping.
 */
const CONSTRAINTS = {
  ...formConstraints(DiscountCreateFormSchema),
  code: { required: true, maxLength: 60 },
  value: {},
};

function idParam(value: string | null): number | null {
  return value && /^\d{1,12}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** What a code gives, in the table's words: '15% off', '$5.00 off', 'Free shipping'. */
export function discountGives(d: Pick<AdminDiscount, "type" | "value">): string {
  if (d.type === "percent") return `${d.value}% off`;
  if (d.type === "amount") return `${formatMoney(d.value)} off`;
  return "Free shipping";
}

function row(d: AdminDiscount) {
  return {
    id: d.id,
    code: d.code,
    gives: discountGives(d),
    minimum: d.minSubtotalCents === null ? null : formatMoney(d.minSubtotalCents),
    from: d.startsAt === null ? null : shopDateTime(d.startsAt),
    to: d.endsAt === null ? null : shopDateTime(d.endsAt),
    uses: d.maxUses === null ? `${d.uses}` : `${d.uses} of ${d.maxUses}`,
    oncePerEmail: d.oncePerEmail,
    public: d.public,
    active: d.active,
  };
}

/** A code as its edit form shows it: the owner's own formats ("5.00", Warsaw time). */
function formValues(d: AdminDiscount) {
  return {
    id: d.id,
    code: d.code,
    type: d.type,
    value: d.type === "amount" ? centsToDecimal(d.value) : d.type === "percent" ? String(d.value) : "",
    minSubtotal: d.minSubtotalCents === null ? "" : centsToDecimal(d.minSubtotalCents),
    startsAt: d.startsAt === null ? "" : isoToShopLocal(d.startsAt),
    endsAt: d.endsAt === null ? "" : isoToShopLocal(d.endsAt),
    maxUses: d.maxUses === null ? "" : String(d.maxUses),
    uses: d.uses,
    oncePerEmail: d.oncePerEmail,
    public: d.public,
    active: d.active,
  };
}

export async function loadDiscountsTab(db: DB, url: URL) {
  const editId = idParam(url.searchParams.get("edit"));
  const [discounts, editing] = await Promise.all([listDiscounts(db), editId === null ? null : getDiscount(db, editId)]);
  return { discounts: discounts.map(row), editing: editing ? formValues(editing) : null, constraints: CONSTRAINTS };
}

export type DiscountsTabData = Awaited<ReturnType<typeof loadDiscountsTab>>;

const INTENTS: string[] = Object.values(DISCOUNT_INTENTS);

/** The tab's intents (the caller has checked the admin); null for any other. */
export async function discountsTabAction(request: Request, formData: FormData, intent: string, db: DB = sharedDb): Promise<Response | null> {
  if (!INTENTS.includes(intent)) return null;
  const actor = await requestActor(request);
  const refused = (data: StoreActionData, status: number) => json(data, { status });
  if (intent === DISCOUNT_INTENTS.create) {
    const submission = parseWithZod(formData, { schema: DiscountCreateFormSchema });
    if (submission.status !== "success") return refused({ intent, result: submission.reply() }, 400);
    try {
      const created = await createDiscount(db, submission.value, actor);
      return redirectWithToast(DISCOUNTS_TAB_URL, { title: T.added, description: created.code, type: "success" });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return refused({ intent, result: submission.reply(error.toConform()) }, error.status);
    }
  }
  const submission = parseWithZod(formData, { schema: DiscountUpdateFormSchema });
  if (submission.status !== "success") return refused({ intent, result: submission.reply() }, 400);
  try {
    const saved = await updateDiscount(db, submission.value.id, submission.value.patch, actor);
    return redirectWithToast(DISCOUNTS_TAB_URL, { title: T.saved, description: saved.code, type: "success" });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // A code gone meanwhile is a notice; a rule on a field is that field's error.
    const failure = error.field ? null : { title: T.notSaved, description: error.message, type: "error" as const };
    return refused({ intent, result: submission.reply(error.toConform()), failure }, error.status);
  }
}

/** The API's answer to a refused write: `{message}`, with `errors` on the field a rule names. */
export function discountApiError(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof DomainError) return jsonError(error.message, error.status, error.field ? { [error.field]: [error.message] } : undefined);
  throwIfStorageFault(error);
  throw error;
}
