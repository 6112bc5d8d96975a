/** 'Go Back' links (the 404 page) go back in the tab's history when there is any; else to their href. */
import { type Behavior } from "~/browser/runtime";
import { HISTORY_BACK_ATTRIBUTE } from "~/lib/behavior-contract";

export const historyBack: Behavior = {
  name: "history-back",
  selector: `a[${HISTORY_BACK_ATTRIBUTE}]`,
  attach(link) {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (window.history.length <= 1) return;
      event.preventDefault();
      window.history.back();
    };
    link.addEventListener("click", onClick);
    return () => link.removeEventListener("click", onClick);
  },
};
