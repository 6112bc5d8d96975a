import { i18nFor, localeOf } from "~/i18n/i18n.server";
import { useI18n } from "~/i18n/context";
import { madeToOrderLine } from "~/components/product/made-to-order-note";
import { shippingSentence } from "~/components/product/shipping-text";
import { isFallback, OwnText } from "~/components/ui/own-text";
import { BackInStockForm } from "~/components/product/back-in-stock-form";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { CART_INTENTS } from "~/components/cart/cart-forms";
import { HeartIcon } from "~/components/icons";
import { cartDrawerAnswer } from "~/components/layout/layout-html.server";
import { NotFoundView } from "~/components/layout/not-found";
import { ColourSwatches } from "~/components/product/colour-swatches";
import { Gallery } from "~/components/product/gallery";
import { MakerAndSafety } from "~/components/product/maker-safety";
import { Breadcrumb, ProductGrid } from "~/components/product/product-grid";
import { ShopLink } from "~/components/ui/shop-link";
import { ProductReviews } from "~/components/reviews/product-reviews";
import { reviewsJsonLd } from "~/domain/reviews/json-ld";
import { handleReviewForm, isReviewPost, loadProductReviews } from "~/web/reviews.server";
import { getOptionalUser } from "~/web/session.server";
import { addedItemToast, productPageWithChoice, submitAddToCart } from "~/web/cart-form.server";
import { getCart } from "~/domain/cart/cart.server";
import { pageI18n } from "~/web/page-i18n.server";
import { CART_TOAST_TEXT } from "~/domain/cart/texts";
import { getCategoryDescription, getLocalizedCategoryNote } from "~/domain/catalogue/categories.server";
import { listFavoriteIds } from "~/domain/catalogue/favorites.server";
import { getProductBySlug, getProductIdBySlug, listRelatedProducts } from "~/domain/catalogue/products.server";
import { addButtonState } from "~/domain/catalogue/stock";
import { productFormTexts, stockLineText } from "~/components/product/product-form-texts";
import { PERSONALISED_TEXT, productStockLine } from "~/domain/catalogue/made-to-order";
import { shippingTimeText } from "~/domain/orders/dispatch-time";
import { getDispatchTime } from "~/domain/orders/dispatch-time.server";
import { productSafetyJsonLd } from "~/domain/legal/product-safety";
import { getSellerIdentity } from "~/domain/legal/maker.server";
import { respond } from "~/web/respond.server";
import { cardReduction, toCardProduct } from "~/domain/catalogue/cards";
import { priceHtml } from "~/components/product/price-html";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { BACK_HERE_ATTRIBUTE, FAVORITE_LABEL_ATTRIBUTES, PRODUCT_FORM_ATTRIBUTES } from "~/lib/behavior-contract";
import { readFormData } from "~/web/http.server";
import { COLOR_PARAM, galleryOrder, productPageHref } from "~/domain/catalogue/colour-photos";
import { buildMeta, errorPageMeta, productPageSeo, seoContext } from "~/lib/meta";
import { BackInStockSchema } from "~/domain/mail/schemas";
import { formConstraints } from "~/web/form-constraints.server";

