/**
 * The header's menus (<details>) close on Escape (focus back on the menu's summary), on a click
 * outside them, and when a link inside one is followed (so a page kept by the browser's back/forward
 * cache, or the admin's next screen, does not show it still open).
 */
import { type Behavior } from "~/browser/runtime";
import { MENUS_ATTRIBUTE } from "~/lib/behavior-contract";

export const menus: Behavior = {
  name: "menus",
  selector: `[${MENUS_ATTRIBUTE}]`,
  attach(header) {
    const closeAll = (except?: Node | null) => {
      header.querySelectorAll<HTMLDetailsElement>("details[open]").forEach((d) => {
        if (!except || !d.contains(except)) d.open = false;
      });
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      closeAll(target?.closest("a[href]") && header.contains(target) ? null : target);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const open = document.activeElement?.closest("details[open]");
      closeAll();
      if (open && header.contains(open)) open.querySelector("summary")?.focus();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKeyDown);
    };
  },
};
