import { useState } from "react";
import { described, type Errors, FieldError } from "~/components/admin/product-editor/fields";
import { LEAD_TIME_MAX_DAYS, LEAD_TIME_MIN_DAYS, madeToOrderText } from "~/domain/catalogue/made-to-order";
import { type EditorValues } from "~/domain/catalogue/product-texts";
import { type EditorConstraints } from "~/web/admin/product-editor.server";

/**
 * Made to order (docs/made-to-order.md): sold at stock 0 and sewn within the lead time; the cap
 * limits the pieces open at once; personalised pieces are exempt from withdrawal.
 */
export function MadeToOrderFieldset({ constraints, values, errors }: { constraints: EditorConstraints; values: EditorValues; errors: Errors }) {
  const [on, setOn] = useState(values.madeToOrder);
  const [days, setDays] = useState(values.leadTimeDays);
  const err = (name: string) => errors[name];
  const shown = Number(days);
  return (
    <section className="form-card editor-section" aria-labelledby="editor-made-to-order">
      <h2 id="editor-made-to-order">Made to Order</h2>
      <div className="check">
        <input
          id="product-madeToOrder"
          type="checkbox"
          name="madeToOrder"
          defaultChecked={values.madeToOrder}
          onChange={(e) => setOn(e.currentTarget.checked)}
        />
        <label htmlFor="product-madeToOrder">Made to order</label>
      </div>
      <p className="field-hint">Can be bought when it is out of stock; the piece is then sewn for the buyer.</p>
      <div className="field">
        <label htmlFor="product-leadTimeDays">Lead time (days)</label>
        <input
          id="product-leadTimeDays"
          name="leadTimeDays"
          type="number"
          inputMode="numeric"
          min={constraints.leadTimeDays.min}
          max={constraints.leadTimeDays.max}
          step={1}
          // Required with made to order on: the schema's refinement, which the native attributes cannot follow.
          required={on}
          defaultValue={values.leadTimeDays}
          onChange={(e) => setDays(e.currentTarget.value)}
          aria-invalid={err("leadTimeDays") ? true : undefined}
          aria-describedby={described("product-leadTimeDays-hint", err("leadTimeDays") && "product-leadTimeDays-error")}
        />
        <p className="field-hint" id="product-leadTimeDays-hint">
          Business days from payment to shipping, {LEAD_TIME_MIN_DAYS}–{LEAD_TIME_MAX_DAYS}.
          {Number.isInteger(shown) && shown >= LEAD_TIME_MIN_DAYS && shown <= LEAD_TIME_MAX_DAYS ? ` Buyers see '${madeToOrderText(shown)}'.` : ""}
        </p>
        <FieldError id="product-leadTimeDays-error" errors={err("leadTimeDays")} />
      </div>
      <div className="field">
        <label htmlFor="product-madeToOrderCap">Most open made-to-order pieces (optional)</label>
        <input
          id="product-madeToOrderCap"
          name="madeToOrderCap"
          type="number"
          inputMode="numeric"
          {...constraints.madeToOrderCap}
          step={1}
          defaultValue={values.madeToOrderCap}
          aria-invalid={err("madeToOrderCap") ? true : undefined}
          aria-describedby={described("product-madeToOrderCap-hint", err("madeToOrderCap") && "product-madeToOrderCap-error")}
        />
        <p className="field-hint" id="product-madeToOrderCap-hint">
          Pieces on orders not yet shipped. When reached, the product shows as sold out. Leave empty for no limit.
        </p>
        <FieldError id="product-madeToOrderCap-error" errors={err("madeToOrderCap")} />
      </div>
      <div className="check">
        <input id="product-isPersonalised" type="checkbox" name="isPersonalised" defaultChecked={values.isPersonalised} />
        <label htmlFor="product-isPersonalised">Made to the buyer&apos;s own measurements or choices (no right of withdrawal)</label>
      </div>
    </section>
  );
}
