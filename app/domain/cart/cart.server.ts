import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { sql } from "kysely";
import { type AddToCartInput, type UpdateCartItemInput } from "~/domain/cart/schemas";
import { type CartTotals, computeCartTotals } from "~/domain/orders/totals";
import { linePhotoId } from "~/domain/catalogue/line-photo.server";
import { isTranslated, readCategoryNamesBySlug, readProductTitles } from "~/domain/catalogue/translations.server";
import { madeToOrderRoom, madeToOrderRooms } from "~/domain/catalogue/made-to-order.server";
import { countryName } from "~/domain/common/countries";
import { DomainError } from "~/domain/common/errors";
import { shippedZoneOf } from "~/domain/shipping/zones.server";
import { HOME_COUNTRY } from "~/domain/shipping/zones";
import { thumbUrl } from "~/lib/images";
import { centsToDecimal } from "~/lib/money";
import { type DB } from "~/lib/sqlite.server";

/** Whose cart: a signed-in user's, or a guest session's. */
export type CartOwner = { userId: number } | { cartKey: string };

export interface CartItemView {
  id: number;
  productId: number;
  quantity: number;
  colorId: number | null;
  colorName: string | null;
  colorHex: string | null;
  variation: { variationCode: string; variationName: string } | null;
  /**
   * What the line may hold: the stock of the chosen colour or variation, else of the product; for
   * a made-to-order product at least the pieces it may still make (99 without a cap).
   */
  specificStock: number;
  /** The line's stock cannot cover it and it will be made to order: the product's lead time in days; else null. */
  madeToOrderDays: number | null;
  /** Made to the buyer's own measurements or choices: exempt from the right of withdrawal. */
  isPersonalised: boolean;
  product: {
    id: number;
    title: string;
    slug: string;
    price: string;
    priceCents: number;
    isLarge: boolean;
    isLargeItem: boolean;
    category: { name: string; slug: string } | null;
    images: { imageUrl: string; thumbUrl: string; width: number | null }[];
    /** "en" when the page is in another language and the title has no version in it. */
    titleLang?: "en";
  };
  lineTotal: string;
}

export interface CartView {
  items: CartItemView[];
  totals: CartTotals;
  /** The shopper's own country (her last choice at checkout, else her profile's), null when unknown. */
  country: string | null;
  /** The name of the country the shipping is for (totals.shippingCountry). */
  shippingCountryName: string;
}

export const STOCK_MESSAGE = "Sorry, we don't have enough items in stock for your request.";

async function findCartId(db: DB, owner: CartOwner): Promise<number | null> {
  return (await findCart(db, owner))?.id ?? null;
}

/** The owner's cart row, with the country the cart's shipping is for (her last choice, else her profile's). */
async function findCart(db: DB, owner: CartOwner): Promise<{ id: number | null; country: string | null } | null> {
  if ("userId" in owner) {
    const row = await db
      .selectFrom("users as u")
      .leftJoin("carts as c", "c.user_id", "u.id")
      .select(["c.id", "c.shipping_country as chosen", "u.shipping_country as profile"])
      .where("u.id", "=", owner.userId)
      .executeTakeFirst();
    return row ? { id: row.id, country: row.chosen || row.profile || null } : null;
  }
  const row = await db.selectFrom("carts").select(["id", "shipping_country as chosen"]).where("session_key", "=", owner.cartKey).executeTakeFirst();
  return row ? { id: row.id, country: row.chosen } : null;
}

