import { Form, Link } from "@remix-run/react";
import { DispatchTimeForm } from "~/components/admin/dispatch-time-form";
import { ReviewSettingsForm } from "~/components/admin/review-settings-form";
import { CustomsSettingsForm } from "~/components/admin/customs-settings-form";
import { type CustomsSettings } from "~/domain/customs/texts";
import { ShippingZonesCard } from "~/components/admin/shipping-zones-card";
import { TaxSettingsCard } from "~/components/admin/tax-settings-card";
import { errorFrom, useStoreReply, valueFrom } from "~/components/admin/store-parts";
import { Alert, EmailField, Field } from "~/components/ui/field";
import { type LegalSettings } from "~/domain/legal/seller";
import { type LoyaltyConfig } from "~/domain/loyalty/rules";
import { type DispatchTime } from "~/domain/orders/dispatch-time";
import { STORE_INTENTS } from "~/domain/common/settings-texts";
import { type StoreSettings } from "~/domain/common/store-settings";
import { type FieldConstraint } from "~/lib/field-constraint";
import { type SettingsConstraints } from "~/web/admin/store-tabs.server";
import { type ShippingZonesCardData } from "~/web/admin/shipping-zones.server";
import { type TaxCardData } from "~/web/admin/tax-settings.server";

export function SettingsTab({
  data,
  twoFactorOn = null,
}: {
  /** Whether the signed-in admin has a second factor (null: not known, no line). */
  twoFactorOn?: boolean | null;
  data: {
    kind: "settings";
    settings: StoreSettings;
    zones: ShippingZonesCardData;
    loyalty: LoyaltyConfig;
    legal: LegalSettings;
    reviews: { reviewRequestDays: number };
    dispatch: DispatchTime;
    customs: CustomsSettings;
    tax: TaxCardData;
    constraints: SettingsConstraints;
  };
}) {
  const constraints = data.constraints.store;
  const reply = useStoreReply(STORE_INTENTS.settingsSave);
  const descriptionError = errorFrom(reply, "description");
  return (
    <section className="store-tab" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <SettingsNotes twoFactorOn={twoFactorOn} />
      <section className="form-card" aria-labelledby="store-settings-title">
        <h3 id="store-settings-title">Store</h3>
        {reply ? <Alert title="Settings not saved">Please correct the fields below.</Alert> : null}
        <Form method="post" action="/admin?tab=settings" className="form-stack" key={JSON.stringify(reply?.result?.initialValue ?? null)}>
          <input type="hidden" name="intent" value={STORE_INTENTS.settingsSave} />
          <Field
            name="name"
            label="Store name"
            idPrefix="store-"
            {...constraints.name}
            defaultValue={valueFrom(reply, "name", data.settings.name)}
            error={errorFrom(reply, "name")}
            hint="Shown in page titles."
          />
          <EmailField
            label="Contact email"
            idPrefix="store-"
            autoComplete={null}
            constraint={constraints.email}
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
              maxLength={constraints.description.maxLength}
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
      <SellerForm legal={data.legal} constraints={data.constraints.legal} />
      <ShippingZonesCard data={data.zones} />
      <CustomsSettingsForm customs={data.customs} constraints={data.constraints.customs} />
      <TaxSettingsCard data={data.tax} />
      <DispatchTimeForm time={data.dispatch} constraints={data.constraints.dispatch} />
      <LoyaltyForm config={data.loyalty} constraints={data.constraints.loyalty} />
      <ReviewSettingsForm days={data.reviews.reviewRequestDays} constraint={data.constraints.reviews.reviewRequestDays} />
    </section>
  );
}

