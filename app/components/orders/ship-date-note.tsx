import { formatShipDate, shipDateSentence } from "~/domain/catalogue/made-to-order";
import { useI18n } from "~/i18n/context";
import { AWAITING_SHIPMENT_STATUSES } from "~/domain/orders/lifecycle";
import { type OrderPageOrder } from "~/domain/orders/page-data";

/**
 * When an order holding made-to-order pieces is expected to ship; a mixed order says its ready
 * pieces wait for them in one parcel. Nothing for an order of ready pieces, or once it shipped.
 */
export function ShipDateNote({ order }: { order: Pick<OrderPageOrder, "expectedShipDate" | "items" | "status"> }) {
  const i18n = useI18n();
  if (!order.expectedShipDate || !(AWAITING_SHIPMENT_STATUSES as readonly string[]).includes(order.status)) return null;
  const mixed = order.items.some((i) => i.madeToOrderDays === null);
  return (
    <p className="notice ship-date-note" data-testid="expected-ship-date">
      {i18n.locale === "en"
        ? shipDateSentence(formatShipDate(order.expectedShipDate), mixed)
        : i18n.t(mixed ? "orders.shipDateMixed" : "orders.shipDate", { date: i18n.date(`${order.expectedShipDate}T12:00:00Z`) })}
    </p>
  );
}
