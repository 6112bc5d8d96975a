// The admin store tabs: Categories, Users, Loyalty, Functions and Settings (data and form actions).
import { parseWithZod } from "@conform-to/zod";
import { json, redirect } from "@remix-run/node";
import { type z, type ZodTypeAny } from "zod";
import {
  cleanOrphanedRelationships,
  createCategory,
  deleteCategory,
  listAdminCategories,
  recalculateAllCategoryCounts,
  updateCategory,
} from "~/domain/catalogue/categories-write.server";
import { redirectWithToast, type Toast } from "~/web/toast.server";
import { DomainError } from "~/domain/common/errors";
import { getLegalSettings, getStoreSettings } from "~/domain/common/settings.server";
import { getReviewSettings } from "~/domain/reviews/settings.server";
import { DISPATCH_TIME_TEXT } from "~/domain/orders/dispatch-time";
import { DispatchTimeSchema } from "~/domain/orders/schemas";
import { getDispatchTime, saveDispatchTime } from "~/domain/orders/dispatch-time.server";
import { CustomsSettingsSchema } from "~/domain/customs/schemas";
import { getCustomsSettings, saveCustomsSettings } from "~/domain/customs/settings.server";
import { CUSTOMS_TEXT } from "~/domain/customs/texts";
import { getLoyaltyConfig } from "~/domain/loyalty/loyalty.server";
import { type Actor } from "~/domain/ops/activity.server";
import { requestActor } from "~/web/actor.server";
import { getLastBackup, runBackup } from "~/domain/ops/backup.server";
import { readReplication } from "~/domain/ops/replication.server";
import { formatBytes } from "~/lib/bytes";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { type DB } from "~/lib/sqlite.server";
import { AwardPointsSchema } from "~/domain/loyalty/schemas";
import { CategoryIdSchema, CategorySchema, UpdateCategorySchema } from "~/domain/catalogue/category-schemas";
import { LegalSettingsSchema, LoyaltySettingsSchema, StoreSettingsSchema } from "~/domain/common/settings-schemas";
import { saveLegalSettings, saveLoyaltyRules, saveStoreSettings } from "~/domain/common/settings.server";
import { loadShippingZonesCard, shippingZoneAction } from "~/web/admin/shipping-zones.server";
import { loadTaxCard, taxSettingsAction } from "~/web/admin/tax-settings.server";
import { awardedDescription, AWARD_TEXT } from "~/domain/loyalty/award-texts";
import { cleanedMessage, CATEGORY_TEXT } from "~/domain/catalogue/category-texts";
import { fullCategoryTexts } from "~/domain/catalogue/translations";
import { STORE_INTENTS, SETTINGS_TEXT } from "~/domain/common/settings-texts";
import { awardPoints } from "~/domain/loyalty/awards.server";
import { throwIfStorageFault } from "~/web/storage-fault.server";
import { listAccounts } from "~/domain/auth/accounts.server";
import { ReviewSettingsSchema } from "~/domain/reviews/schemas";
import { type FormConstraints, formConstraints } from "~/web/form-constraints.server";
import { type FieldConstraint } from "~/lib/field-constraint";

export const STORE_TAB_URL = {
  categories: "/admin?tab=categories",
  users: "/admin?tab=users",
  loyalty: "/admin?tab=loyalty",
  functions: "/admin?tab=maintenance",
  settings: "/admin?tab=settings",
} as const;

