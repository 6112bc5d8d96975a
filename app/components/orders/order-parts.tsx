import { ProductThumb } from "~/components/product/product-thumb";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { NotFoundView } from "~/components/layout/not-found";
import { MadeToOrderNote } from "~/components/product/made-to-order-note";
import { PERSONALISED_ITEM_TEXT } from "~/domain/catalogue/made-to-order";
import { ORDER_TEXT, type OrderPageAddress, type OrderPageItem, type OrderPageOrder, type OrderPageTotals, trackingUrl } from "~/domain/orders/page-data";
import { formatMoney } from "~/lib/money";

/** The pieces the confirmation page and the customer order details page share. */

const DATE_FORMAT = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** The same text on the server and in the browser (UTC), so hydration never differs. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_FORMAT.format(date);
}

/** SHOP_EMAIL from the root loader. */
export function useShopEmail(): string {
  const root = useRouteLoaderData("root") as { shopEmail?: string } | undefined;
  return root?.shopEmail ?? "hello@example.com";
}

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`status-pill status-${status.replace(/[^a-z_]/g, "")}`}>{label}</span>;
}

export function TrackingLink({ trackingNumber }: { trackingNumber: string }) {
  return (
    <a href={trackingUrl(trackingNumber)} target="_blank" rel="noopener noreferrer" className="tracking-link">
      {trackingNumber}
      <span className="sr-only"> (track your parcel, opens in a new tab)</span>
    </a>
  );
}

/** Banners for a cancellation request, a cancelled order, a shipped one with its tracking number, and a return. */
export function OrderBanners({ order }: { order: OrderPageOrder }) {
  const email = useShopEmail();
  switch (order.status) {
    case "cancel_request":
      return (
        <div className="alert alert-warning order-banner" role="status">
          <p className="alert-title">Cancellation Requested</p>
          <p>We have received your cancellation request and will review it within 1-2 business days. We will contact you by e-mail.</p>
        </div>
      );
    case "cancelled":
      return (
        <div className="alert alert-neutral order-banner" role="status">
          <p className="alert-title">Order Cancelled</p>
          <p>
            This order has been cancelled. Questions about a refund? Write to <a href={`mailto:${email}`}>{email}</a>.
          </p>
        </div>
      );
    case "unpaidcancelled":
      return (
        <div className="alert alert-neutral order-banner" role="status">
          <p className="alert-title">Order Cancelled</p>
          <p>This order was cancelled before it was paid. Nothing was charged.</p>
        </div>
      );
    case "returned":
      return (
        <div className="alert alert-neutral order-banner" role="status">
          <p className="alert-title">Order Returned</p>
          <p>This order has been returned.</p>
        </div>
      );
    case "shipped":
    case "delivered":
      return (
        <div className="alert alert-success order-banner" role="status">
          <p className="alert-title">{order.status === "shipped" ? "Your order has shipped!" : "Your order was delivered"}</p>
          {order.trackingNumber ? (
            <p>
              Tracking number: <TrackingLink trackingNumber={order.trackingNumber} />
            </p>
          ) : (
            <p>It is on its way by registered priority airmail.</p>
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
                  <dt>Color</dt>
                  <dd>{item.colorName}</dd>
                </div>
              ) : null}
              {item.variationName ? (
                <div>
                  <dt>Variation</dt>
                  <dd>{item.variationName}</dd>
                </div>
              ) : null}
              <div>
                <dt>Qty</dt>
                <dd>{item.quantity}</dd>
              </div>
              {alwaysShowEach || item.quantity > 1 ? (
                <div>
                  <dt>Each</dt>
                  <dd>{formatMoney(item.unitCents)}</dd>
                </div>
              ) : null}
            </dl>
            <MadeToOrderNote days={item.madeToOrderDays} className="small made-to-order-note" />
            {item.isPersonalised ? <p className="muted small personalised-note">{PERSONALISED_ITEM_TEXT}</p> : null}
          </div>
          <p className="line-total">{formatMoney(item.lineCents)}</p>
        </li>
      ))}
    </ul>
  );
}

export function OrderTotals({ order }: { order: OrderPageTotals }) {
  return (
    <dl className="totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatMoney(order.subtotalCents)}</dd>
      </div>
      <div>
        <dt>{`Shipping${order.shippingName ? ` (${order.shippingName})` : ""}`}</dt>
        <dd>{order.shippingCents === 0 ? "Free" : formatMoney(order.shippingCents)}</dd>
      </div>
      {order.loyaltyDiscountCents > 0 ? (
        <div className="discount">
          <dt>{`Loyalty Discount${order.loyaltyPointsUsed > 0 ? ` (${order.loyaltyPointsUsed} points)` : ""}`}</dt>
          <dd>{`-${formatMoney(order.loyaltyDiscountCents)}`}</dd>
        </div>
      ) : null}
      <div className="grand">
        <dt>Total</dt>
        <dd>{formatMoney(order.totalCents)}</dd>
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
  return (
    <p className="muted small order-support">
      Questions about your order? Contact us at <a href={`mailto:${email}?subject=${encodeURIComponent(`Order #${orderId}`)}`}>{email}</a>.
    </p>
  );
}

export function OrderNotFound() {
  return <NotFoundView title={ORDER_TEXT.notFound} text={ORDER_TEXT.notFoundText} />;
}
