import { catalogueFiltersFrom, catalogueFiltersOf, productListQueryFrom, ProductListQuerySchema } from "~/domain/catalogue/schemas";
import { filterKey, filterQuery, NO_FILTERS } from "~/domain/catalogue/catalogue-filters";

const parse = (query: string) => catalogueFiltersOf(ProductListQuerySchema.parse(productListQueryFrom(new URLSearchParams(query))));

describe("catalogue sort and filter parameters", () => {
  it("reads every parameter of the contract", () => {
    expect(parse("sort=price-asc&color=3&color=1&scale=1-4&inStock=1&madeToOrder=1&minPrice=10&maxPrice=24,50")).toEqual({
      sort: "price-asc",
      colors: [1, 3],
      scale: "1-4",
      inStock: true,
      madeToOrder: true,
      minPriceCents: 1000,
      maxPriceCents: 2450,
    });
  });

  it("defaults to newest, unfiltered", () => {
    expect(parse("")).toEqual(NO_FILTERS);
  });

  it("ignores unknown values instead of refusing them", () => {
    expect(parse("sort=cheapest&color=red&color=-2&color=0&scale=1-12&inStock=yes&madeToOrder=2&minPrice=abc&maxPrice=-5")).toEqual(NO_FILTERS);
    expect(parse("sort[]=x&color=1e3&minPrice=1.234")).toEqual(NO_FILTERS);
  });

  it("keeps repeated and comma-separated colours once each", () => {
    expect(parse("color=4&color=4&color=2,4").colors).toEqual([2, 4]);
  });

  it("ignores huge numbers", () => {
    const f = parse(`color=${"9".repeat(30)}&minPrice=${"9".repeat(20)}&maxPrice=99999999`);
    expect(f.colors).toEqual([]);
    expect(f.minPriceCents).toBeNull();
    expect(f.maxPriceCents).toBeNull();
    expect(parse("maxPrice=9999999.99").maxPriceCents).toBe(999_999_999);
  });

  it("takes a minimum above the maximum the other way round", () => {
    const f = parse("minPrice=50&maxPrice=20");
    expect([f.minPriceCents, f.maxPriceCents]).toEqual([2000, 5000]);
  });

  it("turns the false flags off", () => {
    expect(parse("inStock=0&madeToOrder=false")).toEqual(NO_FILTERS);
    expect(parse("inStock=true").inStock).toBe(true);
  });

  it("never fails the API's schema for a filter (only paging is checked)", () => {
    const result = ProductListQuerySchema.safeParse(productListQueryFrom(new URLSearchParams("sort=%00&scale=&color=&minPrice=%20")));
    expect(result.success).toBe(true);
    expect(ProductListQuerySchema.safeParse(productListQueryFrom(new URLSearchParams("page=abc"))).success).toBe(false);
  });

  it("the page's reader and the API's schema agree", () => {
    const q = "sort=rating&color=5&scale=1-6&inStock=1&minPrice=5";
    expect(catalogueFiltersFrom(new URLSearchParams(q))).toEqual(parse(q));
  });

  it("writes the filters back as the same parameters, and keys the cache by each", () => {
    const f = parse("sort=price-desc&color=2&color=7&scale=1-6&madeToOrder=1&minPrice=12.5&maxPrice=40");
    expect(filterQuery(f, "silk")).toBe("?search=silk&sort=price-desc&color=2&color=7&scale=1-6&madeToOrder=1&minPrice=12.50&maxPrice=40");
    expect(parse(filterQuery(f).slice(1))).toEqual(f);
    const keys = new Set(
      [f, { ...f, colors: [2] }, { ...f, sort: "rating" as const }, { ...f, inStock: true }, { ...f, maxPriceCents: 4100 }].map((x) => filterKey(x)),
    );
    expect(keys.size).toBe(5);
  });
});
