import { type Actor, diffFields, logActivity, SYSTEM_ACTOR } from "~/domain/ops/activity.server";
import { sql } from "kysely";
import { recalculateCategoryCounts } from "~/domain/catalogue/categories.server";
import { slugify } from "~/domain/catalogue/slug";
import { DomainError } from "~/domain/common/errors";
import { type DB } from "~/lib/sqlite.server";
import { type CategoryInput, type UpdateCategoryInput } from "~/domain/catalogue/category-schemas";
import { CATEGORY_TEXT, stillHasChildren, stillHasProducts } from "~/domain/catalogue/category-texts";
import { type CategoryTranslations, readCategoryTranslations, writeCategoryTranslations } from "~/domain/catalogue/translations.server";
import { EMPTY_CATEGORY_TEXTS } from "~/domain/catalogue/translations";

export interface AdminCategory {
  id: number;
  name: string;
  slug: string;
  parentId: number | null;
  parentName: string | null;
  sortOrder: number;
  isActive: boolean;
  productCount: number;
  childCount: number;
  /** The owner's Polish name and description (empty: the English name is shown). */
  translations: CategoryTranslations;
}

/** Every category for the admin table, parents first, each with its parent's name and child count. */
export async function listAdminCategories(db: DB): Promise<AdminCategory[]> {
  const rows = await db
    .selectFrom("categories as c")
    .leftJoin("categories as p", "p.id", "c.parent_id")
    .select([
      "c.id",
      "c.name",
      "c.slug",
      "c.parent_id as parentId",
      "p.name as parentName",
      "c.sort_order as sortOrder",
      "c.is_active as isActive",
      "c.product_count as productCount",
      sql<number>`(SELECT count(*) FROM categories k WHERE k.parent_id = c.id)`.as("childCount"),
    ])
    .orderBy(sql`coalesce(p.sort_order, c.sort_order)`)
    .orderBy(sql`coalesce(p.name, c.name)`)
    .orderBy(sql`c.parent_id IS NOT NULL`)
    .orderBy("c.sort_order")
    .orderBy("c.name")
    .execute();
  const texts = await readCategoryTranslations(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    isActive: r.isActive === 1,
    childCount: Number(r.childCount),
    translations: { pl: texts.get(r.id) ?? { ...EMPTY_CATEGORY_TEXTS } },
  }));
}

interface CategoryValues {
  name: string;
  slug: string;
  parent_id: number | null;
  sort_order: number;
  is_active: 0 | 1;
}

/** Checks the rules that need the database; throws DomainError with the field it concerns. */
async function checkedValues(db: DB, input: CategoryInput, selfId: number | null): Promise<CategoryValues> {
  const slug = input.slug || slugify(input.name);
  if (!slug) throw new DomainError("Please use letters or numbers in the name, or enter a slug", 400, "slug");
  const taken = await db
    .selectFrom("categories")
    .select("id")
    .where("slug", "=", slug)
    .$if(selfId !== null, (q) => q.where("id", "!=", selfId!))
    .executeTakeFirst();
  if (taken) throw new DomainError(CATEGORY_TEXT.slugTaken, 409, "slug");
  const parentId = input.parentId ?? null;
  if (parentId !== null) {
    if (parentId === selfId) throw new DomainError(CATEGORY_TEXT.ownParent, 400, "parentId");
    const parent = await db.selectFrom("categories").select(["id", "parent_id as parentId"]).where("id", "=", parentId).executeTakeFirst();
    if (!parent) throw new DomainError("Choose a parent category", 400, "parentId");
    if (parent.parentId !== null) throw new DomainError(CATEGORY_TEXT.parentTooDeep, 400, "parentId");
    if (selfId !== null) {
      const child = await db.selectFrom("categories").select("id").where("parent_id", "=", selfId).executeTakeFirst();
      if (child) throw new DomainError(CATEGORY_TEXT.hasChildrenCannotMove, 400, "parentId");
    }
  }
  return {
    name: input.name,
    slug,
    parent_id: parentId,
    sort_order: input.sortOrder ?? 0,
    is_active: input.isActive ? 1 : 0,
  };
}

/** Adds a category (two levels: the parent must be top-level). Throws DomainError 409 on a used slug. */
export async function createCategory(db: DB, input: CategoryInput, actor: Actor = SYSTEM_ACTOR): Promise<{ id: number; slug: string }> {
  return db.transaction().execute(async (trx) => {
    const values = await checkedValues(trx, input, null);
    const created = await trx.insertInto("categories").values(values).returning(["id", "slug"]).executeTakeFirstOrThrow();
    await writeCategoryTranslations(trx, created.id, input.translations);
    await logActivity(trx, {
      actor,
      kind: "category.create",
      subjectType: "category",
      subjectId: created.id,
      summary: `Category '${values.name}' added`,
      changes: diffFields({}, { ...values }),
    });
    return created;
  });
}

