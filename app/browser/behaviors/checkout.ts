/**
 * The checkout form, checked by the server as the shopper goes: shortly after a field changes or
 * loses focus the form is posted to its own action with intent=validate (the action answers its field
 * errors and places nothing), and the errors of the fields she has been through are shown in the
 * markup the server gives them. A change of the country or the loyalty box, and the discount
 * code's Apply and Remove, post intent=totals instead, whose answer also carries the shipping
 * rate, totals and applied code in the page's markup (the code's refusal as its field's error);
 * 'create an account' shows the passwords. The order itself is posted once, for JSON: the
 * action answers where to go next (the payment page, loaded with location.assign: one round
 * trip, as the plain form's post/redirect/get) or its errors, shown in place.
 */
import { showFormAlert } from "~/browser/field-errors";
import { formBody, postForm, submitPlainly } from "~/browser/net";
import { type Behavior } from "~/browser/runtime";
import {
  CHECKOUT_ATTRIBUTES as ATTR,
  CHECKOUT_REMOVE_CODE_INTENT,
  CHECKOUT_SUBMITTING_LABEL,
  CHECKOUT_TOTALS_INTENT,
  CHECKOUT_VALIDATE_INTENT,
  type ToastMessage,
} from "~/lib/behavior-contract";

type FieldErrors = Record<string, string[] | null | undefined>;

/** How long after a field's change or blur its check is sent; another field left meanwhile joins it. */
export const CHECK_DELAY_MS = 250;

/** The discount code's field: outside the form (in the summary), in it through `form="checkout"`. */
const CODE = "discountCode";

/** The page's figures for a country, loyalty box and discount code (components/checkout/figures-html.server.tsx). */
interface Figures {
  shipping: string;
  totals: string;
  code: string;
  codeError: string | null;
  expectedSubtotal: string;
  expectedShipping: string;
}

/** What the checkout action answers a script: a check's or a refused order's errors, the figures, or where to go. */
interface CheckoutAnswer {
  result?: { error?: FieldErrors | null };
  alert?: ToastMessage | null;
  figures?: Figures;
  redirectTo?: string;
  message?: string;
}

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

/** The shipping rate, totals and the figures the order is checked against, as the server drew them for this country and loyalty choice. */
function showFigures(form: HTMLFormElement, figures: Figures) {
  for (const [attribute, markup] of [
    [ATTR.shipping, figures.shipping],
    [ATTR.totals, figures.totals],
    [ATTR.code, figures.code],
  ] as const) {
    const own = document.querySelector(`[${attribute}]`);
    const fresh = document.createElement("template");
    fresh.innerHTML = markup;
    // The children only: the totals stay one live region that announces the new figures.
    own?.replaceChildren(fresh.content);
  }
  const subtotal = control(form, "expectedSubtotal");
  const shipping = control(form, "expectedShipping");
  if (subtotal) subtotal.value = figures.expectedSubtotal;
  if (shipping) shipping.value = figures.expectedShipping;
  showError(form, CODE, figures.codeError ?? undefined);
}

/**
 * The server's checks of the form, one at a time, so the last answer shown is for the latest
 * values. Changes made while a check is in flight share one follow-up, which reads the form when
 * it starts (a check of values already answered posts nothing). A totals check outranks a plain
 * one: a country change and a city typed meanwhile cost one post, not two.
 */
function serverChecks(form: HTMLFormElement): (intent?: string) => Promise<FieldErrors | null> {
  let queue: Promise<FieldErrors | null> = Promise.resolve(null);
  // The check waiting behind the one in flight, if any, and whether it must bring the figures.
  let waiting: Promise<FieldErrors | null> | null = null;
  let waitingTotals = false;
  let checkedBody = "";
  let checkedErrors: FieldErrors | null = null;

  async function validate(intent: string): Promise<FieldErrors | null> {
    const body = formBody(form);
    body.set("intent", intent);
    const key = body.toString();
    if (key === checkedBody && checkedErrors) return checkedErrors;
    const answer = await postForm<CheckoutAnswer>(form, { body });
    if (!answer || answer.status !== 200 || typeof answer.data?.result !== "object") return null;
    if (answer.data.figures) showFigures(form, answer.data.figures);
    checkedBody = key;
    checkedErrors = answer.data.result.error ?? {};
    return checkedErrors;
  }

  return (intent = CHECKOUT_VALIDATE_INTENT) => {
    if (intent === CHECKOUT_TOTALS_INTENT) waitingTotals = true;
    if (waiting) return waiting;
    const next = () => {
      waiting = null;
      const totals = waitingTotals;
      waitingTotals = false;
      return validate(totals ? CHECKOUT_TOTALS_INTENT : CHECKOUT_VALIDATE_INTENT);
    };
    waiting = queue = queue.then(next, next);
    return waiting;
  };
}

