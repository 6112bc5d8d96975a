import { getLegalSettings } from "~/domain/common/settings.server";
import { type CustomsForm, customsFormFor, needsCustomsDeclaration } from "~/domain/customs/declaration";
import { getCustomsSettings } from "~/domain/customs/settings.server";
import { countryNameOf } from "~/domain/customs/texts";
import { skuOf } from "~/domain/legal/product-safety";
import { lineShares } from "~/domain/orders/line-shares";
import { codeOnShippingOf } from "~/domain/orders/line-shares.server";
import { storedOrderTotals, TOTALS_COLUMNS } from "~/domain/orders/totals";
import { type DB } from "~/lib/sqlite.server";

// The packing slip of an order (/admin/orders/{id}/packing-slip) and of several at once: what the
// page prints, read here so the page only lays it out (docs/shipping.md).

export interface PackingSlipLine {
  id: number;
  title: string;
  /** The product's SKU now; null when the product has since been deleted. */
  sku: string | null;
  colorName: string | null;
  variationName: string | null;
  quantity: number;
  /** Null on a gift order's slip: the data carries no prices to show. */
  unitPriceCents: number | null;
  lineCents: number | null;
}

export interface CustomsLine {
  description: string;
  quantity: number;
  /** The product's weight × quantity; null when the product has none recorded (or is gone). */
  netWeightGrams: number | null;
  /** What the buyer paid for the line, in USD cents (its share of the discounts taken off). */
  valueCents: number;
  hsCode: string;
  originCountry: string;
  originName: string;
}

export interface CustomsDeclaration {
  form: CustomsForm;
  /** The Settings' CN22 limit the form was chosen by. */
  limitCents: number;
  lines: CustomsLine[];
  /** The known weights added up; `missingWeights` lines are not in it. */
  totalWeightGrams: number;
  missingWeights: number;
  totalValueCents: number;
}

export interface PackingSlip {
  orderId: number;
  placedAt: string;
  isGift: boolean;
  seller: { name: string; addressLines: string[]; email: string; phone: string; vatLine: string };
  shipTo: { name: string; lines: string[]; country: string; countryName: string };
  customerMessage: string | null;
  lines: PackingSlipLine[];
  /** Lines whose product has since been deleted (their SKU and weight are unknown). */
  deletedProducts: number;
  /** The order's figures; null on a gift order's slip. */
  totals: { subtotalCents: number; shippingCents: number; discountCents: number; totalCents: number } | null;
  /** Only for a destination outside the EU. A gift keeps its values here: customs needs them. */
  customs: CustomsDeclaration | null;
}

function readOrders(db: DB, ids: number[]) {
  return db
    .selectFrom("orders")
    .select([
      "id",
      "created_at as createdAt",
      "is_gift as isGift",
      "customer_message as customerMessage",
      ...TOTALS_COLUMNS,
      "shipping_first_name as firstName",
      "shipping_last_name as lastName",
      "shipping_address_line1 as line1",
      "shipping_address_line2 as line2",
      "shipping_city as city",
      "shipping_state as state",
      "shipping_postal_code as postalCode",
      "shipping_country as country",
    ])
    .where("id", "in", ids)
    .execute();
}

function readLines(db: DB, ids: number[]) {
  return db
    .selectFrom("order_items as oi")
    .leftJoin("products as p", "p.id", "oi.product_id")
    .leftJoin("colors as c", "c.id", "oi.color_id")
    .select([
      "oi.id",
      "oi.order_id as orderId",
      "oi.title",
      "oi.quantity",
      "oi.unit_price_cents as unitPriceCents",
      "oi.variation_name as variationName",
      "c.name as colorName",
      "p.id as productId",
      "p.sku",
      "p.weight_grams as weightGrams",
      "p.hs_code as hsCode",
      "p.origin_country as originCountry",
      "p.customs_description as customsDescription",
    ])
    .where("oi.order_id", "in", ids)
    .orderBy("oi.order_id")
    .orderBy("oi.id")
    .execute();
}

type OrderRow = Awaited<ReturnType<typeof readOrders>>[number];
type LineRow = Awaited<ReturnType<typeof readLines>>[number];
type Defaults = Awaited<ReturnType<typeof getCustomsSettings>>;

