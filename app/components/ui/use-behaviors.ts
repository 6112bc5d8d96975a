import { useEffect } from "react";
import { markBehaviorsReady } from "~/browser/behaviors/toasts";
import { attachBehaviors, setActiveBehaviors, type Behavior } from "~/browser/runtime";

/**
 * The hydrated admin's way to the storefront's behaviours (browser/behaviors/*): once React has
 * hydrated, attaches `behaviors` to the document's markup and detaches them on unmount. The
 * markup they enhance must be rendered once and left to them (React.memo with a comparator that
 * never re-renders, as Header and ToastRegion do), since they replace parts of it from the server.
 */
export function useBehaviors(behaviors: readonly Behavior[]): void {
  useEffect(() => {
    setActiveBehaviors(behaviors);
    const detach = attachBehaviors(document.body, behaviors);
    markBehaviorsReady();
    return detach;
  }, [behaviors]);
}