/** 'Create an account' shows the passwords; unticked, they are out of the form: not shown, not sent. */
function accountFieldsSwitch(form: HTMLFormElement) {
  const createAccount = control(form, "createAccount") as HTMLInputElement | null;
  const fields = form.querySelector(`[${ATTR.account}]`);
  const slot = document.createComment("account fields");
  return {
    update() {
      if (!createAccount || !fields) return;
      if (createAccount.checked && slot.parentNode) slot.replaceWith(fields);
      else if (!createAccount.checked && fields.isConnected) fields.replaceWith(slot);
    },
    restore() {
      if (slot.parentNode && fields) slot.replaceWith(fields);
    },
  };
}

/**
 * The discount code's Apply and Remove: `totals` asks for the figures in place (Remove empties the
 * field first). Enter in the field applies it: the form's first button would place the order.
 */
function codeControls(form: HTMLFormElement, totals: (submitter: HTMLButtonElement) => void) {
  const field = control(form, CODE) as HTMLInputElement | null;
  return {
    field,
    /** Takes the submit when its button is Apply or Remove; false for any other. */
    submit(submitter: HTMLElement | null): boolean {
      if (!(submitter instanceof HTMLButtonElement) || submitter.name !== "intent") return false;
      if (submitter.value !== CHECKOUT_TOTALS_INTENT && submitter.value !== CHECKOUT_REMOVE_CODE_INTENT) return false;
      if (submitter.value === CHECKOUT_REMOVE_CODE_INTENT && field) {
        field.value = "";
        // Its Remove button goes with the answer.
        field.focus();
      }
      totals(submitter);
      return true;
    },
    onKey(event: KeyboardEvent) {
      if (event.key !== "Enter") return;
      event.preventDefault();
      const apply = field?.closest(".field")?.querySelector<HTMLButtonElement>(`button[value="${CHECKOUT_TOTALS_INTENT}"]`);
      if (apply) form.requestSubmit(apply);
    },
  };
}

