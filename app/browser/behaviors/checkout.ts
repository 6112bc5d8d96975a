/**
 * The checkout form, checked by the server as the shopper goes: when a field changes or loses
 * focus the form is posted to its own action with intent=validate (the action answers its field
 * errors and places nothing), and the errors of the fields she has been through are shown in the
 * markup the server gives them. The country and the loyalty box take the shipping rate and totals
 * from the page loaded with them; 'create an account' shows the passwords; the button reads
 * 'Creating Order...' and the form is sent once, as without JavaScript.
 */
import { fetchDocument, formBody, postForm, submitPlainly } from "~/browser/net";
import { type Behavior } from "~/browser/runtime";
import { CHECKOUT_ATTRIBUTES as ATTR, CHECKOUT_SUBMIT_LABEL, CHECKOUT_SUBMITTING_LABEL, CHECKOUT_VALIDATE_INTENT } from "~/lib/behavior-contract";

type FieldErrors = Record<string, string[] | null | undefined>;

function control(form: HTMLFormElement, name: string): HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement ? element : null;
}

/** Shows or clears a field's error as components/ui/field.tsx renders it: `#<id>-error` in the field, aria-invalid, aria-describedby. */
function showError(form: HTMLFormElement, name: string, message: string | undefined) {
  const input = control(form, name);
  const field = input?.closest(".field");
  if (!input || !field) return;
  const errorId = `${input.id}-error`;
  let error = field.querySelector<HTMLElement>(`#${CSS.escape(errorId)}`);
  const describedBy = (input.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== errorId);
  if (message) {
    if (!error) {
      error = document.createElement("p");
      error.className = "field-error";
      error.id = errorId;
      field.append(error);
    }
    error.textContent = message;
    input.setAttribute("aria-invalid", "true");
    describedBy.push(errorId);
  } else {
    error?.remove();
    input.removeAttribute("aria-invalid");
  }
  if (describedBy.length > 0) input.setAttribute("aria-describedby", describedBy.join(" "));
  else input.removeAttribute("aria-describedby");
}

