import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CART_INTENTS, useFetcherToast, useHere } from "~/components/cart/cart-forms";
import { type CardProduct } from "~/domain/catalogue/cards";
import { OPEN_CART_EVENT } from "~/components/layout/header";
import { ShopLink } from "~/components/ui/shop-link";
import { IMAGE_SIZES, PLACEHOLDER_IMAGE, srcSetFor, THUMB_HEIGHT, THUMB_WIDTH } from "~/lib/images";
import { formatMoney } from "~/lib/money";

export type { CardProduct };

export function StockBadge({ stock }: { stock: number }) {
  if (stock <= 0) return <span className="tag tag-soldout">Sold out</span>;
  if (stock < 5) return <span className="tag tag-low">Only {stock} left</span>;
  return null;
}

export function ProductCard({ product, eager = false }: { product: CardProduct; eager?: boolean }) {
  const image = product.images[0];
  const needsChoice = product.hasColorVariations || product.hasVariations;
  return (
    <article className="card">
      <ShopLink to={`/product/${product.slug}`} className="card-media">
        <CardImage image={image} title={product.title} eager={eager} />
        <StockBadge stock={product.stock} />
      </ShopLink>
      <div className="card-body">
        {product.category ? <p className="card-category">{product.category.name}</p> : null}
        <h3 className="card-title">
          <ShopLink to={`/product/${product.slug}`}>{product.title}</ShopLink>
        </h3>
        <p className="price">{formatMoney(product.priceCents)}</p>
        {product.stock <= 0 ? (
          <button type="button" className="button button-block" disabled>
            Out of Stock
          </button>
        ) : needsChoice ? (
          <ShopLink to={`/product/${product.slug}`} className="button button-secondary button-block">
            Choose Options
          </ShopLink>
        ) : (
          <CardAddToCart productId={product.id} title={product.title} />
        )}
      </div>
    </article>
  );
}

function CardImage({ image, title, eager }: { image: CardProduct["images"][number] | undefined; title: string; eager: boolean }) {
  const srcSet = srcSetFor(image?.imageUrl, image?.width);
  const img = (
    <img
      src={image?.thumbUrl ?? PLACEHOLDER_IMAGE}
      alt={image?.altText ?? `${title} (no image available)`}
      width={THUMB_WIDTH}
      height={THUMB_HEIGHT}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
  if (!srcSet) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={srcSet} sizes={IMAGE_SIZES.card} />
      {img}
    </picture>
  );
}

/**
 * Add to Cart posts to /cart. It is a plain form (it works without JavaScript, and before the
 * page has hydrated); once JavaScript runs, submitting goes through a fetcher instead, so the
 * shopper stays on the page, sees "Adding…" and the cart drawer opens. (A <fetcher.Form> would
 * do the same, but resolves its action through the router while the page renders on the server,
 * for each of the twelve cards.)
 */
function CardAddToCart({ productId, title }: { productId: number; title: string }) {
  const fetcher = useFetcher();
  const here = useHere();
  const wasBusy = useRef(false);
  const busy = fetcher.state !== "idle";
  useFetcherToast(fetcher.data);
  useEffect(() => {
    if (busy) wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      if ((fetcher.data as { ok?: boolean } | undefined)?.ok) window.dispatchEvent(new Event(OPEN_CART_EVENT));
    }
  }, [busy, fetcher.data]);
  return (
    <form
      method="post"
      action="/cart"
      onSubmit={(event) => {
        event.preventDefault();
        fetcher.submit(event.currentTarget, { method: "post", action: "/cart", preventScrollReset: true });
      }}
    >
      <input type="hidden" name="intent" value={CART_INTENTS.add} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="quantity" value={1} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className="button button-block" disabled={busy}>
        {busy ? "Adding…" : "Add to Cart"}
        <span className="sr-only">{`: ${title}`}</span>
      </button>
    </form>
  );
}

export function ProductGrid({ products, eagerCount = 4 }: { products: CardProduct[]; eagerCount?: number }) {
  return (
    <ul className="grid" role="list">
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

export function Breadcrumb({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {items.map((item, i) => (
          <li key={`${item.label}-${i}`}>
            {item.to && i < items.length - 1 ? <ShopLink to={item.to}>{item.label}</ShopLink> : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