/**
 * The declaration of a parcel leaving the EU. The customs data is the products' as it is now
 * (a corrected weight or HS code reaches the next print), with the Settings' defaults for what a
 * product has not set; a deleted product's line takes the defaults and has no weight.
 */
function declarationOf(order: OrderRow, lines: LineRow[], codeOnShipping: boolean, defaults: Defaults): CustomsDeclaration {
  // What the buyer paid for each line: its share of the discounts on the items taken off (a free-shipping code is not one).
  const values = lineShares(lines, { ...order, codeOnShipping }).map((share) => share.paidCents);
  const customsLines: CustomsLine[] = lines.map((l, i) => {
    const origin = l.originCountry ?? defaults.originCountry;
    return {
      description: l.customsDescription ?? defaults.customsDescription,
      quantity: l.quantity,
      netWeightGrams: l.weightGrams === null ? null : l.weightGrams * l.quantity,
      valueCents: values[i]!,
      hsCode: l.hsCode ?? defaults.hsCode,
      originCountry: origin,
      originName: countryNameOf(origin),
    };
  });
  const totalValueCents = values.reduce((sum, v) => sum + v, 0);
  return {
    form: customsFormFor(totalValueCents, defaults.cn22LimitCents),
    limitCents: defaults.cn22LimitCents,
    lines: customsLines,
    totalWeightGrams: customsLines.reduce((sum, l) => sum + (l.netWeightGrams ?? 0), 0),
    missingWeights: customsLines.filter((l) => l.netWeightGrams === null).length,
    totalValueCents,
  };
}

function slipOf(order: OrderRow, lines: LineRow[], seller: PackingSlip["seller"], defaults: Defaults, codeOnShipping: boolean): PackingSlip {
  const totals = storedOrderTotals(order);
  // The slip's figures: every discount line (the code, the loyalty discount) together.
  const discountCents = totals.lines.filter((l) => l.paypal === "discount").reduce((sum, l) => sum + l.cents, 0);
  const gift = order.isGift === 1;
  // As the order pages write it (ShippingAddress): city, state, postal code on one line.
  const place = [order.city, order.state, order.postalCode].filter(Boolean).join(", ");
  return {
    orderId: order.id,
    placedAt: order.createdAt,
    isGift: gift,
    seller,
    shipTo: {
      name: `${order.firstName} ${order.lastName}`.trim(),
      lines: [order.line1, order.line2, place].filter((line): line is string => Boolean(line?.trim())),
      country: order.country,
      countryName: countryNameOf(order.country),
    },
    customerMessage: order.customerMessage,
    lines: lines.map((l) => ({
      id: l.id,
      title: l.title,
      sku: l.productId === null ? null : skuOf(l.sku, l.productId),
      colorName: l.colorName,
      variationName: l.variationName,
      quantity: l.quantity,
      unitPriceCents: gift ? null : l.unitPriceCents,
      lineCents: gift ? null : l.unitPriceCents * l.quantity,
    })),
    deletedProducts: lines.filter((l) => l.productId === null).length,
    totals: gift ? null : { subtotalCents: totals.subtotalCents, shippingCents: totals.shippingCents, discountCents, totalCents: totals.totalCents },
    customs: needsCustomsDeclaration(order.country) ? declarationOf(order, lines, codeOnShipping, defaults) : null,
  };
}

/**
 * The packing slips of these orders, in the order asked (repeats once); ids with no order are
 * left out (the caller compares). No access check here: the route's guard lets only the owner in.
 */
export async function getPackingSlips(db: DB, orderIds: readonly number[], opts: { fallbackEmail?: string } = {}): Promise<PackingSlip[]> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return [];
  const [orders, lines, legal, defaults, onShipping] = await Promise.all([
    readOrders(db, ids),
    readLines(db, ids),
    getLegalSettings(db, opts.fallbackEmail),
    getCustomsSettings(db),
    codeOnShippingOf(db, ids),
  ]);
  const seller = {
    name: legal.legalName,
    addressLines: legal.address
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    email: legal.email,
    phone: legal.phone,
    vatLine: legal.vatLine,
  };
  const byId = new Map(orders.map((o) => [o.id, o]));
  return ids.flatMap((id) => {
    const order = byId.get(id);
    return order
      ? [
          slipOf(
            order,
            lines.filter((l) => l.orderId === id),
            seller,
            defaults,
            onShipping.has(id),
          ),
        ]
      : [];
  });
}
