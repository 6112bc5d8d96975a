import { Form } from "@remix-run/react";
import { errorFrom, useStoreReply, valueFrom } from "~/components/admin/store-parts";
import { Alert, Field } from "~/components/ui/field";
import { REVIEW_INTENTS } from "~/domain/reviews/texts";
import { type FieldConstraint } from "~/lib/field-constraint";

/** The Settings tab's part for reviews: when the one review request e-mail of an order goes out. */
export function ReviewSettingsForm({ days, constraint }: { days: number; constraint: FieldConstraint }) {
  const reply = useStoreReply(REVIEW_INTENTS.settings);
  return (
    <section className="form-card" aria-labelledby="review-settings-title">
      <h3 id="review-settings-title">Review request e-mail</h3>
      <p className="muted small">
        Each delivered order of a customer with an account gets one e-mail asking for reviews of the pieces she has not reviewed yet. An order never marked
        delivered counts from its shipping date plus the longest delivery estimate.
      </p>
      {reply ? <Alert title="Review e-mail settings not saved">Please correct the field below.</Alert> : null}
      <Form method="post" action="/admin?tab=settings" className="form-stack" key={JSON.stringify(reply?.result?.initialValue ?? null)}>
        <input type="hidden" name="intent" value={REVIEW_INTENTS.settings} />
        <Field
          name="reviewRequestDays"
          label="Days after delivery"
          idPrefix="reviews-"
          type="number"
          {...constraint}
          step={1}
          defaultValue={valueFrom(reply, "reviewRequestDays", String(days))}
          error={errorFrom(reply, "reviewRequestDays")}
        />
        <button type="submit" className="button">
          Save Review E-mail Settings
        </button>
      </Form>
    </section>
  );
}
