import { Form } from "@remix-run/react";
import { errorFrom, useStoreReply, valueFrom } from "~/components/admin/store-parts";
import { Alert, Field } from "~/components/ui/field";
import { STORE_INTENTS } from "~/domain/common/settings-texts";
import { type CustomsSettings } from "~/domain/customs/texts";
import { centsToDecimal } from "~/lib/money";
import { type SettingsConstraints } from "~/web/admin/store-tabs.server";

/** The Settings tab's customs card: the defaults of products without their own, and where CN22 ends (docs/shipping.md). */
export function CustomsSettingsForm({ customs, constraints }: { customs: CustomsSettings; constraints: SettingsConstraints["customs"] }) {
  const reply = useStoreReply(STORE_INTENTS.customsSave);
  return (
    <section className="form-card" aria-labelledby="customs-settings-title">
      <h3 id="customs-settings-title">Customs</h3>
      <p className="muted small">
        A parcel leaving the EU carries a customs declaration on its packing slip. A product without its own HS code, origin or description uses these.
      </p>
      {reply ? <Alert title="Customs defaults not saved">Please correct the fields below.</Alert> : null}
      <Form method="post" action="/admin?tab=settings" className="form-stack" key={JSON.stringify(reply?.result?.initialValue ?? null)}>
        <input type="hidden" name="intent" value={STORE_INTENTS.customsSave} />
        <Field
          name="hsCode"
          label="Default HS code"
          idPrefix="customs-"
          inputMode="numeric"
          {...constraints.hsCode}
          defaultValue={valueFrom(reply, "hsCode", customs.hsCode)}
          error={errorFrom(reply, "hsCode")}
          hint="6 to 10 digits. 950300: dolls' parts and accessories, doll clothing included."
        />
        <Field
          name="originCountry"
          label="Default country of origin"
          idPrefix="customs-"
          autoCapitalize="characters"
          {...constraints.originCountry}
          defaultValue={valueFrom(reply, "originCountry", customs.originCountry)}
          error={errorFrom(reply, "originCountry")}
          hint="Two-letter code: where the pieces are made."
        />
        <Field
          name="customsDescription"
          label="Default customs description"
          idPrefix="customs-"
          {...constraints.customsDescription}
          defaultValue={valueFrom(reply, "customsDescription", customs.customsDescription)}
          error={errorFrom(reply, "customsDescription")}
        />
        <Field
          name="cn22Limit"
          label="CN22 limit (USD)"
          idPrefix="customs-"
          inputMode="decimal"
          {...constraints.cn22Limit}
          defaultValue={valueFrom(reply, "cn22Limit", centsToDecimal(customs.cn22LimitCents))}
          error={errorFrom(reply, "cn22Limit")}
          hint="Up to this value the declaration is a CN22, above it a CN23. About 300 SDR: $400.00."
        />
        <button type="submit" className="button">
          Save Customs Defaults
        </button>
      </Form>
    </section>
  );
}
