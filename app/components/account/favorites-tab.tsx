import { Link } from "@remix-run/react";
import { ACCOUNT_INTENTS, FAVORITES_URL } from "~/components/account/links";
import { type CardProduct, ProductCard } from "~/components/product/product-card";
import { FAVORITE_ATTRIBUTE, REFRESH_ATTRIBUTE } from "~/lib/behavior-contract";
import { useI18n } from "~/i18n/context";

// With JavaScript the favorites behaviour posts Remove without a page load and takes this list from the server again.
const refreshed = { [REFRESH_ATTRIBUTE]: "favorites" };

export function FavoritesTab({ favorites }: { favorites: { productId: number; product: CardProduct }[] }) {
  const { t, path } = useI18n();
  if (favorites.length === 0) {
    return (
      <section className="empty-state" aria-labelledby="favorites-title" {...refreshed}>
        <h2 id="favorites-title">{t("account.favorites.emptyTitle")}</h2>
        <p>{t("account.favorites.emptyText")}</p>
        <Link to="/shop" className="button">
          {t("account.favorites.browse")}
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="favorites-title" {...refreshed}>
      <h2 id="favorites-title">{t("account.favorites.title")}</h2>
      <ul className="grid favorite-list" role="list">
        {favorites.map((f) => (
          <li key={f.productId} className="favorite-item">
            <ProductCard product={f.product} />
            <form method="post" action={path(FAVORITES_URL)} {...{ [FAVORITE_ATTRIBUTE]: "remove" }}>
              <input type="hidden" name="intent" value={ACCOUNT_INTENTS.removeFavorite} />
              <input type="hidden" name="productId" value={f.productId} />
              <button type="submit" className="button button-ghost button-block">
                {t("account.favorites.remove")}
                <span className="sr-only">{t("account.favorites.removeOf", { title: f.product.title })}</span>
              </button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}
