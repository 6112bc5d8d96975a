import { Link } from "@remix-run/react";
import { ACCOUNT_INTENTS, FAVORITES_URL } from "~/components/account/links";
import { type CardProduct, ProductCard } from "~/components/product/product-card";
import { FAVORITE_ATTRIBUTE, REFRESH_ATTRIBUTE } from "~/lib/behavior-contract";

// With JavaScript the favorites behaviour posts Remove without a page load and takes this list from the server again.
const refreshed = { [REFRESH_ATTRIBUTE]: "favorites" };

export function FavoritesTab({ favorites }: { favorites: { productId: number; product: CardProduct }[] }) {
  if (favorites.length === 0) {
    return (
      <section className="empty-state" aria-labelledby="favorites-title" {...refreshed}>
        <h2 id="favorites-title">No favorites yet</h2>
        <p>You haven&apos;t saved any favorites yet. Tap the heart on a product to keep it here.</p>
        <Link to="/shop" className="button">
          Browse Products
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="favorites-title" {...refreshed}>
      <h2 id="favorites-title">Your Favorites</h2>
      <ul className="grid favorite-list" role="list">
        {favorites.map((f) => (
          <li key={f.productId} className="favorite-item">
            <ProductCard product={f.product} />
            <form method="post" action={FAVORITES_URL} {...{ [FAVORITE_ATTRIBUTE]: "remove" }}>
              <input type="hidden" name="intent" value={ACCOUNT_INTENTS.removeFavorite} />
              <input type="hidden" name="productId" value={f.productId} />
              <button type="submit" className="button button-ghost button-block">
                Remove<span className="sr-only"> {f.product.title} from favorites</span>
              </button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}
