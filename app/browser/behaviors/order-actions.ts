/**
 * An order action (Cancel Order, Request Cancellation) asks first. With JavaScript the confirm()
 * prompt (confirm-prompt.ts) is the question, so once it is answered the form tells the server
 * (confirmed=yes) and skips the server's own confirmation step, which pages without JavaScript get.
 */
import { type Behavior } from "~/browser/runtime";
import { CONFIRMED_FIELD_ATTRIBUTE } from "~/lib/behavior-contract";

export const confirmedField: Behavior = {
  name: "confirmed-field",
  selector: `form[${CONFIRMED_FIELD_ATTRIBUTE}]`,
  attach(element) {
    const form = element as HTMLFormElement;
    // Bubbling: the prompt (capturing) has already answered, and a "Cancel" stopped the event.
    const onSubmit = (event: SubmitEvent) => {
      if (event.defaultPrevented) return;
      const field = form.elements.namedItem(form.getAttribute(CONFIRMED_FIELD_ATTRIBUTE) ?? "");
      if (field instanceof HTMLInputElement) field.value = "yes";
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  },
};
