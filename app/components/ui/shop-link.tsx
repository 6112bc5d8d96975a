import { useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { isLeanPath } from "~/lib/lean-page";

/**
 * Links and search forms of the shop's own pages that appear many times on every page (the menu,
 * product cards, breadcrumbs, the footer). Remix's <Link> resolves its path through the router
 * several times per link while the page renders on the server; the header alone has about 40, so
 * they were a large share of every page's render (tests/bench). These are plain <a> and <form>
 * elements, marked so that useShopNavigation (mounted once, in root) turns a click or a GET
 * submission into a client-side navigation when JavaScript runs, as <Link> and <Form> would.
 * Without JavaScript they are ordinary links and forms. `to` must be an absolute path of this
 * shop ("/shop/hats"); links elsewhere stay <a>, and anything with state or options stays <Link>.
 */
const SHOP_LINK_ATTRIBUTE = "data-shop-link";

interface ShopLinkProps {
  to: string;
  className?: string;
  children?: ReactNode;
  "aria-label"?: string;
  "aria-current"?: "page";
  /** As <Link replace>: the navigation replaces the current history entry. */
  replace?: boolean;
  /** As <Link preventScrollReset>: the page keeps its scroll position. */
  preventScrollReset?: boolean;
}

const REPLACE_ATTRIBUTE = "data-replace";
const KEEP_SCROLL_ATTRIBUTE = "data-keep-scroll";

// Written out prop by prop, without spreading: this renders about 80 times per page.
export function ShopLink({ to, className, children, "aria-label": label, "aria-current": current, replace, preventScrollReset }: ShopLinkProps) {
  // data-discover: Remix fetches the route manifest for links it finds on the page, as for <Link>.
  return (
    <a
      href={to}
      className={className}
      aria-label={label}
      aria-current={current}
      data-discover="true"
      data-shop-link=""
      data-replace={replace ? "" : undefined}
      data-keep-scroll={preventScrollReset ? "" : undefined}
    >
      {children}
    </a>
  );
}

interface ShopSearchFormProps {
  action: string;
  className?: string;
  role?: string;
  children?: ReactNode;
}

/** A GET form (search, filters) that navigates on the client with JavaScript, like <Form method="get">. */
export function ShopSearchForm({ action, className, role, children }: ShopSearchFormProps) {
  return (
    <form method="get" action={action} className={className} role={role} data-discover="true" data-shop-link="">
      {children}
    </form>
  );
}

/** Whether a click should be left to the browser: another button, a modifier key, another tab or window. */
function isPlainClick(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  if (anchor.target && anchor.target !== "_self") return false;
  return !anchor.hasAttribute("download");
}

/** The path, query and hash of a same-origin URL; null for another origin. */
function localPath(href: string): string | null {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return url.pathname + url.search + url.hash;
}

/** Mounted once in root: client-side navigation for every ShopLink and ShopSearchForm on the page. */
export function useShopNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.(`a[${SHOP_LINK_ATTRIBUTE}]`);
      if (!(anchor instanceof HTMLAnchorElement) || !isPlainClick(event, anchor)) return;
      const to = localPath(anchor.href);
      // Lean pages (lib/lean-page.ts) are always loaded as documents.
      if (to === null || isLeanPath(new URL(anchor.href).pathname)) return;
      event.preventDefault();
      // Like <Link>: a link to the page already shown replaces the history entry.
      const current = window.location.pathname + window.location.search + window.location.hash;
      navigate(to, { replace: to === current || anchor.hasAttribute(REPLACE_ATTRIBUTE), preventScrollReset: anchor.hasAttribute(KEEP_SCROLL_ATTRIBUTE) });
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute(SHOP_LINK_ATTRIBUTE) || event.defaultPrevented) return;
      if (form.method.toLowerCase() !== "get") return;
      const action = localPath(form.action);
      if (action === null || isLeanPath(new URL(form.action).pathname)) return;
      event.preventDefault();
      const query = new URLSearchParams();
      for (const [name, value] of new FormData(form, event.submitter)) {
        if (typeof value === "string") query.append(name, value);
      }
      const search = query.toString();
      navigate(action.replace(/[?#].*$/, "") + (search ? `?${search}` : ""));
    };
    document.addEventListener("click", onClick);
    document.addEventListener("submit", onSubmit);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("submit", onSubmit);
    };
  }, [navigate]);
}
