import { useFetcher, useSubmit } from "@remix-run/react";
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useFetcherToast, useHere } from "~/components/cart/cart-forms";
import { OPEN_CART_EVENT } from "~/components/layout/header";
import { productCardHtml } from "~/components/product/card-html";
import { ADD_TO_CART_LABEL, ADDING_LABEL, CARD_ADD_ATTRIBUTE } from "~/lib/behavior-contract";
import { type CardProduct } from "~/domain/catalogue/cards";

export type { CardProduct };

/**
 * A product card: the article is React's, its content is one HTML string (card-html.ts), the
 * same on the server and in the browser. React neither hydrates nor diffs inside it; a card whose
 * product changes (stock after an add, say) gets its new string.
 */
export function ProductCard({ product, eager = false }: { product: CardProduct; eager?: boolean }) {
  const here = useHere();
  const adds = useCardAdds();
  return (
    <>
      {cardArticle(product, eager, here, adds.onSubmit)}
      {adds.watchers}
    </>
  );
}

/** A card's article: React's element, its content one HTML string. */
export function cardArticle(product: CardProduct, eager: boolean, redirectTo: string, onSubmit?: (event: FormEvent<HTMLElement>) => void) {
  return <article className="card" onSubmit={onSubmit} dangerouslySetInnerHTML={{ __html: productCardHtml(product, { eager, redirectTo }) }} />;
}

const CARD_ADD_KEY = "card-add-";

/**
 * Add to Cart on cards. Without JavaScript (or before hydration) the card's form posts to /cart
 * and the page comes back. Once hydrated, a submit from any card inside the element that gets
 * onSubmit goes through a fetcher keyed by product (`card-add-<id>`), so the shopper stays on
 * the page: the button says "Adding…" (aria-busy, and keeps focus) meanwhile, an error comes as a toast, and
 * on success the cart drawer opens (the success toast comes from the server, as for every add).
 * One watcher component per add in flight reads its fetcher's result; cards themselves have no
 * hooks, which keeps a page of twelve cheap to render on the server.
 */
export function useCardAdds(): { onSubmit: (event: FormEvent<HTMLElement>) => void; watchers: ReactNode } {
  const submit = useSubmit();
  const [pending, setPending] = useState<string[]>([]);
  const onSubmit = useCallback(
    (event: FormEvent<HTMLElement>) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      const productId = form.getAttribute(CARD_ADD_ATTRIBUTE);
      if (!productId) return;
      event.preventDefault();
      // Busy: the button says so, and a second press is ignored (it stays focusable, unlike a disabled one).
      if (form.querySelector('[aria-busy="true"]')) return;
      const key = CARD_ADD_KEY + productId;
      showAdding(productId, true);
      // Method and action come from the form itself (card-html.ts).
      submit(form, { navigate: false, fetcherKey: key, preventScrollReset: true });
      setPending((keys) => (keys.includes(key) ? keys : [...keys, key]));
    },
    [submit],
  );
  const done = useCallback((key: string) => setPending((keys) => keys.filter((k) => k !== key)), []);
  return { onSubmit, watchers: pending.map((key) => <CardAddWatcher key={key} fetcherKey={key} onDone={done} />) };
}

/** Puts every Add to Cart button of this product on the page into (or out of) its busy state. */
function showAdding(productId: string, busy: boolean) {
  const buttons = document.querySelectorAll<HTMLButtonElement>(`form[${CARD_ADD_ATTRIBUTE}="${CSS.escape(productId)}"] button[type="submit"]`);
  for (const button of buttons) {
    button.textContent = busy ? ADDING_LABEL : ADD_TO_CART_LABEL;
    if (busy) button.setAttribute("aria-busy", "true");
    else button.removeAttribute("aria-busy");
  }
}

function CardAddWatcher({ fetcherKey, onDone }: { fetcherKey: string; onDone: (key: string) => void }) {
  const fetcher = useFetcher({ key: fetcherKey });
  const started = useRef(false);
  useFetcherToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      started.current = true;
      return;
    }
    if (!started.current) return;
    showAdding(fetcherKey.slice(CARD_ADD_KEY.length), false);
    if ((fetcher.data as { ok?: boolean } | undefined)?.ok) window.dispatchEvent(new Event(OPEN_CART_EVENT));
    onDone(fetcherKey);
  }, [fetcher.state, fetcher.data, fetcherKey, onDone]);
  return null;
}
