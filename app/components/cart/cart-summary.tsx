import { LARGE_ITEM_SHIPPING } from "~/domain/orders/totals";
import { formatMoney } from "~/lib/money";

export interface SummaryTotals {
  subtotalCents: number;
  shippingCents: number;
  shippingName: string;
  totalCents: number;
}

export function CartTotalsList({ totals, showMethod = false }: { totals: SummaryTotals; showMethod?: boolean }) {
  return (
    <>
      <dl className="totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatMoney(totals.subtotalCents)}</dd>
        </div>
        <div>
          <dt>Shipping{showMethod && totals.shippingCents > 0 ? ` (${totals.shippingName})` : ""}</dt>
          <dd>{totals.shippingCents === 0 ? "Free" : formatMoney(totals.shippingCents)}</dd>
        </div>
        <div className="grand">
          <dt>Total</dt>
          <dd>{formatMoney(totals.totalCents)}</dd>
        </div>
      </dl>
      {totals.shippingName === LARGE_ITEM_SHIPPING && totals.shippingCents > 0 ? <p className="note">Large item shipping applied</p> : null}
    </>
  );
}
