import { ProductThumb } from "~/components/product/product-thumb";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { NotFoundView } from "~/components/layout/not-found";
import { MadeToOrderNote } from "~/components/product/made-to-order-note";
import { PERSONALISED_ITEM_TEXT } from "~/domain/catalogue/made-to-order";
import { type OrderPageAddress, type OrderPageItem, type OrderPageOrder, type OrderPageTotals, trackingUrl } from "~/domain/orders/page-data";
import { Money } from "~/components/ui/money";
import { useI18n, type ShopI18n } from "~/i18n/context";

/** The pieces the confirmation page and the customer order details page share. */

const DATE_FORMAT = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** The same text on the server and in the browser (UTC), so hydration never differs. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_FORMAT.format(date);
}

/** An order's date in the page's language; English keeps formatOrderDate's wording (the admin renders that one). */
export function orderDate(i18n: Pick<ShopI18n, "locale" | "date">, iso: string): string {
  if (i18n.locale === "en" || Number.isNaN(new Date(iso).getTime())) return formatOrderDate(iso);
  return i18n.date(iso);
}

/** SHOP_EMAIL from the root loader. */
export function useShopEmail(): string {
  const root = useRouteLoaderData("root") as { shopEmail?: string } | undefined;
  return root?.shopEmail ?? "hello@example.com";
}

// StatusBadge, TrackingLink, OrderItems, OrderTotals and ShippingAddress render on the hydrated admin
// too, which has only layout's messages (chromeI18n) and shows text() as it comes.
export function StatusBadge({ status, label }: { status: string; label: string }) {
  const { text } = useI18n();
  return <span className={`status-pill status-${status.replace(/[^a-z_]/g, "")}`}>{text(label)}</span>;
}

export function TrackingLink({ trackingNumber }: { trackingNumber: string }) {
  const { t } = useI18n();
  return (
    <a href={trackingUrl(trackingNumber)} target="_blank" rel="noopener noreferrer" className="tracking-link">
      {trackingNumber}
      <span className="sr-only">{` ${t("layout.order.trackParcel")}`}</span>
    </a>
  );
}

/** Banners for a cancellation request, a cancelled order, a shipped one with its tracking number, and a return. */
export function OrderBanners({ order }: { order: OrderPageOrder }) {
  const email = useShopEmail();
  const { t, rich } = useI18n();
  switch (order.status) {
    case "cancel_request":
      return (
        <div className="alert alert-warning order-banner" role="status">
          <p className="alert-title">{t("orders.cancelRequested")}</p>
          <p>{t("orders.cancelRequestedText")}</p>
        </div>
      );
    case "cancelled":
      return (
        <div className="alert alert-neutral order-banner" role="status">
          <p className="alert-title">{t("orders.cancelled")}</p>
          <p>{rich("orders.cancelledText", { email: <a href={`mailto:${email}`}>{email}</a> })}</p>
        </div>
      );
    case "unpaidcancelled":
      return (
        <div className="alert alert-neutral order-banner" role="status">
          <p className="alert-title">{t("orders.cancelled")}</p>
          <p>{t("orders.unpaidCancelledText")}</p>
        </div>
      );
    case "returned":
      return (
        <div className="alert alert-neutral order-banner" role="status">
          <p className="alert-title">{t("orders.returned")}</p>
          <p>{t("orders.returnedText")}</p>
        </div>
      );
    case "shipped":
    case "delivered":
      return (
        <div className="alert alert-success order-banner" role="status">
          <p className="alert-title">{order.status === "shipped" ? t("orders.shipped") : t("orders.delivered")}</p>
          {order.trackingNumber ? (
            <p>
              {`${t("orders.trackingNumberLine")} `}
              <TrackingLink trackingNumber={order.trackingNumber} />
            </p>
          ) : (
            <p>{t("orders.onItsWay")}</p>
          )}
        </div>
      );
    default:
      return null;
  }
}

/**
 * The items of an order (customer and admin pages). The admin page also lists each item's
 * categories and always shows the unit price; the customer's only when more than one was bought.
 */
