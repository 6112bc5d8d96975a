/** Load More appends the next page's cards in place (scroll position and history entry kept). */
import { fetchDocument } from "~/browser/net";
import { insertMarkup, replaceMarkup, type Behavior } from "~/browser/runtime";
import { fillShowing } from "~/components/product/showing";
import { SHOP_LIST_ATTRIBUTES as ATTR } from "~/lib/behavior-contract";

const ITEMS = `:scope > li[${ATTR.item}]`;

async function loadMore(link: HTMLAnchorElement) {
  if (link.getAttribute("aria-busy") === "true") return;
  const list = document.querySelector<HTMLElement>(`[${ATTR.list}]`);
  const grid = list?.querySelector("ul.grid");
  if (!list || !grid) return location.assign(link.href);
  link.setAttribute("aria-busy", "true");
  const status = document.createElement("p");
  status.className = "loading";
  status.setAttribute("role", "status");
  status.textContent = link.getAttribute(ATTR.loading) ?? "";
  list.append(status);
  const doc = await fetchDocument(link.href);
  status.remove();
  const freshGrid = doc?.querySelector(`[${ATTR.list}] ul.grid`);
  if (!doc || !freshGrid) return location.assign(link.href);
  const shown = new Set([...grid.querySelectorAll(ITEMS)].map((li) => li.getAttribute(ATTR.item)));
  for (const li of [...freshGrid.querySelectorAll(ITEMS)]) {
    if (!shown.has(li.getAttribute(ATTR.item))) insertMarkup(grid, li);
  }
  const showing = document.querySelector(`[${ATTR.showing}]`);
  const freshShowing = doc.querySelector(`[${ATTR.showing}]`);
  if (showing && freshShowing) {
    // The fresh page's templates carry the total now, in the server's words (its plural included).
    const total = Number(freshShowing.getAttribute(ATTR.total) ?? 0);
    const templates = { first: freshShowing.getAttribute(ATTR.template) ?? "", range: freshShowing.getAttribute(ATTR.templateRange) ?? "" };
    showing.setAttribute(ATTR.total, String(total));
    showing.setAttribute(ATTR.template, templates.first);
    showing.setAttribute(ATTR.templateRange, templates.range);
    const start = Number(showing.getAttribute(ATTR.start) ?? 1);
    showing.textContent = fillShowing(templates, start, grid.querySelectorAll(":scope > li").length, document.documentElement.lang);
  }
  const more = link.closest(".load-more");
  const freshMore = doc.querySelector(".load-more");
  if (more) {
    if (freshMore) replaceMarkup(more, freshMore);
    else more.remove();
  }
  // The address says how far the list goes, in the same history entry (Back leaves the list).
  history.replaceState(history.state, "", link.href);
}

export const loadMoreBehavior: Behavior = {
  name: "load-more",
  selector: `a[${ATTR.loadMore}]`,
  attach(element) {
    const link = element as HTMLAnchorElement;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      void loadMore(link);
    };
    link.addEventListener("click", onClick);
    return () => link.removeEventListener("click", onClick);
  },
};
