import { productPageHref } from "~/domain/catalogue/colour-photos";
import { PRODUCT_FORM_ATTRIBUTES as ATTR } from "~/lib/behavior-contract";
import { useI18n } from "~/i18n/context";

type Swatch = { colorId: number; name: string; hex: string; stock: number };

/**
 * The colour choice of the product page's add-to-cart form. Each colour in stock is a link to
 * ?color={id}, which opens the page on that colour (its photos first, chosen in the form); the
 * chosen one carries aria-current and the form posts it from the hidden colorId. A sold-out colour
 * is a disabled swatch. With JavaScript the add-to-cart behaviour switches colours in place
 * (docs/decisions/colour-swatch-links.md).
 */
export function ColourSwatches({
  colors,
  chosen,
  slug,
  madeToOrder = false,
  error,
}: {
  colors: Swatch[];
  chosen: Swatch | null;
  slug: string;
  /** Made to order with room left: a colour at stock 0 can still be chosen. */
  madeToOrder?: boolean;
  error: string | null;
}) {
  const { t, path } = useI18n();
  return (
    <fieldset className="options" {...{ [ATTR.option]: "colorId" }}>
      <legend>{chosen ? t("product.colorChosen", { name: chosen.name }) : t("product.color")}</legend>
      {chosen ? <input type="hidden" name="colorId" value={chosen.colorId} /> : null}
      <ul className="swatches" role="list">
        {colors.map((c) => {
          const chip = <span className="swatch-chip" style={{ background: c.hex }} aria-hidden="true" />;
          if (c.stock <= 0 && !madeToOrder) {
            // Sold out, still a choice: the page then offers 'Email me when it's back' for it.
            return (
              <li key={c.colorId}>
                <a
                  className="swatch swatch-sold-out"
                  href={path(productPageHref(slug, { colorId: c.colorId }))}
                  title={t("product.colorSoldOut", { name: c.name })}
                  aria-current={chosen?.colorId === c.colorId ? "true" : undefined}
                  {...{ [ATTR.colorId]: c.colorId, [ATTR.stock]: 0, [ATTR.colorName]: c.name }}
                >
                  {chip}
                  <span className="sr-only">{t("product.colorSoldOut", { name: c.name })}</span>
                </a>
              </li>
            );
          }
          const low = c.stock > 0 && c.stock < 5;
          return (
            <li key={c.colorId}>
              <a
                className="swatch"
                href={path(productPageHref(slug, { colorId: c.colorId }))}
                title={low ? t("product.colorLow", { name: c.name, count: c.stock }) : c.name}
                aria-current={chosen?.colorId === c.colorId ? "true" : undefined}
                aria-describedby={low ? `hint-color-${c.colorId}` : undefined}
                {...{ [ATTR.colorId]: c.colorId, [ATTR.stock]: c.stock, [ATTR.colorName]: c.name }}
              >
                {chip}
                <span className="sr-only">{c.name}</span>
                {low ? (
                  <small className="option-hint" aria-hidden="true" id={`hint-color-${c.colorId}`}>
                    {t("product.countLeft", { count: c.stock })}
                  </small>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
