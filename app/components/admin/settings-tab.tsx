import { Form } from "@remix-run/react";
import { errorFrom, useStoreReply, valueFrom } from "~/components/admin/store-parts";
import { Alert, Field } from "~/components/ui/field";
import { STORE_INTENTS, type StoreSettings } from "~/domain/admin/store-texts";

export function SettingsTab({ data }: { data: { kind: "settings"; settings: StoreSettings } }) {
  const reply = useStoreReply(STORE_INTENTS.settingsSave);
  const descriptionError = errorFrom(reply, "description");
  return (
    <section className="store-tab" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <section className="form-card" aria-labelledby="store-settings-title">
        <h3 id="store-settings-title">Store</h3>
        {reply ? <Alert title="Settings not saved">Please correct the fields below.</Alert> : null}
        <Form method="post" action="/admin?tab=settings" className="form-stack" key={JSON.stringify(reply?.result?.initialValue ?? null)}>
          <input type="hidden" name="intent" value={STORE_INTENTS.settingsSave} />
          <Field
            name="name"
            label="Store name"
            idPrefix="store-"
            required
            maxLength={80}
            defaultValue={valueFrom(reply, "name", data.settings.name)}
            error={errorFrom(reply, "name")}
            hint="Shown in page titles."
          />
          <Field
            name="email"
            label="Contact email"
            idPrefix="store-"
            type="email"
            required
            maxLength={254}
            defaultValue={valueFrom(reply, "email", data.settings.email)}
            error={errorFrom(reply, "email")}
            hint="Shown in the footer and on order pages."
          />
          <div className="field">
            <label htmlFor="store-description">Description</label>
            <textarea
              id="store-description"
              name="description"
              rows={3}
              maxLength={300}
              defaultValue={valueFrom(reply, "description", data.settings.description)}
              aria-invalid={descriptionError ? true : undefined}
              aria-describedby={descriptionError ? "store-description-error" : undefined}
            />
            {descriptionError ? (
              <p className="field-error" id="store-description-error">
                {descriptionError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button">
            Save Settings
          </button>
        </Form>
      </section>
    </section>
  );
}