export const meta: MetaFunction<typeof loader> = (args) => {
  if (!args.data) return errorPageMeta(args, i18nFor(seoContext(args.matches).locale ?? "en").t("product.notFound"));
  const ctx = seoContext(args.matches);
  const { product, maker, reviews } = args.data;
  const safety = productSafetyJsonLd(product, { name: maker.legalName, address: maker.address });
  return buildMeta(ctx, args.location, productPageSeo(product, ctx, { ...safety, ...reviewsJsonLd(reviews) }));
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  // A Polish page shows the owner's Polish texts, English where she wrote none (listed in `fallback`).
  const locale = localeOf(request);
  const product = await getProductBySlug(db, params.slug ?? "", locale);
  if (!product) throw json({ message: "Product Not Found" }, { status: 404 });
  const user = await getOptionalUser(request);
  const userId = user?.id ?? null;
  const categoryNames = product.categories.map((c) => c.name);
  const mainName = product.category?.name;
  const [related, note, favoriteIds, maker, reviewData] = await Promise.all([
    listRelatedProducts(db, product.id, product.category?.id ?? null, 4, locale),
    locale === "en"
      ? getCategoryDescription(db, mainName ? [...categoryNames.filter((n) => n !== mainName), mainName] : categoryNames).then(
          (text): { text: string; lang?: "en" } | null => (text === null ? null : { text }),
        )
      : getLocalizedCategoryNote(
          db,
          product.category ? [...product.categories.filter((c) => c.id !== product.category!.id), product.category] : product.categories,
          locale,
        ),
    userId ? listFavoriteIds(db, userId) : Promise.resolve([] as number[]),
    getSellerIdentity(db, getEnv().SHOP_EMAIL),
    loadProductReviews(product.id, userId),
  ]);
  const url = new URL(request.url);
  // ?color= opens the page on a colour that can be bought (in stock, or any colour of a piece made
  // to order with room left); anything else is ignored (the first colour in stock).
  const orderable = (c: { stock: number }) => c.stock > 0 || Boolean(product.madeToOrderAvailable);
  const defaultColorId = (product.colors.find((c) => c.stock > 0) ?? product.colors.find(orderable))?.colorId ?? null;
  const asked = Number(url.searchParams.get(COLOR_PARAM));
  // A sold-out colour may be chosen too: the page then offers 'Email me when it's back' for it.
  const colorId = product.colors.find((c) => c.colorId === asked)?.colorId ?? defaultColorId;
  // ?variation= likewise (the page Add to Cart comes back to keeps the variation just added).
  const askedVariation = url.searchParams.get("variation");
  const variationCode =
    (
      product.variations.find((v) => v.variationCode === askedVariation) ??
      product.variations.find((v) => v.stock > 0) ??
      (product.madeToOrderAvailable ? product.variations[0] : undefined)
    )?.variationCode ?? null;
  const shown = galleryOrder(product.images, colorId).shown.length;
  const imageIndex = Math.max(0, Math.min(Number(url.searchParams.get("image") ?? 0) || 0, Math.max(0, shown - 1)));
  return json({
    product,
    related: related.map(toCardProduct),
    note: note?.text ?? null,
    /** "en": a Polish page's category note in English (no Polish one written). */
    noteLang: note?.lang ?? null,
    isFavorite: favoriteIds.includes(product.id),
    imageIndex,
    colorId,
    defaultColorId,
    variationCode,
    signedIn: userId !== null,
    email: user?.email ?? null,
    maker,
    // The dispatch time's English words, and its days for the page to write in its language.
    ...(await getDispatchTime(db).then((dispatch) => ({ shippingTime: shippingTimeText(dispatch), dispatch }))),
    ...reviewData,
    backInStockEmail: formConstraints(BackInStockSchema).email,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  // Back to the colour the shopper was looking at (?color= stays; ?image= and the rest go).
  const color = new URL(request.url).searchParams.get(COLOR_PARAM);
  const here = `/product/${params.slug ?? ""}${color && /^\d{1,9}$/.test(color) ? `?${COLOR_PARAM}=${color}` : ""}`;
  // The review form is the page's only multipart form (photos).
  if (isReviewPost(request)) {
    const productId = await getProductIdBySlug(db, params.slug ?? "");
    if (productId === null) throw json({ message: "Product Not Found" }, { status: 404 });
    return handleReviewForm(request, productId, here);
  }
  const formData = await readFormData(request);
  const added = await submitAddToCart(request, formData);
  // A refused add shows on the page, next to the swatch or the button it is about.
  if (!added.ok) {
    // The page drawn again keeps the choice that was refused (a sold-out one offers 'Email me when it's back').
    const choice = { colorId: Number(formData.get("colorId")) || null, variationCode: String(formData.get("variationCode") ?? "") || null };
    return json({ ok: false as const, error: added.error, field: added.field, choice }, { status: added.status });
  }
  // Back to the colour and variation just added, and the notification names them.
  const back = productPageWithChoice(params.slug ?? "", formData);
  const product = await getProductBySlug(db, params.slug ?? "", localeOf(request));
  const toast = product
    ? addedItemToast(product, { colorId: Number(formData.get("colorId")) || null, variationCode: String(formData.get("variationCode") ?? "") || null })
    : { ...CART_TOAST_TEXT.added };
  // The script's answer carries the drawer with the new line: the cart the add went into, not the request's cookie (a new guest has none yet).
  const answer = async () => {
    // The drawer's prices with their złoty amounts on a Polish page, as the page's own drawer.
    return cartDrawerAnswer(await getCart(db, added.owner, localeOf(request)), back, await pageI18n(request));
  };
  return respond(request, { redirectTo: back, toast, cookies: [added.cookie], answer });
}

/**
 * A lean page (lib/lean-page.ts): rendered on the server only. Every control is a plain form or
 * link; the browser module's behaviours (app/browser/behaviors) enhance them from the data-* attributes:
 * Add to Cart without a page load, the swatches' legend and stock line, the gallery, favorites.
 */
export default function ProductPage() {
  const {
    product,
    related,
    note,
    noteLang,
    isFavorite,
    imageIndex,
    colorId,
    defaultColorId,
    variationCode,
    signedIn,
    email,
    maker,
    reviews,
    storeName,
    backInStockEmail,
    dispatch,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData && "error" in actionData ? actionData : null;
  // A refused add (no JavaScript) is drawn with the colour or variation it posted, when the product has it.
  const posted = error?.choice;
  const chosenColorId = product.colors.some((c) => c.colorId === posted?.colorId) ? posted!.colorId : colorId;
  const chosenVariation = product.variations.some((v) => v.variationCode === posted?.variationCode) ? posted!.variationCode : variationCode;
  const reviewReply = actionData && "review" in actionData ? actionData.review.result : null;
  // Made to order with room left: every option can be bought, at stock 0 too.
  const i18n = useI18n();
  const { t } = i18n;
  const madeToOrder = product.madeToOrderAvailable ? madeToOrderLine(i18n, product.leadTimeDays) : null;

  const crumbs = [
    { label: t("catalogue.shop"), to: "/shop" },
    ...(product.category
      ? [{ label: product.category.name, to: `/shop/${product.category.slug}`, english: isFallback(product.category.fallback, "name") }]
      : []),
    { label: product.title, english: isFallback(product.fallback, "title") },
  ];

  return (
    <div className="container">
      <Breadcrumb items={crumbs} />
      <div className="product-layout">
        <Gallery images={product.images} index={imageIndex} title={product.title} slug={product.slug} colorId={colorId} defaultColorId={defaultColorId} />
        <section className="product-info" aria-labelledby="product-title">
          <h1 id="product-title" lang={isFallback(product.fallback, "title") ? "en" : undefined}>
            {product.title}
          </h1>
          <div
            className="price-block"
            dangerouslySetInnerHTML={{ __html: priceHtml(i18n, product.priceCents, cardReduction(product.reduction), "page").value }}
          />
          <AddToCartForm
            product={product}
            colorId={chosenColorId}
            defaultColorId={defaultColorId}
            variationCode={chosenVariation}
            madeToOrder={madeToOrder}
            error={error}
          />
          <FavoriteToggle
            productId={product.id}
            isFavorite={isFavorite}
            signedIn={signedIn}
            // The colour she is on, named even when it is the one the page opens on: stock moves, the way back should not.
            here={productPageHref(product.slug, { colorId })}
          />
          {madeToOrder ? null : (
            <BackInStockForm
              product={product}
              chosen={{ colorId: chosenColorId, variationCode: chosenVariation }}
              email={email}
              emailConstraint={backInStockEmail}
            />
          )}
          <ProductDetails
            product={product}
            note={note}
            noteLang={noteLang}
            shipping={shippingSentence(
              i18n,
              dispatch,
              product.madeToOrderAvailable ? { leadTimeDays: product.leadTimeDays, anyInStock: product.stock > 0 } : null,
            )}
          />
          <MakerAndSafety
            sku={product.sku}
            materials={product.materials}
            safetyNotice={product.safetyNotice}
            maker={maker}
            english={{ materials: isFallback(product.fallback, "materials"), safetyNotice: isFallback(product.fallback, "safetyNotice") }}
          />
        </section>
      </div>
      <ProductReviews data={reviews} product={product} storeName={storeName} result={reviewReply} />
      {related.length > 0 ? (
        <section className="section related-products" aria-labelledby="related-title">
          <h2 id="related-title">{t("product.related")}</h2>
          <ProductGrid products={related} eagerCount={0} />
        </section>
      ) : null}
    </div>
  );
}

type PageProduct = SerializeFrom<typeof loader>["product"];
type AddError = Extract<SerializeFrom<typeof action>, { ok: false }>;

/** Add to Cart: the colour or variation to buy (the first one that can be bought is chosen), the stock line and the button. */
function AddToCartForm({
  product,
  colorId,
  defaultColorId,
  variationCode,
  madeToOrder,
  error,
}: {
  product: PageProduct;
  colorId: number | null;
  defaultColorId: number | null;
  variationCode: string | null;
  madeToOrder: string | null;
  error: AddError | null;
}) {
  const firstColor = product.colors.find((c) => c.colorId === colorId) ?? null;
  const firstVariation = product.variations.find((v) => v.variationCode === variationCode) ?? null;
  const chosenStock = product.colors.length > 0 ? (firstColor?.stock ?? 0) : product.variations.length > 0 ? (firstVariation?.stock ?? 0) : product.stock;
  const { t, text, path } = useI18n();
  const texts = productFormTexts({ t });
  const stockLine = productStockLine(product.stock, chosenStock, madeToOrder);
  // A sold-out colour or variation can be chosen (to be told when it is back), not bought.
  const soldOutChoice = !madeToOrder && (firstColor !== null || firstVariation !== null) && chosenStock <= 0;
  const state = addButtonState({
    stock: madeToOrder ? Math.max(product.stock, 1) : product.stock,
    hasColors: product.colors.length > 0,
    hasVariations: product.variations.length > 0,
    colorChosen: colorId !== null,
    variationChosen: variationCode !== null,
  });
  return (
    <form
      method="post"
      action={path(productPageHref(product.slug, { colorId, defaultColorId }))}
      className="add-form"
      {...{
        [PRODUCT_FORM_ATTRIBUTES.form]: "",
        [PRODUCT_FORM_ATTRIBUTES.stock]: product.stock,
        [PRODUCT_FORM_ATTRIBUTES.madeToOrder]: madeToOrder ?? undefined,
        [PRODUCT_FORM_ATTRIBUTES.texts]: JSON.stringify(texts),
      }}
    >
      <input type="hidden" name="intent" value={CART_INTENTS.add} />
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="quantity" value={1} />
      {product.colors.length > 0 ? (
        <ColourSwatches
          colors={product.colors}
          chosen={firstColor}
          slug={product.slug}
          madeToOrder={madeToOrder !== null}
          error={error?.field === "colorId" ? text(error.error.title) : null}
        />
      ) : null}
      {product.variations.length > 0 ? (
        <VariationOptions
          variations={product.variations}
          chosen={variationCode}
          madeToOrder={madeToOrder !== null}
          error={error?.field === "variationCode" ? text(error.error.title) : null}
        />
      ) : null}
      <p className={stockLine.className}>{stockLineText(texts, stockLine, chosenStock, madeToOrder)}</p>
      {product.isPersonalised ? <p className="muted small personalised-note">{text(PERSONALISED_TEXT)}</p> : null}
      {error && !error.field ? (
        <p className="form-error" role="alert">
          {text(error.error.title)}
          {error.error.description ? `: ${text(error.error.description)}` : ""}
        </p>
      ) : null}
      <button type="submit" className="button button-lg" disabled={state === "out-of-stock" || soldOutChoice}>
        {texts.button[soldOutChoice ? "out-of-stock" : state]}
      </button>
    </form>
  );
}

function VariationOptions({
  variations,
  chosen,
  madeToOrder,
  error,
}: {
  variations: PageProduct["variations"];
  chosen: string | null;
  madeToOrder: boolean;
  error: string | null;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="options" {...{ [PRODUCT_FORM_ATTRIBUTES.option]: "variationCode" }}>
      <legend>{t("product.variation")}</legend>
      <div className="variations">
        {variations.map((v) => (
          <label key={v.variationCode} className="variation">
            <input
              type="radio"
              name="variationCode"
              value={v.variationCode}
              defaultChecked={chosen === v.variationCode}
              {...{ [PRODUCT_FORM_ATTRIBUTES.stock]: v.stock }}
              aria-describedby={v.stock > 0 && v.stock < 5 ? `hint-${v.variationCode}` : undefined}
            />
            <span>
              {v.variationName}
              {v.stock <= 0 && !madeToOrder ? t("product.optionSoldOut") : ""}
              {v.stock > 0 && v.stock < 5 ? (
                <small className="option-hint" aria-hidden="true" id={`hint-${v.variationCode}`}>
                  {t("catalogue.card.onlyLeft", { count: v.stock })}
                </small>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ProductDetails({ product, note, noteLang, shipping }: { product: PageProduct; note: string | null; noteLang: string | null; shipping: string }) {
  const { t } = useI18n();
  return (
    <>
      <section className="details">
        <h2>{t("product.details")}</h2>
        <p className="prose" lang={isFallback(product.fallback, "description") ? "en" : undefined}>
          {product.description}
        </p>
        {note ? (
          <p className="note" lang={noteLang ?? undefined}>
            {note}
          </p>
        ) : null}
      </section>
      <section className="details">
        <h2>{t("product.information")}</h2>
        <p>
          {t("product.category")}{" "}
          {product.categories.length === 0
            ? t("product.uncategorized")
            : product.categories.map((c, i) => (
                <span key={c.id}>
                  {i > 0 ? ", " : ""}
                  <ShopLink to={`/shop/${c.slug}`}>
                    <OwnText text={c.name} english={isFallback(c.fallback, "name")} />
                  </ShopLink>
                </span>
              ))}
        </p>
        {product.isLarge ? <p className="muted small">{t("product.largeItem")}</p> : null}
        <p className="muted small" data-testid="shipping-time">
          {shipping}
        </p>
      </section>
    </>
  );
}

function FavoriteToggle({ productId, isFavorite, signedIn, here }: { productId: number; isFavorite: boolean; signedIn: boolean; here: string }) {
  const { t, path } = useI18n();
  // A guest's heart is a link: to sign in (told why), then back to this page and colour.
  if (!signedIn)
    return (
      <p className="fav-form">
        <a className="button button-ghost" href={path(`/favorites?${new URLSearchParams({ redirectTo: here })}`)} {...{ [BACK_HERE_ATTRIBUTE]: "" }}>
          <HeartIcon filled={false} /> {t("product.favorite.add")}
        </a>
      </p>
    );
  return (
    <form
      method="post"
      action={path("/favorites")}
      className="fav-form"
      data-favorite="toggle"
      {...{ [FAVORITE_LABEL_ATTRIBUTES.on]: t("product.favorite.remove"), [FAVORITE_LABEL_ATTRIBUTES.off]: t("product.favorite.add") }}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={here} {...{ [BACK_HERE_ATTRIBUTE]: "" }} />
      <button type="submit" className={`button button-ghost ${isFavorite ? "is-fav" : ""}`} aria-pressed={signedIn ? isFavorite : undefined}>
        <HeartIcon filled={isFavorite} /> {isFavorite ? t("product.favorite.remove") : t("product.favorite.add")}
      </button>
    </form>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundView title={t("product.notFound")} text={t("product.notFoundText")} />;
  }
  throw error;
}