async function ensureCartId(db: DB, owner: CartOwner): Promise<number> {
  const existing = await findCartId(db, owner);
  if (existing !== null) return existing;
  const row = await db
    .insertInto("carts")
    .values("userId" in owner ? { user_id: owner.userId } : { session_key: owner.cartKey })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The owner's cart with its figures. Its shipping is the one of the country the shopper last
 * chose at checkout, else her profile's, else the shop's home (HOME_COUNTRY): the cart has no
 * address of its own (docs/decisions/shipping-zones.md).
 */
export async function getCart(db: DB, owner: CartOwner | null, locale: Locale = DEFAULT_LOCALE): Promise<CartView> {
  const cart = owner ? await findCart(db, owner) : null;
  const items = cart?.id ? await localizeCartItems(db, await listCartItems(db, cart.id), locale) : [];
  const country = cart?.country || HOME_COUNTRY;
  // An empty cart ships for nothing: no need to read the zones.
  const zone = items.length > 0 ? await shippedZoneOf(db, country) : null;
  const totals = computeCartTotals(
    items.map((i) => ({ unitPriceCents: i.product.priceCents, quantity: i.quantity, isLarge: i.product.isLarge })),
    items.length > 0 ? zone : null,
    country,
  );
  return { items, totals, country: cart?.country ?? null, shippingCountryName: countryName(country) };
}

/**
 * The lines' product titles and category names in the page's language (the owner's Polish texts);
 * a title with none stays English and says so. Orders are placed from the English cart: their
 * lines keep the product's English title, as the owner's records do.
 */
async function localizeCartItems(db: DB, items: CartItemView[], locale: Locale): Promise<CartItemView[]> {
  if (!isTranslated(locale) || items.length === 0) return items;
  const [titleOf, categoryOf] = await Promise.all([
    readProductTitles(
      db,
      items.map((i) => i.productId),
      locale,
    ),
    readCategoryNamesBySlug(
      db,
      items.flatMap((i) => (i.product.category ? [i.product.category.slug] : [])),
      locale,
    ),
  ]);
  return items.map((item) => {
    const title = titleOf.get(item.productId);
    const category = item.product.category;
    return {
      ...item,
      product: {
        ...item.product,
        ...(title ? { title } : { titleLang: "en" as const }),
        category: category ? { ...category, name: categoryOf.get(category.slug) ?? category.name } : null,
      },
    };
  });
}

/** Remembers the country the shopper chose at checkout on her cart (when she has one): the cart and drawer show its shipping. */
export async function rememberCartCountry(db: DB, owner: CartOwner | null, country: string): Promise<void> {
  if (!owner) return;
  const q = db.updateTable("carts").set({ shipping_country: country });
  await ("userId" in owner ? q.where("user_id", "=", owner.userId) : q.where("session_key", "=", owner.cartKey))
    .where("shipping_country", "is not", country)
    .execute();
}

/** Cheap count for the header badge. */
export async function getCartCount(db: DB, owner: CartOwner | null): Promise<number> {
  const cartId = owner ? await findCartId(db, owner) : null;
  if (cartId === null) return 0;
  const row = await db
    .selectFrom("cart_items")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("quantity"), sql<number>`0`).as("n"))
    .where("cart_id", "=", cartId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function listCartItems(db: DB, cartId: number): Promise<CartItemView[]> {
  const rows = await db
    .selectFrom("cart_items as ci")
    .innerJoin("products as p", "p.id", "ci.product_id")
    .leftJoin("colors as c", "c.id", "ci.color_id")
    .leftJoin("product_colors as pc", (j) => j.onRef("pc.product_id", "=", "ci.product_id").onRef("pc.color_id", "=", "ci.color_id"))
    .leftJoin("product_variations as pv", (j) => j.onRef("pv.product_id", "=", "ci.product_id").onRef("pv.variation_code", "=", "ci.variation_code"))
    .leftJoin("product_images as lp", (j) => j.on("lp.id", "=", linePhotoId("ci.product_id", "ci.color_id")))
    .select([
      "ci.id",
      "ci.product_id as productId",
      "ci.quantity",
      "ci.color_id as colorId",
      "c.name as colorName",
      "c.hex as colorHex",
      "ci.variation_code as variationCode",
      "pv.variation_name as variationName",
      "pc.stock as colorStock",
      "pv.stock as variationStock",
      "p.total_stock as productStock",
      "p.title",
      "p.slug",
      "p.price_cents as priceCents",
      "p.is_large as isLarge",
      "p.made_to_order as madeToOrder",
      "p.lead_time_days as leadTimeDays",
      "p.is_personalised as isPersonalised",
      "lp.image_url as imageUrl",
      "lp.width as imageWidth",
      (eb) =>
        eb
          .selectFrom("product_categories as pcat")
          .innerJoin("categories as cat", "cat.id", "pcat.category_id")
          .select(sql<string>`cat.name || char(9) || cat.slug`.as("c"))
          .whereRef("pcat.product_id", "=", "p.id")
          .orderBy(sql`cat.parent_id is null`)
          .orderBy("cat.sort_order")
          .limit(1)
          .as("categoryNameSlug"),
    ])
    .where("ci.cart_id", "=", cartId)
    .orderBy("ci.id")
    .execute();
  const rooms = await madeToOrderRooms(
    db,
    rows.filter((r) => r.madeToOrder === 1).map((r) => r.productId),
  );
  return rows.map((r) => {
    const onShelf = r.colorId !== null ? (r.colorStock ?? 0) : r.variationCode !== null ? (r.variationStock ?? 0) : r.productStock;
    const room = r.madeToOrder === 1 ? Math.min(MAX_LINE_QUANTITY, rooms.get(r.productId) ?? MAX_LINE_QUANTITY) : 0;
    const specificStock = Math.max(onShelf, room);
    const madeToOrderDays = r.madeToOrder === 1 && r.quantity > onShelf ? r.leadTimeDays : null;
    const [catName, catSlug] = (r.categoryNameSlug ?? "").split("\t");
    return {
      id: r.id,
      productId: r.productId,
      quantity: r.quantity,
      colorId: r.colorId,
      colorName: r.colorName,
      colorHex: r.colorHex,
      variation: r.variationCode ? { variationCode: r.variationCode, variationName: r.variationName ?? r.variationCode } : null,
      specificStock,
      madeToOrderDays,
      isPersonalised: r.isPersonalised === 1,
      product: {
        id: r.productId,
        title: r.title,
        slug: r.slug,
        price: centsToDecimal(r.priceCents),
        priceCents: r.priceCents,
        isLarge: r.isLarge === 1,
        isLargeItem: r.isLarge === 1,
        category: catName && catSlug ? { name: catName, slug: catSlug } : null,
        images: r.imageUrl ? [{ imageUrl: r.imageUrl, thumbUrl: thumbUrl(r.imageUrl), width: r.imageWidth }] : [],
      },
      lineTotal: centsToDecimal(r.priceCents * r.quantity),
    };
  });
}

/** The most one cart line may hold (the quantity field's own maximum). */
const MAX_LINE_QUANTITY = 99;

/**
 * What the chosen line may hold: the colour's, variation's or product's stock; for a
 * made-to-order product at least the pieces its cap still allows (a line the stock cannot cover
 * is made to order as a whole). Throws for bad choices and for a sold-out line.
 */
async function availableStock(db: DB, productId: number, colorId: number | null, variationCode: string | null): Promise<number> {
  const product = await db
    .selectFrom("products")
    .select(["id", "total_stock as stock", "has_color_variations as hasColors", "has_variations as hasVariations", "made_to_order as madeToOrder"])
    .where("id", "=", productId)
    .executeTakeFirst();
  if (!product) throw new DomainError("Product not found", 404, "productId");
  const room = product.madeToOrder === 1 ? Math.min(MAX_LINE_QUANTITY, await madeToOrderRoom(db, productId)) : 0;
  if (product.stock <= 0 && room <= 0)
    throw new DomainError("This product is currently out of stock (0 items available in stock).", 409, undefined, "out-of-stock");
  if (product.hasColors) {
    if (colorId == null) throw new DomainError("Select a color", 400, "colorId");
    const color = await db.selectFrom("product_colors").select("stock").where("product_id", "=", productId).where("color_id", "=", colorId).executeTakeFirst();
    if (!color) throw new DomainError("This color is not available for this product", 400, "colorId");
    if (color.stock <= 0 && room <= 0) throw new DomainError("This color is sold out: 0 items available in stock.", 409, "colorId", "out-of-stock");
    return Math.max(color.stock, room);
  }
  if (product.hasVariations) {
    if (!variationCode) throw new DomainError("Select a variation", 400, "variationCode");
    const variation = await db
      .selectFrom("product_variations")
      .select("stock")
      .where("product_id", "=", productId)
      .where("variation_code", "=", variationCode)
      .executeTakeFirst();
    if (!variation) throw new DomainError("This variation is not available for this product", 400, "variationCode");
    if (variation.stock <= 0 && room <= 0)
      throw new DomainError("This variation is sold out: 0 items available in stock.", 409, "variationCode", "out-of-stock");
    return Math.max(variation.stock, room);
  }
  return Math.max(product.stock, room);
}

function stockConflict(available: number): DomainError {
  return new DomainError(`Only ${available} items available in stock`, 409, "quantity", "insufficient-stock");
}

/**
 * Adds a line (or more of an existing line) to the owner's cart. Throws DomainError
 * 400 for a missing colour/variation, 404 for an unknown product, 409 when stock is short.
 */
export async function addToCart(db: DB, owner: CartOwner, input: AddToCartInput): Promise<CartItemView> {
  return db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom("products")
      .select(["has_color_variations as hasColors", "has_variations as hasVariations"])
      .where("id", "=", input.productId)
      .executeTakeFirst();
    if (!product) throw new DomainError("Product not found", 404, "productId");
    // A choice the product doesn't offer is ignored rather than stored.
    const colorId = product.hasColors ? (input.colorId ?? null) : null;
    const variationCode = !product.hasColors && product.hasVariations ? (input.variationCode ?? null) : null;
    const available = await availableStock(trx, input.productId, colorId, variationCode);
    const cartId = await ensureCartId(trx, owner);
    const existing = await trx
      .selectFrom("cart_items")
      .select(["id", "quantity"])
      .where("cart_id", "=", cartId)
      .where("product_id", "=", input.productId)
      .where(sql<boolean>`ifnull(color_id, 0) = ${colorId ?? 0}`)
      .where(sql<boolean>`ifnull(variation_code, '') = ${variationCode ?? ""}`)
      .executeTakeFirst();
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    if (quantity > available) throw stockConflict(available);
    let itemId: number;
    if (existing) {
      await trx.updateTable("cart_items").set({ quantity }).where("id", "=", existing.id).execute();
      itemId = existing.id;
    } else {
      const row = await trx
        .insertInto("cart_items")
        .values({ cart_id: cartId, product_id: input.productId, color_id: colorId, variation_code: variationCode, quantity })
        .returning("id")
        .executeTakeFirstOrThrow();
      itemId = row.id;
    }
    await trx.updateTable("carts").set({ updated_at: new Date().toISOString() }).where("id", "=", cartId).execute();
    const items = await listCartItems(trx, cartId);
    return items.find((i) => i.id === itemId)!;
  });
}

