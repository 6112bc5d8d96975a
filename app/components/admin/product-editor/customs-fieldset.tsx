import { described, type Errors, FieldError } from "~/components/admin/product-editor/fields";
import { type EditorValues } from "~/domain/catalogue/product-texts";
import { type EditorConstraints, type EditorOptions } from "~/web/admin/product-editor.server";

/**
 * Weight, HS code, origin and customs description: the packing slip's customs declaration for a
 * parcel leaving the EU (docs/shipping.md). An empty HS code, origin or description follows the
 * Settings' default, shown as the placeholder.
 */
export function CustomsFieldset({
  constraints,
  values,
  errors,
  defaults,
}: {
  constraints: EditorConstraints;
  values: EditorValues;
  errors: Errors;
  defaults: EditorOptions["defaultCustoms"];
}) {
  const err = (name: string) => errors[name];
  const text = (name: "hsCode" | "originCountry" | "customsDescription", label: string, hint: string, extra: { autoCapitalize?: string } = {}) => (
    <div className="field">
      <label htmlFor={`product-${name}`}>{label}</label>
      <input
        id={`product-${name}`}
        name={name}
        {...constraints[name]}
        {...extra}
        defaultValue={values[name]}
        placeholder={defaults[name]}
        spellCheck={false}
        aria-invalid={err(name) ? true : undefined}
        aria-describedby={described(`product-${name}-hint`, err(name) && `product-${name}-error`)}
      />
      <p className="field-hint" id={`product-${name}-hint`}>
        {hint}
      </p>
      <FieldError id={`product-${name}-error`} errors={err(name)} />
    </div>
  );
  return (
    <section className="form-card editor-section" aria-labelledby="editor-customs">
      <h2 id="editor-customs">Shipping &amp; Customs</h2>
      <div className="field">
        <label htmlFor="product-weightGrams">Weight (g)</label>
        <input
          id="product-weightGrams"
          name="weightGrams"
          type="number"
          step={1}
          inputMode="numeric"
          {...constraints.weightGrams}
          defaultValue={values.weightGrams}
          aria-invalid={err("weightGrams") ? true : undefined}
          aria-describedby={described("product-weightGrams-hint", err("weightGrams") && "product-weightGrams-error")}
        />
        <p className="field-hint" id="product-weightGrams-hint">
          The piece alone, in whole grams: the packing slip adds it up for the customs declaration.
        </p>
        <FieldError id="product-weightGrams-error" errors={err("weightGrams")} />
      </div>
      {text("hsCode", "HS code", `6 to 10 digits. Leave empty for the store's default (${defaults.hsCode}, Settings).`)}
      {text("originCountry", "Country of origin", `Two-letter code. Leave empty for the store's default (${defaults.originCountry}).`, {
        autoCapitalize: "characters",
      })}
      {text("customsDescription", "Customs description", `What a customs officer reads. Leave empty for '${defaults.customsDescription}'.`)}
    </section>
  );
}
