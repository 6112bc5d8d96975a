/** A form marked data-confirm asks its question first; "Cancel" sends nothing. Without JavaScript the form itself is the confirmation. */
import { type Behavior } from "~/browser/runtime";
import { CONFIRM_ATTRIBUTE } from "~/lib/behavior-contract";

export const confirmPrompt: Behavior = {
  name: "confirm-prompt",
  selector: `form[${CONFIRM_ATTRIBUTE}]`,
  attach(element) {
    const form = element as HTMLFormElement;
    // Capturing, so it answers before any other behaviour takes the submission over.
    const onSubmit = (event: SubmitEvent) => {
      if (window.confirm(form.getAttribute(CONFIRM_ATTRIBUTE) ?? "")) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    form.addEventListener("submit", onSubmit, { capture: true });
    return () => form.removeEventListener("submit", onSubmit, { capture: true });
  },
};