/**
 * Edits a category. Refuses (DomainError) a used slug, itself or a subcategory as parent, and
 * moving a category with children under another. Its product links and count stay as they are.
 */
export async function updateCategory(db: DB, input: UpdateCategoryInput, actor: Actor = SYSTEM_ACTOR): Promise<{ id: number; slug: string }> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("categories")
      .select(["id", "name", "slug", "parent_id", "sort_order", "is_active"])
      .where("id", "=", input.id)
      .executeTakeFirst();
    if (!existing) throw new DomainError(CATEGORY_TEXT.categoryNotFound, 404);
    const values = await checkedValues(trx, input, input.id);
    await trx.updateTable("categories").set(values).where("id", "=", input.id).execute();
    await writeCategoryTranslations(trx, input.id, input.translations);
    const before: Record<string, unknown> = { ...existing };
    delete before.id;
    await logActivity(trx, {
      actor,
      kind: "category.update",
      subjectType: "category",
      subjectId: input.id,
      summary: `Category '${values.name}' edited`,
      changes: diffFields(pick(before, Object.keys(values)), { ...values }),
    });
    return { id: input.id, slug: values.slug };
  });
}

/**
 * Deletes a category that has no products and no subcategories; otherwise throws DomainError
 * 409 saying what is left ("This category still has 3 products. Move them first.").
 */
export async function deleteCategory(db: DB, id: number, actor: Actor = SYSTEM_ACTOR): Promise<{ name: string }> {
  return db.transaction().execute(async (trx) => {
    const category = await trx.selectFrom("categories").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
    if (!category) throw new DomainError(CATEGORY_TEXT.categoryNotFound, 404);
    const { products } = await trx
      .selectFrom("product_categories as pc")
      .innerJoin("products as p", "p.id", "pc.product_id")
      .select((eb) => eb.fn.countAll<number>().as("products"))
      .where("pc.category_id", "=", id)
      .executeTakeFirstOrThrow();
    if (Number(products) > 0) throw new DomainError(stillHasProducts(Number(products)), 409);
    const { children } = await trx
      .selectFrom("categories")
      .select((eb) => eb.fn.countAll<number>().as("children"))
      .where("parent_id", "=", id)
      .executeTakeFirstOrThrow();
    if (Number(children) > 0) throw new DomainError(stillHasChildren(Number(children)), 409);
    // Links to products that no longer exist would block nothing but are dropped with it.
    await trx.deleteFrom("product_categories").where("category_id", "=", id).execute();
    await trx.deleteFrom("categories").where("id", "=", id).execute();
    await logActivity(trx, { actor, kind: "category.delete", subjectType: "category", subjectId: id, summary: `Category '${category.name}' deleted` });
    return { name: category.name };
  });
}

/** Recounts every category's products (Settings → Maintenance); returns how many categories there are and how many changed. */
export async function recalculateAllCategoryCounts(db: DB, actor: Actor = SYSTEM_ACTOR): Promise<{ categories: number; changed: number }> {
  return db.transaction().execute(async (trx) => {
    const changed = await recalculateCategoryCounts(trx);
    const { n } = await trx
      .selectFrom("categories")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    await logActivity(trx, { actor, kind: "maintenance.recalculate", summary: `Category counts recalculated: ${changed} of ${Number(n)} changed` });
    return { categories: Number(n), changed };
  });
}

/**
 * Deletes product_categories rows whose product or category no longer exists (possible only
 * if foreign keys were ever off), then recounts; returns how many links were deleted.
 */
export async function cleanOrphanedRelationships(db: DB, actor: Actor = SYSTEM_ACTOR): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom("product_categories")
      .where((eb) =>
        eb.or([
          eb.not(eb.exists(eb.selectFrom("products").select("products.id").whereRef("products.id", "=", "product_categories.product_id"))),
          eb.not(eb.exists(eb.selectFrom("categories").select("categories.id").whereRef("categories.id", "=", "product_categories.category_id"))),
        ]),
      )
      .executeTakeFirst();
    await recalculateCategoryCounts(trx);
    const deleted = Number(result.numDeletedRows ?? 0);
    await logActivity(trx, { actor, kind: "maintenance.clean", summary: `Orphaned product-category links cleaned: ${deleted}` });
    return deleted;
  });
}

function pick(row: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, row[k]]));
}
