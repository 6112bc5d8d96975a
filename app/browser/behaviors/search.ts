/** The search box explains why an empty search is not sent (the field is `required`). */
import { type Behavior } from "~/browser/runtime";
import { SEARCH_ATTRIBUTE } from "~/lib/behavior-contract";

/** Said when the page's box carries no `title` (the server writes it in the page's language). */
export const SEARCH_INVALID = "Type something to search for";

export const search: Behavior = {
  name: "search",
  selector: `input[${SEARCH_ATTRIBUTE}]`,
  attach(element) {
    const input = element as HTMLInputElement;
    const onInvalid = () => input.setCustomValidity(input.title || SEARCH_INVALID);
    const onInput = () => input.setCustomValidity("");
    input.addEventListener("invalid", onInvalid);
    input.addEventListener("input", onInput);
    return () => {
      input.removeEventListener("invalid", onInvalid);
      input.removeEventListener("input", onInput);
    };
  },
};
