import { ProductThumb } from "~/components/product/product-thumb";
import { MadeToOrderNote } from "~/components/product/made-to-order-note";
import { PERSONALISED_ITEM_TEXT } from "~/domain/catalogue/made-to-order";
import { Link } from "@remix-run/react";
import { type ReactNode } from "react";
import { type CodeTerms } from "~/domain/discounts/rules";
import { computeOrderTotals, type FreeShippingNudge, type OrderTotals } from "~/domain/orders/totals";
import { CHECKOUT_ATTRIBUTES } from "~/lib/behavior-contract";
import { Money } from "~/components/ui/money";
import { useI18n } from "~/i18n/context";

export interface SummaryItem {
  id: number;
  title: string;
  /** "en" when the title is the English fallback on another language's page. */
  titleLang?: "en";
  slug: string;
  /** The line's photo (the product image itself) and its width. */
  imageUrl: string | null;
  imageWidth: number | null;
  colorName: string | null;
  colorHex: string | null;
  variationName: string | null;
  quantity: number;
  priceCents: number;
  specificStock: number;
  /** The line will be made to order: the lead time in days. */
  madeToOrderDays?: number | null;
  /** Exempt from the right of withdrawal: the buyer is told before she orders. */
  isPersonalised?: boolean;
}

export interface SummaryFigures {
  shipping: { name: string; description: string; priceCents: number; freeShipping?: FreeShippingNudge | null };
  /** Subtotal, shipping, the loyalty discount in effect and the total. */
  totals: OrderTotals;
}

/** The loyalty offer as the checkout's data carries it (web/checkout.server.ts). */
export interface CheckoutLoyalty {
  eligible: boolean;
  pointsRequired: number;
  discountCents: number;
}

/**
 * The summary's figures for the chosen loyalty box and the applied discount code: the loyalty
 * discount counts only when the shopper may and does use it, after the code.
 */
export function checkoutFigures(opts: {
  items: { priceCents: number; quantity: number }[];
  shipping: SummaryFigures["shipping"];
  loyalty: CheckoutLoyalty | null;
  useLoyaltyPoints: boolean;
  code?: CodeTerms | null;
}): SummaryFigures {
  const { loyalty } = opts;
  const applied = loyalty?.eligible && opts.useLoyaltyPoints ? { cents: loyalty.discountCents, pointsUsed: loyalty.pointsRequired } : null;
  const items = opts.items.map((item) => ({ unitPriceCents: item.priceCents, quantity: item.quantity }));
  return { shipping: opts.shipping, totals: computeOrderTotals({ items, shipping: opts.shipping, loyaltyDiscount: applied, code: opts.code ?? null }) };
}

/** Subtotal, shipping, discount and total: the summary's live region (the checkout behaviour takes it from the server again when the country or the loyalty box changes). */
export function CheckoutTotals({ figures }: { figures: SummaryFigures }) {
  const { totals } = figures;
  const { t, text } = useI18n();
  return (
    <>
      <div>
        <dt>{t("layout.totals.subtotal")}</dt>
        <dd data-testid="summary-subtotal">
          <Money cents={totals.subtotalCents} />
        </dd>
      </div>
      <div>
        <dt>{t("layout.totals.shippingWith", { name: text(totals.shippingName) })}</dt>
        <dd data-testid="summary-shipping">{totals.shippingCents === 0 ? t("layout.totals.free") : <Money cents={totals.shippingCents} />}</dd>
      </div>
      {totals.discountCode !== null ? (
        <div className="discount">
          <dt>{t("layout.totals.discountCode", { code: totals.discountCode })}</dt>
          <dd data-testid="summary-code">
            -<Money cents={totals.discountCents} />
          </dd>
        </div>
      ) : null}
      {totals.loyaltyDiscountCents > 0 ? (
        <div className="discount">
          <dt>{t("checkout.loyaltyDiscount", { points: String(totals.loyaltyPointsUsed) })}</dt>
          <dd data-testid="summary-discount">
            -<Money cents={totals.loyaltyDiscountCents} />
          </dd>
        </div>
      ) : null}
      <div className="grand">
        <dt>{t("layout.totals.total")}</dt>
        <dd data-testid="summary-total">
          <Money cents={totals.totalCents} />
        </dd>
      </div>
    </>
  );
}

/** The checkout's order summary: the lines with their thumbnails, the discount code field, then subtotal, shipping, discounts and total, then `children`. */
export function CheckoutOrderSummary({
  items,
  figures,
  note,
  discount,
  children,
}: {
  items: SummaryItem[];
  figures: SummaryFigures;
  note?: string | null;
  discount?: ReactNode;
  children?: ReactNode;
}) {
  const short = items.filter((item) => item.quantity > item.specificStock);
  const { t, text } = useI18n();
  return (
    <aside className="summary checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">{t("checkout.summary")}</h2>
      <ul className="checkout-lines" role="list">
        {items.map((item) => (
          <li key={item.id} className="checkout-line">
            <ProductThumb imageUrl={item.imageUrl} imageWidth={item.imageWidth} width={56} height={70} />
            <div className="checkout-line-body">
              <p className="checkout-line-title">
                <Link to={`/product/${item.slug}`} lang={item.titleLang}>
                  {item.title}
                </Link>
              </p>
              {item.colorName ? (
                <p className="muted small">
                  <span className="swatch-dot" style={{ background: item.colorHex ?? undefined }} aria-hidden="true" />
                  {t("checkout.colorLine", { color: item.colorName })}
                </p>
              ) : null}
              {item.variationName ? <p className="muted small">{t("checkout.variationLine", { name: item.variationName })}</p> : null}
              <p className="muted small">{t("checkout.qtyLine", { qty: String(item.quantity) })}</p>
              <MadeToOrderNote days={item.madeToOrderDays} className="small made-to-order-note" />
              {item.isPersonalised ? <p className="muted small personalised-note">{text(PERSONALISED_ITEM_TEXT)}</p> : null}
            </div>
            <p className="checkout-line-price">
              <Money cents={item.priceCents * item.quantity} />
            </p>
          </li>
        ))}
      </ul>
      {short.length > 0 ? (
        <p className="note" role="status">
          {short.map((item) => t("checkout.onlyOf", { count: String(item.specificStock), title: item.title })).join(" ")}{" "}
          <Link to="/cart">{t("checkout.updateCart")}</Link>
        </p>
      ) : null}
      {discount}
      <dl className="totals" aria-live="polite" {...{ [CHECKOUT_ATTRIBUTES.totals]: "" }}>
        <CheckoutTotals figures={figures} />
      </dl>
      {children}
      {note ? <p className="notice">{note}</p> : null}
      <p className="muted small secure">{t("checkout.payNext")}</p>
    </aside>
  );
}
