/**
 * Tab bars of links (the account's sections, Sign In / Sign Up). Without JavaScript each tab is
 * a link to its own URL. With it, a tab link (a[data-tab]) swaps the server's markup for that
 * URL in place: the element named by data-tabs, which holds the bar, so the current tab, the
 * heading and the panel all come from the server. Back and Forward swap too. The arrow keys,
 * Home and End move between the bar's links; focus stays on the tab that was chosen.
 */
import { fetchDocument } from "~/browser/net";
import { type Behavior, replaceMarkup } from "~/browser/runtime";
import { TAB_LINK_ATTRIBUTE, TABS_ATTRIBUTE, TABS_HISTORY_ATTRIBUTE } from "~/lib/behavior-contract";

interface TabsState {
  tabs: string;
}

let latest = 0;

/** Loads `url` into the element `id`; falls back to a page load when the page has no such part. */
async function showTab(id: string, url: string, history: "push" | "replace" | "none"): Promise<void> {
  const current = document.getElementById(id);
  if (!current) return location.assign(url);
  const ticket = ++latest;
  const focusedHref = document.activeElement instanceof HTMLAnchorElement && current.contains(document.activeElement) ? document.activeElement.href : null;
  current.setAttribute("aria-busy", "true");
  const page = await fetchDocument(url);
  if (ticket !== latest) return;
  const fresh = page?.getElementById(id);
  if (!page || !fresh) return location.assign(url);
  const state: TabsState = { tabs: id };
  if (history === "push") window.history.pushState(state, "", url);
  if (history === "replace") window.history.replaceState(state, "", url);
  document.title = page.title;
  const shown = replaceMarkup(current, fresh);
  if (focusedHref) [...shown.querySelectorAll<HTMLAnchorElement>("a[href]")].find((a) => a.href === focusedHref)?.focus();
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

export const tabs: Behavior = {
  name: "tabs",
  selector: `[${TABS_ATTRIBUTE}]`,
  attach(bar) {
    const id = bar.getAttribute(TABS_ATTRIBUTE) ?? "";
    const history = bar.getAttribute(TABS_HISTORY_ATTRIBUTE) === "replace" ? "replace" : "push";
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>(`a[${TAB_LINK_ATTRIBUTE}]`);
      if (!link || !isPlainClick(event) || link.origin !== location.origin) return;
      event.preventDefault();
      if (link.getAttribute("aria-current") === "page") return;
      // The entry we leave gets the state too, so Back swaps it in again.
      if (!window.history.state?.tabs) window.history.replaceState({ tabs: id } satisfies TabsState, "");
      void showTab(id, link.href, history);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const move = MOVES[event.key];
      const links = [...bar.querySelectorAll<HTMLAnchorElement>("a[href]")];
      const index = links.indexOf(document.activeElement as HTMLAnchorElement);
      if (!move || index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      links[move(index, links.length)].focus();
    };
    const onPopState = (event: PopStateEvent) => {
      if ((event.state as TabsState | null)?.tabs === id) void showTab(id, location.href, "none");
    };
    bar.addEventListener("click", onClick);
    bar.addEventListener("keydown", onKeyDown);
    window.addEventListener("popstate", onPopState);
    return () => {
      bar.removeEventListener("click", onClick);
      bar.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("popstate", onPopState);
    };
  },
};
