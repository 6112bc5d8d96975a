import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useState } from "react";
import { CheckoutOrderSummary } from "~/components/checkout/order-summary";
import { useCheckoutValidation } from "~/components/checkout/use-checkout-validation";
import { Alert, Field, useClearPasswordAfter } from "~/components/ui/field";
import { getProfile, registerUser, updateProfile } from "~/domain/auth/accounts.server";
import { isGoogleConfigured } from "~/web/auth/authenticator.server";
import { getCartOwner, getOptionalUser, redirectWithToast, signInUser } from "~/web/guards.server";
import { type Toast } from "~/web/session.server";
import { type CartOwner, getCart } from "~/domain/cart/cart.server";
import { COUNTRIES, COUNTRY_CODES } from "~/domain/common/countries";
import { DomainError } from "~/domain/common/errors";
import { findUnpaidOrderForCart, getCheckoutSummary, placeOrder } from "~/domain/orders/checkout.server";
import {
  accountCreationFailed,
  CHECKOUT_MAX,
  CHECKOUT_PASSWORD_MAX,
  CHECKOUT_PASSWORD_MIN,
  CHECKOUT_TEXT,
  CHECKOUT_TOASTS,
  CUSTOMER_MESSAGE_MAX,
  orderCreatedToast,
} from "~/domain/orders/checkout-text";
import { CheckoutSchema, type ClientFigures } from "~/domain/orders/schemas";
import { db } from "~/lib/db.server";
import { assertOrderAllowed } from "~/domain/auth/rate-limit.server";
import { getClientIp, readFormData } from "~/web/http.server";
import { centsToDecimal, decimalToCents, formatMoney } from "~/lib/money";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Checkout", description: "Your contact details and shipping address, then payment with PayPal.", noindex: true });

/** US first, then the other countries of section 3 by name. */
const COUNTRY_OPTIONS = [COUNTRIES[0], ...[...COUNTRIES.slice(1)].sort((a, b) => a.name.localeCompare(b.name))];

const HIDDEN_FIELDS = ["password", "confirmPassword"];

type Defaults = Record<
  "email" | "firstName" | "lastName" | "addressLine1" | "addressLine2" | "city" | "state" | "postalCode" | "country",
  string
>;

