import { i18nFor } from "~/i18n/i18n.server";
import { pageI18n } from "~/web/page-i18n.server";
import { useI18n } from "~/i18n/context";
import { countryOptionsIn } from "~/i18n/countries";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckField, CheckoutSection } from "~/components/checkout/fields";
import { checkoutFigures, CheckoutOrderSummary } from "~/components/checkout/order-summary";
import { checkoutFiguresAnswer } from "~/components/checkout/figures-html.server";
import { DiscountCodeField } from "~/components/checkout/discount-code";
import { AddressSection, checkoutFieldState, ContactSection, MessageSection, ShippingSection, TermsField } from "~/components/checkout/sections";
import { DutiesNotice } from "~/components/orders/duties-notice";
import { Alert } from "~/components/ui/field";
import { CHECKOUT_ATTRIBUTES, CHECKOUT_TOTALS_INTENT } from "~/lib/behavior-contract";
import { centsToDecimal } from "~/lib/money";
import { pageMeta, seoContext } from "~/lib/meta";
import { loadCheckoutPage, submitCheckout } from "~/web/checkout.server";

export const meta: MetaFunction = (args) => {
  const { t } = i18nFor(seoContext(args.matches).locale ?? "en");
  return pageMeta(args, { title: t("checkout.title"), description: t("checkout.metaDescription"), noindex: true });
};

export function loader({ request }: LoaderFunctionArgs) {
  return loadCheckoutPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  // The figures answered to the browser module carry the złoty line as the page does.
  const i18n = await pageI18n(request);
  return submitCheckout(request, { figures: (data) => checkoutFiguresAnswer(data, i18n) });
}

export default function CheckoutPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const i18n = useI18n();
  const { t, text, money } = i18n;
  const form = checkoutFieldState(actionData?.result, data.defaults, data.constraints);
  const useLoyalty = actionData ? form.value("useLoyaltyPoints") === "on" : data.useLoyaltyPoints;
  // Posted again without JavaScript, the page shows the shipping of the country just posted.
  const shipping = actionData && "shipping" in actionData && actionData.shipping ? actionData.shipping : data.shipping;
  // Likewise the discount code it posted, applied or refused.
  const code = actionData && "code" in actionData && actionData.code !== undefined ? actionData.code : data.code;
  const codeError = form.error("discountCode") ?? code?.error ?? null;

  const loyalty = data.loyalty;
  const figures = checkoutFigures({ items: data.items, shipping, loyalty, useLoyaltyPoints: useLoyalty, code: code?.terms ?? null });
  const alert = actionData?.alert ?? null;
  const invalid = actionData && !alert && actionData.result.error && Object.keys(actionData.result.error).length > 0;
  const loyaltyNote =
    loyalty && !loyalty.eligible && loyalty.points > 0
      ? t("checkout.loyaltyNote", {
          points: loyalty.points,
          required: String(loyalty.pointsRequired),
          discount: money(loyalty.discountAmountCents),
          minimum: money(loyalty.minimumOrderCents),
        })
      : null;

  return (
    <div className="container checkout-page">
      <div className="page-head">
        <h1>{t("checkout.title")}</h1>
        <p className="muted">
          <Link to="/cart">{t("checkout.backToCart")}</Link>
        </p>
      </div>
      <div className="checkout-layout">
        <Form method="post" action="/checkout" id="checkout" className="checkout-form" {...{ [CHECKOUT_ATTRIBUTES.form]: "" }}>
          {data.unpaidOrder ? (
            <p className="notice" data-testid="unpaid-order-offer">
              {`${t("checkout.unpaidOffer", { id: String(data.unpaidOrder.id), total: money(data.unpaidOrder.totalCents) })} `}
              <Link to={`/order/${data.unpaidOrder.id}/payment`} className="strong" reloadDocument>
                {t("checkout.payOrder", { id: String(data.unpaidOrder.id) })}
              </Link>
            </p>
          ) : null}
          {alert ? <Alert title={text(alert.title)}>{alert.description ? text(alert.description) : undefined}</Alert> : null}
          {invalid ? <Alert title={t("checkout.checkForm")}>{t("checkout.checkFormText")}</Alert> : null}
          <input type="hidden" name="expectedSubtotal" value={centsToDecimal(data.subtotalCents)} />
          <input type="hidden" name="expectedShipping" value={centsToDecimal(shipping.priceCents)} />

          <ContactSection form={form} signedIn={data.signedIn} google={data.google} />
          <AddressSection form={form} countries={countryOptionsIn(data.countries, i18n.locale)} />
          <ShippingSection shipping={shipping} />
          <MessageSection form={form} />

          {loyalty?.eligible ? (
            <CheckoutSection id="loyalty" title={t("checkout.loyaltyTitle")}>
              <p className="muted small">{t("checkout.loyaltyHave", { points: loyalty.points })}</p>
              <CheckField
                name="useLoyaltyPoints"
                defaultChecked={useLoyalty}
                label={t("checkout.useLoyalty", { points: String(loyalty.pointsRequired), discount: money(loyalty.discountCents) })}
              />
            </CheckoutSection>
          ) : null}

          <TermsField form={form} />

          {form.formError && !alert ? (
            <p className="form-error" role="alert">
              {text(form.formError)}
            </p>
          ) : null}
          <DutiesNotice country={form.value("country")} follows />
          <button type="submit" className="button button-lg button-block" {...{ [CHECKOUT_ATTRIBUTES.submitting]: t("checkout.submitting") }}>
            {t("checkout.submit")}
          </button>
        </Form>

        <CheckoutOrderSummary
          items={data.items}
          figures={figures}
          note={loyaltyNote}
          discount={<DiscountCodeField value={form.value("discountCode") ?? ""} code={code} error={codeError} constraint={form.constraint("discountCode")} />}
        >
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
            {t("checkout.updateShipping")}
          </button>
        </CheckoutOrderSummary>
      </div>
    </div>
  );
}
