import { Link } from "@remix-run/react";
import { useState } from "react";
import { CheckField, CheckoutSection, CountrySelect } from "~/components/checkout/fields";
import { Field } from "~/components/ui/field";
import { CHECKOUT_MAX, CHECKOUT_PASSWORD_MAX, CHECKOUT_PASSWORD_MIN, CUSTOMER_MESSAGE_MAX } from "~/domain/orders/checkout-text";
import { formatMoney } from "~/lib/money";

/** What a section reads from the form's state: the value to show first and the field's error. */
export interface FieldState {
  value(name: string): string | undefined;
  error(name: string): string | undefined;
}

/**
 * E-mail, and for a guest the sign-in links and "create an account". Without JavaScript the
 * password fields are always there (used only when the box is ticked); once hydrated they follow the box.
 */
export function ContactSection({ form, signedIn, google, hydrated }: { form: FieldState; signedIn: boolean; google: boolean; hydrated: boolean }) {
  const { value, error } = form;
  const [createAccount, setCreateAccount] = useState(value("createAccount") === "on");
  return (
    <CheckoutSection id="contact" title="Contact Information">
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        maxLength={CHECKOUT_MAX.email}
        defaultValue={value("email")}
        error={error("email")}
      />
      {signedIn ? null : (
        <>
          <p className="muted small">
            Already a customer? <Link to="/login?redirectTo=/checkout">Sign in</Link>
            {google ? (
              <>
                {" or "}
                <a href="/api/auth/google?redirectTo=/checkout" className="button button-google checkout-google">
                  Continue with Google
                </a>
              </>
            ) : null}
          </p>
          <CheckField
            name="createAccount"
            defaultChecked={createAccount}
            onChange={(checked) => setCreateAccount(checked)}
            label="Create an account with these details"
            hint="Keep track of your orders and earn loyalty points on this order."
          />
          <p className="muted small">
            We keep your data as our{" "}
            <a href="/privacy" target="_blank" rel="noopener noreferrer">
              Privacy Policy
            </a>{" "}
            says.
          </p>
          {!hydrated || createAccount ? (
            <div className="form-row account-fields">
              <Field
                name="password"
                label="Password"
                type="password"
                autoComplete="new-password"
                maxLength={CHECKOUT_PASSWORD_MAX}
                hint={
                  hydrated
                    ? `At least ${CHECKOUT_PASSWORD_MIN} characters.`
                    : `Only used when 'Create an account' is ticked. At least ${CHECKOUT_PASSWORD_MIN} characters.`
                }
                error={error("password")}
              />
              <Field
                name="confirmPassword"
                label="Confirm Password"
                type="password"
                autoComplete="new-password"
                maxLength={CHECKOUT_PASSWORD_MAX}
                error={error("confirmPassword")}
              />
            </div>
          ) : null}
        </>
      )}
    </CheckoutSection>
  );
}

export function AddressSection({ form, onCountryChange }: { form: FieldState; onCountryChange: (country: string) => void }) {
  const { value, error } = form;
  return (
    <CheckoutSection id="address" title="Shipping Address">
      <div className="form-row">
        <Field
          name="firstName"
          label="First Name"
          autoComplete="given-name"
          required
          maxLength={CHECKOUT_MAX.firstName}
          defaultValue={value("firstName")}
          error={error("firstName")}
        />
        <Field
          name="lastName"
          label="Last Name"
          autoComplete="family-name"
          required
          maxLength={CHECKOUT_MAX.lastName}
          defaultValue={value("lastName")}
          error={error("lastName")}
        />
      </div>
      <Field
        name="addressLine1"
        label="Address"
        autoComplete="address-line1"
        required
        maxLength={CHECKOUT_MAX.addressLine1}
        defaultValue={value("addressLine1")}
        error={error("addressLine1")}
      />
      <Field
        name="addressLine2"
        label="Apartment, suite, etc. (optional)"
        autoComplete="address-line2"
        maxLength={CHECKOUT_MAX.addressLine2}
        defaultValue={value("addressLine2")}
        error={error("addressLine2")}
      />
      <div className="form-row">
        <Field
          name="city"
          label="City"
          autoComplete="address-level2"
          required
          maxLength={CHECKOUT_MAX.city}
          defaultValue={value("city")}
          error={error("city")}
        />
        <Field
          name="state"
          label="State / Province (optional)"
          autoComplete="address-level1"
          maxLength={CHECKOUT_MAX.state}
          defaultValue={value("state")}
          error={error("state")}
        />
      </div>
      <div className="form-row">
        <Field
          name="postalCode"
          label="Postal Code"
          autoComplete="postal-code"
          required
          maxLength={CHECKOUT_MAX.postalCode}
          defaultValue={value("postalCode")}
          error={error("postalCode")}
        />
        <CountrySelect defaultValue={value("country") ?? ""} error={error("country")} onChange={onCountryChange} />
      </div>
    </CheckoutSection>
  );
}

export function ShippingSection({ shipping }: { shipping: { name: string; description: string; priceCents: number } }) {
  return (
    <CheckoutSection id="shipping" title="Shipping Information">
      <div className="shipping-rate">
        <div>
          <p className="strong">{shipping.name}</p>
          {shipping.description ? <p className="muted small">{shipping.description}</p> : null}
        </div>
        <p className="strong">{shipping.priceCents === 0 ? "Free" : formatMoney(shipping.priceCents)}</p>
      </div>
    </CheckoutSection>
  );
}

/** The optional message, with a live character counter. */
export function MessageSection({ form }: { form: FieldState }) {
  const { value, error } = form;
  const [messageLength, setMessageLength] = useState((value("customerMessage") ?? "").length);
  const message = error("customerMessage");
  return (
    <CheckoutSection id="message" title="Message to Shop (optional)">
      <div className="field">
        <label htmlFor="customerMessage">Anything we should know about your order?</label>
        <textarea
          id="customerMessage"
          name="customerMessage"
          maxLength={CUSTOMER_MESSAGE_MAX}
          rows={3}
          defaultValue={value("customerMessage")}
          onChange={(e) => setMessageLength(e.currentTarget.value.length)}
          aria-invalid={message ? true : undefined}
          aria-describedby={["customerMessage-count", message ? "customerMessage-error" : null].filter(Boolean).join(" ")}
        />
        <p className="field-hint message-count" id="customerMessage-count">
          {`${messageLength}/${CUSTOMER_MESSAGE_MAX}`}
        </p>
        {message ? (
          <p className="field-error" id="customerMessage-error">
            {message}
          </p>
        ) : null}
      </div>
    </CheckoutSection>
  );
}

export function TermsField({ form }: { form: FieldState }) {
  return (
    <div className="checkout-terms">
      <CheckField
        name="agreeToTerms"
        required
        defaultChecked={form.value("agreeToTerms") === "on"}
        error={form.error("agreeToTerms")}
        label={
          <>
            I agree to the{" "}
            <a href="/terms-conditions" target="_blank" rel="noopener noreferrer">
              terms and conditions
            </a>
          </>
        }
      />
    </div>
  );
}
