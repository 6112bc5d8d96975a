import { described, type Errors, FieldError, inPlace } from "~/components/admin/product-editor/fields";
import { MAX_ROWS, MAX_VARIATION_NAME, PRODUCT_INTENTS, variationCode } from "~/domain/catalogue/product-texts";

export interface ColorRow {
  key: string;
  colorId: string;
  stock: string;
}
export interface VariationRow {
  key: string;
  variationName: string;
  stock: string;
}

let rowSeq = 0;
/** A stable React key for a row added in the browser. */
export const rowKey = () => `row-${++rowSeq}`;

/** Colour rows, each with its own stock; not combined with product variations (`blocked`). */
export function ColourFieldset({
  rows,
  errors,
  colors,
  blocked,
  onAdd,
  onRemove,
}: {
  rows: ColorRow[];
  errors: Errors;
  colors: { id: number; name: string }[];
  blocked: boolean;
  onAdd: () => void;
  onRemove: (key: string) => void;
}) {
  const err = (name: string) => errors[name];
  return (
    <section className="form-card editor-section" aria-labelledby="editor-colors">
      <h2 id="editor-colors">Color Variations</h2>
      <p className="field-hint">Each colour has its own stock. Colour variations and product variations cannot be combined.</p>
      {rows.length > 0 ? (
        <ul className="editor-rows">
          {rows.map((row, i) => (
            <li key={row.key} className="editor-row-item">
              <div className="field">
                <label htmlFor={`color-${i}`}>Colour {i + 1}</label>
                <select
                  id={`color-${i}`}
                  name={`colorVariations[${i}].colorId`}
                  defaultValue={row.colorId}
                  required
                  aria-invalid={err(`colorVariations[${i}].colorId`) ? true : undefined}
                  aria-describedby={described(err(`colorVariations[${i}].colorId`) && `color-${i}-error`)}
                >
                  <option value="">Choose a colour</option>
                  {colors.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
                <FieldError id={`color-${i}-error`} errors={err(`colorVariations[${i}].colorId`)} />
              </div>
              <div className="field">
                <label htmlFor={`color-${i}-stock`}>Stock</label>
                <input
                  id={`color-${i}-stock`}
                  name={`colorVariations[${i}].stock`}
                  type="number"
                  inputMode="numeric"
                  min="0"
                  step="1"
                  defaultValue={row.stock}
                  aria-invalid={err(`colorVariations[${i}].stock`) ? true : undefined}
                  aria-describedby={described(err(`colorVariations[${i}].stock`) && `color-${i}-stock-error`)}
                />
                <FieldError id={`color-${i}-stock-error`} errors={err(`colorVariations[${i}].stock`)} />
              </div>
              <button
                type="submit"
                name="intent"
                value={`remove-color-${i}`}
                formNoValidate
                className="button button-ghost store-btn-sm"
                aria-label={`Remove colour ${i + 1}`}
                onClick={inPlace(() => onRemove(row.key))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id="colors-error" errors={err("colorVariations")} />
      <button
        type="submit"
        name="intent"
        value={PRODUCT_INTENTS.addColor}
        formNoValidate
        className="button button-secondary store-btn-sm"
        disabled={blocked || rows.length >= MAX_ROWS}
        onClick={inPlace(onAdd)}
      >
        Add Colour
      </button>
    </section>
  );
}

/** Variations A, B, C…, each with its own stock; not combined with colours (`blocked`). */
export function VariationFieldset({
  rows,
  errors,
  blocked,
  onAdd,
  onRemove,
}: {
  rows: VariationRow[];
  errors: Errors;
  blocked: boolean;
  onAdd: () => void;
  onRemove: (key: string) => void;
}) {
  const err = (name: string) => errors[name];
  return (
    <section className="form-card editor-section" aria-labelledby="editor-variations">
      <h2 id="editor-variations">Product Variations</h2>
      <p className="field-hint">Variations A, B, C… (for example sizes or styles), each with its own stock.</p>
      {rows.length > 0 ? (
        <ul className="editor-rows">
          {rows.map((row, i) => (
            <li key={row.key} className="editor-row-item">
              <span className="variation-code" aria-hidden="true">
                {variationCode(i)}
              </span>
              <div className="field">
                <label htmlFor={`variation-${i}`}>Variation {variationCode(i)} name</label>
                <input
                  id={`variation-${i}`}
                  name={`productVariations[${i}].variationName`}
                  required
                  maxLength={MAX_VARIATION_NAME}
                  defaultValue={row.variationName}
                  aria-invalid={err(`productVariations[${i}].variationName`) ? true : undefined}
                  aria-describedby={described(err(`productVariations[${i}].variationName`) && `variation-${i}-error`)}
                />
                <FieldError id={`variation-${i}-error`} errors={err(`productVariations[${i}].variationName`)} />
              </div>
              <div className="field">
                <label htmlFor={`variation-${i}-stock`}>Stock</label>
                <input
                  id={`variation-${i}-stock`}
                  name={`productVariations[${i}].stock`}
                  type="number"
                  inputMode="numeric"
                  min="0"
                  step="1"
                  defaultValue={row.stock}
                  aria-invalid={err(`productVariations[${i}].stock`) ? true : undefined}
                  aria-describedby={described(err(`productVariations[${i}].stock`) && `variation-${i}-stock-error`)}
                />
                <FieldError id={`variation-${i}-stock-error`} errors={err(`productVariations[${i}].stock`)} />
              </div>
              <button
                type="submit"
                name="intent"
                value={`remove-variation-${i}`}
                formNoValidate
                className="button button-ghost store-btn-sm"
                aria-label={`Remove variation ${variationCode(i)}`}
                onClick={inPlace(() => onRemove(row.key))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id="variations-error" errors={err("productVariations")} />
      <button
        type="submit"
        name="intent"
        value={PRODUCT_INTENTS.addVariation}
        formNoValidate
        className="button button-secondary store-btn-sm"
        disabled={blocked || rows.length >= MAX_ROWS}
        onClick={inPlace(onAdd)}
      >
        Add Variation
      </button>
    </section>
  );
}
