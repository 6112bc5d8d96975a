import { pageI18n } from "~/web/page-i18n.server";
import { i18nFor, localeOf } from "~/i18n/i18n.server";
import { useI18n } from "~/i18n/context";
import { countryNameIn } from "~/i18n/countries";
import { Money } from "~/components/ui/money";
import { ProductThumb } from "~/components/product/product-thumb";
import { MadeToOrderNote } from "~/components/product/made-to-order-note";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ClearCartForm, QuantityControls, RemoveItemForm, useHere } from "~/components/cart/cart-forms";
import { CART_PAGE_PART, REFRESH_ATTRIBUTE } from "~/lib/behavior-contract";
import { CartCountryNote, CartTotalsList } from "~/components/cart/cart-summary";
import { cartDrawerAnswer } from "~/components/layout/layout-html.server";
import { getCart } from "~/domain/cart/cart.server";
import { db } from "~/lib/db.server";
import { handleCartForm } from "~/web/cart-form.server";
import { stockLabel, stockState } from "~/domain/catalogue/stock";
import { type ShopI18n } from "~/i18n/context";
import { readFormData, safeRedirect } from "~/web/http.server";
import type { loader as rootLoader } from "~/root";
import { pageMeta, seoContext } from "~/lib/meta";

const EMPTY_TOTALS = { itemCount: 0, subtotalCents: 0, shippingCents: 0, shippingName: "", totalCents: 0 };

export const meta: MetaFunction = (args) => {
  const { t } = i18nFor(seoContext(args.matches).locale ?? "en");
  return pageMeta(args, { title: t("cart.title"), description: t("cart.metaDescription"), noindex: true });
};

