import { Form } from "@remix-run/react";
import { errorFrom, useStoreReply, valueFrom } from "~/components/admin/store-parts";
import { Alert, Field } from "~/components/ui/field";
import { STORE_INTENTS } from "~/domain/common/settings-texts";
import { TAX_REGIME_LABELS, TAX_REGIMES } from "~/domain/records/tax";
import { type TaxCardData } from "~/web/admin/tax-settings.server";

/** The Settings tab's 'Tax' card: the regime, the exemption wording, the EU standard rates and a new rate row (docs/tax.md). */
export function TaxSettingsCard({ data }: { data: TaxCardData }) {
  const reply = useStoreReply(STORE_INTENTS.taxSave);
  const regime = valueFrom(reply, "taxRegime", data.settings.taxRegime);
  const regimeError = errorFrom(reply, "taxRegime");
  const c = data.constraints.settings;
  return (
    <section className="form-card" id="tax" aria-labelledby="tax-settings-title">
      <h3 id="tax-settings-title">Tax</h3>
      <p className="muted small">This is not legal advice; see docs/tax.md and confirm with your accountant.</p>
      {reply ? <Alert title="Tax settings not saved">Please correct the fields below.</Alert> : null}
      <Form method="post" action="/admin?tab=settings" className="form-stack" key={JSON.stringify(reply?.result?.initialValue ?? null)}>
        <input type="hidden" name="intent" value={STORE_INTENTS.taxSave} />
        <fieldset className="form-stack" aria-describedby={regimeError ? "tax-regime-error" : undefined}>
          <legend>Tax regime</legend>
          {TAX_REGIMES.map((value) => (
            <label key={value} className="check">
              <input type="radio" name="taxRegime" value={value} defaultChecked={regime === value} required />
              <span>{TAX_REGIME_LABELS[value]}</span>
            </label>
          ))}
          {regimeError ? (
            <p className="field-error" id="tax-regime-error">
              {regimeError}
            </p>
          ) : null}
        </fieldset>
        <Field
          name="exemptionText"
          label="Exemption wording on invoices"
          idPrefix="tax-"
          {...c.exemptionText}
          defaultValue={valueFrom(reply, "exemptionText", data.settings.exemptionText)}
          error={errorFrom(reply, "exemptionText")}
          hint="Printed on invoices while the shop is VAT-exempt."
        />
        <button type="submit" className="button">
          Save Tax Settings
        </button>
      </Form>
      <VatRates data={data} />
    </section>
  );
}

function VatRates({ data }: { data: TaxCardData }) {
  const reply = useStoreReply(STORE_INTENTS.vatRateAdd);
  const c = data.constraints.rate;
  return (
    <>
      <h4 id="vat-rates-title">EU standard VAT rates</h4>
      <div className="store-table-wrap">
        <table className="store-table" aria-labelledby="vat-rates-title">
          <thead>
            <tr>
              <th scope="col">Country</th>
              <th scope="col">Rate %</th>
              <th scope="col">Effective from</th>
            </tr>
          </thead>
          <tbody>
            {data.rates.map((r) => (
              <tr key={`${r.country}-${r.effectiveFrom}`} data-testid={`vat-rate-${r.country}-${r.effectiveFrom}`}>
                <td>{`${r.countryName} (${r.country})`}</td>
                <td>{r.rate}</td>
                <td>{r.effectiveFrom}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h4 id="vat-rate-add-title">Add a rate from a date</h4>
      <p className="muted small">A new row applies from its day on; orders paid earlier keep the rate they were recorded with.</p>
      {reply ? <Alert title="VAT rate not added">Please correct the fields below.</Alert> : null}
      <Form
        method="post"
        action="/admin?tab=settings"
        className="form-stack"
        aria-labelledby="vat-rate-add-title"
        key={JSON.stringify(reply?.result?.initialValue ?? null)}
      >
        <input type="hidden" name="intent" value={STORE_INTENTS.vatRateAdd} />
        <Field
          name="country"
          label="Country"
          idPrefix="vat-rate-"
          autoCapitalize="characters"
          {...c.country}
          defaultValue={valueFrom(reply, "country", "")}
          error={errorFrom(reply, "country")}
          hint="Two-letter code of an EU member state, e.g. FI."
        />
        <Field
          name="rate"
          label="Rate %"
          idPrefix="vat-rate-"
          inputMode="decimal"
          {...c.rate}
          defaultValue={valueFrom(reply, "rate", "")}
          error={errorFrom(reply, "rate")}
          hint="0 to 50, up to 2 decimals, e.g. 25.5."
        />
        <Field
          name="effectiveFrom"
          label="Effective from"
          idPrefix="vat-rate-"
          type="date"
          {...c.effectiveFrom}
          defaultValue={valueFrom(reply, "effectiveFrom", "")}
          error={errorFrom(reply, "effectiveFrom")}
        />
        <button type="submit" className="button">
          Add Rate
        </button>
      </Form>
    </>
  );
}
