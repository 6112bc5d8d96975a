import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CART_INTENTS, useFetcherToast, useHere } from "~/components/cart/cart-forms";
import { OPEN_CART_EVENT } from "~/components/layout/header";
import { IMAGE_SIZES, PLACEHOLDER_IMAGE, srcSetFor, THUMB_HEIGHT, THUMB_WIDTH } from "~/lib/images";
import { formatMoney } from "~/lib/money";

export interface CardProduct {
  id: number;
  title: string;
  slug: string;
  priceCents: number;
  stock: number;
  hasColorVariations: boolean;
  hasVariations: boolean;
  isLatestCollection: boolean;
  category: { name: string; slug: string } | null;
  /** imageUrl and width give the card its WebP srcset; without them it shows the thumbnail. */
  images: { thumbUrl: string; altText: string; imageUrl?: string; width?: number | null; height?: number | null }[];
}

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
      <Link to={`/product/${product.slug}`} className="card-media" prefetch="none">
        <CardImage image={image} title={product.title} eager={eager} />
        <StockBadge stock={product.stock} />
      </Link>
      <div className="card-body">
        {product.category ? <p className="card-category">{product.category.name}</p> : null}
        <h3 className="card-title">
          <Link to={`/product/${product.slug}`}>{product.title}</Link>
        </h3>
        <p className="price">{formatMoney(product.priceCents)}</p>
        {product.stock <= 0 ? (
          <button type="button" className="button button-block" disabled>
            Out of Stock
          </button>
        ) : needsChoice ? (
          <Link to={`/product/${product.slug}`} className="button button-secondary button-block">
            Choose Options
          </Link>
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

function CardAddToCart({ productId, title }: { productId: number; title: string }) {
  const fetcher = useFetcher();
  const here = useHere();
  const wasBusy = useRef(false);
  useFetcherToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state !== "idle") wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      if ((fetcher.data as { ok?: boolean } | undefined)?.ok) window.dispatchEvent(new Event(OPEN_CART_EVENT));
    }
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" action="/cart" preventScrollReset>
      <input type="hidden" name="intent" value={CART_INTENTS.add} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="quantity" value={1} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className="button button-block" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Adding…" : "Add to Cart"}
        <span className="sr-only">: {title}</span>
      </button>
    </fetcher.Form>
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
            {item.to && i < items.length - 1 ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
