import { type ReactNode } from "react";
import { useI18n } from "~/i18n/context";

/**
 * Links and search forms of the shop's own pages that appear many times on every page (the menu,
 * product cards, breadcrumbs, the footer). Remix's <Link> resolves its path through the router
 * several times per link while the page renders on the server; the header alone has about 40, so
 * they were a large share of every page's render (tests/bench). These are plain <a> and <form>
 * elements: every page they lead to is a lean page loaded as a document (lib/lean-page.ts), and
 * the hydrated admin loads it so too. `to` must be an absolute path of this shop ("/shop/hats"),
 * in English: it is put in the page's language here ("/pl/shop/hats").
 */

interface ShopLinkProps {
  to: string;
  className?: string;
  children?: ReactNode;
  "aria-label"?: string;
  "aria-current"?: "page";
}

// Written out prop by prop, without spreading: this renders about 80 times per page.
export function ShopLink({ to, className, children, "aria-label": label, "aria-current": current }: ShopLinkProps) {
  const { path } = useI18n();
  return (
    <a href={path(to)} className={className} aria-label={label} aria-current={current}>
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

/** A GET form (search, filters) of the shop's own pages: the browser loads its answer as a document. */
export function ShopSearchForm({ action, className, role, children }: ShopSearchFormProps) {
  const { path } = useI18n();
  return (
    <form method="get" action={path(action)} className={className} role={role}>
      {children}
    </form>
  );
}
