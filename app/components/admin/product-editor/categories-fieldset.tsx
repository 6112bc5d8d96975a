import { useState } from "react";
import { type Errors, FieldError } from "~/components/admin/product-editor/fields";

type Category = { id: number; name: string; parentId: number | null };

/** The category tree: a subcategory also selects its parent; unticking a parent unticks its subcategories. */
export function CategoriesFieldset({ chosen, categories: all, errors }: { chosen: number[]; categories: Category[]; errors: Errors }) {
  const [categories, setCategories] = useState<Set<number>>(() => new Set(chosen));
  const topLevel = all.filter((c) => c.parentId === null);

  function toggleCategory(id: number, parentId: number | null, checked: boolean) {
    setCategories((current) => {
      const next = new Set(current);
      if (checked) {
        next.add(id);
        if (parentId !== null) next.add(parentId);
      } else {
        next.delete(id);
        if (parentId === null) for (const c of all) if (c.parentId === id) next.delete(c.id);
      }
      return next;
    });
  }

  return (
    <section className="form-card editor-section" aria-labelledby="editor-categories">
      <h2 id="editor-categories">Categories</h2>
      <p className="field-hint">A subcategory also selects its parent; unticking a parent unticks its subcategories.</p>
      <FieldError id="categories-error" errors={errors["categories"]} />
      {topLevel.length === 0 ? <p className="muted small">No categories yet.</p> : null}
      <div className="category-accordion">
        {topLevel.map((parent) => {
          const children = all.filter((c) => c.parentId === parent.id);
          const open = categories.has(parent.id) || children.some((c) => categories.has(c.id));
          return (
            <details key={parent.id} className="category-group" open={open || undefined}>
              <summary>
                {parent.name}
                {children.length ? <span className="muted small"> ({children.length})</span> : null}
              </summary>
              <ul className="category-checks">
                <li className="check">
                  <input
                    id={`cat-${parent.id}`}
                    type="checkbox"
                    name="categories"
                    value={parent.id}
                    checked={categories.has(parent.id)}
                    onChange={(e) => toggleCategory(parent.id, null, e.currentTarget.checked)}
                  />
                  <label htmlFor={`cat-${parent.id}`}>{parent.name}</label>
                </li>
                {children.map((child) => (
                  <li key={child.id} className="check category-child">
                    <input
                      id={`cat-${child.id}`}
                      type="checkbox"
                      name="categories"
                      value={child.id}
                      checked={categories.has(child.id)}
                      onChange={(e) => toggleCategory(child.id, parent.id, e.currentTarget.checked)}
                    />
                    <label htmlFor={`cat-${child.id}`}>
                      <span className="sr-only">{parent.name} → </span>
                      {child.name}
                    </label>
                  </li>
                ))}
              </ul>
            </details>
          );
        })}
      </div>
    </section>
  );
}
