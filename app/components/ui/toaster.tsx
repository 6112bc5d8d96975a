import { useActionData } from "@remix-run/react";
import { memo, useEffect, useRef } from "react";
import { showToast } from "~/browser/behaviors/toasts";
import { useI18n } from "~/i18n/context";
import { TOAST_REGION_LABEL, TOAST_STATE_ATTRIBUTE, TOASTS_ATTRIBUTE, TOASTS_JS_ATTRIBUTE, type ToastMessage } from "~/lib/behavior-contract";

export type { ToastMessage };

/**
 * The notification area as server markup, with the flash notification the page came with. The
 * toasts behaviour (browser/behaviors/toasts.ts) does the rest: timers, close button, swipe, F8,
 * and later notifications. Without JavaScript the notification fades out by CSS (TOASTS_JS_ATTRIBUTE "off").
 * Rendered once: on the hydrated admin the behaviour owns its content, so React never
 * re-renders it.
 */
export const ToastRegion = memo(
  function ToastRegion({ initial }: { initial: ToastMessage | null }) {
    // The notifications' words come from the domain in English: shown in the page's language (the admin's stay English).
    const { text } = useI18n();
    return (
      <div
        className="toast-region"
        {...{ [TOASTS_ATTRIBUTE]: "", [TOASTS_JS_ATTRIBUTE]: "off" }}
        role="region"
        aria-label={text(TOAST_REGION_LABEL)}
        tabIndex={-1}
      >
        {initial ? (
          <div className={`toast toast-${initial.type}`} {...{ [TOAST_STATE_ATTRIBUTE]: "open" }} role={initial.type === "error" ? "alert" : "status"}>
            <div className="toast-body">
              <p className="toast-title">{text(initial.title)}</p>
              {initial.description ? <p className="toast-text">{text(initial.description)}</p> : null}
            </div>
          </div>
        ) : null}
      </div>
    );
  },
  () => true,
);

/** The hydrated admin pushes notifications through the toasts behaviour. */
export function useToast(): (toast: ToastMessage) => void {
  return showToast;
}

/** Shows `toast` whenever it changes (by identity), once the page runs in the browser. */
export function useToastEffect(toast: ToastMessage | null | undefined): void {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
}

/**
 * The hydrated admin's later flash notifications (the root's data after a redirect): the first
 * one is already in the server's markup (ToastRegion), every new one goes to the behaviour.
 */
export function useFlashToast(toast: ToastMessage | null | undefined): void {
  const initial = useRef(toast);
  useEffect(() => {
    if (toast && toast !== initial.current) showToast(toast);
  }, [toast]);
}

/**
 * The hydrated admin's own form answers: a Remix form's fetch gets respond()'s JSON
 * ({ ok, toast } or { ok: false, error }, web/respond.server.ts), whose notification shows here.
 */
export function useActionToast(): void {
  const data = useActionData() as { ok?: unknown; toast?: ToastMessage | null; error?: ToastMessage | null } | undefined;
  useToastEffect(data && typeof data.ok === "boolean" ? (data.ok ? data.toast : data.error) : null);
}
