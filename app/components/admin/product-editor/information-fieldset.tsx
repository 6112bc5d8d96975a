import { useState } from "react";
import { described, type Errors, FieldError } from "~/components/admin/product-editor/fields";
import { type EditorValues, slugPreview } from "~/domain/catalogue/product-texts";
import { type EditorConstraints } from "~/web/admin/product-editor.server";

/**
 * Title, slug, description, price, stock, the regular price of a reduction and the two flags. `stockFrom` names the rows that
 * hold the stock when the product has colour or product variations (the stock field is then off).
 */
export function InformationFieldset({
  mode,
  constraints,
  values,
  errors,
  stockFrom,
}: {
  mode: "add" | "edit";
  constraints: EditorConstraints;
  values: EditorValues;
  errors: Errors;
  stockFrom: "colour variations" | "product variations" | null;
}) {
  const [title, setTitle] = useState(values.title);
  const err = (name: string) => errors[name];
  return (
    <section className="form-card editor-section" aria-labelledby="editor-info">
      <h2 id="editor-info">Product Information</h2>
      <div className="field">
        <label htmlFor="product-title">Title</label>
        <input
          id="product-title"
          name="title"
          {...constraints.title}
          defaultValue={values.title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          aria-invalid={err("title") ? true : undefined}
          aria-describedby={described(err("title") && "product-title-error")}
        />
        <FieldError id="product-title-error" errors={err("title")} />
      </div>
      <div className="field">
        <label htmlFor="product-slug">Slug</label>
        <input
          id="product-slug"
          name="slug"
          {...constraints.slug}
          defaultValue={values.slug}
          placeholder={slugPreview(title) || undefined}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={err("slug") ? true : undefined}
          aria-describedby={described("product-slug-hint", err("slug") && "product-slug-error")}
        />
        <p className="field-hint" id="product-slug-hint">
          Lowercase letters, numbers and hyphens. Leave empty to make it from the title.
        </p>
        <FieldError id="product-slug-error" errors={err("slug")} />
      </div>
      <div className="field">
        <label htmlFor="product-description">Description{mode === "edit" ? " (optional)" : ""}</label>
        <textarea
          id="product-description"
          name="description"
          rows={5}
          {...constraints.description}
          defaultValue={values.description}
          aria-invalid={err("description") ? true : undefined}
          aria-describedby={described(err("description") && "product-description-error")}
        />
        <FieldError id="product-description-error" errors={err("description")} />
      </div>
      <div className="editor-row">
        <div className="field">
          <label htmlFor="product-price">Price (USD)</label>
          <input
            id="product-price"
            name="price"
            inputMode="decimal"
            {...constraints.price}
            defaultValue={values.price}
            aria-invalid={err("price") ? true : undefined}
            aria-describedby={described(err("price") && "product-price-error")}
          />
          <FieldError id="product-price-error" errors={err("price")} />
        </div>
        <div className="field">
          <label htmlFor="product-stock">Stock</label>
          <input
            id="product-stock"
            name="stock"
            type="number"
            inputMode="numeric"
            step="1"
            {...constraints.stock}
            defaultValue={values.stock}
            disabled={stockFrom !== null}
            aria-invalid={err("stock") ? true : undefined}
            aria-describedby={described(stockFrom !== null && "product-stock-hint", err("stock") && "product-stock-error")}
          />
          {stockFrom ? (
            <p className="field-hint" id="product-stock-hint">
              Stock comes from the {stockFrom}.
            </p>
          ) : null}
          <FieldError id="product-stock-error" errors={err("stock")} />
        </div>
      </div>
      <RegularPriceField constraints={constraints} value={values.regularPrice} errors={err("regularPrice")} />
      <div className="check">
        <input id="product-isLarge" type="checkbox" name="isLarge" defaultChecked={values.isLarge} />
        <label htmlFor="product-isLarge">Large item (higher shipping cost)</label>
      </div>
      <div className="check">
        <input id="product-isLatestCollection" type="checkbox" name="isLatestCollection" defaultChecked={values.isLatestCollection} />
        <label htmlFor="product-isLatestCollection">Latest Collection</label>
      </div>
    </section>
  );
}

/** The owner's reduction: the price before it, struck through on the shop's pages (docs/decisions/prior-price.md). */
function RegularPriceField({ constraints, value, errors }: { constraints: EditorConstraints; value: string; errors?: string[] }) {
  return (
    <div className="field">
      <label htmlFor="product-regularPrice">Regular price (before reduction)</label>
      <input
        id="product-regularPrice"
        name="regularPrice"
        inputMode="decimal"
        {...constraints.regularPrice}
        defaultValue={value}
        aria-invalid={errors ? true : undefined}
        aria-describedby={described("product-regularPrice-hint", errors && "product-regularPrice-error")}
      />
      <p className="field-hint" id="product-regularPrice-hint">
        Leave empty unless the piece is on sale. Shoppers then see this price struck through and the lowest price of the 30 days before the reduction.
      </p>
      <FieldError id="product-regularPrice-error" errors={errors} />
    </div>
  );
}
