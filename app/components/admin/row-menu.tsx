import { type ReactNode, useEffect, useRef } from "react";

/**
 * A table row's secondary actions behind one 'More' button: a <details>, so it opens without
 * JavaScript. Its items are links and one-button forms, styled as plain menu items (a row's
 * Delete is one of them, never a red button on every row). With JavaScript, Escape or a click
 * elsewhere closes it.
 */
export function RowMenu({ label, open, children }: { label: string; open?: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const close = (event: Event) => {
      if (!menu.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !menu.contains(event.target as Node)) menu.open = false;
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details className="row-menu" ref={ref} open={open || undefined}>
      <summary className="button button-ghost store-btn-sm" aria-label={`More actions for ${label}`}>
        More<span aria-hidden="true"> ▾</span>
      </summary>
      <div className="row-menu-list">{children}</div>
    </details>
  );
}

/** The cell of a row's actions: its primary action, then its menu, on one line at the row's right. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <td className="row-actions">
      <div className="row-actions-inner">{children}</div>
    </td>
  );
}
