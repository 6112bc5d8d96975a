import { linePhotoId } from "~/domain/catalogue/line-photo.server";
import { type StockLine } from "~/domain/catalogue/stock.server";
import { decimalTotals, type OrderTotals, storedOrderTotals, TOTALS_COLUMNS, totalsFigures } from "~/domain/orders/totals";
import { type OrderWithdrawal } from "~/domain/withdrawals/rules";
import { type Locale } from "~/i18n/locales";
import { centsToDecimal } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

export interface OrderSummary {
  id: number;
  status: string;
  total: string;
  totalCents: number;
  createdAt: string;
  confirmationToken: string;
  withdrawal: OrderWithdrawal;
}

/** The signed-in customer's orders, newest first. */
export async function listOrdersForUser(db: DB, userId: number): Promise<OrderSummary[]> {
  const rows = await db
    .selectFrom("orders as o")
    .leftJoin("withdrawals as w", "w.order_id", "o.id")
    .select([
      "o.id",
      "o.status",
      "o.total_cents as totalCents",
      "o.created_at as createdAt",
      "o.confirmation_token as confirmationToken",
      "w.received_at as withdrawalReceivedAt",
      "w.handled_at as withdrawalHandledAt",
    ])
    .where("o.user_id", "=", userId)
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc")
    .execute();
  return rows.map(({ withdrawalReceivedAt, withdrawalHandledAt, ...r }) => ({
    ...r,
    total: centsToDecimal(r.totalCents),
    withdrawal: toOrderWithdrawal(withdrawalReceivedAt, withdrawalHandledAt),
  }));
}

/** The `withdrawal` of an order's JSON from its LEFT JOINed columns. */
export function toOrderWithdrawal(receivedAt: string | null | undefined, handledAt: string | null | undefined): OrderWithdrawal {
  return receivedAt ? { receivedAt, handledAt: handledAt ?? null } : null;
}

/** Where an order goes, as the order keeps it. */
export interface OrderShippingAddress {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string | null;
  postalCode: string;
  country: string;
}

export interface OrderItemView {
  id: number;
  productId: number | null;
  title: string;
  quantity: number;
  /** How many came back to stock through returns. */
  returnedQuantity: number;
  /** Line total as a 2-decimal string. */
  price: string;
  unitPrice: string;
  unitPriceCents: number;
  colorId: number | null;
  colorName: string | null;
  variationCode: string | null;
  variationName: string | null;
  /** Made to order when the order was placed (it took no stock), with the lead time of then. */
  madeToOrder: boolean;
  leadTimeDays: number | null;
  /** Made to the buyer's own measurements or choices: exempt from withdrawal. */
  isPersonalised: boolean;
  product: {
    title: string;
    slug: string | null;
    images: { imageUrl: string; width: number | null }[];
    categories: { category: { name: string } }[];
  };
}

/** The Order entity, with the snapshots the pages need. Money as 2-decimal strings and cents. */
export interface OrderView {
  id: number;
  userId: number | null;
  email: string;
  status: string;
  subtotal: string;
  shippingCost: string;
  shippingName: string;
  /** The shipping zone it was placed in, as named then (null for orders from before zones). */
  shippingZone: string | null;
  loyaltyDiscount: string;
  /** The discount code and what it took off (the contract's `discount`), or null. */
  discount: { code: string; amount: string } | null;
  total: string;
  subtotalCents: number;
  shippingCents: number;
  loyaltyDiscountCents: number;
  totalCents: number;
  loyaltyPointsUsed: number;
  /** The stored figures as lines (storedOrderTotals): what pages and e-mails show. */
  totals: OrderTotals;
  pointsAwarded: number;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  /** Why the shop declined the customer's cancellation request (shown to the customer). */
  declineReason: string | null;
  /** Money given back through PayPal (refused requests left out). */
  refunds: { id: number; amountCents: number; status: string; createdAt: string }[];
  trackingNumber: string | null;
  customerMessage: string | null;
  /** The buyer ticked 'This is a gift': no prices on the packing slip. */
  isGift: boolean;
  confirmationToken: string;
  stockReserved: boolean;
  paypalOrderId: string | null;
  paypalCaptureId: string | null;
  shippingAddress: OrderShippingAddress;
  items: OrderItemView[];
  /** The customer's withdrawal from the contract, once received. */
  withdrawal: OrderWithdrawal;
  /** YYYY-MM-DD when the order holds made-to-order pieces (docs/made-to-order.md); else null. */
  expectedShipDate: string | null;
  /** The language of the checkout that placed it: its e-mails are written in it. */
  locale: Locale;
}

