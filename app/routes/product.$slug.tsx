import { BackInStockForm } from "~/components/product/back-in-stock-form";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useFetcher, useLoaderData, useRouteError } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { CART_INTENTS } from "~/components/cart/cart-forms";
import { HeartIcon } from "~/components/icons";
import { OPEN_CART_EVENT } from "~/components/layout/header";
import { NotFoundView } from "~/components/layout/not-found";
import { Breadcrumb, ProductGrid } from "~/components/product/product-card";
import { ShopLink } from "~/components/ui/shop-link";
import { useToast, useToastEffect } from "~/components/ui/toaster";
import { getCartOwner, getOptionalUser } from "~/domain/auth/guards.server";
import { addToCart } from "~/domain/cart/cart.server";
import { addToCartFailure, MESSAGES } from "~/domain/cart/messages";
import { AddToCartSchema } from "~/domain/cart/schemas";
import { getCategoryDescription } from "~/domain/catalogue/categories.server";
import { listFavoriteIds } from "~/domain/catalogue/favorites.server";
import { getProductBySlug, listRelatedProducts } from "~/domain/catalogue/products.server";
import { ADD_BUTTON_LABEL, addButtonState, stockLabel } from "~/domain/catalogue/stock";
import { DomainError } from "~/domain/common/errors";
import { respond } from "~/domain/common/respond.server";
import { toCardProduct } from "~/domain/catalogue/cards";
import { db } from "~/lib/db.server";
import { assertSameOrigin, readFormData } from "~/lib/http.server";
import { IMAGE_SIZES, srcSetFor } from "~/lib/images";
import { formatMoney } from "~/lib/money";
import { buildMeta, errorPageMeta, productPageSeo, seoContext } from "~/lib/meta";

export const meta: MetaFunction<typeof loader> = (args) => {
  if (!args.data) return errorPageMeta(args, "Product Not Found");
  const ctx = seoContext(args.matches);
  return buildMeta(ctx, args.location, productPageSeo(args.data.product, ctx));
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const product = await getProductBySlug(db, params.slug ?? "");
  if (!product) throw json({ message: "Product Not Found" }, { status: 404 });
  const user = await getOptionalUser(request);
  const userId = user?.id ?? null;
  const categoryNames = product.categories.map((c) => c.name);
  const mainName = product.category?.name;
  const [related, note, favoriteIds] = await Promise.all([
    listRelatedProducts(db, product.id, product.category?.id ?? null, 4),
    getCategoryDescription(db, mainName ? [...categoryNames.filter((n) => n !== mainName), mainName] : categoryNames),
    userId ? listFavoriteIds(db, userId) : Promise.resolve([] as number[]),
  ]);
  const url = new URL(request.url);
  const imageIndex = Math.max(0, Math.min(Number(url.searchParams.get("image") ?? 0) || 0, Math.max(0, product.images.length - 1)));
  return json({ product, related: related.map(toCardProduct), note, isFavorite: favoriteIds.includes(product.id), imageIndex, signedIn: userId !== null, email: user?.email ?? null });
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await readFormData(request);
  const here = `/product/${params.slug ?? ""}`;
  const submission = parseWithZod(formData, { schema: AddToCartSchema });
  if (submission.status !== "success") {
    return json({ ok: false as const, error: addToCartFailure(undefined), field: null as string | null }, { status: 400 });
  }
  const { owner, setCookie } = await getCartOwner(request, { create: true });
  try {
    await addToCart(db, owner, submission.value);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const headers = new Headers();
    if (setCookie) headers.append("Set-Cookie", setCookie);
    return json(
      { ok: false as const, error: addToCartFailure(error.message, error.code, error.field), field: error.field ?? null },
      { status: error.status, headers },
    );
  }
  return respond(request, { redirectTo: here, toast: { ...MESSAGES.added }, cookies: [setCookie] });
}

