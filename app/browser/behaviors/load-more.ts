/** Load More appends the next page's cards in place (scroll position and history entry kept). */
import { fetchDocument } from "~/browser/net";
import { insertMarkup, replaceMarkup, type Behavior } from "~/browser/runtime";
import { showingText } from "~/components/product/showing";

async function loadMore(link: HTMLAnchorElement) {
  if (link.getAttribute("aria-busy") === "true") return;
  const list = document.querySelector<HTMLElement>("[data-shop-list]");
  const grid = list?.querySelector("ul.grid");
  if (!list || !grid) return location.assign(link.href);
  link.setAttribute("aria-busy", "true");
  const status = document.createElement("p");
  status.className = "loading";
  status.setAttribute("role", "status");
  status.textContent = "Loading products…";
  list.append(status);
  const doc = await fetchDocument(link.href);
  status.remove();
  const freshGrid = doc?.querySelector("[data-shop-list] ul.grid");
  if (!doc || !freshGrid) return location.assign(link.href);
  const shown = new Set([...grid.querySelectorAll<HTMLElement>(":scope > li[data-id]")].map((li) => li.dataset.id));
  for (const li of [...freshGrid.querySelectorAll<HTMLElement>(":scope > li[data-id]")]) {
    if (!shown.has(li.dataset.id)) insertMarkup(grid, li);
  }
  const showing = document.querySelector<HTMLElement>("[data-showing]");
  const freshShowing = doc.querySelector<HTMLElement>("[data-showing]");
  if (showing && freshShowing) {
    const total = Number(freshShowing.dataset.total ?? 0);
    showing.dataset.total = String(total);
    showing.textContent = showingText(Number(showing.dataset.start ?? 1), grid.querySelectorAll(":scope > li").length, total);
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
  selector: "a[data-load-more]",
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