/** The `orders` columns of an OrderView (its items, categories and refunds are read apart). */
function selectOrderRow(db: DB, orderId: number) {
  return db
    .selectFrom("orders")
    .select([
      "id",
      "user_id as userId",
      "email",
      "status",
      ...TOTALS_COLUMNS,
      "shipping_zone as shippingZone",
      "points_awarded as pointsAwarded",
      "created_at as createdAt",
      "paid_at as paidAt",
      "shipped_at as shippedAt",
      "delivered_at as deliveredAt",
      "decline_reason as declineReason",
      "tracking_number as trackingNumber",
      "customer_message as customerMessage",
      "is_gift as isGift",
      "confirmation_token as confirmationToken",
      "expected_ship_date as expectedShipDate",
      "locale",
      "stock_reserved as stockReserved",
      "paypal_order_id as paypalOrderId",
      "paypal_capture_id as paypalCaptureId",
      "shipping_first_name as firstName",
      "shipping_last_name as lastName",
      "shipping_address_line1 as addressLine1",
      "shipping_address_line2 as addressLine2",
      "shipping_city as city",
      "shipping_state as state",
      "shipping_postal_code as postalCode",
      "shipping_country as country",
      (eb) => eb.selectFrom("withdrawals as w").select("w.received_at").whereRef("w.order_id", "=", "orders.id").as("withdrawalReceivedAt"),
      (eb) => eb.selectFrom("withdrawals as w").select("w.handled_at").whereRef("w.order_id", "=", "orders.id").as("withdrawalHandledAt"),
    ])
    .where("id", "=", orderId)
    .executeTakeFirst();
}

function selectOrderItems(db: DB, orderId: number) {
  return db
    .selectFrom("order_items as oi")
    .leftJoin("products as p", "p.id", "oi.product_id")
    .leftJoin("colors as c", "c.id", "oi.color_id")
    .leftJoin("product_images as lp", (j) => j.on("lp.id", "=", linePhotoId("oi.product_id", "oi.color_id")))
    .select([
      "oi.id",
      "oi.product_id as productId",
      "oi.title",
      "oi.quantity",
      "oi.returned_quantity as returnedQuantity",
      "oi.unit_price_cents as unitPriceCents",
      "oi.color_id as colorId",
      "c.name as colorName",
      "oi.variation_code as variationCode",
      "oi.variation_name as variationName",
      "oi.made_to_order as madeToOrder",
      "oi.lead_time_days as leadTimeDays",
      "oi.is_personalised as isPersonalised",
      "p.slug as slug",
      "lp.image_url as imageUrl",
      "lp.width as imageWidth",
    ])
    .where("oi.order_id", "=", orderId)
    .orderBy("oi.id")
    .execute();
}

type OrderItemRow = Awaited<ReturnType<typeof selectOrderItems>>[number];

/** The categories of the order's products that still exist, in the shop's category order. */
async function selectItemCategories(db: DB, items: OrderItemRow[]) {
  const productIds = items.map((i) => i.productId).filter((id): id is number => id !== null);
  if (productIds.length === 0) return [];
  return db
    .selectFrom("product_categories as pc")
    .innerJoin("categories as cat", "cat.id", "pc.category_id")
    .select(["pc.product_id as productId", "cat.name"])
    .where("pc.product_id", "in", productIds)
    .orderBy("cat.sort_order")
    .execute();
}