export default function ProductPage() {
  const { product, related, note, isFavorite, imageIndex, signedIn, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data ?? actionData;
  const error = result && "error" in result ? result : null;
  useToastEffect(error?.error);

  const firstColor = product.colors.find((c) => c.stock > 0) ?? null;
  const firstVariation = product.variations.find((v) => v.stock > 0) ?? null;
  const [colorId, setColorId] = useState<number | null>(firstColor?.colorId ?? null);
  const [variationCode, setVariationCode] = useState<string | null>(firstVariation?.variationCode ?? null);
  const chosenStock =
    product.colors.length > 0
      ? (product.colors.find((c) => c.colorId === colorId)?.stock ?? 0)
      : product.variations.length > 0
        ? (product.variations.find((v) => v.variationCode === variationCode)?.stock ?? 0)
        : product.stock;
  const state = addButtonState({
    stock: product.stock,
    hasColors: product.colors.length > 0,
    hasVariations: product.variations.length > 0,
    colorChosen: colorId !== null,
    variationChosen: variationCode !== null,
  });
  const busy = fetcher.state !== "idle";
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      if ((fetcher.data as { ok?: boolean } | undefined)?.ok) window.dispatchEvent(new Event(OPEN_CART_EVENT));
    }
  }, [busy, fetcher.data]);

  const crumbs = [
    { label: "Shop", to: "/shop" },
    ...(product.category ? [{ label: product.category.name, to: `/shop/${product.category.slug}` }] : []),
    { label: product.title },
  ];

  return (
    <div className="container">
      <Breadcrumb items={crumbs} />
      <div className="product-layout">
        <Gallery images={product.images} index={imageIndex} title={product.title} slug={product.slug} />
        <section className="product-info" aria-labelledby="product-title">
          <h1 id="product-title">{product.title}</h1>
          <p className="price price-lg">{formatMoney(product.priceCents)}</p>
          {/* A plain form (no JavaScript needed); once hydrated, submitting goes through the fetcher. */}
          <form method="post" action={`/product/${product.slug}`} className="add-form" onSubmit={(event) => submitWith(fetcher.submit, event)}>
            <input type="hidden" name="intent" value={CART_INTENTS.add} />
            <input type="hidden" name="productId" value={product.id} />
            <input type="hidden" name="quantity" value={1} />
            {product.colors.length > 0 ? (
              <fieldset className="options">
                <legend>
                  Color{colorId ? `: ${product.colors.find((c) => c.colorId === colorId)?.name ?? ""}` : ""}
                </legend>
                <div className="swatches">
                  {product.colors.map((c) => (
                    <label key={c.colorId} className="swatch" title={c.stock <= 0 ? `${c.name} (sold out)` : c.stock < 5 ? `${c.name}: only ${c.stock} left` : c.name}>
                      <input
                        type="radio"
                        name="colorId"
                        value={c.colorId}
                        disabled={c.stock <= 0}
                        checked={colorId === c.colorId}
                        onChange={() => setColorId(c.colorId)}
                        aria-describedby={c.stock > 0 && c.stock < 5 ? `hint-color-${c.colorId}` : undefined}
                      />
                      <span className="swatch-chip" style={{ background: c.hex }} aria-hidden="true" />
                      <span className="sr-only">
                        {c.name}
                        {c.stock <= 0 ? " (sold out)" : ""}
                      </span>
                      {c.stock > 0 && c.stock < 5 ? (
                        <small className="option-hint" aria-hidden="true" id={`hint-color-${c.colorId}`}>
                          {c.stock} left
                        </small>
                      ) : null}
                    </label>
                  ))}
                </div>
                {error?.field === "colorId" ? <p className="field-error" role="alert">{error.error.title}</p> : null}
              </fieldset>
            ) : null}
            {product.variations.length > 0 ? (
              <fieldset className="options">
                <legend>Variation</legend>
                <div className="variations">
                  {product.variations.map((v) => (
                    <label key={v.variationCode} className="variation">
                      <input
                        type="radio"
                        name="variationCode"
                        value={v.variationCode}
                        disabled={v.stock <= 0}
                        checked={variationCode === v.variationCode}
                        onChange={() => setVariationCode(v.variationCode)}
                        aria-describedby={v.stock > 0 && v.stock < 5 ? `hint-${v.variationCode}` : undefined}
                      />
                      <span>
                        {v.variationName}
                        {v.stock <= 0 ? " (sold out)" : ""}
                        {v.stock > 0 && v.stock < 5 ? (
                          <small className="option-hint" aria-hidden="true" id={`hint-${v.variationCode}`}>
                            Only {v.stock} left
                          </small>
                        ) : null}
                      </span>
                    </label>
                  ))}
                </div>
                {error?.field === "variationCode" ? <p className="field-error" role="alert">{error.error.title}</p> : null}
              </fieldset>
            ) : null}
            <p className={`stock-line ${chosenStock <= 0 ? "soldout" : chosenStock < 5 ? "low" : ""}`}>
              {product.stock <= 0 ? "Sold out" : stockLabel(chosenStock)}
            </p>
            {error && !error.field ? (
              <p className="form-error" role="alert">
                {error.error.title}
                {error.error.description ? `: ${error.error.description}` : ""}
              </p>
            ) : null}
            <button type="submit" className="button button-lg" disabled={state === "out-of-stock" || busy}>
              {busy ? "Adding…" : ADD_BUTTON_LABEL[state]}
            </button>
          </form>
          <FavoriteToggle productId={product.id} isFavorite={isFavorite} signedIn={signedIn} slug={product.slug} />
          <BackInStockForm product={product} email={email} />

          <section className="details">
            <h2>Product Details</h2>
            <p className="prose">{product.description}</p>
            {note ? <p className="note">{note}</p> : null}
          </section>
          <section className="details">
            <h2>Product Information</h2>
            <p>
              Category:{" "}
              {product.categories.length === 0
                ? "Uncategorized"
                : product.categories.map((c, i) => (
                    <span key={c.id}>
                      {i > 0 ? ", " : ""}
                      <ShopLink to={`/shop/${c.slug}`}>{c.name}</ShopLink>
                    </span>
                  ))}
            </p>
            {product.isLarge ? <p className="muted small">Large item: ships with Large Item Shipping.</p> : null}
            <p className="muted small">Handmade to order in small batches; ships worldwide within 1-3 business days.</p>
          </section>
        </section>
      </div>
      {related.length > 0 ? (
        <section className="section" aria-labelledby="related-title">
          <h2 id="related-title">Related Products</h2>
          <ProductGrid products={related} eagerCount={0} />
        </section>
      ) : null}
    </div>
  );
}

