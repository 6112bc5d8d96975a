import { type FreeShippingNudge, LARGE_ITEM_SHIPPING } from "~/domain/orders/totals";
import { Money } from "~/components/ui/money";
import { useI18n } from "~/i18n/context";

export interface SummaryTotals {
  subtotalCents: number;
  shippingCents: number;
  shippingName: string;
  totalCents: number;
  /** False when no zone ships to the cart's country: the shipping is chosen at checkout. */
  shipped?: boolean;
  freeShipping?: FreeShippingNudge | null;
}

// The drawer renders these on the hydrated admin too, which has only layout's messages (chromeI18n).
export function CartTotalsList({ totals, showMethod = false }: { totals: SummaryTotals; showMethod?: boolean }) {
  const { t, text } = useI18n();
  const shipped = totals.shipped !== false;
  return (
    <>
      <dl className="totals">
        <div>
          <dt>{t("layout.totals.subtotal")}</dt>
          <dd>
            <Money cents={totals.subtotalCents} />
          </dd>
        </div>
        <div>
          <dt>{showMethod && totals.shippingCents > 0 ? t("layout.totals.shippingWith", { name: text(totals.shippingName) }) : t("layout.totals.shipping")}</dt>
          <dd>{!shipped ? t("layout.totals.atCheckout") : totals.shippingCents === 0 ? t("layout.totals.free") : <Money cents={totals.shippingCents} />}</dd>
        </div>
        <div className="grand">
          <dt>{t("layout.totals.total")}</dt>
          <dd>
            <Money cents={totals.totalCents} />
          </dd>
        </div>
      </dl>
      {totals.shippingName === LARGE_ITEM_SHIPPING && totals.shippingCents > 0 ? <p className="note">{t("layout.totals.largeItem")}</p> : null}
      <FreeShippingNote nudge={totals.freeShipping} />
    </>
  );
}

/** 'Free shipping from $X. Add $Y more', below a zone's threshold: the cart, the drawer and checkout show it. */
export function FreeShippingNote({ nudge }: { nudge: FreeShippingNudge | null | undefined }) {
  const { t, money } = useI18n();
  if (!nudge) return null;
  return (
    <p className="free-shipping-note" data-testid="free-shipping-nudge">
      {t("layout.totals.freeShippingNudge", { from: money(nudge.fromCents), missing: money(nudge.missingCents) })}
    </p>
  );
}

/** Which country the cart's shipping is for (the cart has no address: the shopper chooses it at checkout). */
export function CartCountryNote({ countryName }: { countryName: string }) {
  const { t } = useI18n();
  return <p className="muted small cart-country">{t("cart.countryNote", { country: countryName })}</p>;
}
