import { Form, Link, useFetcher, useSubmit } from "@remix-run/react";
import { formatDecimalMoney } from "~/lib/money";
import { confirmFirst, ConfirmStep } from "~/components/admin/store-parts";
import { useToastEffect } from "~/components/ui/toaster";
import { LATEST_FILTERS, PRODUCT_INTENTS, PRODUCT_TEXT, STATUS_FILTERS, STOCK_FILTERS, stockBadge } from "~/domain/catalogue/product-texts";
import type { ProductsTabData } from "~/web/admin/products-tab.server";
import { Pager } from "~/components/admin/store-parts";
import { RowActions, RowMenu } from "~/components/admin/row-menu";

type Row = ProductsTabData["products"][number];

/**
 * The admin's Products tab: four filters (a GET form),
 * the product table (stacked cards on a phone), the Latest Collection switch (a POST form; with
 * JavaScript a fetcher that flips at once) and delete, which asks first (confirm() with
 * JavaScript, the server's confirmation step without).
 */
export function ProductsTab({ data }: { data: ProductsTabData }) {
  const { products, filter, total, here, confirmDelete, page, pageCount } = data;
  const filtered = filter.stock !== "all" || filter.category !== null || filter.latest !== "all" || filter.status !== "all";
  return (
    <section className="store-tab admin-products" aria-labelledby="products-title">
      <div className="store-tab-head">
        <h2 id="products-title">Products</h2>
        <p className="muted small">
          {total} {total === 1 ? "product" : "products"}
          {filtered ? " match" : ""}
        </p>
        <Link to="/admin/products/add" className="button">
          Add Product
        </Link>
      </div>
      <ProductFilters data={data} filtered={filtered} />
      {confirmDelete ? (
        <ConfirmStep
          question={PRODUCT_TEXT.deleteConfirm}
          detail={confirmDelete.title}
          action="/admin"
          intent={PRODUCT_INTENTS.delete}
          fields={{ productId: confirmDelete.id, redirectTo: here }}
          yes="Yes, delete product"
          cancelTo={here}
        />
      ) : null}
      {products.length === 0 ? (
        <p className="empty-state">{filtered ? "No products match these filters." : "No products yet."}</p>
      ) : (
        <div className="store-table-wrap">
          <table className="store-table products-table">
            <caption className="sr-only">Products, newest first</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">Image</span>
                </th>
                <th scope="col">Title</th>
                <th scope="col">Price</th>
                <th scope="col">Stock</th>
                <th scope="col">Status</th>
                <th scope="col">Latest Collection</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <ProductRow key={p.id} product={p} back={here} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pageCount > 1 ? <Pager here={here} page={page} pageCount={pageCount} label="Product pages" /> : null}
    </section>
  );
}

function FilterSelect(props: { id: string; label: string; name: string; value: string; options: readonly { value: string; label: string }[] }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} name={props.name} defaultValue={props.value}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function ProductFilters({ data, filtered }: { data: ProductsTabData; filtered: boolean }) {
  const submit = useSubmit();
  const { filter, categories } = data;
  // With JavaScript a changed filter applies at once; without, the Filter button sends the form.
  const onChange = (event: React.ChangeEvent<HTMLFormElement>) => submit(event.currentTarget, { preventScrollReset: true });
  return (
    <Form method="get" action="/admin" className="products-filter" aria-label="Filter products" onChange={onChange}>
      <input type="hidden" name="tab" value="products" />
      <FilterSelect id="filter-stock" label="Stock Status" name="stock" value={filter.stock} options={STOCK_FILTERS} />
      <FilterSelect
        id="filter-category"
        label="Category"
        name="category"
        value={filter.category == null ? "" : String(filter.category)}
        options={[{ value: "", label: "All categories" }, ...categories.map((c) => ({ value: String(c.id), label: c.label }))]}
      />
      <FilterSelect id="filter-latest" label="Latest Collection" name="latest" value={filter.latest} options={LATEST_FILTERS} />
      <FilterSelect id="filter-status" label="Status" name="status" value={filter.status} options={STATUS_FILTERS} />
      <div className="products-filter-actions">
        <button type="submit" className="button">
          Filter
        </button>
        {filtered ? (
          <Link to="/admin?tab=products" className="button button-ghost">
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function ProductRow({ product: p, back }: { product: Row; back: string }) {
  const fromVariations = p.hasColorVariations || p.hasVariations;
  return (
    <tr data-testid={`product-row-${p.slug}`}>
      <td className="products-thumb-cell">
        <img src={p.thumbUrl} alt="" width={48} height={60} loading="lazy" decoding="async" className="products-thumb" />
      </td>
      <th scope="row" data-label="Title" className="store-break">
        {p.title}
        <span className="muted small product-row-sku"> · {p.sku}</span>
      </th>
      <td data-label="Price">{formatDecimalMoney(p.price)}</td>
      <td data-label="Stock">
        <span>
          <span className={`status-pill ${p.stock > 0 ? "status-paid" : "status-cancelled"}`}>{stockBadge(p.stock)}</span>
          {fromVariations ? <span className="muted small"> (from variations)</span> : null}
        </span>
      </td>
      <td data-label="Status">{p.isActive ? "Active" : "Inactive"}</td>
      <td data-label="Latest Collection">
        <LatestToggle product={p} back={back} />
      </td>
      <RowActions>
        <Link to={`/admin/products/edit/${p.id}`} className="button button-secondary store-btn-sm" aria-label={`Edit ${p.title}`}>
          Edit
        </Link>
        <RowMenu label={p.title}>
          <Link to={`/product/${p.slug}`} className="row-menu-item" aria-label={`View ${p.title}`}>
            View
          </Link>
          <div className="row-menu-separator" role="presentation" />
          <Form method="post" action="/admin" onSubmit={confirmFirst(PRODUCT_TEXT.deleteConfirm)} preventScrollReset>
            <input type="hidden" name="intent" value={PRODUCT_INTENTS.delete} />
            <input type="hidden" name="productId" value={p.id} />
            <input type="hidden" name="redirectTo" value={back} />
            <input type="hidden" name="confirmed" value="" />
            <button type="submit" className="row-menu-item" aria-label={`Delete ${p.title}`}>
              Delete
            </button>
          </Form>
        </RowMenu>
      </RowActions>
    </tr>
  );
}

/** A switch that posts the new value; with JavaScript it flips at once and a refusal shows a toast. */
function LatestToggle({ product, back }: { product: Row; back: string }) {
  const fetcher = useFetcher<{
    ok: boolean;
    toast?: { title: string; description?: string; type: "success" } | null;
    error?: { title: string; description?: string; type: "error" } | null;
  }>();
  const pending = fetcher.formData?.get("isLatestCollection");
  const idle = fetcher.state === "idle" && fetcher.data;
  const on = typeof pending === "string" ? pending === "true" : product.isLatestCollection;
  // The answer carries its notification (web/respond.server.ts): the success one too.
  useToastEffect(
    idle
      ? fetcher.data?.ok
        ? (fetcher.data.toast ?? null)
        : (fetcher.data?.error ?? {
            title: PRODUCT_TEXT.toggleFailed,
            type: "error",
          })
      : null,
  );
  return (
    <fetcher.Form method="post" action="/admin" preventScrollReset>
      <input type="hidden" name="intent" value={PRODUCT_INTENTS.toggleLatest} />
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="isLatestCollection" value={on ? "false" : "true"} />
      <input type="hidden" name="redirectTo" value={back} />
      <button type="submit" role="switch" aria-checked={on} className={`latest-switch${on ? " is-on" : ""}`} aria-label={`Latest Collection: ${product.title}`}>
        <span className="latest-switch-track" aria-hidden="true">
          <span className="latest-switch-knob" />
        </span>
        <span className="latest-switch-text">{on ? "Yes" : "No"}</span>
      </button>
    </fetcher.Form>
  );
}