/** The cart itself comes from the root loader (every page has it): this loader only reads the URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const kind = url.searchParams.get("confirm");
  return json({
    confirm: kind === "clear" || kind === "remove" ? { kind, itemId: Number(url.searchParams.get("itemId")) || null } : null,
    back: safeRedirect(url.searchParams.get("redirectTo"), "/cart"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  // A card's Add to Cart answers the browser module the drawer with the new line (the cart it went into).
  return handleCartForm(request, await readFormData(request), {
    added: async (owner, here) => cartDrawerAnswer(await getCart(db, owner, localeOf(request)), here, await pageI18n(request)),
  });
}

export default function CartPage() {
  const { confirm: asked, back } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const cart = root?.cart ?? { items: [], totals: { ...EMPTY_TOTALS, shippingCountry: "" }, shippingCountryName: "" };
  const i18n = useI18n();
  const { t } = i18n;
  const loyaltyPoints = root?.user?.loyaltyPoints ?? 0;
  // The no-JavaScript confirmation step, shown only for an item (or a cart) that is still there.
  const askedItem = asked?.kind === "remove" ? cart.items.find((i) => i.id === asked.itemId) : undefined;
  const confirm =
    asked?.kind === "clear" && cart.items.length > 0
      ? { kind: "clear" as const, itemId: null, title: null }
      : askedItem
        ? { kind: "remove" as const, itemId: askedItem.id, title: askedItem.product.title }
        : null;
  const count = cart.totals.itemCount;
  const here = useHere();
  // After a change without a page load the cart behaviours take this part from the server again.
  return (
    <div className="container" {...{ [REFRESH_ATTRIBUTE]: CART_PAGE_PART }}>
      <div className="page-head">
        <h1>{t("cart.title")}</h1>
        <p className="muted">
          {t("cart.itemCount", { count })} · <Link to="/shop">{t("cart.continueShopping")}</Link>
        </p>
      </div>
      {confirm ? <ConfirmBox confirm={confirm} back={back} /> : null}
      {cart.items.length === 0 ? (
        <section className="empty-state">
          <h2>{t("cart.empty")}</h2>
          <p>{t("cart.emptyText")}</p>
          <Link to="/shop" className="button">
            {t("cart.browse")}
          </Link>
        </section>
      ) : (
        <div className="cart-layout">
          <section aria-label={t("cart.itemsLabel")}>
            <ul className="cart-items" role="list">
              {cart.items.map((item) => (
                <li key={item.id} className="cart-item">
                  <ProductThumb imageUrl={item.product.images[0]?.imageUrl} imageWidth={item.product.images[0]?.width} width={96} height={120} lazy={false} />
                  <div className="cart-item-body">
                    <h2 className="cart-item-title">
                      <Link to={`/product/${item.product.slug}`} lang={item.product.titleLang}>
                        {item.product.title}
                      </Link>
                    </h2>
                    {item.product.category ? <p className="muted small">{item.product.category.name}</p> : null}
                    <dl className="item-facts">
                      {item.colorName ? (
                        <div>
                          <dt>{t("cart.color")}</dt>
                          <dd>
                            <span className="swatch-dot" style={{ background: item.colorHex ?? undefined }} aria-hidden="true" />
                            {item.colorName}
                          </dd>
                        </div>
                      ) : null}
                      {item.variation ? (
                        <div>
                          <dt>{t("cart.variation")}</dt>
                          <dd>{item.variation.variationName}</dd>
                        </div>
                      ) : null}
                      <div>
                        <dt>{t("cart.price")}</dt>
                        <dd>
                          <Money cents={item.product.priceCents} />
                        </dd>
                      </div>
                    </dl>
                    <div className="cart-item-controls">
                      <QuantityControls itemId={item.id} quantity={item.quantity} max={item.specificStock} title={item.product.title} here={here} />
                      <RemoveItemForm itemId={item.id} title={item.product.title} here={here} />
                    </div>
                    {item.madeToOrderDays !== null && item.quantity <= item.specificStock ? (
                      <MadeToOrderNote days={item.madeToOrderDays} className="stock-note made-to-order-note" />
                    ) : (
                      <p className={`stock-note ${item.specificStock < 5 ? "low" : ""}`}>
                        {item.quantity > item.specificStock
                          ? t("cart.onlyAvailable", { count: String(item.specificStock) })
                          : stockLine(i18n, item.specificStock)}
                      </p>
                    )}
                  </div>
                  <p className="line-total">
                    <Money cents={item.product.priceCents * item.quantity} />
                  </p>
                </li>
              ))}
            </ul>
            <ClearCartForm />
          </section>
          <aside className="summary" aria-labelledby="summary-title">
            <h2 id="summary-title">{t("cart.summary")}</h2>
            <CartTotalsList totals={cart.totals} showMethod />
            {cart.shippingCountryName ? (
              <CartCountryNote countryName={cart.totals.shippingCountry ? countryNameIn(cart.totals.shippingCountry, i18n.locale) : cart.shippingCountryName} />
            ) : null}
            {loyaltyPoints > 0 ? <p className="notice">{t("cart.loyalty", { points: loyaltyPoints })}</p> : null}
            <Link to="/checkout" className="button button-block">
              {t("cart.proceed")}
            </Link>
            <p className="muted small secure">{t("cart.secure")}</p>
          </aside>
        </div>
      )}
    </div>
  );
}

/** The line's stock: the domain's English words, or the page's language with its plurals. */
function stockLine(i18n: ShopI18n, stock: number): string {
  if (i18n.locale === "en") return stockLabel(stock);
  const state = stockState(stock);
  return state === "sold-out" ? i18n.t("cart.stockSoldOut") : state === "low" ? i18n.t("cart.stockLow", { count: stock }) : i18n.t("cart.stockIn");
}

function ConfirmBox({ confirm, back }: { confirm: { kind: "clear" | "remove"; itemId: number | null; title: string | null }; back: string }) {
  const { t } = useI18n();
  return (
    <section className="confirm-box" role="alertdialog" aria-labelledby="confirm-title">
      <p id="confirm-title" className="strong">
        {confirm.kind === "clear" ? t("layout.cart.clearConfirm") : t("layout.cart.removeConfirm")}
      </p>
      {confirm.title ? <p className="muted">{confirm.title}</p> : null}
      <div className="actions">
        <Form method="post" action="/cart">
          <input type="hidden" name="intent" value={confirm.kind} />
          {confirm.itemId ? <input type="hidden" name="itemId" value={confirm.itemId} /> : null}
          <input type="hidden" name="confirmed" value="yes" />
          <input type="hidden" name="redirectTo" value={back} />
          <button type="submit" className="button">
            {confirm.kind === "clear" ? t("cart.yesClear") : t("cart.yesRemove")}
          </button>
        </Form>
        <Link to={back} className="button button-secondary">
          {t("cart.cancel")}
        </Link>
      </div>
    </section>
  );
}
