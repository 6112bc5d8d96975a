import { renderToStaticMarkup } from "react-dom/server";
import { CheckoutTotals, checkoutFigures } from "~/components/checkout/order-summary";
import { ShippingRate } from "~/components/checkout/sections";
import { centsToDecimal } from "~/lib/money";
import { I18nProvider, type ShopI18n } from "~/i18n/context";

/**
 * The checkout's figures for the country and loyalty box the shopper chose, as the checkout
 * action answers the browser module (intent "totals"): the shipping rate's and the totals' markup
 * as the page renders them, and the hidden fields' values the order is checked against. The
 * behaviour puts them in place instead of loading the whole page again.
 */
export function checkoutFiguresAnswer(data: Parameters<typeof checkoutFigures>[0], i18n: ShopI18n) {
  const figures = checkoutFigures(data);
  const render = (node: React.ReactNode) => renderToStaticMarkup(<I18nProvider value={i18n}>{node}</I18nProvider>);
  return {
    shipping: render(<ShippingRate shipping={figures.shipping} />),
    totals: render(<CheckoutTotals figures={figures} />),
    expectedSubtotal: centsToDecimal(figures.totals.subtotalCents),
    expectedShipping: centsToDecimal(figures.totals.shippingCents),
  };
}
