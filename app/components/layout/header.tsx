import { MadeToOrderNote } from "~/components/product/made-to-order-note";
import { useLocation } from "@remix-run/react";
import { memo } from "react";
import { QuantityControls, RemoveItemForm, useHere } from "~/components/cart/cart-forms";
import { CartTotalsList, type SummaryTotals } from "~/components/cart/cart-summary";
import { CartIcon, HeartIcon, MenuIcon, SearchIcon, UserIcon } from "~/components/icons";
import { ShopLink, ShopSearchForm } from "~/components/ui/shop-link";
import { CART_DRAWER_ATTRIBUTE, DRAWER_CLOSE_ATTRIBUTE, MENUS_ATTRIBUTE, REFRESH_ATTRIBUTE, SEARCH_ATTRIBUTE } from "~/lib/behavior-contract";
import { formatMoney } from "~/lib/money";

interface MenuNode {
  id: number;
  name: string;
  slug: string;
  children: { id: number; name: string; slug: string }[];
}

interface HeaderUser {
  firstName: string;
  lastName: string;
  email: string;
  isAdmin?: boolean;
}

/** The sign-in link brings the shopper back to the page they were on. */
function useLoginHref(): string {
  const here = useHere();
  if (here === "/" || here.startsWith("/login") || here.startsWith("/admin-login")) return "/login";
  return `/login?redirectTo=${encodeURIComponent(here)}`;
}

interface HeaderCartItem {
  id: number;
  quantity: number;
  specificStock: number;
  /** The line will be made to order: the lead time in days. */
  madeToOrderDays?: number | null;
  colorName: string | null;
  variation: { variationName: string } | null;
  product: { title: string; slug: string; priceCents: number; images: { thumbUrl: string }[] };
}

export interface HeaderProps {
  user: HeaderUser | null;
  cart: { items: HeaderCartItem[]; totals: SummaryTotals & { itemCount: number } };
  favoritesCount: number;
  menu: MenuNode[];
  storeName: string;
}

/** The store's name as its wordmark: the last word in the accent colour ('Little Stitches' + ' Atelier'). */
function StoreLogo({ name }: { name: string }) {
  const cut = name.lastIndexOf(" ");
  if (cut <= 0) return <>{name}</>;
  return (
    <>
      {name.slice(0, cut)}
      <span>{name.slice(cut)}</span>
    </>
  );
}

/**
 * The shop's header: server markup whose menus, search box and cart drawer the behaviours enhance
 * (browser/chrome.ts). Rendered once: on the hydrated admin the behaviours own it after
 * hydration (the cart drawer is taken from the server again after a change), so React never
 * re-renders it.
 */
export const Header = memo(HeaderView, () => true);