export function OrderItems({ items, alwaysShowEach = false }: { items: (OrderPageItem & { categories?: string[] })[]; alwaysShowEach?: boolean }) {
  const { t, text } = useI18n();
  return (
    <ul className="order-items" role="list">
      {items.map((item) => (
        <li key={item.id} className="order-item">
          <ProductThumb imageUrl={item.imageUrl} imageWidth={item.imageWidth} width={64} height={80} />
          <div className="order-item-body">
            <p className="order-item-title">{item.slug ? <Link to={`/product/${item.slug}`}>{item.title}</Link> : item.title}</p>
            {item.categories?.length ? <p className="muted small admin-item-categories">{item.categories.join(", ")}</p> : null}
            <dl className="item-facts">
              {item.colorName ? (
                <div>
                  <dt>{t("layout.order.color")}</dt>
                  <dd>{item.colorName}</dd>
                </div>
              ) : null}
              {item.variationName ? (
                <div>
                  <dt>{t("layout.order.variation")}</dt>
                  <dd>{item.variationName}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t("layout.order.qty")}</dt>
                <dd>{item.quantity}</dd>
              </div>
              {alwaysShowEach || item.quantity > 1 ? (
                <div>
                  <dt>{t("layout.order.each")}</dt>
                  <dd>
                    <Money cents={item.unitCents} />
                  </dd>
                </div>
              ) : null}
            </dl>
            <MadeToOrderNote days={item.madeToOrderDays} className="small made-to-order-note" />
            {item.isPersonalised ? <p className="muted small personalised-note">{text(PERSONALISED_ITEM_TEXT)}</p> : null}
          </div>
          <p className="line-total">
            <Money cents={item.lineCents} />
          </p>
        </li>
      ))}
    </ul>
  );
}

export function OrderTotals({ order }: { order: OrderPageTotals }) {
  const { t, text, money, pln } = useI18n();
  return (
    <dl className="totals">
      <div>
        <dt>{t("layout.totals.subtotal")}</dt>
        <dd>
          <Money cents={order.subtotalCents} />
        </dd>
      </div>
      <div>
        <dt>{order.shippingName ? t("layout.totals.shippingWith", { name: text(order.shippingName) }) : t("layout.totals.shipping")}</dt>
        <dd>{order.shippingCents === 0 ? t("layout.totals.free") : <Money cents={order.shippingCents} />}</dd>
      </div>
      {order.discountCode !== null ? (
        <div className="discount">
          <dt>{t("layout.totals.discountCode", { code: order.discountCode })}</dt>
          <dd>{pln(order.discountCents) ? <Money cents={-order.discountCents} /> : `-${money(order.discountCents)}`}</dd>
        </div>
      ) : null}
      {order.loyaltyDiscountCents > 0 ? (
        <div className="discount">
          <dt>
            {order.loyaltyPointsUsed > 0
              ? t("layout.totals.loyaltyDiscountPoints", { points: String(order.loyaltyPointsUsed) })
              : t("layout.totals.loyaltyDiscount")}
          </dt>
          <dd>{pln(order.loyaltyDiscountCents) ? <Money cents={-order.loyaltyDiscountCents} /> : `-${money(order.loyaltyDiscountCents)}`}</dd>
        </div>
      ) : null}
      <div className="grand">
        <dt>{t("layout.totals.total")}</dt>
        <dd>
          <Money cents={order.totalCents} />
        </dd>
      </div>
    </dl>
  );
}

export function ShippingAddress({ address: a }: { address: OrderPageAddress }) {
  return (
    <address className="order-address">
      {`${a.firstName} ${a.lastName}`}
      <br />
      {a.addressLine1}
      {a.addressLine2 ? (
        <>
          <br />
          {a.addressLine2}
        </>
      ) : null}
      <br />
      {[a.city, a.state, a.postalCode].filter(Boolean).join(", ")}
      <br />
      {a.countryName}
    </address>
  );
}

export function SupportContact({ orderId }: { orderId: number }) {
  const email = useShopEmail();
  const { t, rich } = useI18n();
  const subject = t("orders.supportSubject", { id: String(orderId) });
  return (
    <p className="muted small order-support">
      {rich("orders.support", { email: <a href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}>{email}</a> })}
    </p>
  );
}

export function OrderNotFound() {
  const { t } = useI18n();
  return <NotFoundView title={t("orders.notFound")} text={t("orders.notFoundText")} />;
}