/** A labelled textarea with its server-side error, like Field. */
function TextArea({
  name,
  label,
  idPrefix,
  rows,
  constraint,
  defaultValue,
  error,
  hint,
}: {
  name: string;
  label: string;
  idPrefix: string;
  rows: number;
  constraint: FieldConstraint;
  defaultValue: string;
  error?: string;
  hint?: string;
}) {
  const id = `${idPrefix}${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={constraint.maxLength}
        required={constraint.required}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The seller's legal identity: the footer, every product page (the maker) and every e-mail show it. */
function SellerForm({ legal, constraints }: { legal: LegalSettings; constraints: SettingsConstraints["legal"] }) {
  const reply = useStoreReply(STORE_INTENTS.legalSave);
  return (
    <section className="form-card" aria-labelledby="seller-settings-title">
      <h3 id="seller-settings-title">Seller</h3>
      <p className="muted small">
        Who sells and makes the pieces: shown in the footer of every page, on every product page as the maker, and in every order e-mail.
      </p>
      {reply ? <Alert title="Seller details not saved">Please correct the fields below.</Alert> : null}
      <Form method="post" action="/admin?tab=settings" className="form-stack" key={JSON.stringify(reply?.result?.initialValue ?? null)}>
        <input type="hidden" name="intent" value={STORE_INTENTS.legalSave} />
        <Field
          name="legalName"
          label="Legal name"
          idPrefix="seller-"
          {...constraints.legalName}
          defaultValue={valueFrom(reply, "legalName", legal.legalName)}
          error={errorFrom(reply, "legalName")}
          hint="Your own name or your business's registered name."
        />
        <TextArea
          name="address"
          label="Postal address"
          idPrefix="seller-"
          rows={3}
          constraint={constraints.address}
          defaultValue={valueFrom(reply, "address", legal.address)}
          error={errorFrom(reply, "address")}
          hint="One line per line: street, postcode and town, country."
        />
        <EmailField
          label="E-mail"
          idPrefix="seller-"
          autoComplete={null}
          constraint={constraints.email}
          defaultValue={valueFrom(reply, "email", legal.email)}
          error={errorFrom(reply, "email")}
        />
        <Field
          name="phone"
          label="Phone (optional)"
          idPrefix="seller-"
          type="tel"
          {...constraints.phone}
          defaultValue={valueFrom(reply, "phone", legal.phone)}
          error={errorFrom(reply, "phone")}
        />
        <Field
          name="vatLine"
          label="VAT line (optional)"
          idPrefix="seller-"
          {...constraints.vatLine}
          defaultValue={valueFrom(reply, "vatLine", legal.vatLine)}
          error={errorFrom(reply, "vatLine")}
          hint="e.g. 'VAT-exempt small business' or your VAT number."
        />
        <TextArea
          name="safetyNotice"
          label="Default safety notice"
          idPrefix="seller-"
          rows={2}
          constraint={constraints.safetyNotice}
          defaultValue={valueFrom(reply, "safetyNotice", legal.safetyNotice)}
          error={errorFrom(reply, "safetyNotice")}
          hint="Shown on every product without a notice of its own."
        />
        <Field
          name="orderRetentionYears"
          label="Keep orders for (years)"
          idPrefix="seller-"
          type="number"
          {...constraints.orderRetentionYears}
          step="1"
          defaultValue={valueFrom(reply, "orderRetentionYears", String(legal.orderRetentionYears))}
          error={errorFrom(reply, "orderRetentionYears")}
          hint="The accounting period: a deleted account's orders are kept this long."
        />
        <button type="submit" className="button">
          Save Seller Details
        </button>
      </Form>
    </section>
  );
}

function LoyaltyForm({ config, constraints }: { config: LoyaltyConfig; constraints: SettingsConstraints["loyalty"] }) {
  const reply = useStoreReply(STORE_INTENTS.loyaltySave);
  const ex = config.discountExchange;
  const fields: {
    name: keyof SettingsConstraints["loyalty"];
    label: string;
    value: number;
    hint: string;
    /** Typed as text, so a decimal comma ("7,50") gets through to the server, which reads it. */
    money: boolean;
  }[] = [
    {
      name: "dollarsPerPoint",
      label: "Dollars per point",
      value: config.dollarsPerPoint,
      hint: "A customer earns one point for every this many dollars.",
      money: true,
    },
    {
      name: "minimumOrderForPoints",
      label: "Minimum order for points (USD)",
      value: config.minimumOrderForPoints,
      hint: "Smaller orders earn no points.",
      money: true,
    },
    {
      name: "pointsRequired",
      label: "Points required for a discount",
      value: ex.pointsRequired,
      hint: "One discount per order.",
      money: false,
    },
    {
      name: "discountAmount",
      label: "Discount amount (USD)",
      value: ex.discountAmount,
      hint: "Taken off the subtotal.",
      money: true,
    },
    {
      name: "minimumOrderValue",
      label: "Minimum order for the discount (USD)",
      value: ex.minimumOrderValue,
      hint: "Subtotal the order must reach.",
      money: true,
    },
  ];
  return (
    <section className="form-card" aria-labelledby="loyalty-settings-title">
      <h3 id="loyalty-settings-title">Loyalty rules</h3>
      <p className="muted small">The next carts and orders use these; orders already placed keep their discount.</p>
      {reply ? <Alert title="Loyalty rules not saved">Please correct the fields below.</Alert> : null}
      <Form method="post" action="/admin?tab=settings" className="form-stack" key={JSON.stringify(reply?.result?.initialValue ?? null)}>
        <input type="hidden" name="intent" value={STORE_INTENTS.loyaltySave} />
        {fields.map((f) => (
          <Field
            key={f.name}
            name={f.name}
            label={f.label}
            idPrefix="loyalty-"
            {...(f.money ? { inputMode: "decimal" as const } : { type: "number", step: "1" })}
            {...constraints[f.name]}
            hint={f.hint}
            defaultValue={valueFrom(reply, f.name, String(f.value))}
            error={errorFrom(reply, f.name)}
          />
        ))}
        <button type="submit" className="button">
          Save Loyalty Rules
        </button>
      </Form>
    </section>
  );
}

/** Where the sign-in's protection stands (the reminder shows once per sign-in; this line stays), and where maintenance went. */
function SettingsNotes({ twoFactorOn }: { twoFactorOn: boolean | null }) {
  return (
    <div className="settings-notes">
      {twoFactorOn === false ? (
        <p data-testid="two-factor-line">
          Two-factor authentication is off for your account. <Link to="/account/two-factor">Turn on two-factor authentication</Link>
        </p>
      ) : twoFactorOn ? (
        <p data-testid="two-factor-line">
          Two-factor authentication is on for your account. <Link to="/account/two-factor">Manage it</Link>
        </p>
      ) : null}
      <p>
        Recounting categories, cleaning old links and backups are under <Link to="/admin?tab=maintenance">Maintenance</Link>.
      </p>
    </div>
  );
}
