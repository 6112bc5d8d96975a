/**
 * A form marked data-confirm asks its question (window.confirm) before it is sent. Yes sets its
 * hidden `confirmed` field, so the server skips its own confirmation step (the page without
 * JavaScript shows); Cancel sends nothing. It listens in the capture phase, so it runs before the
 * behaviour that posts the form (cart-forms.ts), whatever the order they attached in.
 */
import { type Behavior } from "~/browser/runtime";
import { CONFIRM_ATTRIBUTE } from "~/lib/behavior-contract";

export const confirmPrompt: Behavior = {
  name: "confirm-prompt",
  selector: `form[${CONFIRM_ATTRIBUTE}]`,
  attach(element) {
    const form = element as HTMLFormElement;
    const onSubmit = (event: SubmitEvent) => {
      const question = form.getAttribute(CONFIRM_ATTRIBUTE);
      if (!question || event.defaultPrevented) return;
      if (!window.confirm(question)) {
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }
      const confirmed = form.elements.namedItem("confirmed");
      if (confirmed instanceof HTMLInputElement) confirmed.value = "yes";
    };
    form.addEventListener("submit", onSubmit, { capture: true });
    return () => form.removeEventListener("submit", onSubmit, { capture: true });
  },
};
