import { i18nOf } from "~/i18n/i18n.server";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckField, CheckoutSection } from "~/components/checkout/fields";
import { checkoutFigures, CheckoutOrderSummary } from "~/components/checkout/order-summary";
import { checkoutFiguresAnswer } from "~/components/checkout/figures-html.server";
import { AddressSection, checkoutFieldState, ContactSection, MessageSection, ShippingSection, TermsField } from "~/components/checkout/sections";
import { DutiesNotice } from "~/components/orders/duties-notice";
import { Alert } from "~/components/ui/field";
import { CHECKOUT_ATTRIBUTES, CHECKOUT_SUBMIT_LABEL, CHECKOUT_TOTALS_INTENT } from "~/lib/behavior-contract";
import { SHIPPING_TEXT } from "~/domain/shipping/texts";
import { centsToDecimal, formatMoney } from "~/lib/money";
import { pageMeta } from "~/lib/meta";
import { loadCheckoutPage, submitCheckout } from "~/web/checkout.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Checkout", description: "Your contact details and shipping address, then payment with PayPal.", noindex: true });

export function loader({ request }: LoaderFunctionArgs) {
  return loadCheckoutPage(request);
}

export function action({ request }: ActionFunctionArgs) {
  return submitCheckout(request, { figures: (data) => checkoutFiguresAnswer(data, i18nOf(request)) });
}

export default function CheckoutPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const form = checkoutFieldState(actionData?.result, data.defaults, data.constraints);
  const useLoyalty = actionData ? form.value("useLoyaltyPoints") === "on" : data.useLoyaltyPoints;
  // Posted again without JavaScript, the page shows the shipping of the country just posted.
  const shipping = actionData && "shipping" in actionData && actionData.shipping ? actionData.shipping : data.shipping;

  const loyalty = data.loyalty;
  const figures = checkoutFigures({ items: data.items, shipping, loyalty, useLoyaltyPoints: useLoyalty });
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
        <Form method="post" action="/checkout" id="checkout" className="checkout-form" {...{ [CHECKOUT_ATTRIBUTES.form]: "" }}>
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

          <ContactSection form={form} signedIn={data.signedIn} google={data.google} />
          <AddressSection form={form} countries={data.countries} />
          <ShippingSection shipping={shipping} />
          <MessageSection form={form} />

          {loyalty?.eligible ? (
            <CheckoutSection id="loyalty" title="Loyalty Points">
              <p className="muted small">You have {loyalty.points} loyalty points.</p>
              <CheckField
                name="useLoyaltyPoints"
                defaultChecked={useLoyalty}
                label={`Use ${loyalty.pointsRequired} points for a ${formatMoney(loyalty.discountCents)} discount`}
              />
            </CheckoutSection>
          ) : null}

          <TermsField form={form} />

          {form.formError && !alert ? (
            <p className="form-error" role="alert">
              {form.formError}
            </p>
          ) : null}
          <DutiesNotice country={form.value("country")} follows />
          <button type="submit" className="button button-lg button-block">
            {CHECKOUT_SUBMIT_LABEL}
          </button>
        </Form>

        <CheckoutOrderSummary items={data.items} figures={figures} note={loyaltyNote}>
          {/* Without JavaScript the figures follow the country on this button (the checkout behaviour takes it away). */}
          <button
            type="submit"
            form="checkout"
            name="intent"
            value={CHECKOUT_TOTALS_INTENT}
            formNoValidate
            className="button button-secondary button-block"
            {...{ [CHECKOUT_ATTRIBUTES.update]: "" }}
          >
            {SHIPPING_TEXT.updateShipping}
          </button>
        </CheckoutOrderSummary>
      </div>
    </div>
  );
}
