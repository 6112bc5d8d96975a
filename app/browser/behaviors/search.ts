/** The search box explains why an empty search is not sent (the field is `required`). */
import { type Behavior } from "~/browser/runtime";

export const SEARCH_INVALID = "Type something to search for";

export const search: Behavior = {
  name: "search",
  selector: 'input[type="search"]',
  attach(element) {
    const input = element as HTMLInputElement;
    const onInvalid = () => input.setCustomValidity(SEARCH_INVALID);
    const onInput = () => input.setCustomValidity("");
    input.addEventListener("invalid", onInvalid);
    input.addEventListener("input", onInput);
    return () => {
      input.removeEventListener("invalid", onInvalid);
      input.removeEventListener("input", onInput);
    };
  },
};
