import { EmailField } from "~/components/ui/field";
import { type FieldConstraint } from "~/lib/field-constraint";
import { useI18n } from "~/i18n/context";

/**
 * 'Email me when it's back' on a product page: a plain server-rendered form (no client state)
 * that posts to /back-in-stock. It offers the whole product when it is sold out, otherwise its
 * sold-out colours or variations.
 */
export interface BackInStockProduct {
  id: number;
  stock: number;
  colors: { colorId: number; name: string; stock: number }[];
  variations: { variationCode: string; variationName: string; stock: number }[];
}

export function BackInStockForm({ product, email, emailConstraint }: { product: BackInStockProduct; email: string | null; emailConstraint: FieldConstraint }) {
  const { t, path } = useI18n();
  const soldOut = product.stock <= 0;
  const colors = soldOut ? [] : product.colors.filter((c) => c.stock <= 0);
  const variations = soldOut || product.colors.length > 0 ? [] : product.variations.filter((v) => v.stock <= 0);
  if (!soldOut && colors.length === 0 && variations.length === 0) return null;
  return (
    <form method="post" action={path("/back-in-stock")} className="back-in-stock" aria-labelledby="back-in-stock-title">
      <h2 id="back-in-stock-title">{t("product.backInStock.title")}</h2>
      <p className="muted small">
        {soldOut ? t("product.backInStock.soldOut") : t("product.backInStock.someSoldOut")} {t("product.backInStock.once")}
      </p>
      <input type="hidden" name="productId" value={product.id} />
      {colors.length > 0 ? (
        <div className="field">
          <label htmlFor="back-in-stock-color">{t("product.backInStock.colour")}</label>
          <select id="back-in-stock-color" name="colorId" required>
            {colors.map((c) => (
              <option key={c.colorId} value={c.colorId}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {variations.length > 0 ? (
        <div className="field">
          <label htmlFor="back-in-stock-variation">{t("product.backInStock.option")}</label>
          <select id="back-in-stock-variation" name="variationCode" required>
            {variations.map((v) => (
              <option key={v.variationCode} value={v.variationCode}>
                {v.variationName}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="back-in-stock-row">
        <EmailField idPrefix="back-in-stock-" constraint={emailConstraint} defaultValue={email ?? undefined} />
        <button type="submit" className="button button-secondary">
          {t("product.backInStock.notify")}
        </button>
      </div>
    </form>
  );
}
