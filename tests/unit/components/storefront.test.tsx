import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import { useLocation } from "@remix-run/react";
import { QuantityControls } from "~/components/cart/cart-forms";
import { type CardProduct, ProductCard } from "~/components/product/product-card";
import { ShopView } from "~/components/product/shop-view";
import { ShopLink, ShopSearchForm } from "~/components/ui/shop-link";

const base: CardProduct = {
  id: 1,
  title: "Rose Tea Dress",
  slug: "rose-tea-dress",
  priceCents: 2400,
  stock: 8,
  hasOptions: false,
  category: "Dresses",
  image: { url: "/uploads/products/x.jpg", alt: "Rose Tea Dress, front", width: null },
};

function renderInRemix(node: React.ReactNode, path = "/shop") {
  const Stub = createRemixStub([{ path, Component: () => <>{node}</> }]);
  return render(<Stub initialEntries={[path]} />);
}

describe("product card", () => {
  it("offers Add to Cart with price in dollars", async () => {
    renderInRemix(<ProductCard product={base} />);
    expect(await screen.findByRole("button", { name: "Add to Cart: Rose Tea Dress" })).toBeEnabled();
    expect(screen.getByText("$24.00")).toBeInTheDocument();
    expect(screen.getByText("Dresses")).toBeInTheDocument();
  });
  it("shows a disabled Out of Stock button and a Sold out badge at stock 0", async () => {
    renderInRemix(<ProductCard product={{ ...base, stock: 0 }} />);
    expect(await screen.findByRole("button", { name: "Out of Stock" })).toBeDisabled();
    expect(screen.getByText("Sold out")).toBeInTheDocument();
  });
  it("sends products with colours to their page to choose", async () => {
    renderInRemix(<ProductCard product={{ ...base, hasOptions: true, stock: 3 }} />);
    expect(await screen.findByRole("link", { name: "Choose Options" })).toHaveAttribute("href", "/product/rose-tea-dress");
    expect(screen.getByText("Only 3 left")).toBeInTheDocument();
  });
  it("uses the placeholder without an image", async () => {
    renderInRemix(<ProductCard product={{ ...base, image: null }} />);
    const img = await screen.findByRole("img");
    expect(img).toHaveAttribute("src", "/placeholder.svg");
  });
});

describe("quantity controls", () => {
  it("disables minus at 1 and plus at stock", async () => {
    renderInRemix(<QuantityControls itemId={5} quantity={1} max={1} title="Hat" here="/cart" />, "/cart");
    expect(await screen.findByRole("button", { name: "Decrease quantity of Hat" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Increase quantity of Hat" })).toBeDisabled();
  });
  it("submits the new quantity as the button value", async () => {
    renderInRemix(<QuantityControls itemId={5} quantity={2} max={9} title="Hat" here="/cart" />, "/cart");
    expect(await screen.findByRole("button", { name: "Decrease quantity of Hat" })).toHaveAttribute("value", "1");
    expect(screen.getByRole("button", { name: "Increase quantity of Hat" })).toHaveAttribute("value", "3");
  });
});

describe("shop view", () => {
  const props = {
    title: "All Products",
    search: "",
    page: 1,
    total: 0,
    start: 1,
    earlierPage: null,
    correction: null,
    hasMore: false,
    products: [],
    category: null,
    chain: [],
  };
  it("has distinct empty states for search, category and none", async () => {
    const { unmount } = renderInRemix(<ShopView {...props} search="zebra" title='Search Results for "zebra"' />);
    expect(await screen.findByText('No products found for "zebra"')).toBeInTheDocument();
    unmount();
    const second = renderInRemix(<ShopView {...props} category={{ name: "Hats", slug: "hats" }} title="Hats" />);
    expect(await screen.findByText("No products in Hats yet")).toBeInTheDocument();
    expect(screen.getByText("Browse our collection of Hats for collectible dolls.")).toBeInTheDocument();
    second.unmount();
    renderInRemix(<ShopView {...props} />);
    expect(await screen.findByText("No products available at the moment.")).toBeInTheDocument();
  });
  it("counts with thousands separators", async () => {
    renderInRemix(<ShopView {...props} total={40156} products={[base]} hasMore />, "/shop");
    expect(await screen.findByText("Showing 1 of 40,156 products")).toBeInTheDocument();
  });
  it("links Load More to the next page while more remain", async () => {
    renderInRemix(<ShopView {...props} total={30} products={[base]} hasMore />, "/shop");
    expect(await screen.findByRole("link", { name: "Load More Products" })).toHaveAttribute("href", "/shop?page=2");
  });
});

describe("shop links and search forms", () => {
  function Page({ name }: { name: string }) {
    const location = useLocation();
    return (
      <>
        <h1>{name}</h1>
        <p>at {location.pathname + location.search}</p>
        <ShopLink to="/size-guide" className="nav">
          Size guide
        </ShopLink>
        <ShopLink to="/shop/hats">Hats</ShopLink>
        <ShopSearchForm action="/account" role="search">
          <input name="search" aria-label="Search" defaultValue="tea dress" />
          <button type="submit">Search</button>
        </ShopSearchForm>
      </>
    );
  }
  function renderPages() {
    const Stub = createRemixStub([
      { path: "/", Component: () => <Page name="Home" /> },
      { path: "/size-guide", Component: () => <Page name="Size guide page" /> },
      { path: "/account", Component: () => <Page name="Account page" /> },
      { path: "/shop/hats", Component: () => <Page name="Hats page" /> },
    ]);
    return render(<Stub initialEntries={["/"]} />);
  }

  it("render plain links and GET forms that work without JavaScript", async () => {
    renderPages();
    const link = await screen.findByRole("link", { name: "Size guide" });
    expect(link).toHaveAttribute("href", "/size-guide");
    expect(link).toHaveClass("nav");
    const form = screen.getByRole("search");
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/account");
  });
});
