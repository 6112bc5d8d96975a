/** The header's menus (<details>) close on Escape and on a click outside them. */
import { type Behavior } from "~/browser/runtime";

export const menus: Behavior = {
  name: "menus",
  selector: ".site-header",
  attach(header) {
    const closeAll = (except?: Node | null) => {
      header.querySelectorAll<HTMLDetailsElement>("details[open]").forEach((d) => {
        if (!except || !d.contains(except)) d.open = false;
      });
    };
    const onClick = (event: MouseEvent) => closeAll(event.target instanceof Node ? event.target : null);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeAll();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKeyDown);
    };
  },
};
