import { Fragment } from "react";
import { Form, Link } from "@remix-run/react";
import { ACCOUNT_INTENTS, PROFILE_EDIT_URL, PROFILE_URL } from "~/components/account/links";
import { Alert, EmailField, Field, PasswordField } from "~/components/ui/field";
import { type ToastMessage } from "~/components/ui/toaster";
import { PROFILE_FIELDS, type ProfileFieldName } from "~/domain/auth/profile-fields";
import { type ProfileSchema } from "~/domain/auth/schemas";
import { type FormConstraints } from "~/web/form-constraints.server";
import { type ShopI18n, useI18n } from "~/i18n/context";

export type ProfileValues = Record<ProfileFieldName, string | null>;

/** What a failed profile save sends back: Conform's reply (submitted values and field errors) and the alert. */
export interface ProfileReply {
  intent: typeof ACCOUNT_INTENTS.updateProfile;
  result: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null | undefined> | null };
  failure: ToastMessage | null;
}

/** What an e-mail change asks for: the password, a code from the second factor, or nothing possible yet (Google only). */
export type EmailProof = "password" | "code" | "none";

type Country = { code: string; name: string };

function labelOf(t: ShopI18n["t"], name: ProfileFieldName): string {
  return t(`account.field.${name}`);
}

/** The stored profile, with its Edit button. */
export function ProfileView({ profile, countries, pendingEmail }: { profile: ProfileValues; countries: readonly Country[]; pendingEmail: string | null }) {
  const { t, rich } = useI18n();
  return (
    <section className="form-card" aria-labelledby="profile-title">
      <div className="section-head">
        <h2 id="profile-title">{t("account.profile.title")}</h2>
        <Link to={PROFILE_EDIT_URL} className="button button-secondary">
          {t("account.profile.edit")}
        </Link>
      </div>
      {pendingEmail ? <p className="muted">{rich("account.profile.pending", { email: <strong>{pendingEmail}</strong> })}</p> : null}
      <dl className="profile-list">
        {PROFILE_FIELDS.map((f) => {
          const value = f.name === "shippingCountry" ? (countries.find((c) => c.code === profile[f.name])?.name ?? profile[f.name]) : profile[f.name];
          return (
            <div key={f.name}>
              <dt>{labelOf(t, f.name)}</dt>
              <dd className={value ? undefined : "muted"}>{value || t("account.profile.notProvided")}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

type ProfileConstraints = FormConstraints<typeof ProfileSchema>;

const AUTOCOMPLETE: Record<Exclude<ProfileFieldName, "email">, string> = {
  firstName: "given-name",
  lastName: "family-name",
  shippingFirstName: "shipping given-name",
  shippingLastName: "shipping family-name",
  shippingAddressLine1: "shipping address-line1",
  shippingAddressLine2: "shipping address-line2",
  shippingCity: "shipping address-level2",
  shippingState: "shipping address-level1",
  shippingPostalCode: "shipping postal-code",
  shippingCountry: "shipping country",
};

/** The profile's form: while editing, and after a failed save (showing what was submitted). */
export function ProfileForm({
  profile,
  reply,
  countries,
  emailProof,
  constraints,
}: {
  profile: ProfileValues;
  reply: ProfileReply | null;
  countries: readonly Country[];
  emailProof: EmailProof;
  /** ProfileSchema's native constraints, from the page's data. */
  constraints: ProfileConstraints;
}) {
  // After a failed save the form shows what was submitted, not what is stored.
  const submitted = reply?.result.initialValue;
  const valueOf = (name: ProfileFieldName): string => {
    if (submitted) {
      const v = submitted[name];
      return typeof v === "string" ? v : "";
    }
    return profile[name] ?? "";
  };
  const errorOf = (name: string): string | undefined => reply?.result.error?.[name]?.[0] ?? undefined;
  const formError = errorOf("");
  const countryError = errorOf("shippingCountry");
  const { t, text } = useI18n();
  return (
    <section className="form-card" aria-labelledby="profile-title">
      <h2 id="profile-title">{t("account.profile.editTitle")}</h2>
      {reply?.failure ? (
        <Alert title={text(reply.failure.title)}>{reply.failure.description ? text(reply.failure.description) : undefined}</Alert>
      ) : formError ? (
        <Alert title={t("account.profile.updateFailed")}>{text(formError)}</Alert>
      ) : null}
      <Form method="post" action={PROFILE_EDIT_URL} className="form-stack" key={JSON.stringify(submitted ?? null)}>
        <input type="hidden" name="intent" value={ACCOUNT_INTENTS.updateProfile} />
        {PROFILE_FIELDS.map((f) =>
          f.name === "shippingCountry" ? (
            <div className="field" key={f.name}>
              <label htmlFor="shippingCountry">{labelOf(t, f.name)}</label>
              <select
                id="shippingCountry"
                name="shippingCountry"
                defaultValue={valueOf("shippingCountry")}
                autoComplete={AUTOCOMPLETE.shippingCountry}
                aria-invalid={countryError ? true : undefined}
                aria-describedby={countryError ? "shippingCountry-error" : undefined}
              >
                <option value="">{t("account.profile.selectCountry")}</option>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
              {countryError ? (
                <p className="field-error" id="shippingCountry-error">
                  {text(countryError)}
                </p>
              ) : null}
            </div>
          ) : f.name === "email" ? (
            <Fragment key={f.name}>
              <EmailField label={labelOf(t, f.name)} constraint={constraints.email} defaultValue={valueOf(f.name)} error={errorOf(f.name)} />
              {/* Right under the address it guards. */}
              <EmailProofField emailProof={emailProof} constraints={constraints} errorOf={errorOf} />
            </Fragment>
          ) : (
            <Field
              key={f.name}
              name={f.name}
              label={labelOf(t, f.name)}
              type="text"
              autoComplete={AUTOCOMPLETE[f.name]}
              {...constraints[f.name]}
              defaultValue={valueOf(f.name)}
              error={errorOf(f.name)}
            />
          ),
        )}
        <div className="actions">
          <button type="submit" className="button">
            {t("account.profile.save")}
          </button>
          <Link to={PROFILE_URL} className="button button-secondary">
            {t("account.profile.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

/** A new e-mail address needs more than the session: the password, or a code when a second factor is on. */
function EmailProofField({
  emailProof,
  constraints,
  errorOf,
}: {
  emailProof: EmailProof;
  constraints: ProfileConstraints;
  errorOf: (name: string) => string | undefined;
}) {
  const { t, rich } = useI18n();
  if (emailProof === "none") {
    return (
      <p className="muted small" id="email-proof-hint">
        {rich("account.profile.setPasswordFirst", { link: <Link to="/account/security">{t("account.securityLink")}</Link> })}
      </p>
    );
  }
  return emailProof === "code" ? (
    <Field name="code" label={t("account.profile.codeLabel")} autoComplete="one-time-code" {...constraints.code} error={errorOf("code")} />
  ) : (
    <PasswordField
      name="currentPassword"
      label={t("account.profile.passwordLabel")}
      autoComplete="current-password"
      constraint={constraints.currentPassword}
      error={errorOf("currentPassword")}
    />
  );
}
