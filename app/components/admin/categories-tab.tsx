import { Form, Link } from "@remix-run/react";
import { RowActions, RowMenu } from "~/components/admin/row-menu";
import { type FieldConstraint } from "~/lib/field-constraint";
import { confirmFirst, ConfirmStep, errorFrom, useStoreReply, valueFrom } from "~/components/admin/store-parts";
import { Alert, Field } from "~/components/ui/field";
import type { AdminCategory } from "~/domain/catalogue/categories-write.server";
import type { StoreActionData } from "~/web/admin/store-tabs.server";
import { STORE_INTENTS } from "~/domain/common/settings-texts";
import { CATEGORY_TEXT } from "~/domain/catalogue/category-texts";
import { type CategorySchema } from "~/domain/catalogue/category-schemas";
import { type FormConstraints } from "~/web/form-constraints.server";

/** The schema's fields, and the Polish ones as the form names them (getZodConstraint flattens nested fields). */
type CategoryConstraints = FormConstraints<typeof CategorySchema> & Record<"translations.pl.name" | "translations.pl.description", FieldConstraint>;

const TAB = "/admin?tab=categories";

interface CategoriesData {
  kind: "categories";
  categories: AdminCategory[];
  editing: AdminCategory | null;
  adding: boolean;
  confirmDelete: AdminCategory | null;
  constraints: CategoryConstraints;
}