function idParam(value: string | null): number | null {
  return value && /^\d{1,12}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

async function recentAwards(db: DB) {
  return db
    .selectFrom("loyalty_events as e")
    .innerJoin("users as u", "u.id", "e.user_id")
    .select(["e.id", "u.email", "e.points", "e.points_after as pointsAfter", "e.created_at as createdAt"])
    .where("e.event_type", "=", "admin_reward")
    .orderBy("e.created_at", "desc")
    .orderBy("e.id", "desc")
    .limit(10)
    .execute();
}

/** The store tabs' forms' native constraints, from the schemas their actions parse with. */
/** With the Polish fields as the form names them (getZodConstraint flattens nested fields). */
const CATEGORY_CONSTRAINTS = formConstraints(CategorySchema) as FormConstraints<typeof CategorySchema> &
  Record<"translations.pl.name" | "translations.pl.description", FieldConstraint>;
const AWARD_CONSTRAINTS = formConstraints(AwardPointsSchema);
const SETTINGS_CONSTRAINTS = {
  store: formConstraints(StoreSettingsSchema),
  legal: formConstraints(LegalSettingsSchema),
  loyalty: formConstraints(LoyaltySettingsSchema),
  reviews: formConstraints(ReviewSettingsSchema),
  dispatch: formConstraints(DispatchTimeSchema),
  customs: formConstraints(CustomsSettingsSchema),
};
export type SettingsConstraints = typeof SETTINGS_CONSTRAINTS;

/** The Categories tab (`&edit=ID`, `&add=1`, and the no-JavaScript delete question `&confirm=delete&category=ID`). */
export async function loadCategoriesTab(db: DB, url: URL) {
  const categories = await listAdminCategories(db);
  const editId = idParam(url.searchParams.get("edit"));
  const deleteId = url.searchParams.get("confirm") === "delete" ? idParam(url.searchParams.get("category")) : null;
  return {
    kind: "categories" as const,
    categories,
    editing: categories.find((c) => c.id === editId) ?? null,
    adding: url.searchParams.get("add") === "1",
    confirmDelete: categories.find((c) => c.id === deleteId) ?? null,
    constraints: CATEGORY_CONSTRAINTS,
  };
}

export async function loadUsersTab(db: DB) {
  return { kind: "users" as const, users: await listAccounts(db) };
}

/** The Loyalty tab (`&email=` fills the award form). */
export async function loadLoyaltyTab(db: DB, url: URL) {
  const [config, awards] = await Promise.all([getLoyaltyConfig(db), recentAwards(db)]);
  return { kind: "loyalty" as const, config, awards, email: url.searchParams.get("email") ?? "", constraints: AWARD_CONSTRAINTS };
}

/** Settings → Maintenance (`&confirm=recalculate|clean` asks before running one). */
export async function loadFunctionsTab(db: DB, url: URL) {
  const confirm = url.searchParams.get("confirm");
  return {
    kind: "functions" as const,
    confirm: confirm === "recalculate" || confirm === "clean" ? (confirm as "recalculate" | "clean") : null,
    lastBackup: await getLastBackup(db),
    backupDir: getEnv().BACKUP_DIR,
    replication: readReplication(getEnv().DATABASE_PATH, getEnv().LITESTREAM_REPLICA_URL),
  };
}

export async function loadSettingsTab(db: DB, url: URL) {
  const [settings, zones, loyalty, legal, reviews] = await Promise.all([
    getStoreSettings(db, getEnv().SHOP_EMAIL),
    loadShippingZonesCard(db, url),
    getLoyaltyConfig(db),
    getLegalSettings(db, getEnv().SHOP_EMAIL),
    getReviewSettings(db),
  ]);
  return {
    kind: "settings" as const,
    customs: await getCustomsSettings(db),
    tax: await loadTaxCard(db),
    settings,
    zones,
    loyalty,
    legal,
    reviews,
    dispatch: await getDispatchTime(db),
    constraints: SETTINGS_CONSTRAINTS,
  };
}

/** What a refused store-tab form answers (the page renders it again from this). */
export interface StoreActionData {
  intent: string;
  result?: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null | undefined> | null };
  failure?: Toast | null;
}

function refused(data: StoreActionData, status: number): Response {
  return json(data, { status });
}