async function requireOwnedItem(db: DB, owner: CartOwner, itemId: number) {
  const cartId = await findCartId(db, owner);
  const item =
    cartId === null
      ? undefined
      : await db
          .selectFrom("cart_items")
          .select(["id", "product_id as productId", "color_id as colorId", "variation_code as variationCode", "quantity"])
          .where("id", "=", itemId)
          .where("cart_id", "=", cartId)
          .executeTakeFirst();
  if (!item) throw new DomainError("Cart item not found", 404);
  return item;
}

/** Sets a line's quantity (at least 1, at most what is in stock). */
export async function updateCartItem(db: DB, owner: CartOwner, itemId: number, input: UpdateCartItemInput): Promise<CartItemView> {
  return db.transaction().execute(async (trx) => {
    const item = await requireOwnedItem(trx, owner, itemId);
    if (input.quantity < 1) throw new DomainError("Quantity must be at least 1", 400, "quantity");
    if (input.quantity > item.quantity) {
      let available: number;
      try {
        available = await availableStock(trx, item.productId, item.colorId, item.variationCode);
      } catch (error) {
        if (error instanceof DomainError && error.status === 409) throw stockConflict(0);
        throw error;
      }
      if (input.quantity > available) throw stockConflict(available);
    }
    await trx.updateTable("cart_items").set({ quantity: input.quantity }).where("id", "=", itemId).execute();
    const cartId = (await findCartId(trx, owner))!;
    return (await listCartItems(trx, cartId)).find((i) => i.id === itemId)!;
  });
}