export function CategoriesTab({ data }: { data: CategoriesData }) {
  const reply = useStoreReply(STORE_INTENTS.categoryCreate, STORE_INTENTS.categoryUpdate, STORE_INTENTS.categoryDelete);
  const formReply = reply && reply.intent !== STORE_INTENTS.categoryDelete ? reply : null;
  const showForm = data.editing || data.adding || formReply;
  const topLevel = data.categories.filter((c) => c.parentId === null);
  return (
    <section className="store-tab" aria-labelledby="categories-title">
      <div className="store-tab-head">
        <h2 id="categories-title">Categories</h2>
        {showForm ? null : (
          <Link to={`${TAB}&add=1`} className="button">
            Add Category
          </Link>
        )}
      </div>
      {reply?.intent === STORE_INTENTS.categoryDelete && reply.failure ? <Alert title={reply.failure.title}>{reply.failure.description}</Alert> : null}
      {data.confirmDelete ? (
        <ConfirmStep
          question={CATEGORY_TEXT.deleteCategoryConfirm}
          detail={data.confirmDelete.name}
          action={TAB}
          intent={STORE_INTENTS.categoryDelete}
          fields={{ id: data.confirmDelete.id }}
          yes="Yes, delete"
          cancelTo={TAB}
        />
      ) : null}
      {showForm ? <CategoryForm editing={data.editing} topLevel={topLevel} reply={formReply} constraints={data.constraints} /> : null}
      {data.categories.length === 0 ? (
        <p className="muted">No categories yet.</p>
      ) : (
        <div className="store-table-wrap">
          <table className="store-table">
            <caption className="sr-only">All categories</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Slug</th>
                <th scope="col">Parent</th>
                <th scope="col">Sort Order</th>
                <th scope="col">Status</th>
                <th scope="col">Products</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.categories.map((c) => (
                <tr key={c.id} data-testid={`category-row-${c.slug}`}>
                  <th scope="row" data-label="Name">
                    {c.parentId !== null ? <span aria-hidden="true">↳ </span> : null}
                    {c.name}
                  </th>
                  <td data-label="Slug">{c.slug}</td>
                  <td data-label="Parent">{c.parentName ?? "Top Level"}</td>
                  <td data-label="Sort Order">{c.sortOrder}</td>
                  <td data-label="Status">
                    <span className={`status-pill ${c.isActive ? "status-paid" : "status-cancelled"}`}>{c.isActive ? "Active" : "Inactive"}</span>
                  </td>
                  <td data-label="Products">{c.productCount}</td>
                  <RowActions>
                    <Link to={`${TAB}&edit=${c.id}`} className="button button-secondary store-btn-sm" aria-label={`Edit ${c.name}`}>
                      Edit
                    </Link>
                    <RowMenu label={c.name}>
                      {c.isActive ? (
                        <>
                          <Link to={`/shop/${c.slug}`} className="row-menu-item" aria-label={`View ${c.name} in the shop`}>
                            View in the shop
                          </Link>
                          <div className="row-menu-separator" role="presentation" />
                        </>
                      ) : null}
                      <Form method="post" action={TAB} onSubmit={confirmFirst(CATEGORY_TEXT.deleteCategoryConfirm)}>
                        <input type="hidden" name="intent" value={STORE_INTENTS.categoryDelete} />
                        <input type="hidden" name="id" value={c.id} />
                        <input type="hidden" name="confirmed" value="" />
                        <button type="submit" className="row-menu-item" aria-label={`Delete ${c.name}`}>
                          Delete
                        </button>
                      </Form>
                    </RowMenu>
                  </RowActions>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CategoryHierarchy categories={data.categories} />
    </section>
  );
}

function CategoryHierarchy({ categories }: { categories: AdminCategory[] }) {
  const topLevel = categories.filter((c) => c.parentId === null);
  if (topLevel.length === 0) return null;
  return (
    <section className="category-tree" aria-labelledby="hierarchy-title">
      <h3 id="hierarchy-title">Category Hierarchy</h3>
      <ul className="tree-list">
        {topLevel.map((parent) => {
          const children = categories.filter((c) => c.parentId === parent.id);
          return (
            <li key={parent.id} className="tree-item">
              <p className="tree-parent">
                <span className="strong">{parent.name}</span> <span className="muted small">({parent.productCount} products)</span>
                {parent.isActive ? null : <span className="store-tag"> Inactive</span>}
              </p>
              {children.length === 0 ? (
                <p className="muted small tree-empty">No subcategories</p>
              ) : (
                <ul className="tree-children">
                  {children.map((child) => (
                    <li key={child.id}>
                      {child.name} <span className="muted small">({child.productCount} products)</span>
                      {child.isActive ? null : <span className="store-tag"> Inactive</span>}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A Polish field as the refused form sent it (Conform keeps nested values nested), else as stored. */
function polishValue(reply: StoreActionData | null, field: "name" | "description", stored: string): string {
  const submitted = reply?.result?.initialValue as { translations?: { pl?: Record<string, unknown> } } | null | undefined;
  if (!submitted) return stored;
  const v = submitted.translations?.pl?.[field] ?? (submitted as Record<string, unknown>)[`translations.pl.${field}`];
  return typeof v === "string" ? v : "";
}

function CategoryForm({
  editing,
  topLevel,
  reply,
  constraints,
}: {
  editing: AdminCategory | null;
  topLevel: AdminCategory[];
  reply: StoreActionData | null;
  constraints: CategoryConstraints;
}) {
  const isEdit = editing !== null;
  const submitted = reply?.result?.initialValue ?? null;
  const formError = errorFrom(reply, "");
  const parentError = errorFrom(reply, "parentId");
  const sortError = errorFrom(reply, "sortOrder");
  const parentValue = valueFrom(reply, "parentId", editing?.parentId ? String(editing.parentId) : "");
  const isActive = submitted ? submitted.isActive === "on" || submitted.isActive === "true" : (editing?.isActive ?? true);
  const parents = topLevel.filter((c) => c.id !== editing?.id);
  const action = isEdit ? `${TAB}&edit=${editing.id}` : `${TAB}&add=1`;
  return (
    <section className="form-card" aria-labelledby="category-form-title">
      <h3 id="category-form-title">{isEdit ? `Edit Category: ${editing.name}` : "Add Category"}</h3>
      {formError ? <Alert title="Category not saved">{formError}</Alert> : null}
      <Form method="post" action={action} className="form-stack" key={JSON.stringify(submitted) + (editing?.id ?? "new")}>
        <input type="hidden" name="intent" value={isEdit ? STORE_INTENTS.categoryUpdate : STORE_INTENTS.categoryCreate} />
        {isEdit ? <input type="hidden" name="id" value={editing.id} /> : null}
        <Field
          name="name"
          label="Name"
          idPrefix="category-"
          {...constraints.name}
          defaultValue={valueFrom(reply, "name", editing?.name ?? "")}
          error={errorFrom(reply, "name")}
        />
        <Field
          name="slug"
          label="Slug"
          idPrefix="category-"
          {...constraints.slug}
          defaultValue={valueFrom(reply, "slug", editing?.slug ?? "")}
          error={errorFrom(reply, "slug")}
          hint="Lowercase letters, numbers and hyphens. Leave empty to make it from the name."
        />
        <div className="field">
          <label htmlFor="category-parentId">Parent</label>
          <select
            id="category-parentId"
            name="parentId"
            defaultValue={parentValue}
            aria-invalid={parentError ? true : undefined}
            aria-describedby={parentError ? "category-parentId-error" : undefined}
          >
            <option value="">Top Level</option>
            {parents.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          {parentError ? (
            <p className="field-error" id="category-parentId-error">
              {parentError}
            </p>
          ) : null}
        </div>
        <Field
          name="sortOrder"
          label="Sort Order"
          idPrefix="category-"
          type="number"
          inputMode="numeric"
          {...constraints.sortOrder}
          step={1}
          defaultValue={valueFrom(reply, "sortOrder", String(editing?.sortOrder ?? 0))}
          error={sortError}
        />
        <fieldset className="form-stack">
          <legend>
            <span lang="pl">Polski</span>
          </legend>
          <p className="field-hint">Leave empty to show the English name on Polish pages.</p>
          <Field
            name="translations.pl.name"
            label={<span lang="pl">Nazwa</span>}
            idPrefix="category-"
            lang="pl"
            {...constraints["translations.pl.name"]}
            defaultValue={polishValue(reply, "name", editing?.translations.pl.name ?? "")}
            error={errorFrom(reply, "translations.pl.name")}
          />
          <Field
            name="translations.pl.description"
            label={<span lang="pl">Opis</span>}
            idPrefix="category-"
            lang="pl"
            {...constraints["translations.pl.description"]}
            defaultValue={polishValue(reply, "description", editing?.translations.pl.description ?? "")}
            error={errorFrom(reply, "translations.pl.description")}
            hint="Shown under the product details of its products on Polish pages."
          />
        </fieldset>
        <div className="check">
          <input id="category-isActive" type="checkbox" name="isActive" defaultChecked={isActive} />
          <label htmlFor="category-isActive">Active (shown in the shop menu when it has products)</label>
        </div>
        <div className="actions">
          <button type="submit" className="button">
            {isEdit ? "Save Category" : "Add Category"}
          </button>
          <Link to={TAB} className="button button-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