/** Handles the store tabs' intents; returns null for an intent it does not know. */
export async function storeTabAction(request: Request, formData: FormData, intent: string): Promise<Response | null> {
  if (!Object.values(STORE_INTENTS).includes(intent as never)) return null;
  const actor = await requestActor(request);
  switch (intent) {
    case STORE_INTENTS.categoryCreate:
    case STORE_INTENTS.categoryUpdate:
      return saveCategory(formData, intent, actor);
    case STORE_INTENTS.categoryDelete:
      return removeCategory(formData, actor);
    case STORE_INTENTS.loyaltyAward:
      return award(formData, actor);
    case STORE_INTENTS.functionsRecalculate:
    case STORE_INTENTS.functionsClean:
      return runFunction(formData, intent, actor);
    case STORE_INTENTS.settingsSave:
      return saveSettingsForm(formData, intent, StoreSettingsSchema, saveStoreSettings, SETTINGS_TEXT.settingsSaved, actor);
    case STORE_INTENTS.zoneSave:
    case STORE_INTENTS.zoneDelete:
      return shippingZoneAction(formData, intent, actor);
    case STORE_INTENTS.loyaltySave:
      return saveSettingsForm(formData, intent, LoyaltySettingsSchema, saveLoyaltyRules, SETTINGS_TEXT.loyaltySaved, actor);
    case STORE_INTENTS.legalSave:
      return saveSettingsForm(formData, intent, LegalSettingsSchema, saveLegalSettings, SETTINGS_TEXT.legalSaved, actor);
    case STORE_INTENTS.dispatchSave:
      return saveSettingsForm(formData, intent, DispatchTimeSchema, saveDispatchTime, DISPATCH_TIME_TEXT.saved, actor);
    case STORE_INTENTS.customsSave:
      return saveSettingsForm(formData, intent, CustomsSettingsSchema, saveCustomsSettings, CUSTOMS_TEXT.saved, actor);
    case STORE_INTENTS.taxSave:
    case STORE_INTENTS.vatRateAdd:
      return taxSettingsAction(formData, intent, actor);
    case STORE_INTENTS.backupNow:
      return backupNow(actor);
    default:
      return null;
  }
}

function saveCategory(formData: FormData, intent: typeof STORE_INTENTS.categoryCreate | typeof STORE_INTENTS.categoryUpdate, actor: Actor) {
  if (intent === STORE_INTENTS.categoryUpdate) {
    const submission = parseWithZod(formData, { schema: UpdateCategorySchema });
    if (submission.status !== "success") return refused({ intent, result: submission.reply() }, 400);
    // The form posts both Polish fields: an empty one means none (Conform leaves empty fields out).
    const value = { ...submission.value, translations: { pl: fullCategoryTexts(submission.value.translations?.pl) } };
    return categorySaved(
      intent,
      value.name,
      (e) => submission.reply(e),
      () => updateCategory(db, value, actor),
    );
  }
  const submission = parseWithZod(formData, { schema: CategorySchema });
  if (submission.status !== "success") return refused({ intent, result: submission.reply() }, 400);
  const value = { ...submission.value, translations: { pl: fullCategoryTexts(submission.value.translations?.pl) } };
  return categorySaved(
    intent,
    value.name,
    (e) => submission.reply(e),
    () => createCategory(db, value, actor),
  );
}

async function categorySaved(
  intent: string,
  name: string,
  reply: (error: ReturnType<DomainError["toConform"]>) => StoreActionData["result"],
  save: () => Promise<unknown>,
): Promise<Response> {
  try {
    await save();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return refused({ intent, result: reply(error.toConform()) }, error.status);
  }
  const title = intent === STORE_INTENTS.categoryUpdate ? CATEGORY_TEXT.categoryUpdated : CATEGORY_TEXT.categoryCreated;
  return redirectWithToast(STORE_TAB_URL.categories, { title, description: name, type: "success" });
}

async function removeCategory(formData: FormData, actor: Actor) {
  const intent = STORE_INTENTS.categoryDelete;
  const submission = parseWithZod(formData, { schema: CategoryIdSchema });
  if (submission.status !== "success") {
    return refused({ intent, failure: { title: CATEGORY_TEXT.categoryDeleteFailed, description: CATEGORY_TEXT.categoryNotFound, type: "error" } }, 400);
  }
  const id = submission.value.id;
  // Without JavaScript there is no confirm() prompt: the page asks first.
  if (formData.get("confirmed") !== "yes") return redirect(`${STORE_TAB_URL.categories}&confirm=delete&category=${id}`);
  try {
    const { name } = await deleteCategory(db, id, actor);
    return redirectWithToast(STORE_TAB_URL.categories, { title: CATEGORY_TEXT.categoryDeleted, description: name, type: "success" });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return refused({ intent, failure: { title: CATEGORY_TEXT.categoryDeleteFailed, description: error.message, type: "error" } }, error.status);
  }
}