function Gallery({ images, index, title, slug }: { images: { imageUrl: string; thumbUrl: string; altText: string; width: number | null; height: number | null }[]; index: number; title: string; slug: string }) {
  const [current, setCurrent] = useState(index);
  useEffect(() => setCurrent(index), [index]);
  if (images.length === 0) {
    return (
      <div className="gallery">
        <div className="gallery-main placeholder">
          <img src="/placeholder.svg" alt="" width={800} height={1000} />
          <p>No image available</p>
        </div>
      </div>
    );
  }
  const n = images.length;
  const image = images[current] ?? images[0]!;
  const srcSet = srcSetFor(image.imageUrl, image.width);
  const prev = (current - 1 + n) % n;
  const next = (current + 1) % n;
  const go = (i: number) => (e: React.MouseEvent) => {
    e.preventDefault();
    setCurrent(i);
  };
  return (
    <div className="gallery">
      <div className="gallery-main">
        <picture>
          {srcSet ? <source type="image/webp" srcSet={srcSet} sizes={IMAGE_SIZES.gallery} /> : null}
          <img src={image.imageUrl} alt={image.altText || title} width={image.width ?? 800} height={image.height ?? 1000} fetchPriority="high" decoding="async" />
        </picture>
        {n > 1 ? (
          <>
            <a className="gallery-nav prev" href={`/product/${slug}?image=${prev}`} onClick={go(prev)} aria-label="Previous image">
              ‹
            </a>
            <a className="gallery-nav next" href={`/product/${slug}?image=${next}`} onClick={go(next)} aria-label="Next image">
              ›
            </a>
            <p className="gallery-counter" aria-live="polite">
              {current + 1} / {n}
            </p>
          </>
        ) : null}
      </div>
      {n > 1 ? (
        <ul className="thumbs" role="list">
          {images.map((img, i) => (
            <li key={img.imageUrl}>
              <a href={`/product/${slug}?image=${i}`} onClick={go(i)} aria-current={i === current ? "true" : undefined} aria-label={`Show image ${i + 1} of ${n}`}>
                <img src={img.thumbUrl} alt="" width={72} height={90} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function FavoriteToggle({ productId, isFavorite, signedIn, slug }: { productId: number; isFavorite: boolean; signedIn: boolean; slug: string }) {
  const fetcher = useFetcher<{ ok: boolean; error?: { title: string; description?: string; type: "error" } | null }>();
  const push = useToast();
  const optimistic = fetcher.formData ? !isFavorite : isFavorite;
  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok && fetcher.data.error) push(fetcher.data.error);
  }, [fetcher.data, push]);
  return (
    <form method="post" action="/favorites" className="fav-form" onSubmit={(event) => submitWith(fetcher.submit, event)}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={`/product/${slug}`} />
      <button type="submit" className={`button button-ghost ${optimistic ? "is-fav" : ""}`} aria-pressed={signedIn ? optimistic : undefined}>
        <HeartIcon filled={optimistic} /> {optimistic ? "Remove from Favorites" : "Add to Favorites"}
      </button>
    </form>
  );
}

/**
 * Sends a plain form's submission through a fetcher. <fetcher.Form> would do the same, but it
 * resolves its action through the router while the page renders on the server; a plain form
 * with its action written out costs nothing there.
 */
function submitWith(submit: ReturnType<typeof useFetcher>["submit"], event: FormEvent<HTMLFormElement>) {
  event.preventDefault();
  // Method and action come from the form's own attributes.
  submit(event.currentTarget);
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundView title="Product Not Found" text="The product you're looking for doesn't exist." />;
  }
  throw error;
}
