import { Link } from "@remix-run/react";
import { FreeShippingNote } from "~/components/cart/cart-summary";
import { CheckField, CheckoutSection, CountrySelect } from "~/components/checkout/fields";
import { EmailField, Field, PasswordField } from "~/components/ui/field";
import { CHECKOUT_PASSWORD_MIN, CUSTOMER_MESSAGE_MAX } from "~/domain/orders/checkout-texts";
import { type CountryOption } from "~/domain/common/countries";
import { type FreeShippingNudge } from "~/domain/orders/totals";
import { CHECKOUT_ATTRIBUTES } from "~/lib/behavior-contract";
import { Money } from "~/components/ui/money";
import { useI18n } from "~/i18n/context";
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
  const { t, rich, path } = useI18n();
  return (
    <CheckoutSection id="contact" title={t("checkout.contact")}>
      <EmailField label={t("checkout.email")} constraint={form.constraint("email")} defaultValue={value("email")} error={error("email")} />
      {signedIn ? null : (
        <>
          <p className="muted small">
            {`${t("checkout.alreadyCustomer")} `}
            <Link to="/login?redirectTo=/checkout">{t("checkout.signIn")}</Link>
            {google ? (
              <>
                {` ${t("checkout.or")} `}
                <a href={`/api/auth/google?redirectTo=${path("/checkout")}`} className="button button-google checkout-google">
                  {t("checkout.google")}
                </a>
              </>
            ) : null}
          </p>
          <CheckField
            name="createAccount"
            defaultChecked={value("createAccount") === "on"}
            label={t("checkout.createAccount")}
            hint={t("checkout.createAccountHint")}
          />
          <p className="muted small">
            {rich("checkout.privacy", {
              link: (
                <a href={path("/privacy")} target="_blank" rel="noopener noreferrer">
                  {t("checkout.privacyLink")}
                </a>
              ),
            })}
          </p>
          <div className="form-row account-fields" {...{ [CHECKOUT_ATTRIBUTES.account]: "" }}>
            <PasswordField
              autoComplete="new-password"
              constraint={form.constraint("password")}
              label={t("checkout.password")}
              hint={t("checkout.passwordHint", { min: String(CHECKOUT_PASSWORD_MIN) })}
              error={error("password")}
            />
            <PasswordField
              name="confirmPassword"
              label={t("checkout.confirmPassword")}
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
  const { t } = useI18n();
  return (
    <CheckoutSection id="address" title={t("checkout.address")}>
      <div className="form-row">
        <Field
          name="firstName"
          label={t("checkout.firstName")}
          autoComplete="given-name"
          {...form.constraint("firstName")}
          defaultValue={value("firstName")}
          error={error("firstName")}
        />
        <Field
          name="lastName"
          label={t("checkout.lastName")}
          autoComplete="family-name"
          {...form.constraint("lastName")}
          defaultValue={value("lastName")}
          error={error("lastName")}
        />
      </div>
      <Field
        name="addressLine1"
        label={t("checkout.addressLine1")}
        autoComplete="address-line1"
        {...form.constraint("addressLine1")}
        defaultValue={value("addressLine1")}
        error={error("addressLine1")}
      />
      <Field
        name="addressLine2"
        label={t("checkout.addressLine2")}
        autoComplete="address-line2"
        {...form.constraint("addressLine2")}
        defaultValue={value("addressLine2")}
        error={error("addressLine2")}
      />
      <div className="form-row">
        <Field
          name="city"
          label={t("checkout.city")}
          autoComplete="address-level2"
          {...form.constraint("city")}
          defaultValue={value("city")}
          error={error("city")}
        />
        <Field
          name="state"
          label={t("checkout.state")}
          autoComplete="address-level1"
          {...form.constraint("state")}
          defaultValue={value("state")}
          error={error("state")}
        />
      </div>
      <div className="form-row">
        <Field
          name="postalCode"
          label={t("checkout.postalCode")}
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
  const { t } = useI18n();
  return (
    <CheckoutSection id="shipping" title={t("checkout.shippingInfo")}>
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
  const { t, text } = useI18n();
  return (
    <>
      <div>
        <p className="strong">{text(shipping.name)}</p>
        {shipping.description ? <p className="muted small">{text(shipping.description)}</p> : null}
        <FreeShippingNote nudge={shipping.freeShipping} />
      </div>
      {shipping.name ? <p className="strong">{shipping.priceCents === 0 ? t("layout.totals.free") : <Money cents={shipping.priceCents} />}</p> : null}
    </>
  );
}

/** The optional message, with its character counter (kept up to date by the checkout behaviour). */
export function MessageSection({ form }: { form: FieldState }) {
  const { value, error } = form;
  const messageLength = (value("customerMessage") ?? "").length;
  const message = error("customerMessage");
  const { t, text } = useI18n();
  return (
    <CheckoutSection id="message" title={t("checkout.messageTitle")}>
      <div className="field">
        <label htmlFor="customerMessage">{t("checkout.messageLabel")}</label>
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
            {text(message)}
          </p>
        ) : null}
      </div>
      <CheckField name="isGift" defaultChecked={value("isGift") === "on"} label={t("checkout.gift")} error={error("isGift")} />
    </CheckoutSection>
  );
}

export function TermsField({ form }: { form: FieldState }) {
  const { t, rich, path } = useI18n();
  return (
    <div className="checkout-terms">
      <CheckField
        name="agreeToTerms"
        required
        defaultChecked={form.value("agreeToTerms") === "on"}
        error={form.error("agreeToTerms")}
        label={
          <>
            {rich("checkout.agree", {
              link: (
                <a href={path("/terms-conditions")} target="_blank" rel="noopener noreferrer">
                  {t("checkout.termsLink")}
                </a>
              ),
            })}
          </>
        }
      />
    </div>
  );
}
