import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import { type ReactNode } from "react";
import { CartDrawer, type DrawerCart } from "~/components/layout/cart-drawer";
import { NotFoundView } from "~/components/layout/not-found";
import { productCardHtml } from "~/components/product/card-html";
import { productFormTexts } from "~/components/product/product-form-texts";
import { ShopView, type ShopViewProps } from "~/components/product/shop-view";
import { fillShowing, showingTemplates } from "~/components/product/showing";
import { ProductReviews, type ProductReviewsData } from "~/components/reviews/product-reviews";
import { type CardProduct } from "~/domain/catalogue/cards";
import { I18nProvider, type ShopI18n } from "~/i18n/context";
import { i18nFor } from "~/i18n/i18n.server";

// The storefront's parts on a Polish page: Polish words, Polish plurals, links under /pl; the
// English stays the spec's (storefront.test.tsx and the e2e specs check it).

const pl = i18nFor("pl");
const en = i18nFor("en");

function renderIn(i18n: ShopI18n, node: ReactNode, path = "/shop") {
  const Stub = createRemixStub([{ path, Component: () => <I18nProvider value={i18n}>{node}</I18nProvider> }]);
  return render(<Stub initialEntries={[path]} />);
}

const card: CardProduct = {
  id: 3,
  title: "Sukienka Róża",
  slug: "rose-tea-dress",
  priceCents: 2400,
  stock: 3,
  hasOptions: false,
  category: "Sukienki",
  image: null,
  rating: { average: 4.5, count: 5 },
};

const shop = (total: number, shown: number): ShopViewProps => ({
  title: "Wszystkie produkty",
  search: "",
  page: 1,
  total,
  start: 1,
  hasMore: total > shown,
  earlierPage: null,
  correction: null,
  products: Array.from({ length: shown }, (_, i) => ({ ...card, id: i + 1, slug: `p-${i + 1}` })),
  category: null,
  chain: [],
});

