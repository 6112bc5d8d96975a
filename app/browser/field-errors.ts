/**
 * Shows a form's answer in place, in the markup the server renders for the same answer
 * (components/ui/field.tsx): each field's first error beside it, announced with it, and the
 * form's alert just above the form. The messages are the server's; the browser checks nothing.
 */
import { type ToastMessage } from "~/lib/behavior-contract";

export type FieldErrors = Record<string, string[] | null | undefined> | null | undefined;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function describe(control: Control, ids: (string | null)[]) {
  const value = ids.filter(Boolean).join(" ");
  if (value) control.setAttribute("aria-describedby", value);
  else control.removeAttribute("aria-describedby");
}

/** Puts each field's error beside it (and clears the others); returns the first field in error. */
export function showFieldErrors(form: HTMLFormElement, errors: FieldErrors): Control | null {
  let first: Control | null = null;
  for (const control of form.querySelectorAll<Control>("input:not([type=hidden]), select, textarea")) {
    if (!control.name || !control.id) continue;
    const errorId = `${control.id}-error`;
    const hintId = `${control.id}-hint`;
    const hint = document.getElementById(hintId) ? hintId : null;
    document.getElementById(errorId)?.remove();
    const message = errors?.[control.name]?.[0];
    if (!message) {
      control.removeAttribute("aria-invalid");
      describe(control, [hint]);
      continue;
    }
    const error = document.createElement("p");
    error.className = "field-error";
    error.id = errorId;
    error.textContent = message;
    (control.closest(".field") ?? control.parentElement)?.append(error);
    control.setAttribute("aria-invalid", "true");
    describe(control, [hint, errorId]);
    first ??= control;
  }
  return first;
}

/**
 * Replaces the form's alert with this one (or removes it when there is none): right above the
 * form, or `inside` it at the top, after a leading notice, where the checkout page renders it.
 */
export function showFormAlert(form: HTMLFormElement, alert: Pick<ToastMessage, "title" | "description"> | null, opts: { inside?: boolean } = {}): void {
  const previous = opts.inside ? form.querySelector(":scope > .alert") : form.previousElementSibling;
  if (previous?.classList.contains("alert")) previous.remove();
  if (!alert) return;
  const box = document.createElement("div");
  box.className = "alert alert-error";
  box.setAttribute("role", "alert");
  const title = document.createElement("p");
  title.className = "alert-title";
  title.textContent = alert.title;
  box.append(title);
  if (alert.description) {
    const text = document.createElement("p");
    text.textContent = alert.description;
    box.append(text);
  }
  if (!opts.inside) return form.before(box);
  const notice = form.querySelector(":scope > .notice");
  if (notice) notice.after(box);
  else form.prepend(box);
}
