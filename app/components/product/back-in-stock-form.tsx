import { EmailField } from "~/components/ui/field";
import { type FieldConstraint } from "~/lib/field-constraint";
import { BACK_IN_STOCK_ATTRIBUTES as ATTR } from "~/lib/behavior-contract";
import { useI18n } from "~/i18n/context";

/**
 * 'Email me when it's back' on a product page: a plain server-rendered form that posts to
 * /back-in-stock. It offers the whole product when it is sold out; otherwise only the chosen colour
 * or variation, and only while that one is sold out. With JavaScript the add-to-cart behaviour shows
 * or hides it as another choice is picked (ATTR), so it is drawn, hidden, whenever some choice is sold out.
 */
export interface BackInStockProduct {
  id: number;
  stock: number;
  colors: { colorId: number; name: string; stock: number }[];
  variations: { variationCode: string; variationName: string; stock: number }[];
}

export function BackInStockForm({
  product,
  chosen,
  email,
  emailConstraint,
}: {
  product: BackInStockProduct;
  /** The colour or variation chosen on the page (the URL's, or the one just posted). */
  chosen: { colorId: number | null; variationCode: string | null };
  email: string | null;
  emailConstraint: FieldConstraint;
}) {
  const { t, path } = useI18n();
  const soldOut = product.stock <= 0;
  const byColour = product.colors.length > 0;
  const options = byColour
    ? product.colors.map((c) => ({ field: "colorId", value: String(c.colorId), name: c.name, stock: c.stock }))
    : product.variations.map((v) => ({ field: "variationCode", value: v.variationCode, name: v.variationName, stock: v.stock }));
  if (!soldOut && !options.some((o) => o.stock <= 0)) return null;
  const choice = options.find((o) => o.value === String(byColour ? chosen.colorId : chosen.variationCode)) ?? null;
  const shown = soldOut || (choice !== null && choice.stock <= 0);
  const field = byColour ? "colorId" : "variationCode";
  return (
    <form
      method="post"
      action={path("/back-in-stock")}
      className="back-in-stock"
      aria-labelledby="back-in-stock-title"
      hidden={!shown}
      {...(soldOut ? {} : { [ATTR.form]: field })}
    >
      <h2 id="back-in-stock-title">{t("product.backInStock.title")}</h2>
      <p className="muted small">
        {soldOut ? t("product.backInStock.soldOut") : t("product.backInStock.someSoldOut")} {t("product.backInStock.once")}
      </p>
      <input type="hidden" name="productId" value={product.id} />
      {soldOut || options.length === 0 ? null : (
        <p className="back-in-stock-choice">
          {byColour ? t("product.backInStock.colour") : t("product.backInStock.option")}:{" "}
          <strong {...{ [ATTR.name]: "" }}>{shown && choice ? choice.name : ""}</strong>
          <input type="hidden" name={field} value={shown && choice ? choice.value : ""} {...{ [ATTR.value]: "" }} />
        </p>
      )}
      <div className="back-in-stock-row">
        <EmailField idPrefix="back-in-stock-" constraint={emailConstraint} defaultValue={email ?? undefined} />
        <button type="submit" className="button button-secondary">
          {t("product.backInStock.notify")}
        </button>
      </div>
    </form>
  );
}