describe("the shop's lists in Polish", () => {
  it("counts products with Polish plurals: 1 produkt, 2 produkty, 5 produktów", () => {
    // "Wyświetlono N z M": after 'z' the genitive (z 1 produktu, z 2/5 produktów).
    expect(fillShowing(showingTemplates(pl, 1), 1, 1, "pl")).toBe("Wyświetlono 1 z 1 produktu");
    expect(fillShowing(showingTemplates(pl, 2), 1, 2, "pl")).toBe("Wyświetlono 2 z 2 produktów");
    expect(fillShowing(showingTemplates(pl, 5), 1, 5, "pl")).toBe("Wyświetlono 5 z 5 produktów");
    expect(fillShowing(showingTemplates(pl, 40156), 13, 24, "pl").replace(/\s/g, " ")).toBe("Wyświetlono 13–36 z 40 156 produktów");
    // The header's counts are in the nominative.
    expect(pl.t("layout.cart.label", { count: 1 })).toBe("Koszyk: 1 produkt");
    expect(pl.t("layout.cart.label", { count: 2 })).toBe("Koszyk: 2 produkty");
    expect(pl.t("layout.cart.label", { count: 5 })).toBe("Koszyk: 5 produktów");
    expect(pl.t("layout.favoritesLabel", { count: 22 })).toBe("Ulubione: 22 produkty");
  });

  it("keeps the English lines word for word", () => {
    expect(fillShowing(showingTemplates(en, 1), 1, 1, "en")).toBe("Showing 1 of 1 product");
    expect(fillShowing(showingTemplates(en, 40156), 13, 24, "en")).toBe("Showing 13–36 of 40,156 products");
    expect(en.t("layout.cart.label", { count: 1 })).toBe("Cart, 1 items");
  });

  it("renders /pl/shop's heading, count and Load More in Polish, with the browser's templates", async () => {
    renderIn(pl, <ShopView {...shop(30, 24)} />);
    const showing = await screen.findByText("Wyświetlono 24 z 30 produktów");
    expect(showing).toHaveAttribute("data-template", "Wyświetlono {end} z 30 produktów");
    expect(screen.getByRole("link", { name: "Pokaż więcej produktów" })).toHaveAttribute("href", "/pl/shop?page=2");
    expect(screen.getByRole("link", { name: "Pokaż więcej produktów" })).toHaveAttribute("data-loading", "Ładowanie produktów…");
    expect(screen.getByRole("link", { name: "Strona główna" })).toHaveAttribute("href", "/pl");
  });

  it("says an empty search in Polish", async () => {
    renderIn(pl, <ShopView {...shop(0, 0)} search="kapelusz" />);
    expect(await screen.findByRole("heading", { name: "Nie znaleziono produktów dla „kapelusz”" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Zobacz wszystkie produkty" })).toHaveAttribute("href", "/pl/shop");
  });
});

describe("a product card in Polish", () => {
  const el = (p: CardProduct) => {
    const article = document.createElement("article");
    article.innerHTML = productCardHtml(p, { eager: false, redirectTo: "/shop", i18n: i18nFor("pl", { mid: 4 }) });
    return article;
  };

  it("adds to the cart in Polish, links under /pl and shows the złoty amount", () => {
    const a = el(card);
    expect(a.querySelector("button")!.textContent).toBe("Dodaj do koszyka");
    expect(a.querySelector("button")!.getAttribute("aria-label")).toBe("Dodaj do koszyka: Sukienka Róża");
    expect(a.querySelector("form")!.getAttribute("action")).toBe("/pl/cart");
    expect(a.querySelector("form")!.getAttribute("data-adding")).toBe("Dodawanie…");
    expect(a.querySelector("a")!.getAttribute("href")).toBe("/pl/product/rose-tea-dress");
    expect(a.querySelector(".price")!.textContent!.replace(/\s/g, " ")).toBe("24,00 USD ok. 96,00 zł");
    expect(a.querySelector(".stars")!.getAttribute("aria-label")).toBe("4,5 na 5, 5 opinii");
    expect(a.querySelector(".tag-low")!.textContent).toBe("Ostatnie 3 sztuki");
  });

  it("says sold out and made to order in Polish", () => {
    expect(el({ ...card, stock: 0 }).querySelector(".tag-soldout")!.textContent).toBe("Wyprzedane");
    expect(el({ ...card, stock: 0 }).querySelector("button")!.textContent).toBe("Brak w magazynie");
    expect(el({ ...card, stock: 1 }).querySelector(".tag-low")!.textContent).toBe("Ostatnia sztuka");
    expect(el({ ...card, stock: 0, madeToOrderDays: 10 }).querySelector(".made-to-order-note")!.textContent).toBe("Na zamówienie: wysyłka w ciągu 2 tygodni");
  });
});

describe("the chrome and the product page's parts in Polish", () => {
  const drawer: DrawerCart = {
    items: [],
    totals: { itemCount: 0, subtotalCents: 0, shippingCents: 0, totalCents: 0 } as DrawerCart["totals"],
  };

  it("the cart drawer and the 404 view", async () => {
    renderIn(pl, <CartDrawer cart={drawer} here="/shop" />);
    expect(await screen.findByText("Koszyk jest pusty")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Kontynuuj zakupy" })).toHaveAttribute("href", "/pl/shop");
    renderIn(pl, <NotFoundView />);
    expect(await screen.findByRole("heading", { name: "Nie znaleziono strony" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Strona główna" })).toHaveAttribute("href", "/pl");
  });

  it("the product form's words for the browser module: stock lines with Polish plurals", () => {
    const texts = productFormTexts(pl);
    expect(texts.low).toEqual({ "1": "Została tylko 1 sztuka", "2": "Zostały tylko 2 sztuki", "3": "Zostały tylko 3 sztuki", "4": "Zostały tylko 4 sztuki" });
    expect(texts.button.ready).toBe("Dodaj do koszyka");
    expect(texts.colorChosen).toBe("Kolor: {name}");
    expect(productFormTexts(en).low["2"]).toBe("Only 2 left in stock");
  });

  it("the reviews section: Polish plurals and a sign-in link under /pl", async () => {
    const data: ProductReviewsData = {
      average: 4.8,
      count: 12,
      reviews: [],
      formState: "signed-out",
      constraints: { rating: { required: true }, title: {}, text: {} },
    };
    renderIn(pl, <ProductReviews data={data} product={{ id: 3, slug: "rose-tea-dress", title: "Sukienka" }} storeName="Atelier" />, "/product/rose-tea-dress");
    expect(await screen.findByRole("heading", { name: "Opinie" })).toBeInTheDocument();
    expect(screen.getByText("4,8 · 12 opinii")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "4,8 na 5, 12 opinii" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Zaloguj się, aby go ocenić" })).toHaveAttribute(
      "href",
      `/pl/login?redirectTo=${encodeURIComponent("/product/rose-tea-dress#reviews")}`,
    );
    expect(pl.t("reviews.count", { count: 1 })).toBe("1 opinia");
    expect(pl.t("reviews.count", { count: 3 })).toBe("3 opinie");
  });
});