function attachCheckout(element: HTMLElement): () => void {
  const form = element as HTMLFormElement;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const createAccount = control(form, "createAccount") as HTMLInputElement | null;
  const accountFields = form.querySelector(`[${ATTR.account}]`);
  const accountSlot = document.createComment("account fields");
  const message = control(form, "customerMessage") as HTMLTextAreaElement | null;
  const counter = form.querySelector(`[${ATTR.count}]`);
  // The server's messages replace the browser's own bubbles.
  form.noValidate = true;

  // Fields whose errors are shown: those the shopper has been through, and those the server marked.
  const touched = new Set([...form.querySelectorAll("[aria-invalid='true'][name]")].map((el) => el.getAttribute("name")!));
  let queue: Promise<FieldErrors | null> = Promise.resolve(null);
  let checkedBody = "";
  let checkedErrors: FieldErrors | null = null;
  let busy = false;
  let totalsRequest = 0;
  let totalsPending: Promise<void> = Promise.resolve();

  async function validate(): Promise<FieldErrors | null> {
    const body = formBody(form);
    body.set("intent", CHECKOUT_VALIDATE_INTENT);
    const key = body.toString();
    if (key === checkedBody && checkedErrors) return checkedErrors;
    const answer = await postForm<{ result?: { error?: FieldErrors | null } }>(form, { body });
    if (!answer || answer.status !== 200 || typeof answer.data?.result !== "object") return null;
    checkedBody = key;
    checkedErrors = answer.data.result.error ?? {};
    return checkedErrors;
  }

  /** One check at a time, in order, so the last answer shown is for the latest values. */
  function check(): Promise<FieldErrors | null> {
    queue = queue.then(validate, validate);
    return queue;
  }

  function render(errors: FieldErrors) {
    for (const name of touched) showError(form, name, errors[name]?.[0] ?? undefined);
  }

  function touch(target: EventTarget | null) {
    const name = (target as HTMLInputElement | null)?.name;
    if (!name || !control(form, name) || (target as HTMLInputElement).type === "hidden") return;
    touched.add(name);
    void check().then((errors) => errors && render(errors));
  }

  function showAccountFields() {
    if (!createAccount || !accountFields) return;
    // Out of the form while unticked: not shown, not sent.
    if (createAccount.checked && accountSlot.parentNode) accountSlot.replaceWith(accountFields);
    else if (!createAccount.checked && accountFields.isConnected) accountFields.replaceWith(accountSlot);
  }

  /** The shipping rate, totals and the figures the order is checked against, from the page loaded with this country and loyalty choice. */
  async function refreshTotals() {
    const request = ++totalsRequest;
    const query = new URLSearchParams();
    const country = control(form, "country")?.value;
    if (country) query.set("country", country);
    if ((control(form, "useLoyaltyPoints") as HTMLInputElement | null)?.checked) query.set("useLoyaltyPoints", "on");
    const doc = await fetchDocument(`${new URL(form.action, location.href).pathname}?${query}`);
    if (!doc || request !== totalsRequest) return;
    for (const attribute of [ATTR.shipping, ATTR.totals]) {
      const own = document.querySelector(`[${attribute}]`);
      const fresh = doc.querySelector(`[${attribute}]`);
      // The children only: the totals stay one live region that announces the new figures.
      if (own && fresh) own.replaceChildren(...[...fresh.childNodes].map((node) => document.adoptNode(node)));
    }
    for (const name of ["expectedSubtotal", "expectedShipping"]) {
      const fresh = doc.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      const own = control(form, name);
      if (fresh && own) own.value = fresh.value;
    }
  }

  function setBusy(on: boolean) {
    busy = on;
    if (!button) return;
    button.disabled = on;
    button.textContent = on ? CHECKOUT_SUBMITTING_LABEL : CHECKOUT_SUBMIT_LABEL;
    if (on) button.setAttribute("aria-busy", "true");
    else button.removeAttribute("aria-busy");
  }

  async function submit() {
    setBusy(true);
    // The figures sent with the order are the ones the new totals show.
    await totalsPending;
    const errors = await check();
    const invalid = errors ? Object.keys(errors).filter((name) => errors[name]?.length && control(form, name)) : [];
    // No answer, or only errors the page shows as a whole: the server answers the plain form.
    if (invalid.length === 0) return submitPlainly(form);
    for (const name of invalid) touched.add(name);
    render(errors!);
    setBusy(false);
    const first = [...form.elements].find((el) => invalid.includes((el as HTMLInputElement).name)) as HTMLElement | undefined;
    first?.focus();
  }

  const onFocusOut = (event: FocusEvent) => touch(event.target);
  const onChange = (event: Event) => {
    const name = (event.target as HTMLInputElement).name;
    if (name === "createAccount") showAccountFields();
    if (name === "country" || name === "useLoyaltyPoints") totalsPending = refreshTotals();
    touch(event.target);
  };
  const onInput = (event: Event) => {
    if (event.target === message && counter && message) counter.textContent = `${message.value.length}/${message.maxLength}`;
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!busy) void submit();
  };
  // A page restored from the back/forward cache gets its button back.
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) setBusy(false);
  };

  showAccountFields();
  form.addEventListener("focusout", onFocusOut);
  form.addEventListener("change", onChange);
  form.addEventListener("input", onInput);
  form.addEventListener("submit", onSubmit);
  window.addEventListener("pageshow", onPageShow);
  return () => {
    form.removeEventListener("focusout", onFocusOut);
    form.removeEventListener("change", onChange);
    form.removeEventListener("input", onInput);
    form.removeEventListener("submit", onSubmit);
    window.removeEventListener("pageshow", onPageShow);
    if (accountSlot.parentNode && accountFields) accountSlot.replaceWith(accountFields);
    form.noValidate = false;
  };
}

export const checkout: Behavior = {
  name: "checkout",
  selector: `form[${ATTR.form}]`,
  attach: attachCheckout,
};
