/**
 * A link marked data-prefetch (the cart drawer's Checkout) has its page fetched ahead by the
 * browser's speculation rules once the link is on screen: while the shopper reads the drawer the
 * page arrives, and her tap shows it without a round trip. The rules leave with the link, and
 * the browser then discards what it fetched: a drawer redrawn after a cart change drops the page
 * made for the old cart, and its new link fetches the page again. Browsers without speculation
 * rules, and pages without the module, follow the link as usual.
 */
import { type Behavior } from "~/browser/runtime";
import { PREFETCH_ATTRIBUTE } from "~/lib/behavior-contract";

/** The page's script nonce: inline speculation rules pass the Content-Security-Policy only with it. */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

export const prefetch: Behavior = {
  name: "prefetch",
  selector: `a[${PREFETCH_ATTRIBUTE}]`,
  attach(element) {
    const link = element as HTMLAnchorElement;
    if (!HTMLScriptElement.supports?.("speculationrules") || link.origin !== location.origin || link.pathname === location.pathname) return;
    let rules: HTMLScriptElement | null = null;
    // On screen, not merely in the page: a closed drawer's link is not rendered, so nothing is
    // fetched until she opens it. The observer reports in a later task than a redraw's removal
    // of the old rules, so the browser drops the old page before it fetches the new one.
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      rules = document.createElement("script");
      rules.type = "speculationrules";
      rules.nonce = pageNonce();
      rules.textContent = JSON.stringify({ prefetch: [{ source: "list", urls: [link.href] }] });
      document.head.append(rules);
    });
    observer.observe(link);
    return () => {
      observer.disconnect();
      rules?.remove();
    };
  },
};