async function award(formData: FormData, actor: Actor) {
  const intent = STORE_INTENTS.loyaltyAward;
  const submission = parseWithZod(formData, { schema: AwardPointsSchema });
  if (submission.status !== "success") {
    const errors = Object.values(submission.error ?? {})
      .flat()
      .filter((m): m is string => typeof m === "string");
    return refused({ intent, result: submission.reply(), failure: { title: AWARD_TEXT.awardFailed, description: errors[0], type: "error" } }, 400);
  }
  try {
    const done = await awardPoints(db, submission.value, actor);
    return redirectWithToast(STORE_TAB_URL.loyalty, {
      title: AWARD_TEXT.awardSuccessTitle,
      description: awardedDescription(done.points, done.email),
      type: "success",
    });
  } catch (error) {
    throwIfStorageFault(error);
    if (!(error instanceof DomainError)) {
      console.error("Award points failed:", error);
      return refused({ intent, result: submission.reply(), failure: { title: AWARD_TEXT.awardFailed, type: "error" } }, 500);
    }
    return refused(
      { intent, result: submission.reply(error.toConform()), failure: { title: AWARD_TEXT.awardFailed, description: error.message, type: "error" } },
      error.status,
    );
  }
}

async function runFunction(formData: FormData, intent: typeof STORE_INTENTS.functionsRecalculate | typeof STORE_INTENTS.functionsClean, actor: Actor) {
  const isRecalculate = intent === STORE_INTENTS.functionsRecalculate;
  if (formData.get("confirmed") !== "yes") {
    return redirect(`${STORE_TAB_URL.functions}&confirm=${isRecalculate ? "recalculate" : "clean"}`);
  }
  try {
    if (isRecalculate) {
      await recalculateAllCategoryCounts(db, actor);
      return redirectWithToast(STORE_TAB_URL.functions, { title: CATEGORY_TEXT.recalculated, type: "success" });
    }
    const deleted = await cleanOrphanedRelationships(db, actor);
    return redirectWithToast(STORE_TAB_URL.functions, { title: cleanedMessage(deleted), type: "success" });
  } catch (error) {
    console.error("Admin function failed:", error);
    return redirectWithToast(STORE_TAB_URL.functions, {
      title: isRecalculate ? CATEGORY_TEXT.recalculateFailed : CATEGORY_TEXT.cleanFailed,
      type: "error",
    });
  }
}

/** A Settings-tab form: its schema, then its domain save (which logs the changed fields), then a toast. */
async function saveSettingsForm<S extends ZodTypeAny>(
  formData: FormData,
  intent: string,
  schema: S,
  save: (db: DB, value: z.infer<S>, actor: Actor) => Promise<unknown>,
  savedTitle: string,
  actor: Actor,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return refused({ intent, result: submission.reply() }, 400);
  await save(db, submission.value, actor);
  return redirectWithToast(STORE_TAB_URL.settings, { title: savedTitle, type: "success" });
}

async function backupNow(actor: Actor) {
  const env = getEnv();
  try {
    const done = await runBackup(db, { databasePath: env.DATABASE_PATH, uploadDir: env.UPLOAD_DIR, backupDir: env.BACKUP_DIR, trigger: "admin", actor });
    return redirectWithToast(STORE_TAB_URL.functions, {
      title: SETTINGS_TEXT.backupDone,
      description: `${done.file.split("/").pop()} (${formatBytes(done.sizeBytes)})`,
      type: "success",
    });
  } catch (error) {
    console.error("Backup failed:", error);
    return redirectWithToast(STORE_TAB_URL.functions, { title: SETTINGS_TEXT.backupFailed, type: "error" });
  }
}
