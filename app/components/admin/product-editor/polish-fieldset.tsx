import { described, type Errors, FieldError } from "~/components/admin/product-editor/fields";
import { type EditorValues } from "~/domain/catalogue/product-texts";
import type { ProductTextField } from "~/domain/catalogue/translations";
import { type EditorConstraints } from "~/web/admin/product-editor.server";

// Labelled in Polish, the language they are written in (and no label repeats an English one).
const FIELDS: { field: ProductTextField; label: string; rows?: number }[] = [
  { field: "title", label: "Tytuł" },
  { field: "description", label: "Opis", rows: 6 },
  { field: "materials", label: "Materiały" },
  { field: "safetyNotice", label: "Informacja o bezpieczeństwie", rows: 2 },
];

/**
 * The product's texts for the Polish pages ('Polski'), beside the English ones and with their
 * limits. A field left empty shows the English text on Polish pages, marked as English.
 */
export function PolishFieldset({ constraints, values, errors }: { constraints: EditorConstraints; values: EditorValues; errors: Errors }) {
  return (
    <section className="form-card editor-section" aria-labelledby="editor-polish">
      <h2 id="editor-polish">
        <span lang="pl">Polski</span>
      </h2>
      <p className="field-hint">Leave a field empty to show the English text on Polish pages.</p>
      {FIELDS.map(({ field, label, rows }) => {
        const name = `translations.pl.${field}` as const;
        const id = `product-pl-${field}`;
        const error = errors[name];
        const common = {
          id,
          name,
          lang: "pl",
          maxLength: constraints[name].maxLength,
          defaultValue: values.translations.pl[field],
          "aria-invalid": error ? true : undefined,
          "aria-describedby": described(error && `${id}-error`),
        };
        return (
          <div className="field" key={field}>
            <label htmlFor={id} lang="pl">
              {label}
            </label>
            {rows ? <textarea rows={rows} {...common} /> : <input {...common} />}
            <FieldError id={`${id}-error`} errors={error} />
          </div>
        );
      })}
    </section>
  );
}
