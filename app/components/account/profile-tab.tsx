import { Fragment } from "react";
import { Form, Link } from "@remix-run/react";
import { ACCOUNT_INTENTS, PROFILE_EDIT_URL, PROFILE_URL } from "~/components/account/links";
import { Alert, Field } from "~/components/ui/field";
import { type ToastMessage } from "~/components/ui/toaster";
import { PROFILE_FIELDS, type ProfileFieldName } from "~/domain/auth/profile-fields";

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

/** The stored profile, with its Edit button. */
export function ProfileView({ profile, countries, pendingEmail }: { profile: ProfileValues; countries: readonly Country[]; pendingEmail: string | null }) {
  return (
    <section className="form-card" aria-labelledby="profile-title">
      <div className="section-head">
        <h2 id="profile-title">Profile</h2>
        <Link to={PROFILE_EDIT_URL} className="button button-secondary">
          Edit Profile
        </Link>
      </div>
      {pendingEmail ? (
        <p className="muted">
          Waiting for confirmation: <strong>{pendingEmail}</strong>. Your address changes when you open the link we sent there.
        </p>
      ) : null}
      <dl className="profile-list">
        {PROFILE_FIELDS.map((f) => {
          const value = f.name === "shippingCountry" ? (countries.find((c) => c.code === profile[f.name])?.name ?? profile[f.name]) : profile[f.name];
          return (
            <div key={f.name}>
              <dt>{f.label}</dt>
              <dd className={value ? undefined : "muted"}>{value || "Not provided"}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

const INPUTS: Record<ProfileFieldName, { autoComplete: string; maxLength: number; type?: string }> = {
  email: { autoComplete: "email", maxLength: 254, type: "email" },
  firstName: { autoComplete: "given-name", maxLength: 100 },
  lastName: { autoComplete: "family-name", maxLength: 100 },
  shippingFirstName: { autoComplete: "shipping given-name", maxLength: 100 },
  shippingLastName: { autoComplete: "shipping family-name", maxLength: 100 },
  shippingAddressLine1: { autoComplete: "shipping address-line1", maxLength: 200 },
  shippingAddressLine2: { autoComplete: "shipping address-line2", maxLength: 200 },
  shippingCity: { autoComplete: "shipping address-level2", maxLength: 100 },
  shippingState: { autoComplete: "shipping address-level1", maxLength: 100 },
  shippingPostalCode: { autoComplete: "shipping postal-code", maxLength: 20 },
  shippingCountry: { autoComplete: "shipping country", maxLength: 2 },
};

/** The profile's form: while editing, and after a failed save (showing what was submitted). */
export function ProfileForm({
  profile,
  reply,
  countries,
  emailProof,
}: {
  profile: ProfileValues;
  reply: ProfileReply | null;
  countries: readonly Country[];
  emailProof: EmailProof;
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
  return (
    <section className="form-card" aria-labelledby="profile-title">
      <h2 id="profile-title">Edit Profile</h2>
      {reply?.failure ? (
        <Alert title={reply.failure.title}>{reply.failure.description}</Alert>
      ) : formError ? (
        <Alert title="Update failed">{formError}</Alert>
      ) : null}
      <Form method="post" action={PROFILE_EDIT_URL} className="form-stack" key={JSON.stringify(submitted ?? null)}>
        <input type="hidden" name="intent" value={ACCOUNT_INTENTS.updateProfile} />
        {PROFILE_FIELDS.map((f) =>
          f.name === "shippingCountry" ? (
            <div className="field" key={f.name}>
              <label htmlFor="shippingCountry">{f.label}</label>
              <select
                id="shippingCountry"
                name="shippingCountry"
                defaultValue={valueOf("shippingCountry")}
                autoComplete={INPUTS.shippingCountry.autoComplete}
                aria-invalid={countryError ? true : undefined}
                aria-describedby={countryError ? "shippingCountry-error" : undefined}
              >
                <option value="">Select a country</option>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
              {countryError ? (
                <p className="field-error" id="shippingCountry-error">
                  {countryError}
                </p>
              ) : null}
            </div>
          ) : (
            <Fragment key={f.name}>
              <Field
                name={f.name}
                label={f.label}
                type={INPUTS[f.name].type ?? "text"}
                autoComplete={INPUTS[f.name].autoComplete}
                maxLength={INPUTS[f.name].maxLength}
                required={f.name === "email"}
                defaultValue={valueOf(f.name)}
                error={errorOf(f.name)}
              />
              {/* Right under the address it guards. */}
              {f.name === "email" ? <EmailProofField emailProof={emailProof} errorOf={errorOf} /> : null}
            </Fragment>
          ),
        )}
        <div className="actions">
          <button type="submit" className="button">
            Save Changes
          </button>
          <Link to={PROFILE_URL} className="button button-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

/** A new e-mail address needs more than the session: the password, or a code when a second factor is on. */
function EmailProofField({ emailProof, errorOf }: { emailProof: EmailProof; errorOf: (name: string) => string | undefined }) {
  if (emailProof === "none") {
    return (
      <p className="muted small" id="email-proof-hint">
        To change your e-mail address, first set a password on the <Link to="/account/security">Sign-in &amp; Security</Link> page.
      </p>
    );
  }
  return emailProof === "code" ? (
    <Field name="code" label="Code from your app (only to change the e-mail address)" autoComplete="one-time-code" maxLength={40} error={errorOf("code")} />
  ) : (
    <Field
      name="currentPassword"
      label="Current password (only to change the e-mail address)"
      type="password"
      autoComplete="current-password"
      maxLength={200}
      error={errorOf("currentPassword")}
    />
  );
}