export async function removeCartItem(db: DB, owner: CartOwner, itemId: number): Promise<void> {
  const item = await requireOwnedItem(db, owner, itemId);
  await db.deleteFrom("cart_items").where("id", "=", item.id).execute();
}

export async function clearCart(db: DB, owner: CartOwner): Promise<void> {
  const cartId = await findCartId(db, owner);
  if (cartId !== null) await db.deleteFrom("cart_items").where("cart_id", "=", cartId).execute();
}

/**
 * Moves a guest's cart into the customer's cart after sign-in, in one transaction. Lines of
 * the same product, colour and variation are added together, but never above what is in
 * stock; lines that are no longer available are dropped. The guest cart is deleted.
 */
export async function mergeGuestCart(db: DB, cartKey: string, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const guestCartId = await findCartId(trx, { cartKey });
    if (guestCartId === null) return;
    const lines = await trx
      .selectFrom("cart_items")
      .select(["product_id as productId", "color_id as colorId", "variation_code as variationCode", "quantity"])
      .where("cart_id", "=", guestCartId)
      .orderBy("id")
      .execute();
    if (lines.length > 0) {
      const userCartId = await ensureCartId(trx, { userId });
      for (const line of lines) {
        let available: number;
        try {
          available = await availableStock(trx, line.productId, line.colorId, line.variationCode);
        } catch (error) {
          if (error instanceof DomainError) continue;
          throw error;
        }
        const existing = await trx
          .selectFrom("cart_items")
          .select(["id", "quantity"])
          .where("cart_id", "=", userCartId)
          .where("product_id", "=", line.productId)
          .where(sql<boolean>`ifnull(color_id, 0) = ${line.colorId ?? 0}`)
          .where(sql<boolean>`ifnull(variation_code, '') = ${line.variationCode ?? ""}`)
          .executeTakeFirst();
        const quantity = Math.min((existing?.quantity ?? 0) + line.quantity, available);
        if (existing) {
          await trx.updateTable("cart_items").set({ quantity }).where("id", "=", existing.id).execute();
        } else if (quantity > 0) {
          await trx
            .insertInto("cart_items")
            .values({ cart_id: userCartId, product_id: line.productId, color_id: line.colorId, variation_code: line.variationCode, quantity })
            .execute();
        }
      }
      await trx.updateTable("carts").set({ updated_at: new Date().toISOString() }).where("id", "=", userCartId).execute();
    }
    await trx.deleteFrom("carts").where("id", "=", guestCartId).execute();
  });
}
