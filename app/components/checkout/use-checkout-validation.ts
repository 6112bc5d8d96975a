import { type FormEvent, type FocusEvent, useEffect, useRef, useState } from "react";
import { validateCheckout } from "~/components/checkout/validate";

/** What the checkout action answers on failure: Conform's `submission.reply()` (only the parts the page reads). */
export interface CheckoutReply {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
}

/**
 * The checkout form's validation in the browser, without a form library: a field is checked
 * when it loses focus, re-checked as it is typed in once it has been checked, and the whole form
 * on submit (which then stays in the browser and focuses the first wrong field). The rules are
 * validateCheckout's, the same texts as the server's CheckoutSchema; the server checks again
 * and its answer (`reply`) replaces what the browser found. Until hydration the browser's own
 * constraints (required, maxLength) apply.
 *
 * This replaces Conform's useForm on this one page to keep its JavaScript inside its budget
 * (docs/decisions/no-zod-in-the-browser.md); the action still uses Conform's parseWithZod and reply().
 */
export function useCheckoutValidation(reply: CheckoutReply | undefined, defaults: Record<string, unknown>) {
  const [errors, setErrors] = useState<Record<string, string[]>>(() => clean(reply?.error));
  const checked = useRef(new Set<string>());
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    setErrors(clean(reply?.error));
    checked.current = new Set(Object.keys(clean(reply?.error)));
  }, [reply]);

  const initial = { ...defaults, ...(reply?.initialValue ?? {}) };

  function checkField(form: HTMLFormElement, name: string) {
    const found = validateCheckout(Object.fromEntries(new FormData(form))) ?? {};
    setErrors((previous) => {
      const next = { ...previous };
      delete next[""];
      if (found[name]) next[name] = found[name]!;
      else delete next[name];
      return next;
    });
  }

  const fieldName = (target: EventTarget) => (target as HTMLInputElement).name as string | undefined;

  return {
    hydrated,
    /** The value to show first: the server's echo of what was sent, else the page's defaults. */
    value(name: string): string | undefined {
      const v = initial[name];
      return typeof v === "string" ? v : undefined;
    },
    error(name: string): string | undefined {
      return errors[name]?.[0];
    },
    formError: errors[""]?.[0],
    hasErrors: Object.keys(errors).length > 0,
    formProps: {
      noValidate: hydrated,
      onBlur(event: FocusEvent<HTMLFormElement>) {
        const name = fieldName(event.target);
        if (!name) return;
        checked.current.add(name);
        checkField(event.currentTarget, name);
      },
      onInput(event: FormEvent<HTMLFormElement>) {
        const name = fieldName(event.target);
        if (name && checked.current.has(name)) checkField(event.currentTarget, name);
      },
      onSubmit(event: FormEvent<HTMLFormElement>) {
        const found = validateCheckout(Object.fromEntries(new FormData(event.currentTarget)));
        if (!found) return;
        event.preventDefault();
        for (const name of Object.keys(found)) checked.current.add(name);
        setErrors(found);
        const first = event.currentTarget.querySelector<HTMLElement>(
          Object.keys(found)
            .map((n) => `[name="${n}"]`)
            .join(","),
        );
        first?.focus();
      },
    },
  };
}

function clean(error: CheckoutReply["error"]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(error ?? {})) if (messages && messages.length > 0) out[name] = messages;
  return out;
}
