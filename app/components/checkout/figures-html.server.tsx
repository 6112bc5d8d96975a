import { renderToStaticMarkup } from "react-dom/server";
import { type CheckoutCodeView, DiscountCodeStatus } from "~/components/checkout/discount-code";
import { CheckoutTotals, checkoutFigures } from "~/components/checkout/order-summary";
import { ShippingRate } from "~/components/checkout/sections";
import { centsToDecimal } from "~/lib/money";
import { I18nProvider, type ShopI18n } from "~/i18n/context";

/**
 * The checkout's figures for the country, loyalty box and discount code the shopper chose, as the
 * checkout action answers the browser module (intent "totals"): the shipping rate's, the totals'
 * and the applied code's markup as the page renders them, the code's refusal in the page's
 * language, and the hidden fields' values the order is checked against. The behaviour puts them
 * in place instead of loading the whole page again.
 */
export function checkoutFiguresAnswer(data: Omit<Parameters<typeof checkoutFigures>[0], "code"> & { code: CheckoutCodeView | null }, i18n: ShopI18n) {
  const figures = checkoutFigures({ ...data, code: data.code?.terms ?? null });
  const render = (node: React.ReactNode) => renderToStaticMarkup(<I18nProvider value={i18n}>{node}</I18nProvider>);
  return {
    shipping: render(<ShippingRate shipping={figures.shipping} />),
    totals: render(<CheckoutTotals figures={figures} />),
    code: render(<DiscountCodeStatus code={data.code} />),
    codeError: data.code?.error ? i18n.text(data.code.error) : null,
    expectedSubtotal: centsToDecimal(figures.totals.subtotalCents),
    expectedShipping: centsToDecimal(figures.totals.shippingCents),
  };
}
