import { useFetcher, useLocation } from "@remix-run/react";
import { type FormEvent, type ReactNode, useEffect } from "react";
import { useToast } from "~/components/ui/toaster";
import { CLEAR_CONFIRM, REMOVE_CONFIRM } from "~/lib/behavior-contract";

type ToastData = { title: string; description?: string; type: "success" | "error" | "info" };
type FetcherResult = { ok: true; toast?: ToastData | null } | { ok: false; error: ToastData | null };

/** Shows the notification a fetcher's answer carries (web/respond.server.ts). */
export function useFetcherToast(data: unknown) {
  const push = useToast();
  useEffect(() => {
    const result = data as FetcherResult | undefined;
    const toast = result ? (result.ok ? result.toast : result.error) : null;
    if (toast) push(toast);
  }, [data, push]);
}

export const CART_INTENTS = { add: "add", update: "update", remove: "remove", clear: "clear" } as const;

export function useHere(): string {
  const location = useLocation();
  return location.pathname + location.search;
}

/** With JavaScript a confirm() prompt; without it, the server shows a confirmation step. */
function confirmFirst(message: string) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (!window.confirm(message)) {
      event.preventDefault();
      return;
    }
    const input = event.currentTarget.elements.namedItem("confirmed");
    if (input instanceof HTMLInputElement) input.value = "yes";
  };
}

export function QuantityControls({ itemId, quantity, max, title }: { itemId: number; quantity: number; max: number; title: string }) {
  const fetcher = useFetcher();
  const here = useHere();
  useFetcherToast(fetcher.data);
  const pending = fetcher.state !== "idle" ? Number(fetcher.formData?.get("quantity") ?? quantity) : quantity;
  return (
    <fetcher.Form method="post" action="/cart" className="qty" preventScrollReset>
      <input type="hidden" name="intent" value={CART_INTENTS.update} />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" name="quantity" value={pending - 1} disabled={pending <= 1} aria-label={`Decrease quantity of ${title}`}>
        −
      </button>
      <output aria-label={`Quantity of ${title}`} aria-live="polite">
        {pending}
      </output>
      <button type="submit" name="quantity" value={pending + 1} disabled={pending >= max} aria-label={`Increase quantity of ${title}`}>
        +
      </button>
    </fetcher.Form>
  );
}

export function RemoveItemForm({ itemId, title, children }: { itemId: number; title: string; children?: ReactNode }) {
  const fetcher = useFetcher();
  const here = useHere();
  useFetcherToast(fetcher.data);
  return (
    <fetcher.Form method="post" action="/cart" onSubmit={confirmFirst(REMOVE_CONFIRM)} data-confirm={REMOVE_CONFIRM} preventScrollReset>
      <input type="hidden" name="intent" value={CART_INTENTS.remove} />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="confirmed" value="" />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className="link-button" aria-label={`Remove ${title}`} disabled={fetcher.state !== "idle"}>
        {children ?? "Remove"}
      </button>
    </fetcher.Form>
  );
}

export function ClearCartForm() {
  const fetcher = useFetcher();
  const here = useHere();
  useFetcherToast(fetcher.data);
  return (
    <fetcher.Form method="post" action="/cart" onSubmit={confirmFirst(CLEAR_CONFIRM)} data-confirm={CLEAR_CONFIRM} preventScrollReset>
      <input type="hidden" name="intent" value={CART_INTENTS.clear} />
      <input type="hidden" name="confirmed" value="" />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className="button button-secondary" disabled={fetcher.state !== "idle"}>
        Clear Cart
      </button>
    </fetcher.Form>
  );
}