function attachCheckout(element: HTMLElement): () => void {
  const form = element as HTMLFormElement;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  // Both labels in the page's language: the server's markup has them.
  const idleLabel = button?.textContent ?? "";
  const busyLabel = button?.getAttribute(ATTR.submitting) || CHECKOUT_SUBMITTING_LABEL;
  const accountFields = accountFieldsSwitch(form);
  const message = control(form, "customerMessage") as HTMLTextAreaElement | null;
  const counter = form.querySelector(`[${ATTR.count}]`);
  const check = serverChecks(form);
  // The server's messages replace the browser's own bubbles.
  form.noValidate = true;
  // The figures follow the country by themselves: the plain form's 'Update shipping' goes.
  const update = document.querySelector(`[${ATTR.update}]`);
  const updateSlot = document.createComment("update shipping");
  update?.replaceWith(updateSlot);

  // Fields whose errors are shown: those the shopper has been through, and those the server marked.
  const touched = new Set([...form.querySelectorAll("[aria-invalid='true'][name]")].map((el) => el.getAttribute("name")!));
  let busy = false;

  function render(errors: FieldErrors) {
    for (const name of touched) showError(form, name, errors[name]?.[0] ?? undefined);
  }

  // Fields left within CHECK_DELAY_MS of each other (autofill, a quick hand) share one check, so a
  // slow phone's main thread and line are not busy with a post per field while she types.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let totalsAsked = false;
  function touch(target: EventTarget | null, intent?: string) {
    const name = (target as HTMLInputElement | null)?.name;
    if (!name || !control(form, name) || (target as HTMLInputElement).type === "hidden") return;
    touched.add(name);
    if (intent === CHECKOUT_TOTALS_INTENT) totalsAsked = true;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const asked = totalsAsked ? CHECKOUT_TOTALS_INTENT : CHECKOUT_VALIDATE_INTENT;
      totalsAsked = false;
      void check(asked).then((errors) => errors && render(errors));
    }, CHECK_DELAY_MS);
  }

  function setBusy(on: boolean) {
    busy = on;
    if (!button) return;
    button.disabled = on;
    button.textContent = on ? busyLabel : idleLabel;
    if (on) button.setAttribute("aria-busy", "true");
    else button.removeAttribute("aria-busy");
  }

  /**
   * The order, posted once. It does not wait for a pending totals check: the server refuses an
   * order whose figures moved since the page showed them, so it is never placed dearer.
   */
  async function submit(submitter: HTMLElement | null) {
    // The order's own answer carries any field errors: a check still waiting would only add a post.
    clearTimeout(timer);
    setBusy(true);
    const answer = await postForm<CheckoutAnswer>(form, { submitter });
    const data = answer?.data;
    // No answer: the server answers the plain form.
    if (!data || typeof data !== "object") return submitPlainly(form, submitter);
    // The button stays busy: the next page is on its way.
    if (typeof data.redirectTo === "string") return location.assign(data.redirectTo);
    const errors = data.result?.error ?? {};
    const invalid = Object.keys(errors).filter((name) => errors[name]?.length && control(form, name));
    // The code's error is the last Apply's or order's: the checks as she goes leave it alone.
    for (const name of invalid) if (name !== CODE) touched.add(name);
    render(errors);
    if (invalid.includes(CODE)) showError(form, CODE, errors[CODE]![0]);
    for (const old of form.querySelectorAll(":scope > .alert")) old.remove();
    showFormAlert(form, data.alert ?? (data.message ? { title: data.message } : null), { inside: true });
    setBusy(false);
    const first = [...form.elements].find((el) => invalid.includes((el as HTMLInputElement).name)) as HTMLElement | undefined;
    (first ?? button)?.focus();
  }

  const onFocusOut = (event: FocusEvent) => touch(event.target);
  const onChange = (event: Event) => {
    const name = (event.target as HTMLInputElement).name;
    if (name === "createAccount") accountFields.update();
    touch(event.target, name === "country" || name === "useLoyaltyPoints" ? CHECKOUT_TOTALS_INTENT : CHECKOUT_VALIDATE_INTENT);
  };
  const onInput = (event: Event) => {
    if (event.target === message && counter && message) counter.textContent = `${message.value.length}/${message.maxLength}`;
  };
  const code = codeControls(form, (submitter) => {
    clearTimeout(timer);
    void check(CHECKOUT_TOTALS_INTENT).then((errors) => (errors ? render(errors) : submitPlainly(form, submitter)));
  });
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!busy && !code.submit(event.submitter)) void submit(event.submitter);
  };
  // A page restored from the back/forward cache gets its button back.
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) setBusy(false);
  };

  accountFields.update();
  form.addEventListener("focusout", onFocusOut);
  form.addEventListener("change", onChange);
  form.addEventListener("input", onInput);
  form.addEventListener("submit", onSubmit);
  code.field?.addEventListener("keydown", code.onKey);
  window.addEventListener("pageshow", onPageShow);
  return () => {
    clearTimeout(timer);
    form.removeEventListener("focusout", onFocusOut);
    form.removeEventListener("change", onChange);
    form.removeEventListener("input", onInput);
    form.removeEventListener("submit", onSubmit);
    code.field?.removeEventListener("keydown", code.onKey);
    window.removeEventListener("pageshow", onPageShow);
    accountFields.restore();
    if (update && updateSlot.parentNode) updateSlot.replaceWith(update);
    form.noValidate = false;
  };
}

export const checkout: Behavior = {
  name: "checkout",
  selector: `form[${ATTR.form}]`,
  attach: attachCheckout,
};
