import { useLocation } from "@remix-run/react";
import { memo } from "react";
import { useHere } from "~/components/cart/cart-forms";
import { CartDrawer, type DrawerCart } from "~/components/layout/cart-drawer";
import { HeartIcon, MenuIcon, SearchIcon, UserIcon } from "~/components/icons";
import { ShopLink, ShopSearchForm } from "~/components/ui/shop-link";
import { isFallback, OwnText } from "~/components/ui/own-text";
import { useI18n } from "~/i18n/context";
import { type FieldConstraint } from "~/lib/field-constraint";
import { MENUS_ATTRIBUTE, REFRESH_ATTRIBUTE, SEARCH_ATTRIBUTE } from "~/lib/behavior-contract";

interface MenuNode {
  id: number;
  name: string;
  slug: string;
  /** ["name"]: a Polish page's category without a Polish name (shown in English). */
  fallback?: string[];
  children: { id: number; name: string; slug: string; fallback?: string[] }[];
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

export interface HeaderProps {
  user: HeaderUser | null;
  cart: DrawerCart;
  favoritesCount: number;
  menu: MenuNode[];
  storeName: string;
  /** The search box's native constraints, from the product list's schema. */
  searchConstraint: FieldConstraint;
  /** The same page in the other language ('Polski' on an English page). */
  otherLanguage: { href: string; label: string; locale: string };
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

function HeaderView({ user, cart, favoritesCount, menu, storeName, searchConstraint, otherLanguage }: HeaderProps) {
  const loginHref = useLoginHref();
  const here = useHere();
  const { t, path } = useI18n();
  return (
    <header className="site-header" {...{ [MENUS_ATTRIBUTE]: "" }}>
      <div className="header-inner">
        <details className="mobile-menu">
          <summary aria-label={t("layout.menu")}>
            <MenuIcon />
          </summary>
          <div className="mobile-panel">
            <SearchForm idSuffix="mobile" constraint={searchConstraint} />
            <nav aria-label={t("layout.nav.mobile")}>
              <ul className="mobile-links">
                <li>
                  <ShopLink to="/shop">{t("layout.allProducts")}</ShopLink>
                </li>
                {menu.map((parent) => (
                  <li key={parent.id}>
                    <details>
                      <summary>
                        <OwnText text={parent.name} english={isFallback(parent.fallback, "name")} />
                      </summary>
                      <ul>
                        <li>
                          <ShopLink to={`/shop/${parent.slug}`}>{t("layout.allOf", { name: parent.name })}</ShopLink>
                        </li>
                        {parent.children.map((child) => (
                          <li key={child.id}>
                            <ShopLink to={`/shop/${child.slug}`}>
                              <OwnText text={child.name} english={isFallback(child.fallback, "name")} />
                            </ShopLink>
                          </li>
                        ))}
                      </ul>
                    </details>
                  </li>
                ))}
                <li>
                  <ShopLink to="/size-guide">{t("layout.sizeGuide")}</ShopLink>
                </li>
                <li>
                  <ShopLink to="/about">{t("layout.about")}</ShopLink>
                </li>
                <li className="mobile-language">
                  <a href={otherLanguage.href} className="language-link" hrefLang={otherLanguage.locale} lang={otherLanguage.locale}>
                    {otherLanguage.label}
                  </a>
                </li>
              </ul>
            </nav>
          </div>
        </details>

        <ShopLink to="/" className="logo" aria-label={t("layout.logoLabel", { store: storeName })}>
          <StoreLogo name={storeName} />
        </ShopLink>

        <nav className="main-nav" aria-label={t("layout.nav.main")}>
          <details className="mega">
            <summary>{t("layout.shop")}</summary>
            <div className="mega-panel">
              <ShopLink to="/shop" className="mega-all">
                {t("layout.allProducts")}
              </ShopLink>
              <div className="mega-columns">
                {menu.map((parent) => (
                  <div key={parent.id} className="mega-column">
                    <ShopLink to={`/shop/${parent.slug}`} className="mega-parent">
                      <OwnText text={parent.name} english={isFallback(parent.fallback, "name")} />
                    </ShopLink>
                    <ul>
                      {parent.children.map((child) => (
                        <li key={child.id}>
                          <ShopLink to={`/shop/${child.slug}`}>
                            <OwnText text={child.name} english={isFallback(child.fallback, "name")} />
                          </ShopLink>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            </div>
          </details>
          <MainNavLink to="/size-guide">{t("layout.sizeGuide")}</MainNavLink>
          <MainNavLink to="/about">{t("layout.about")}</MainNavLink>
        </nav>

        <div className="header-search">
          <SearchForm idSuffix="desktop" constraint={searchConstraint} />
        </div>

        <div className="header-actions">
          <a href={otherLanguage.href} className="language-link" hrefLang={otherLanguage.locale} lang={otherLanguage.locale}>
            {otherLanguage.label}
          </a>
          {user ? (
            <UserMenu user={user} />
          ) : (
            <ShopLink to={loginHref} className="icon-link" aria-label={t("layout.signIn")}>
              <UserIcon />
            </ShopLink>
          )}
          <a
            href={path("/account?tab=favorites")}
            className="icon-link"
            aria-label={t("layout.favoritesLabel", { count: favoritesCount })}
            {...{ [REFRESH_ATTRIBUTE]: "favorites-link" }}
          >
            <HeartIcon />
            {favoritesCount > 0 ? <span className="badge">{favoritesCount}</span> : null}
          </a>
          <CartDrawer cart={cart} here={here} />
        </div>
      </div>
    </header>
  );
}

function SearchForm({ idSuffix, constraint }: { idSuffix: string; constraint: FieldConstraint }) {
  const { t } = useI18n();
  return (
    <ShopSearchForm action="/shop" role="search" className="search-form">
      <label htmlFor={`search-${idSuffix}`} className="sr-only">
        {t("layout.search.label")}
      </label>
      <input
        id={`search-${idSuffix}`}
        type="search"
        name="search"
        placeholder={t("layout.search.placeholder")}
        maxLength={constraint.maxLength}
        // Asking for a word is the box's own courtesy: an empty search is no error, the shop shows everything.
        // The search behaviour says `title` when the box is left empty.
        required
        pattern=".*\S.*"
        title={t("layout.search.empty")}
        {...{ [SEARCH_ATTRIBUTE]: "" }}
      />
      <button type="submit" aria-label={t("layout.search.submit")}>
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
  const { t, path } = useI18n();
  const name = user.firstName || t("layout.user.fallbackName");
  return (
    <details className="user-menu">
      {/* The name includes the visible greeting (WCAG 2.5.3, label in name). */}
      <summary className="icon-link" aria-label={t("layout.user.menu", { name })}>
        <UserIcon />
        <span className="greeting" aria-hidden="true">
          {t("layout.user.greeting", { name })}
        </span>
      </summary>
      <div className="dropdown">
        {fullName ? <p className="strong">{fullName}</p> : null}
        <p className="muted small">{user.email}</p>
        <ShopLink to="/account">{t("layout.user.account")}</ShopLink>
        {user.isAdmin ? <ShopLink to="/admin">{t("layout.user.admin")}</ShopLink> : null}
        <form method="post" action={path("/logout")}>
          <button type="submit" className="link-button">
            {t("layout.user.logout")}
          </button>
        </form>
      </div>
    </details>
  );
}