function HeaderView({ user, cart, favoritesCount, menu, storeName }: HeaderProps) {
  const count = cart.totals.itemCount;
  const loginHref = useLoginHref();
  return (
    <header className="site-header" {...{ [MENUS_ATTRIBUTE]: "" }}>
      <div className="header-inner">
        <details className="mobile-menu">
          <summary aria-label="Menu">
            <MenuIcon />
          </summary>
          <div className="mobile-panel">
            <SearchForm idSuffix="mobile" />
            <nav aria-label="Mobile">
              <ul className="mobile-links">
                <li>
                  <ShopLink to="/shop">All Products</ShopLink>
                </li>
                {menu.map((parent) => (
                  <li key={parent.id}>
                    <details>
                      <summary>{parent.name}</summary>
                      <ul>
                        <li>
                          <ShopLink to={`/shop/${parent.slug}`}>All {parent.name}</ShopLink>
                        </li>
                        {parent.children.map((child) => (
                          <li key={child.id}>
                            <ShopLink to={`/shop/${child.slug}`}>{child.name}</ShopLink>
                          </li>
                        ))}
                      </ul>
                    </details>
                  </li>
                ))}
                <li>
                  <ShopLink to="/size-guide">Size Guide</ShopLink>
                </li>
                <li>
                  <ShopLink to="/about">About</ShopLink>
                </li>
              </ul>
            </nav>
          </div>
        </details>

        <ShopLink to="/" className="logo" aria-label={`${storeName}, home`}>
          <StoreLogo name={storeName} />
        </ShopLink>

        <nav className="main-nav" aria-label="Main">
          <details className="mega">
            <summary>Shop</summary>
            <div className="mega-panel">
              <ShopLink to="/shop" className="mega-all">
                All Products
              </ShopLink>
              <div className="mega-columns">
                {menu.map((parent) => (
                  <div key={parent.id} className="mega-column">
                    <ShopLink to={`/shop/${parent.slug}`} className="mega-parent">
                      {parent.name}
                    </ShopLink>
                    <ul>
                      {parent.children.map((child) => (
                        <li key={child.id}>
                          <ShopLink to={`/shop/${child.slug}`}>{child.name}</ShopLink>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            </div>
          </details>
          <MainNavLink to="/size-guide">Size Guide</MainNavLink>
          <MainNavLink to="/about">About</MainNavLink>
        </nav>

        <div className="header-search">
          <SearchForm idSuffix="desktop" />
        </div>

        <div className="header-actions">
          {user ? (
            <UserMenu user={user} />
          ) : (
            <ShopLink to={loginHref} className="icon-link" aria-label="Sign in">
              <UserIcon />
            </ShopLink>
          )}
          <a
            href="/account?tab=favorites"
            className="icon-link"
            aria-label={`Favorites, ${favoritesCount} items`}
            {...{ [REFRESH_ATTRIBUTE]: "favorites-link" }}
          >
            <HeartIcon />
            {favoritesCount > 0 ? <span className="badge">{favoritesCount}</span> : null}
          </a>
          <CartDrawer cart={cart} count={count} />
        </div>
      </div>
    </header>
  );
}

function SearchForm({ idSuffix }: { idSuffix: string }) {
  return (
    <ShopSearchForm action="/shop" role="search" className="search-form">
      <label htmlFor={`search-${idSuffix}`} className="sr-only">
        Search products
      </label>
      <input
        id={`search-${idSuffix}`}
        type="search"
        name="search"
        placeholder="Search dresses, coats, hats…"
        required
        pattern=".*\S.*"
        title="Type something to search for"
        maxLength={200}
        {...{ [SEARCH_ATTRIBUTE]: "" }}
      />
      <button type="submit" aria-label="Search">
        <SearchIcon />
      </button>
    </ShopSearchForm>
  );
}

/** The page's own link is marked, as NavLink would. */
function MainNavLink({ to, children }: { to: string; children: React.ReactNode }) {
  const current = useLocation().pathname === to;
  return (
    <ShopLink to={to} className={current ? "active" : undefined} aria-current={current ? "page" : undefined}>
      {children}
    </ShopLink>
  );
}

function UserMenu({ user }: { user: HeaderUser }) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <details className="user-menu">
      {/* The name includes the visible greeting (WCAG 2.5.3, label in name). */}
      <summary className="icon-link" aria-label={`Hi, ${user.firstName || "User"}: account menu`}>
        <UserIcon />
        <span className="greeting" aria-hidden="true">
          Hi, {user.firstName || "User"}
        </span>
      </summary>
      <div className="dropdown">
        {fullName ? <p className="strong">{fullName}</p> : null}
        <p className="muted small">{user.email}</p>
        <ShopLink to="/account">My Account</ShopLink>
        {user.isAdmin ? <ShopLink to="/admin">Admin Dashboard</ShopLink> : null}
        <form method="post" action="/logout">
          <button type="submit" className="link-button">
            Log out
          </button>
        </form>
      </div>
    </details>
  );
}

/** Without JavaScript the Close link reloads the page (the drawer closed); with it, the drawer behaviour closes it in place. */
function CartDrawer({ cart, count }: { cart: HeaderProps["cart"]; count: number }) {
  const here = useHere();
  return (
    <details className="cart-drawer" {...{ [CART_DRAWER_ATTRIBUTE]: "", [REFRESH_ATTRIBUTE]: "cart-drawer" }}>
      <summary className="icon-link" aria-label={`Cart, ${count} items`}>
        <CartIcon />
        {count > 0 ? (
          <span className="badge" data-testid="cart-count">
            {count}
          </span>
        ) : null}
      </summary>
      <div className="drawer-backdrop" aria-hidden="true" {...{ [DRAWER_CLOSE_ATTRIBUTE]: "" }} />
      <aside className="drawer" aria-label="Shopping cart">
        <div className="drawer-head">
          <h2>Your Cart</h2>
          <a href={here} className="drawer-close" {...{ [DRAWER_CLOSE_ATTRIBUTE]: "" }}>
            Close
          </a>
        </div>
        {cart.items.length === 0 ? (
          <div className="drawer-empty">
            <p>Your cart is empty</p>
            <ShopLink to="/shop" className="button">
              Continue Shopping
            </ShopLink>
          </div>
        ) : (
          <>
            <ul className="drawer-items">
              {cart.items.map((item) => (
                <li key={item.id} className="drawer-item">
                  <img src={item.product.images[0]?.thumbUrl ?? "/placeholder.svg"} alt="" width={60} height={75} loading="lazy" />
                  <div>
                    <ShopLink to={`/product/${item.product.slug}`} className="strong">
                      {item.product.title}
                    </ShopLink>
                    <p className="muted small">
                      {[item.colorName, item.variation?.variationName].filter(Boolean).join(" · ")}
                      {item.colorName || item.variation ? " · " : ""}
                      {formatMoney(item.product.priceCents)}
                    </p>
                    <MadeToOrderNote days={item.madeToOrderDays} className="muted small made-to-order-note" />
                    <div className="drawer-controls">
                      <QuantityControls itemId={item.id} quantity={item.quantity} max={item.specificStock} title={item.product.title} />
                      <RemoveItemForm itemId={item.id} title={item.product.title} />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <CartTotalsList totals={cart.totals} />
            <div className="drawer-actions">
              <ShopLink to="/cart" className="button button-secondary">
                View Cart
              </ShopLink>
              <ShopLink to="/checkout" className="button">
                Checkout
              </ShopLink>
            </div>
          </>
        )}
      </aside>
    </details>
  );
}