interface CheckoutActionData {
  result: SubmissionResult<string[]>;
  alert: Toast | null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const owner = await getCartOwner(request);
  const summary = await getCheckoutSummary(db, { owner, user, country: user?.shippingCountry ?? null });
  if (summary.items.length === 0) throw redirect("/shop");
  const profile = user ? await getProfile(db, user.id) : null;
  // An unpaid order already made from this very cart is offered instead of a second one.
  const unpaid = await findUnpaidOrderForCart(db, { userId: user?.id ?? null, sessionKey: owner && "cartKey" in owner ? owner.cartKey : null }, summary.items);
  const defaults: Defaults = {
    email: profile?.email ?? "",
    firstName: profile ? profile.shippingFirstName || profile.firstName : "",
    lastName: profile ? profile.shippingLastName || profile.lastName : "",
    addressLine1: profile?.shippingAddressLine1 ?? "",
    addressLine2: profile?.shippingAddressLine2 ?? "",
    city: profile?.shippingCity ?? "",
    state: profile?.shippingState ?? "",
    postalCode: profile?.shippingPostalCode ?? "",
    country: profile?.shippingCountry && (COUNTRY_CODES as readonly string[]).includes(profile.shippingCountry) ? profile.shippingCountry : "",
  };
  const loyalty = summary.loyalty;
  return json(
    {
      signedIn: !!user,
      unpaidOrder: unpaid ? { id: unpaid.id, totalCents: unpaid.totalCents } : null,
      google: !user && isGoogleConfigured(),
      defaults,
      items: summary.items.map((item) => ({
        id: item.id,
        title: item.product.title,
        slug: item.product.slug,
        thumbUrl: item.product.images[0]?.thumbUrl ?? null,
        colorName: item.colorName,
        colorHex: item.colorHex,
        variationName: item.variation?.variationName ?? null,
        quantity: item.quantity,
        priceCents: item.product.priceCents,
        specificStock: item.specificStock,
        isLarge: item.product.isLarge,
      })),
      subtotalCents: summary.subtotalCents,
      shipping: summary.shipping,
      loyalty: loyalty
        ? {
            eligible: loyalty.eligible,
            points: loyalty.points,
            pointsRequired: loyalty.pointsRequired,
            discountCents: Math.min(Math.round(loyalty.discountAmount * 100), summary.subtotalCents),
            discountAmountCents: Math.round(loyalty.discountAmount * 100),
            minimumOrderCents: Math.round(loyalty.minimumOrderValue * 100),
          }
        : null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

function failure(result: SubmissionResult<string[]>, alert: Toast | null, status: number, cookies: (string | null)[]) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of cookies) if (cookie) headers.append("Set-Cookie", cookie);
  return json<CheckoutActionData>({ result, alert }, { status, headers });
}

/** The figures the page showed (hidden fields): an order whose server figures moved since is refused, never silently dearer. */
function shownFigures(formData: FormData): ClientFigures {
  const cents = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? (decimalToCents(value) ?? -1) : undefined;
  };
  return { subtotalCents: cents("expectedSubtotal"), shippingCents: cents("expectedShipping") };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: CheckoutSchema });
  if (submission.status !== "success") {
    return failure(submission.reply({ hideFields: HIDDEN_FIELDS }), null, 400, []);
  }
  const input = submission.value;
  const [user, owner] = await Promise.all([getOptionalUser(request), getCartOwner(request)]);
  if (!owner || (await getCart(db, owner)).items.length === 0) return redirectWithToast("/shop", { ...CHECKOUT_TOASTS.emptyCart });

  // createAccount (guests only): the account comes first, so the order belongs to the new customer.
  let orderOwner: CartOwner = owner;
  let userId = user?.id ?? null;
  const cookies: (string | null)[] = [];
  let accountCreated = false;
  if (!user && input.createAccount) {
    try {
      const created = await registerUser(db, {
        email: input.email,
        password: input.password ?? "",
        firstName: input.firstName,
        lastName: input.lastName,
      }, getClientIp(request));
      // "Create an account with these details": the address becomes the new profile's shipping address.
      await updateProfile(db, created.id, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        shippingFirstName: input.firstName,
        shippingLastName: input.lastName,
        shippingAddressLine1: input.addressLine1,
        shippingAddressLine2: input.addressLine2,
        shippingCity: input.city,
        shippingState: input.state,
        shippingPostalCode: input.postalCode,
        shippingCountry: input.country,
      });
      cookies.push(await signInUser(request, created.id));
      userId = created.id;
      orderOwner = { userId: created.id };
      accountCreated = true;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return failure(
        submission.reply({ ...(error.status === 429 ? { formErrors: [error.message] } : { fieldErrors: { [error.field ?? "email"]: [error.message] } }), hideFields: HIDDEN_FIELDS }),
        accountCreationFailed(error.message),
        error.status,
        [],
      );
    }
  }

  try {
    await assertOrderAllowed(db, getClientIp(request));
    const order = await placeOrder(
      db,
      { owner: orderOwner, userId, sessionKey: "cartKey" in owner ? owner.cartKey : null },
      input,
      shownFigures(formData),
    );
    // A new document: the payment page has its own Content-Security-Policy (PayPal's hosts).
    return redirectWithToast(`/order/${order.id}/payment`, orderCreatedToast(order.id), cookies, { document: true });
  } catch (error) {
    if (error instanceof DomainError && error.message === CHECKOUT_TEXT.emptyCart) {
      return redirectWithToast("/shop", { ...CHECKOUT_TOASTS.emptyCart }, cookies);
    }
    let alert: Toast;
    let status: number;
    if (error instanceof DomainError) {
      alert = error.status === 409 || error.status === 429 ? { ...CHECKOUT_TOASTS.orderFailed, description: error.message } : { ...CHECKOUT_TOASTS.orderFailed };
      status = error.status;
    } else {
      console.error("Checkout failed:", error);
      alert = { ...CHECKOUT_TOASTS.orderError };
      status = 500;
    }
    // A new account is signed in and the guest's cart is now the customer's, but this request's
    // loaders would still read the guest session: the page is loaded afresh instead (prefilled
    // from the new profile), with the failure as its notification.
    if (accountCreated) return redirectWithToast("/checkout", alert, cookies);
    return failure(submission.reply({ formErrors: [alert.description ?? alert.title], hideFields: HIDDEN_FIELDS }), alert, status, cookies);
  }
}

