import type { TaxRegime } from "~/lib/db-schema/records";
import type { Generated } from "kysely";
import type { Locale } from "~/i18n/locales";
import { type OrderStatus } from "~/lib/db-schema/order-status";

/*
 * Carts, favourites, orders and what follows them: payments, refunds, webhooks, history,
 * withdrawals. Re-exported by ~/lib/db-schema.
 */

/** 0/1 integers stand for booleans in SQLite. */
type Flag = Generated<number>;

export interface CartsTable {
  id: Generated<number>;
  session_key: string | null;
  user_id: number | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  /** The country the shopper last chose at checkout (ISO code): the cart shows its shipping. */
  shipping_country: string | null;
}

export interface CartItemsTable {
  id: Generated<number>;
  cart_id: number;
  product_id: number;
  color_id: number | null;
  variation_code: string | null;
  quantity: number;
  created_at: Generated<string>;
}

export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  created_at: Generated<string>;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number | null;
  session_key: string | null;
  email: string;
  status: Generated<OrderStatus>;
  subtotal_cents: number;
  shipping_cents: number;
  shipping_name: string;
  /** The shipping zone the order was placed in, as it was named then (null before zones). */
  shipping_zone: string | null;
  loyalty_discount_cents: Generated<number>;
  loyalty_points_used: Generated<number>;
  total_cents: number;
  tracking_number: string | null;
  customer_message: string | null;
  confirmation_token: string;
  shipping_first_name: string;
  shipping_last_name: string;
  shipping_address_line1: string;
  shipping_address_line2: string | null;
  shipping_city: string;
  shipping_state: string | null;
  shipping_postal_code: string;
  shipping_country: string;
  stock_reserved: Flag;
  paypal_order_id: string | null;
  paypal_capture_id: string | null;
  points_awarded: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  paid_at: string | null;
  shipped_at: string | null;
  decline_reason: string | null;
  delivered_at: string | null;
  /** Points the order earns once paid, by the rules when it was placed (migration 0023); null for older orders. */
  points_to_earn: number | null;
  /** The discount's loyalty points the order holds now (taken at placement; migration money_holds). */
  points_taken: Generated<number>;
  /** Earned loyalty points a cancellation or refund could not take back yet (docs/decisions/points-settlement.md). */
  points_owed: Generated<number>;
  /** The status before PayPal reversed or disputed the payment ('payment_reversed'). */
  reversed_from: string | null;
  /** YYYY-MM-DD: when the order is expected to ship (made-to-order pieces counted in business days). */
  expected_ship_date: string | null;
  /** The review request e-mail was queued. */
  review_requested_at: string | null;
  /** The buyer ticked 'This is a gift': no prices on the packing slip (migration customs). */
  is_gift: Flag;
  /** The language of the checkout that placed it, 'en' or 'pl': its e-mails are written in it (migration order_locale). */
  locale: Generated<Locale>;
  /** The discount code the order holds, as typed upper-case, and what it took off (migration discounts). */
  discount_code: string | null;
  discount_cents: Generated<number>;
  /** The tax record written when the order is paid (docs/tax.md); null before. */
  tax_regime: TaxRegime | null;
  tax_country: string | null;
  tax_rate_bp: number | null;
  tax_cents: number | null;
  /** NBP table A: the rate of the last business day before the payment, and the total in grosze at it. */
  pln_mid: number | null;
  pln_table: string | null;
  pln_date: string | null;
  pln_total_grosze: number | null;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  title: string;
  unit_price_cents: number;
  quantity: number;
  color_id: number | null;
  variation_code: string | null;
  variation_name: string | null;
  returned_quantity: Generated<number>;
  /** Units of this line the order holds out of stock now (migration money_holds). */
  stock_taken: Generated<number>;
  /** The product's made-to-order facts when the order was placed. */
  made_to_order: Flag;
  lead_time_days: number | null;
  is_personalised: Flag;
}

/**
 * How long an unpaid order holds its made-to-order places (db/migrations/2026_12_02_0003_made_to_order_holds.ts,
 * docs/decisions/made-to-order-places.md). ISO times.
 */
export interface MadeToOrderHoldsTable {
  order_id: number;
  /** The first placement plus the hold window; never moved later. */
  held_until: string;
  /** The address key that placed it (the per-address limit). */
  client_ip: string | null;
  /** When the hold's time ran out or the owner released it; null while it may still hold. */
  ended_at: string | null;
}

/** A PayPal order created for a shop order (db/migrations/2026_11_23_0001_payment_attempts.ts). */
export interface PaymentAttemptsTable {
  id: Generated<number>;
  order_id: number;
  paypal_order_id: string;
  status: string;
  amount_cents: number;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

/** A refund the shop asked PayPal for (db/migrations/2026_11_24_0016_money.ts). */
export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  capture_id: string;
  request_id: string;
  paypal_refund_id: string | null;
  amount_cents: number;
  status: string;
  kind: string;
  note: string | null;
  failure_reason: string | null;
  restock: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  /** Who asked for the refund (JSON Actor), null for the shop's own. */
  requested_by: string | null;
}

export interface PaypalWebhookEventsTable {
  event_id: string;
  event_type: string;
  resource_id: string | null;
  outcome: string | null;
  received_at: Generated<string>;
}

/** An order's history as the owner reads it on the admin order page. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  type: string;
  message: string;
  amount_cents: number | null;
  created_at: Generated<string>;
}

/** A consumer's withdrawal from an order (one per order). */
export interface WithdrawalsTable {
  id: Generated<number>;
  order_id: number;
  name: string;
  statement: string | null;
  received_at: string;
  handled_at: string | null;
  reminded_at: string | null;
  client_ip: string | null;
}
