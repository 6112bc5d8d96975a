import { described, type Errors, FieldError, inPlace } from "~/components/admin/product-editor/fields";
import { MAX_ROWS, PRODUCT_INTENTS, variationCode } from "~/domain/catalogue/product-texts";
import { type EditorConstraints } from "~/web/admin/product-editor.server";

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

/** A colour's or a variation's own stock. */
function RowStock({
  id,
  name,
  stock,
  constraints,
  errors,
}: {
  id: string;
  name: string;
  stock: string;
  constraints: EditorConstraints;
  errors: string[] | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Stock</label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        {...constraints.rowStock}
        step="1"
        defaultValue={stock}
        aria-invalid={errors ? true : undefined}
        aria-describedby={described(errors && `${id}-error`)}
      />
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** Removes a row: in place with JavaScript, through the form's own post without it. */
function RemoveRow({ intent, label, onRemove }: { intent: string; label: string; onRemove: () => void }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      formNoValidate
      className="button button-ghost store-btn-sm"
      aria-label={label}
      onClick={inPlace(onRemove)}
    >
      Remove
    </button>
  );
}

let rowSeq = 0;
/** A stable React key for a row added in the browser. */
export const rowKey = () => `row-${++rowSeq}`;

/** Colour rows, each with its own stock; not combined with product variations (`blocked`). */
export function ColourFieldset({
  rows,
  constraints,
  errors,
  colors,
  blocked,
  onAdd,
  onRemove,
  onChoose,
}: {
  rows: ColorRow[];
  constraints: EditorConstraints;
  errors: Errors;
  colors: { id: number; name: string }[];
  blocked: boolean;
  onAdd: () => void;
  onRemove: (key: string) => void;
  /** A row's colour changed (the photos' colour selects offer the chosen ones). */
  onChoose: (key: string, colorId: string) => void;
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
                  onChange={(event) => onChoose(row.key, event.target.value)}
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
              <RowStock
                id={`color-${i}-stock`}
                name={`colorVariations[${i}].stock`}
                stock={row.stock}
                constraints={constraints}
                errors={err(`colorVariations[${i}].stock`)}
              />
              <RemoveRow intent={`remove-color-${i}`} label={`Remove colour ${i + 1}`} onRemove={() => onRemove(row.key)} />
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
  constraints,
  errors,
  blocked,
  onAdd,
  onRemove,
}: {
  rows: VariationRow[];
  constraints: EditorConstraints;
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
                  {...constraints.variationName}
                  defaultValue={row.variationName}
                  aria-invalid={err(`productVariations[${i}].variationName`) ? true : undefined}
                  aria-describedby={described(err(`productVariations[${i}].variationName`) && `variation-${i}-error`)}
                />
                <FieldError id={`variation-${i}-error`} errors={err(`productVariations[${i}].variationName`)} />
              </div>
              <RowStock
                id={`variation-${i}-stock`}
                name={`productVariations[${i}].stock`}
                stock={row.stock}
                constraints={constraints}
                errors={err(`productVariations[${i}].stock`)}
              />
              <RemoveRow intent={`remove-variation-${i}`} label={`Remove variation ${variationCode(i)}`} onRemove={() => onRemove(row.key)} />
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