/** Money given back through PayPal (refused requests left out). */
function selectOrderRefunds(db: DB, orderId: number) {
  return db
    .selectFrom("refunds")
    .select(["id", "amount_cents as amountCents", "status", "created_at as createdAt"])
    .where("order_id", "=", orderId)
    .where("status", "in", ["COMPLETED", "PENDING"])
    .orderBy("id")
    .execute();
}

function toItemView(i: OrderItemRow, categories: { productId: number; name: string }[]): OrderItemView {
  return {
    id: i.id,
    productId: i.productId,
    title: i.title,
    quantity: i.quantity,
    returnedQuantity: i.returnedQuantity,
    price: centsToDecimal(i.unitPriceCents * i.quantity),
    unitPrice: centsToDecimal(i.unitPriceCents),
    unitPriceCents: i.unitPriceCents,
    colorId: i.colorId,
    colorName: i.colorName,
    variationCode: i.variationCode,
    variationName: i.variationName,
    madeToOrder: i.madeToOrder === 1,
    leadTimeDays: i.leadTimeDays,
    isPersonalised: i.isPersonalised === 1,
    product: {
      title: i.title,
      slug: i.slug,
      images: i.imageUrl ? [{ imageUrl: i.imageUrl, width: i.imageWidth }] : [],
      categories: categories.filter((c) => c.productId === i.productId).map((c) => ({ category: { name: c.name } })),
    },
  };
}

/**
 * One order with its items. No access check here: callers first ask
 * domain/orders/access.server.ts getOrderAccess() whether the viewer may see it.
 */
export async function getOrderView(db: DB, orderId: number): Promise<OrderView | null> {
  const o = await selectOrderRow(db, orderId);
  if (!o) return null;
  const items = await selectOrderItems(db, orderId);
  const categories = await selectItemCategories(db, items);
  const refunds = await selectOrderRefunds(db, orderId);
  const {
    firstName,
    lastName,
    addressLine1,
    addressLine2,
    city,
    state,
    postalCode,
    country,
    stockReserved,
    isGift,
    withdrawalReceivedAt,
    withdrawalHandledAt,
    ...order
  } = o;
  const totals = storedOrderTotals(o);
  const { subtotal, shippingCost, loyaltyDiscount, discount, total } = decimalTotals(totals);
  return {
    ...order,
    ...totalsFigures(totals),
    totals,
    withdrawal: toOrderWithdrawal(withdrawalReceivedAt, withdrawalHandledAt),
    refunds,
    stockReserved: stockReserved === 1,
    isGift: isGift === 1,
    subtotal,
    shippingCost,
    loyaltyDiscount,
    discount,
    total,
    shippingAddress: { firstName, lastName, addressLine1, addressLine2, city, state, postalCode, country },
    items: items.map((i) => toItemView(i, categories)),
  };
}

/** The order's lines as stock lines, skipping products deleted since (they have nothing to take or give back). */
export async function listOrderStockLines(db: DB, orderId: number): Promise<StockLine[]> {
  const rows = await db
    .selectFrom("order_items")
    .select(["product_id as productId", "color_id as colorId", "variation_code as variationCode", "quantity", "title"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  return rows.flatMap((r) => (r.productId === null ? [] : [{ ...r, productId: r.productId }]));
}

/**
 * The guest orders of a session (orders.session_key = the cart key, no owner) become the
 * account's, when that session signs in or creates an account. Returns how many.
 */
export async function adoptGuestOrders(db: DB, sessionKey: string, userId: number): Promise<number> {
  const result = await db
    .updateTable("orders")
    .set({ user_id: userId, updated_at: new Date().toISOString() })
    .where("user_id", "is", null)
    .where("session_key", "=", sessionKey)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
