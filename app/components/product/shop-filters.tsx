import {
  CATALOGUE_SCALES,
  CATALOGUE_SORTS,
  type CatalogueFilters,
  type CatalogueSort,
  type FacetCounts,
  filterQuery,
  hasFilters,
  isRefined,
  NO_FILTERS,
  priceFieldValue,
} from "~/domain/catalogue/catalogue-filters";
import { SHOP_FILTER_ATTRIBUTE } from "~/lib/behavior-contract";
import { useI18n } from "~/i18n/context";

export interface ShopFiltersProps {
  /** The list's path without the language prefix (/shop, /shop/{slug}). */
  pathname: string;
  search: string;
  filters: CatalogueFilters;
  facets: FacetCounts | null;
  colors: { id: number; name: string; hex: string }[];
}

const SORT_KEYS: Record<CatalogueSort, string> = {
  newest: "catalogue.filters.sortNewest",
  "price-asc": "catalogue.filters.sortPriceAsc",
  "price-desc": "catalogue.filters.sortPriceDesc",
  rating: "catalogue.filters.sortRating",
};

/**
 * The catalogue's sort and filters: one plain GET form (the contract's parameter names), folded
 * into a <details> 'Filter and sort' (open while a sort or filter is chosen), with a count beside each value when the list is small enough to
 * count (filtered-list.server.ts). With JavaScript a change submits it (browser/behaviors/shop-filters.ts).
 */
export function ShopFilters({ pathname, search, filters, facets, colors }: ShopFiltersProps) {
  const i18n = useI18n();
  const { t, path } = i18n;
  const count = (n: number | undefined) => (facets ? <span className="facet-count"> ({n ?? 0})</span> : null);
  // Open while anything is chosen, so the next choice is one click away; closed on a fresh list (a phone shows the cards first).
  const active = isRefined(filters);
  return (
    <details className="shop-filters" open={active || undefined}>
      <summary>{t("catalogue.filters.toggle")}</summary>
      <form method="get" action={path(pathname)} className="shop-filters-form" {...{ [SHOP_FILTER_ATTRIBUTE]: "" }}>
        {search ? <input type="hidden" name="search" value={search} /> : null}
        <label className="filter-group">
          <span className="filter-title">{t("catalogue.filters.sort")}</span>
          <select name="sort" defaultValue={filters.sort}>
            {CATALOGUE_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(SORT_KEYS[s] as "catalogue.filters.sortNewest")}
              </option>
            ))}
          </select>
        </label>
        {/* A list of one scale (a scale's own category, the accessories) has nothing to narrow by scale. */}
        {facets && filters.scale === null && CATALOGUE_SCALES.some((scale) => facets.scale[scale] === 0) ? null : (
          <fieldset className="filter-group">
            <legend className="filter-title">{t("catalogue.filters.scale")}</legend>
            <label>
              <input type="radio" name="scale" value="" defaultChecked={filters.scale === null} /> {t("catalogue.filters.scaleAny")}
            </label>
            {CATALOGUE_SCALES.map((scale) => (
              <label key={scale}>
                <input type="radio" name="scale" value={scale} defaultChecked={filters.scale === scale} />{" "}
                {t("catalogue.filters.scaleValue", { n: scale.slice(2) })}
                {count(facets?.scale[scale])}
              </label>
            ))}
          </fieldset>
        )}
        {colors.length > 0 ? (
          <fieldset className="filter-group">
            <legend className="filter-title">{t("catalogue.filters.color")}</legend>
            <ul className="filter-colors" role="list">
              {colors.map((c) => (
                <li key={c.id}>
                  <label>
                    <input type="checkbox" name="color" value={c.id} defaultChecked={filters.colors.includes(c.id)} />
                    <span className="swatch-chip" style={{ background: c.hex }} aria-hidden="true" /> <span lang="en">{c.name}</span>
                    {count(facets?.colors[c.id])}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        <fieldset className="filter-group">
          <legend className="filter-title">{t("catalogue.filters.availability")}</legend>
          <label>
            <input type="checkbox" name="inStock" value="1" defaultChecked={filters.inStock} /> {t("catalogue.filters.inStock")}
            {count(facets?.inStock)}
          </label>
          <label>
            <input type="checkbox" name="madeToOrder" value="1" defaultChecked={filters.madeToOrder} /> {t("catalogue.filters.madeToOrder")}
            {count(facets?.madeToOrder)}
          </label>
        </fieldset>
        <fieldset className="filter-group filter-price">
          <legend className="filter-title">{t("catalogue.filters.price")}</legend>
          <label>
            {t("catalogue.filters.minPrice")}{" "}
            <input type="text" inputMode="decimal" name="minPrice" size={6} defaultValue={priceFieldValue(filters.minPriceCents)} />
          </label>
          <label>
            {t("catalogue.filters.maxPrice")}{" "}
            <input type="text" inputMode="decimal" name="maxPrice" size={6} defaultValue={priceFieldValue(filters.maxPriceCents)} />
          </label>
        </fieldset>
        <div className="filter-actions">
          <button type="submit" className="button">
            {t("catalogue.filters.apply")}
          </button>
          <a href={path(`${pathname}${filterQuery(NO_FILTERS, search)}`)}>{t("catalogue.filters.clear")}</a>
        </div>
      </form>
    </details>
  );
}

/** The chosen filters as links that remove one each. */
export function FilterChips({ pathname, search, filters, colors }: Omit<ShopFiltersProps, "facets">) {
  const i18n = useI18n();
  const { t, path } = i18n;
  if (!hasFilters(filters)) return null;
  const chips: { label: string; next: CatalogueFilters }[] = [];
  if (filters.scale) chips.push({ label: t("catalogue.filters.scaleValue", { n: filters.scale.slice(2) }), next: { ...filters, scale: null } });
  for (const id of filters.colors) {
    const name = colors.find((c) => c.id === id)?.name ?? String(id);
    chips.push({ label: name, next: { ...filters, colors: filters.colors.filter((c) => c !== id) } });
  }
  if (filters.inStock) chips.push({ label: t("catalogue.filters.inStock"), next: { ...filters, inStock: false } });
  if (filters.madeToOrder) chips.push({ label: t("catalogue.filters.madeToOrder"), next: { ...filters, madeToOrder: false } });
  if (filters.minPriceCents !== null) {
    chips.push({ label: t("catalogue.filters.priceFrom", { price: i18n.money(filters.minPriceCents) }), next: { ...filters, minPriceCents: null } });
  }
  if (filters.maxPriceCents !== null) {
    chips.push({ label: t("catalogue.filters.priceTo", { price: i18n.money(filters.maxPriceCents) }), next: { ...filters, maxPriceCents: null } });
  }
  return (
    <ul className="filter-chips" role="list" aria-label={t("catalogue.filters.chosen")}>
      {chips.map((chip) => (
        <li key={chip.label}>
          <a
            href={path(`${pathname}${filterQuery(chip.next, search)}`)}
            className="filter-chip"
            aria-label={t("catalogue.filters.remove", { name: chip.label })}
          >
            {chip.label} <span aria-hidden="true">×</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
