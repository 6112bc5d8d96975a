/**
 * Notifications: one at a time, shown for TOAST_DURATION_MS, removed TOAST_REMOVE_DELAY_MS after
 * dismissal (the fade), dismissed by their close button or a swipe right past SWIPE_THRESHOLD_PX;
 * F8 focuses the area. The server writes a notification into the region (the flash after a form);
 * behaviours show their own answers' notifications through showToast.
 */
import { type Behavior } from "~/browser/runtime";
import {
  DISMISS_LABEL,
  SWIPE_THRESHOLD_PX,
  TOAST_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
  TOAST_STATE_ATTRIBUTE,
  TOASTS_ATTRIBUTE,
  TOASTS_JS_ATTRIBUTE,
  type ToastMessage,
} from "~/lib/behavior-contract";

function region(): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[${TOASTS_ATTRIBUTE}]`);
}

/**
 * Says that the behaviours are in place (the region's TOASTS_JS_ATTRIBUTE "on"): its CSS fade for pages
 * without JavaScript stops, and the tests wait for it. main.ts and the admin's useBehaviors call it.
 */
export function markBehaviorsReady(): void {
  region()?.setAttribute(TOASTS_JS_ATTRIBUTE, "on");
}

export function dismissToast(toast: HTMLElement): void {
  if (toast.getAttribute(TOAST_STATE_ATTRIBUTE) === "closed") return;
  toast.setAttribute(TOAST_STATE_ATTRIBUTE, "closed");
  window.setTimeout(() => toast.remove(), TOAST_REMOVE_DELAY_MS);
}

/** Gives a notification its close button, its timer and its swipe. */
function armToast(toast: HTMLElement): void {
  if (!toast.querySelector(".toast-close")) {
    const close = document.createElement("button");
    close.type = "button";
    close.className = "toast-close";
    close.setAttribute("aria-label", DISMISS_LABEL);
    close.textContent = "×";
    close.addEventListener("click", () => dismissToast(toast));
    toast.append(close);
  }
  let startX: number | null = null;
  let dx = 0;
  toast.addEventListener("pointerdown", (e) => {
    startX = e.clientX;
  });
  toast.addEventListener("pointermove", (e) => {
    if (startX === null) return;
    dx = Math.max(0, e.clientX - startX);
    toast.style.transform = dx > 0 ? `translateX(${dx}px)` : "";
  });
  const end = (dismiss: boolean) => {
    if (dismiss && dx > SWIPE_THRESHOLD_PX) dismissToast(toast);
    startX = null;
    dx = 0;
    toast.style.transform = "";
  };
  toast.addEventListener("pointerup", () => end(true));
  toast.addEventListener("pointercancel", () => end(false));
  window.setTimeout(() => dismissToast(toast), TOAST_DURATION_MS);
}

/** Shows a notification in place of the one shown. */
export function showToast(toast: ToastMessage): void {
  const area = region();
  if (!area) return;
  const el = document.createElement("div");
  el.className = `toast toast-${toast.type}`;
  el.setAttribute(TOAST_STATE_ATTRIBUTE, "open");
  el.setAttribute("role", toast.type === "error" ? "alert" : "status");
  const body = document.createElement("div");
  body.className = "toast-body";
  const title = document.createElement("p");
  title.className = "toast-title";
  title.textContent = toast.title;
  body.append(title);
  if (toast.description) {
    const text = document.createElement("p");
    text.className = "toast-text";
    text.textContent = toast.description;
    body.append(text);
  }
  el.append(body);
  area.replaceChildren(el);
  armToast(el);
}

export const toasts: Behavior = {
  name: "toasts",
  selector: `[${TOASTS_ATTRIBUTE}]`,
  attach(area) {
    area.querySelectorAll<HTMLElement>(".toast").forEach(armToast);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "F8") return;
      event.preventDefault();
      area.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  },
};
