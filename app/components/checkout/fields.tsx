import { type ReactNode } from "react";
import { type CountryOption } from "~/domain/common/countries";
import { useI18n } from "~/i18n/context";

/** One titled part of the checkout form. */
export function CheckoutSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="checkout-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className="form-stack">{children}</div>
    </section>
  );
}

export function CheckField({
  name,
  label,
  hint,
  error,
  required,
  defaultChecked,
}: {
  name: string;
  label: ReactNode;
  hint?: string;
  error?: string;
  required?: boolean;
  defaultChecked?: boolean;
}) {
  const describedBy = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
  const { text } = useI18n();
  return (
    <div className="field">
      <div className="check">
        <input
          type="checkbox"
          id={name}
          name={name}
          required={required}
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <label htmlFor={name}>{label}</label>
      </div>
      {hint ? (
        <p className="field-hint" id={`${name}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {text(error)}
        </p>
      ) : null}
    </div>
  );
}

/** The countries a zone ships to, by name (listShippedCountries). */
export function CountrySelect({ countries, defaultValue, error }: { countries: readonly CountryOption[]; defaultValue: string; error?: string }) {
  const { t, text } = useI18n();
  return (
    <div className="field">
      <label htmlFor="country">{t("checkout.country")}</label>
      <select
        id="country"
        name="country"
        required
        autoComplete="country"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "country-error" : undefined}
      >
        <option value="">{t("checkout.selectCountry")}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field-error" id="country-error">
          {text(error)}
        </p>
      ) : null}
    </div>
  );
}
