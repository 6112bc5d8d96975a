import { type FreeShippingNudge, LARGE_ITEM_SHIPPING } from "~/domain/orders/totals";
import { SHIPPING_TEXT } from "~/domain/shipping/texts";
import { formatMoney } from "~/lib/money";

export interface SummaryTotals {
  subtotalCents: number;
  shippingCents: number;
  shippingName: string;
  totalCents: number;
  /** False when no zone ships to the cart's country: the shipping is chosen at checkout. */
  shipped?: boolean;
  freeShipping?: FreeShippingNudge | null;
}

export function CartTotalsList({ totals, showMethod = false }: { totals: SummaryTotals; showMethod?: boolean }) {
  const shipped = totals.shipped !== false;
  return (
    <>
      <dl className="totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatMoney(totals.subtotalCents)}</dd>
        </div>
        <div>
          <dt>Shipping{showMethod && totals.shippingCents > 0 ? ` (${totals.shippingName})` : ""}</dt>
          <dd>{!shipped ? SHIPPING_TEXT.atCheckout : totals.shippingCents === 0 ? "Free" : formatMoney(totals.shippingCents)}</dd>
        </div>
        <div className="grand">
          <dt>Total</dt>
          <dd>{formatMoney(totals.totalCents)}</dd>
        </div>
      </dl>
      {totals.shippingName === LARGE_ITEM_SHIPPING && totals.shippingCents > 0 ? <p className="note">Large item shipping applied</p> : null}
      <FreeShippingNote nudge={totals.freeShipping} />
    </>
  );
}

/** 'Free shipping from $X. Add $Y more', below a zone's threshold: the cart, the drawer and checkout show it. */
export function FreeShippingNote({ nudge }: { nudge: FreeShippingNudge | null | undefined }) {
  if (!nudge) return null;
  return (
    <p className="free-shipping-note" data-testid="free-shipping-nudge">
      {SHIPPING_TEXT.nudge(nudge)}
    </p>
  );
}

/** Which country the cart's shipping is for (the cart has no address: the shopper chooses it at checkout). */
export function CartCountryNote({ countryName }: { countryName: string }) {
  return <p className="muted small cart-country">{SHIPPING_TEXT.cartCountry(countryName)}</p>;
}
