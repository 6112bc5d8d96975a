import { Form } from "@remix-run/react";
import { errorFrom, useStoreReply, valueFrom } from "~/components/admin/store-parts";
import { Alert, Field } from "~/components/ui/field";
import { STORE_INTENTS } from "~/domain/common/settings-texts";
import { DISPATCH_TIME_TEXT, type DispatchTime, SHIPPING_TIME_PLACEHOLDER, shippingTimeText } from "~/domain/orders/dispatch-time";
import { type FieldConstraint } from "~/lib/field-constraint";

/** The Settings tab's card for how soon a ready piece ships: the one number every page states. */
export function DispatchTimeForm({ time, constraints }: { time: DispatchTime; constraints: { minDays: FieldConstraint; maxDays: FieldConstraint } }) {
  const reply = useStoreReply(STORE_INTENTS.dispatchSave);
  const days = (name: "minDays" | "maxDays", label: string) => (
    <Field
      name={name}
      label={label}
      idPrefix="dispatch-"
      type="number"
      {...constraints[name]}
      step="1"
      defaultValue={valueFrom(reply, name, String(time[name]))}
      error={errorFrom(reply, name)}
    />
  );
  return (
    <section className="form-card" aria-labelledby="dispatch-settings-title">
      <h3 id="dispatch-settings-title">Dispatch time</h3>
      <p className="muted small">
        {`Business days from payment until a piece in stock leaves the studio, now '${shippingTimeText(time)}'. The home page, every product in stock and the order confirmation say it; in your pages and home texts, write ${SHIPPING_TIME_PLACEHOLDER} where it belongs. A made-to-order piece states its own lead time.`}
      </p>
      {reply ? <Alert title={DISPATCH_TIME_TEXT.notSaved}>Please correct the fields below.</Alert> : null}
      <Form method="post" action="/admin?tab=settings" className="form-stack" key={JSON.stringify(reply?.result?.initialValue ?? null)}>
        <input type="hidden" name="intent" value={STORE_INTENTS.dispatchSave} />
        <div className="form-row">
          {days("minDays", "Soonest (business days)")}
          {days("maxDays", "Latest (business days)")}
        </div>
        <button type="submit" className="button">
          Save Dispatch Time
        </button>
      </Form>
    </section>
  );
}