export default function CheckoutPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formAction === "/checkout";
  useClearPasswordAfter(actionData);

  const form = useCheckoutValidation(actionData?.result, data.defaults);
  const { value, error } = form;

  // Without JavaScript the password fields are always there (used only when the box is ticked);
  // once hydrated they follow the checkbox.
  const hydrated = form.hydrated;
  const [createAccount, setCreateAccount] = useState(value("createAccount") === "on");
  const [messageLength, setMessageLength] = useState((value("customerMessage") ?? "").length);
  const [useLoyalty, setUseLoyalty] = useState(value("useLoyaltyPoints") === "on");
  const [shipping, setShipping] = useState(data.shipping);
  useEffect(() => setShipping(data.shipping), [data.shipping]);

  const loyalty = data.loyalty;
  const discountCents = loyalty?.eligible && useLoyalty ? loyalty.discountCents : 0;

  async function refreshShipping(country: string) {
    if (data.items.length === 0) return;
    try {
      const res = await fetch("/api/shipping/calculate", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          country,
          cartItems: data.items.map((i) => ({ price: centsToDecimal(i.priceCents), quantity: i.quantity, product: { isLargeItem: i.isLarge } })),
        }),
      });
      if (!res.ok) return;
      const { rate } = (await res.json()) as { rate: { name: string; description: string; price: string } };
      const priceCents = decimalToCents(rate.price);
      if (priceCents !== null) setShipping({ name: rate.name, description: rate.description, priceCents });
    } catch {
      // The server computes the shipping again on submit; the shown rate simply stays.
    }
  }

  const alert = actionData?.alert ?? null;
  const invalid = actionData && !alert && actionData.result.error && Object.keys(actionData.result.error).length > 0;
  const loyaltyNote =
    loyalty && !loyalty.eligible && loyalty.points > 0
      ? `You have ${loyalty.points} loyalty points. ${loyalty.pointsRequired} points give a ${formatMoney(loyalty.discountAmountCents)} discount on orders of ${formatMoney(loyalty.minimumOrderCents)} or more.`
      : null;

  return (
    <div className="container checkout-page">
      <div className="page-head">
        <h1>Checkout</h1>
        <p className="muted">
          <Link to="/cart">Back to cart</Link>
        </p>
      </div>
      <div className="checkout-layout">
        <Form method="post" action="/checkout" id="checkout" {...form.formProps} className="checkout-form">
          {data.unpaidOrder ? (
            <p className="notice" data-testid="unpaid-order-offer">
              {`You already placed order #${data.unpaidOrder.id} (${formatMoney(data.unpaidOrder.totalCents)}) for this cart and it is waiting for payment. `}
              <Link to={`/order/${data.unpaidOrder.id}/payment`} className="strong" reloadDocument>
                {`Pay order #${data.unpaidOrder.id}`}
              </Link>
            </p>
          ) : null}
          {alert ? <Alert title={alert.title}>{alert.description}</Alert> : null}
          {invalid ? <Alert title="Please check the form">Correct the fields marked below, then try again.</Alert> : null}
          <input type="hidden" name="expectedSubtotal" value={centsToDecimal(data.subtotalCents)} />
          <input type="hidden" name="expectedShipping" value={centsToDecimal(shipping.priceCents)} />

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
            {data.signedIn ? null : (
              <>
                <p className="muted small">
                  Already a customer? <Link to="/login?redirectTo=/checkout">Sign in</Link>
                  {data.google ? (
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

          <CheckoutSection id="address" title="Shipping Address">
            <div className="form-row">
              <Field name="firstName" label="First Name" autoComplete="given-name" required maxLength={CHECKOUT_MAX.firstName} defaultValue={value("firstName")} error={error("firstName")} />
              <Field name="lastName" label="Last Name" autoComplete="family-name" required maxLength={CHECKOUT_MAX.lastName} defaultValue={value("lastName")} error={error("lastName")} />
            </div>
            <Field name="addressLine1" label="Address" autoComplete="address-line1" required maxLength={CHECKOUT_MAX.addressLine1} defaultValue={value("addressLine1")} error={error("addressLine1")} />
            <Field
              name="addressLine2"
              label="Apartment, suite, etc. (optional)"
              autoComplete="address-line2"
              maxLength={CHECKOUT_MAX.addressLine2}
              defaultValue={value("addressLine2")}
              error={error("addressLine2")}
            />
            <div className="form-row">
              <Field name="city" label="City" autoComplete="address-level2" required maxLength={CHECKOUT_MAX.city} defaultValue={value("city")} error={error("city")} />
              <Field name="state" label="State / Province (optional)" autoComplete="address-level1" maxLength={CHECKOUT_MAX.state} defaultValue={value("state")} error={error("state")} />
            </div>
            <div className="form-row">
              <Field name="postalCode" label="Postal Code" autoComplete="postal-code" required maxLength={CHECKOUT_MAX.postalCode} defaultValue={value("postalCode")} error={error("postalCode")} />
              <CountrySelect defaultValue={value("country") ?? ""} error={error("country")} onChange={(country) => void refreshShipping(country)} />
            </div>
          </CheckoutSection>

          <CheckoutSection id="shipping" title="Shipping Information">
            <div className="shipping-rate">
              <div>
                <p className="strong">{shipping.name}</p>
                {shipping.description ? <p className="muted small">{shipping.description}</p> : null}
              </div>
              <p className="strong">{shipping.priceCents === 0 ? "Free" : formatMoney(shipping.priceCents)}</p>
            </div>
          </CheckoutSection>

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
                aria-invalid={error("customerMessage") ? true : undefined}
                aria-describedby={["customerMessage-count", error("customerMessage") ? "customerMessage-error" : null].filter(Boolean).join(" ")}
              />
              <p className="field-hint message-count" id="customerMessage-count">
                {`${messageLength}/${CUSTOMER_MESSAGE_MAX}`}
              </p>
              {error("customerMessage") ? (
                <p className="field-error" id="customerMessage-error">
                  {error("customerMessage")}
                </p>
              ) : null}
            </div>
          </CheckoutSection>

          {loyalty?.eligible ? (
            <CheckoutSection id="loyalty" title="Loyalty Points">
              <p className="muted small">You have {loyalty.points} loyalty points.</p>
              <CheckField
                name="useLoyaltyPoints"
                defaultChecked={useLoyalty}
                onChange={(checked) => setUseLoyalty(checked)}
                label={`Use ${loyalty.pointsRequired} points for a ${formatMoney(loyalty.discountCents)} discount`}
              />
            </CheckoutSection>
          ) : null}

          <div className="checkout-terms">
            <CheckField
              name="agreeToTerms"
              required
              defaultChecked={value("agreeToTerms") === "on"}
              error={error("agreeToTerms")}
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

          {form.formError && !alert ? (
            <p className="form-error" role="alert">
              {form.formError}
            </p>
          ) : null}
          <button type="submit" className="button button-lg button-block" disabled={submitting}>
            {submitting ? "Creating Order..." : "Create Order & Proceed to Payment"}
          </button>
        </Form>

        <CheckoutOrderSummary
          items={data.items}
          figures={{ subtotalCents: data.subtotalCents, shipping, discountCents, pointsUsed: loyalty?.pointsRequired ?? 0 }}
          note={loyaltyNote}
        />
      </div>
    </div>
  );
}

function CheckoutSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="checkout-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div className="form-stack">{children}</div>
    </section>
  );
}

function CheckField({
  name,
  label,
  hint,
  error,
  required,
  defaultChecked,
  onChange,
}: {
  name: string;
  label: ReactNode;
  hint?: string;
  error?: string;
  required?: boolean;
  defaultChecked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const describedBy = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <div className="check">
        <input
          type="checkbox"
          id={name}
          name={name}
          required={required}
          defaultChecked={defaultChecked}
          onChange={onChange ? (e) => onChange(e.currentTarget.checked) : undefined}
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
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CountrySelect({ defaultValue, error, onChange }: { defaultValue: string; error?: string; onChange: (country: string) => void }) {
  return (
    <div className="field">
      <label htmlFor="country">Country</label>
      <select
        id="country"
        name="country"
        required
        autoComplete="country"
        defaultValue={defaultValue}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "country-error" : undefined}
      >
        <option value="">Select a country</option>
        {COUNTRY_OPTIONS.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field-error" id="country-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
