/**
 * A submit button says what is happening ("Signing in...", "Sending...") and takes no second
 * press while its form is on its way. The label is the server's, in data-busy-label.
 */
import { type Behavior } from "~/browser/runtime";
import { BUSY_LABEL_ATTRIBUTE } from "~/lib/behavior-contract";

const IDLE_LABEL = "data-idle-label";

/** Shows the busy label; returns how to give the button back. */
export function markBusy(button: HTMLButtonElement | null): () => void {
  if (!button) return () => {};
  const busyLabel = button.getAttribute(BUSY_LABEL_ATTRIBUTE);
  if (busyLabel) {
    if (!button.hasAttribute(IDLE_LABEL)) button.setAttribute(IDLE_LABEL, button.textContent ?? "");
    button.textContent = busyLabel;
  }
  // After the submit event: the form's data is already taken, the submitter's name included.
  const timer = window.setTimeout(() => (button.disabled = true));
  return () => {
    window.clearTimeout(timer);
    button.disabled = false;
    const idle = button.getAttribute(IDLE_LABEL);
    if (idle !== null) button.textContent = idle;
    button.removeAttribute(IDLE_LABEL);
  };
}

/** The submit button that sent the form, or the form's first one (Enter in a field). */
export function submitterOf(form: HTMLFormElement, event: SubmitEvent): HTMLButtonElement | null {
  const submitter = event.submitter;
  if (submitter instanceof HTMLButtonElement) return submitter;
  return form.querySelector<HTMLButtonElement>('button:not([type]), button[type="submit"]');
}

export const busySubmit: Behavior = {
  name: "busy-submit",
  selector: `button[${BUSY_LABEL_ATTRIBUTE}]`,
  attach(element) {
    const button = element as HTMLButtonElement;
    let restore: (() => void) | null = null;
    // On the document, so it runs after the form's own listeners: a behaviour that takes the
    // submission over (and cancels it) marks the button itself.
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement) || button.form !== form) return;
      if (submitterOf(form, event) !== button) return;
      restore = markBusy(button);
    };
    // Back to a page from the history cache: the button is usable again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) restore?.();
    };
    document.addEventListener("submit", onSubmit);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      document.removeEventListener("submit", onSubmit);
      window.removeEventListener("pageshow", onPageShow);
    };
  },
};
