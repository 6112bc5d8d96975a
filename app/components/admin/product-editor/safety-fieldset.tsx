import { described, type Errors, FieldError } from "~/components/admin/product-editor/fields";
import { type EditorValues } from "~/domain/catalogue/product-texts";
import { type EditorConstraints } from "~/web/admin/product-editor.server";

/** SKU, materials and the safety notice (the store's notice when left empty). */
export function SafetyFieldset({
  mode,
  constraints,
  values,
  errors,
  defaultSafetyNotice,
}: {
  mode: "add" | "edit";
  constraints: EditorConstraints;
  values: EditorValues;
  errors: Errors;
  defaultSafetyNotice: string;
}) {
  const err = (name: string) => errors[name];
  return (
    <section className="form-card editor-section" aria-labelledby="editor-safety">
      <h2 id="editor-safety">Identification &amp; Safety</h2>
      <div className="field">
        <label htmlFor="product-sku">SKU</label>
        <input
          id="product-sku"
          name="sku"
          {...constraints.sku}
          defaultValue={values.sku}
          placeholder={mode === "add" ? "LSA-00042" : undefined}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={err("sku") ? true : undefined}
          aria-describedby={described("product-sku-hint", err("sku") && "product-sku-error")}
        />
        <p className="field-hint" id="product-sku-hint">
          {mode === "add"
            ? "Letters, digits, '-', '_' and '.'. Leave empty to get one made from the product's number."
            : "Letters, digits, '-', '_' and '.'. Leave empty to keep the current one."}
        </p>
        <FieldError id="product-sku-error" errors={err("sku")} />
      </div>
      <div className="field">
        <label htmlFor="product-materials">Materials (optional)</label>
        <input
          id="product-materials"
          name="materials"
          {...constraints.materials}
          defaultValue={values.materials}
          placeholder="100% cotton lawn"
          aria-invalid={err("materials") ? true : undefined}
          aria-describedby={described(err("materials") && "product-materials-error")}
        />
        <FieldError id="product-materials-error" errors={err("materials")} />
      </div>
      <div className="field">
        <label htmlFor="product-safetyNotice">Safety notice (optional)</label>
        <textarea
          id="product-safetyNotice"
          name="safetyNotice"
          rows={2}
          maxLength={constraints.safetyNotice.maxLength}
          defaultValue={values.safetyNotice}
          placeholder={defaultSafetyNotice}
          aria-invalid={err("safetyNotice") ? true : undefined}
          aria-describedby={described("product-safetyNotice-hint", err("safetyNotice") && "product-safetyNotice-error")}
        />
        <p className="field-hint" id="product-safetyNotice-hint">
          Leave empty to show the store&apos;s notice (Settings): &lsquo;{defaultSafetyNotice}&rsquo;
        </p>
        <FieldError id="product-safetyNotice-error" errors={err("safetyNotice")} />
      </div>
    </section>
  );
}
