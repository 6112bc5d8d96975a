import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";

import { SWIPE_THRESHOLD_PX, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, type ToastMessage } from "~/lib/behavior-contract";

export type { ToastMessage };

type Shown = ToastMessage & { id: number; open: boolean };

const ToastContext = createContext<(toast: ToastMessage) => void>(() => {});

/** Pages push notifications here (e.g. from action data); one is visible at a time. */
export function useToast() {
  return useContext(ToastContext);
}

/** Shows `toast` once whenever it changes (by identity). */
export function useToastEffect(toast: ToastMessage | null | undefined) {
  const push = useToast();
  useEffect(() => {
    if (toast) push(toast);
  }, [toast, push]);
}

let nextId = 1;

export function ToastProvider({ initial, children }: { initial: ToastMessage | null; children: ReactNode }) {
  const [current, setCurrent] = useState<Shown | null>(initial ? { ...initial, id: 0, open: true } : null);
  const regionRef = useRef<HTMLDivElement>(null);
  // Without JavaScript the toast fades out by CSS; once hydrated, the timers below take over.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const push = useCallback((toast: ToastMessage) => {
    setCurrent({ ...toast, id: nextId++, open: true });
  }, []);

  // A new toast from the server (root data after a redirect or revalidation) replaces the
  // current one; the first is already shown by the initial state.
  const shownInitial = useRef(initial);
  useEffect(() => {
    if (initial && initial !== shownInitial.current) push(initial);
    shownInitial.current = initial;
  }, [initial, push]);

  const dismiss = useCallback((id: number) => {
    setCurrent((c) => (c && c.id === id ? { ...c, open: false } : c));
  }, []);

  useEffect(() => {
    if (!current) return;
    if (current.open) {
      const t = setTimeout(() => dismiss(current.id), TOAST_DURATION_MS);
      return () => clearTimeout(t);
    }
    const t = setTimeout(() => setCurrent((c) => (c && c.id === current.id ? null : c)), TOAST_REMOVE_DELAY_MS);
    return () => clearTimeout(t);
  }, [current, dismiss]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === "F8") {
        event.preventDefault();
        regionRef.current?.focus();
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <ToastContext.Provider value={push}>
      {children}
      <div ref={regionRef} className="toast-region" role="region" aria-label="Notifications (F8)" tabIndex={-1} data-js={hydrated ? "on" : "off"}>
        {current ? <ToastView key={current.id} toast={current} canDismiss={hydrated} onDismiss={() => dismiss(current.id)} /> : null}
      </div>
    </ToastContext.Provider>
  );
}

function ToastView({ toast, onDismiss, canDismiss }: { toast: Shown; onDismiss: () => void; canDismiss: boolean }) {
  const startX = useRef<number | null>(null);
  const [dx, setDx] = useState(0);
  return (
    <div
      className={`toast toast-${toast.type}`}
      data-state={toast.open ? "open" : "closed"}
      role={toast.type === "error" ? "alert" : "status"}
      style={dx > 0 ? { transform: `translateX(${dx}px)` } : undefined}
      onPointerDown={(e) => {
        startX.current = e.clientX;
      }}
      onPointerMove={(e) => {
        if (startX.current !== null) setDx(Math.max(0, e.clientX - startX.current));
      }}
      onPointerUp={() => {
        if (dx > SWIPE_THRESHOLD_PX) onDismiss();
        startX.current = null;
        setDx(0);
      }}
      onPointerCancel={() => {
        startX.current = null;
        setDx(0);
      }}
    >
      <div className="toast-body">
        <p className="toast-title">{toast.title}</p>
        {toast.description ? <p className="toast-text">{toast.description}</p> : null}
      </div>
      {canDismiss ? (
        <button type="button" className="toast-close" onClick={onDismiss} aria-label="Dismiss notification">
          ×
        </button>
      ) : null}
    </div>
  );
}
