/**
 * The behaviours' runtime. A behaviour enhances server markup marked with a data attribute: it
 * attaches to each element its selector finds and returns how to detach (remove its listeners,
 * timers and anything it added). The lean pages run every behaviour over the document
 * (browser/main.ts); the hydrated admin runs the shared chrome's through useBehaviors
 * (components/ui/use-behaviors.ts). Markup a behaviour takes from the server later (the cart
 * drawer after a change, Load More's cards) goes through `replaceMarkup`/`insertMarkup`, which
 * detach from the old nodes and attach to the new ones.
 */

export interface Behavior {
  /** For errors and tests: "cart-drawer", "toasts", … */
  name: string;
  /** The markup it enhances: a data attribute, e.g. "[data-cart-drawer]". */
  selector: string;
  attach(element: HTMLElement): (() => void) | void;
}

const detachers = new WeakMap<Element, Map<Behavior, () => void>>();
let active: readonly Behavior[] = [];

function elementsIn(root: ParentNode, selector: string): HTMLElement[] {
  const found = [...root.querySelectorAll<HTMLElement>(selector)];
  if (root instanceof HTMLElement && root.matches(selector)) found.unshift(root);
  return found;
}

/** Attaches the behaviours to every matching element under `root` (once each); returns the detach of all of them. */
export function attachBehaviors(root: ParentNode, behaviors: readonly Behavior[] = active): () => void {
  const attached: [Element, Behavior][] = [];
  for (const behavior of behaviors) {
    for (const element of elementsIn(root, behavior.selector)) {
      let map = detachers.get(element);
      if (map?.has(behavior)) continue;
      if (!map) detachers.set(element, (map = new Map()));
      try {
        map.set(behavior, behavior.attach(element) ?? (() => {}));
        attached.push([element, behavior]);
      } catch (error) {
        // One broken behaviour leaves the others (and the plain HTML underneath) working.
        console.error(`behaviour ${behavior.name} failed to attach`, error);
      }
    }
  }
  return () => {
    for (const [element, behavior] of attached) {
      const map = detachers.get(element);
      map?.get(behavior)?.();
      map?.delete(behavior);
    }
  };
}

/** Detaches every behaviour from `root` and the elements under it. */
export function detachBehaviors(root: Element): void {
  for (const element of [root, ...root.querySelectorAll("*")]) {
    const map = detachers.get(element);
    if (!map) continue;
    for (const detach of map.values()) detach();
    detachers.delete(element);
  }
}

/** Sets the behaviours that replaced and inserted markup gets; main.ts and the admin's useBehaviors call it. */
export function setActiveBehaviors(behaviors: readonly Behavior[]): void {
  active = behaviors;
}

/** Replaces `old` with server markup, moving the behaviours from the old nodes to the new ones. */
export function replaceMarkup(old: Element, fresh: Element): Element {
  detachBehaviors(old);
  const adopted = document.adoptNode(fresh);
  old.replaceWith(adopted);
  attachBehaviors(adopted);
  return adopted;
}

/** Appends server markup to `parent` and attaches the behaviours to it. */
export function insertMarkup(parent: Element, fresh: Element): Element {
  const adopted = document.adoptNode(fresh);
  parent.append(adopted);
  attachBehaviors(adopted);
  return adopted;
}

/**
 * Takes a form's submissions over (unless another behaviour already did): the handler sends it
 * in place. Returns the detach.
 */
export function takeOverSubmit(form: HTMLFormElement, send: (form: HTMLFormElement, submitter: HTMLElement | null) => unknown): () => void {
  const onSubmit = (event: SubmitEvent) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    void send(form, event.submitter);
  };
  form.addEventListener("submit", onSubmit);
  return () => form.removeEventListener("submit", onSubmit);
}
