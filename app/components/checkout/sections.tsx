import { Link } from "@remix-run/react";
import { FreeShippingNote } from "~/components/cart/cart-summary";
import { CheckField, CheckoutSection, CountrySelect } from "~/components/checkout/fields";
import { EmailField, Field, PasswordField } from "~/components/ui/field";
import { CHECKOUT_PASSWORD_MIN, CHECKOUT_TEXT, CUSTOMER_MESSAGE_MAX } from "~/domain/orders/checkout-texts";
import { type CountryOption } from "~/domain/common/countries";
import { type FreeShippingNudge } from "~/domain/orders/totals";
import { CHECKOUT_ATTRIBUTES } from "~/lib/behavior-contract";
import { formatMoney } from "~/lib/money";
import { type FieldConstraint } from "~/lib/field-constraint";

/** What a section reads from the form's state: the value to show first and the field's error. */
export interface FieldState {
  value(name: string): string | undefined;
  error(name: string): string | undefined;
  /** The field's native constraints (required, lengths, pattern), from the server's schema. */
  constraint(name: string): FieldConstraint;
}

/** What the checkout action answers on failure: Conform's `submission.reply()` (only the parts the page reads). */
export interface CheckoutReply {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
}

/** The form as the server shows it: the action's echo of what was sent (else the page's defaults) and its errors. */
export function checkoutFieldState(
  reply: CheckoutReply | undefined,
  defaults: Record<string, unknown>,
  constraints: Record<string, FieldConstraint>,
): FieldState & { formError?: string } {
  const initial = { ...defaults, ...(reply?.initialValue ?? {}) };
  const errors = reply?.error ?? {};
  return {
    value(name) {
      const v = initial[name];
      return typeof v === "string" ? v : undefined;
    },
    error(name) {
      return errors[name]?.[0] ?? undefined;
    },
    constraint(name) {
      return constraints[name] ?? {};
    },
    formError: errors[""]?.[0] ?? undefined,
  };
}

/**
 * E-mail, and for a guest the sign-in links and "create an account". The password fields are
 * always in the markup (used only when the box is ticked); the checkout behaviour shows them only
 * while it is ticked.
 */
export function ContactSection({ form, signedIn, google }: { form: FieldState; signedIn: boolean; google: boolean }) {
  const { value, error } = form;
  return (
    <CheckoutSection id="contact" title="Contact Information">
      <EmailField constraint={form.constraint("email")} defaultValue={value("email")} error={error("email")} />
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
            defaultChecked={value("createAccount") === "on"}
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
          <div className="form-row account-fields" {...{ [CHECKOUT_ATTRIBUTES.account]: "" }}>
            <PasswordField
              autoComplete="new-password"
              constraint={form.constraint("password")}
              hint={`Only used when 'Create an account' is ticked. At least ${CHECKOUT_PASSWORD_MIN} characters.`}
              error={error("password")}
            />
            <PasswordField
              name="confirmPassword"
              label="Confirm Password"
              autoComplete="new-password"
              constraint={form.constraint("confirmPassword")}
              error={error("confirmPassword")}
            />
          </div>
        </>
      )}
    </CheckoutSection>
  );
}

export function AddressSection({ form, countries }: { form: FieldState; countries: readonly CountryOption[] }) {
  const { value, error } = form;
  return (
    <CheckoutSection id="address" title="Shipping Address">
      <div className="form-row">
        <Field
          name="firstName"
          label="First Name"
          autoComplete="given-name"
          {...form.constraint("firstName")}
          defaultValue={value("firstName")}
          error={error("firstName")}
        />
        <Field
          name="lastName"
          label="Last Name"
          autoComplete="family-name"
          {...form.constraint("lastName")}
          defaultValue={value("lastName")}
          error={error("lastName")}
        />
      </div>
      <Field
        name="addressLine1"
        label="Address"
        autoComplete="address-line1"
        {...form.constraint("addressLine1")}
        defaultValue={value("addressLine1")}
        error={error("addressLine1")}
      />
      <Field
        name="addressLine2"
        label="Apartment, suite, etc. (optional)"
        autoComplete="address-line2"
        {...form.constraint("addressLine2")}
        defaultValue={value("addressLine2")}
        error={error("addressLine2")}
      />
      <div className="form-row">
        <Field name="city" label="City" autoComplete="address-level2" {...form.constraint("city")} defaultValue={value("city")} error={error("city")} />
        <Field
          name="state"
          label="State / Province (optional)"
          autoComplete="address-level1"
          {...form.constraint("state")}
          defaultValue={value("state")}
          error={error("state")}
        />
      </div>
      <div className="form-row">
        <Field
          name="postalCode"
          label="Postal Code"
          autoComplete="postal-code"
          {...form.constraint("postalCode")}
          defaultValue={value("postalCode")}
          error={error("postalCode")}
        />
        <CountrySelect countries={countries} defaultValue={value("country") ?? ""} error={error("country")} />
      </div>
    </CheckoutSection>
  );
}

export function ShippingSection({ shipping }: { shipping: ShippingRateView }) {
  return (
    <CheckoutSection id="shipping" title="Shipping Information">
      <div className="shipping-rate" {...{ [CHECKOUT_ATTRIBUTES.shipping]: "" }}>
        <ShippingRate shipping={shipping} />
      </div>
    </CheckoutSection>
  );
}

type ShippingRateView = { name: string; description: string; priceCents: number; freeShipping?: FreeShippingNudge | null };

/**
 * The rate's name, description and price, and below the zone's threshold how far free shipping
 * is (the checkout behaviour takes them from the server again when the country changes).
 */
export function ShippingRate({ shipping }: { shipping: ShippingRateView }) {
  return (
    <>
      <div>
        <p className="strong">{shipping.name}</p>
        {shipping.description ? <p className="muted small">{shipping.description}</p> : null}
        <FreeShippingNote nudge={shipping.freeShipping} />
      </div>
      {shipping.name ? <p className="strong">{shipping.priceCents === 0 ? "Free" : formatMoney(shipping.priceCents)}</p> : null}
    </>
  );
}

/** The optional message, with its character counter (kept up to date by the checkout behaviour). */
export function MessageSection({ form }: { form: FieldState }) {
  const { value, error } = form;
  const messageLength = (value("customerMessage") ?? "").length;
  const message = error("customerMessage");
  return (
    <CheckoutSection id="message" title="Message to Shop (optional)">
      <div className="field">
        <label htmlFor="customerMessage">Anything we should know about your order?</label>
        <textarea
          id="customerMessage"
          name="customerMessage"
          {...form.constraint("customerMessage")}
          rows={3}
          defaultValue={value("customerMessage")}
          aria-invalid={message ? true : undefined}
          aria-describedby={["customerMessage-count", message ? "customerMessage-error" : null].filter(Boolean).join(" ")}
        />
        <p className="field-hint message-count" id="customerMessage-count" {...{ [CHECKOUT_ATTRIBUTES.count]: "" }}>
          {`${messageLength}/${CUSTOMER_MESSAGE_MAX}`}
        </p>
        {message ? (
          <p className="field-error" id="customerMessage-error">
            {message}
          </p>
        ) : null}
      </div>
      <CheckField name="isGift" defaultChecked={value("isGift") === "on"} label={CHECKOUT_TEXT.giftLabel} error={error("isGift")} />
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
