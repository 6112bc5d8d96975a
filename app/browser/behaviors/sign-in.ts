/**
 * Sign In and Sign Up without a page load: the form goes to its own action asking for JSON.
 * Refused, the server's errors appear in place and focus goes to the first field in error (or
 * the emptied password). Accepted, the page follows about SIGN_IN_REDIRECT_DELAY_MS later, as the
 * spec says, and shows the notification (its cookie came with the answer). Without JavaScript:
 * post/redirect/get.
 */
import { markBusy, submitterOf } from "~/browser/behaviors/busy-submit";
import { showFieldErrors, showFormAlert } from "~/browser/field-errors";
import { formBody, postForm, submitPlainly } from "~/browser/net";
import { type Behavior } from "~/browser/runtime";
import { SIGN_IN_FORM_ATTRIBUTE, SIGN_IN_REDIRECT_DELAY_MS, type SignInAnswer } from "~/lib/behavior-contract";

async function signIn(form: HTMLFormElement, submitter: HTMLButtonElement | null) {
  const body = formBody(form, submitter);
  const restore = markBusy(submitter);
  const answer = await postForm<SignInAnswer>(form, { body });
  if (!answer || answer.data === null || typeof answer.data !== "object") {
    restore();
    return submitPlainly(form, submitter);
  }
  const data = answer.data;
  if (data.ok === true) {
    // The button stays busy: the next page is on its way.
    window.setTimeout(() => location.assign(data.redirectTo), SIGN_IN_REDIRECT_DELAY_MS);
    return;
  }
  restore();
  // The server never sends a password back, so the field is emptied as a new page would be.
  const passwords = form.querySelectorAll<HTMLInputElement>('input[type="password"]');
  passwords.forEach((input) => (input.value = ""));
  const invalid = showFieldErrors(form, data.result?.error);
  showFormAlert(form, data.alert ?? (data.message ? { title: data.message } : null));
  (invalid ?? passwords[0] ?? null)?.focus();
}

export const signInForm: Behavior = {
  name: "sign-in",
  selector: `form[${SIGN_IN_FORM_ATTRIBUTE}]`,
  attach(element) {
    const form = element as HTMLFormElement;
    let busy = false;
    const onSubmit = (event: SubmitEvent) => {
      if (event.defaultPrevented) return;
      event.preventDefault();
      if (busy) return;
      busy = true;
      void signIn(form, submitterOf(form, event)).finally(() => (busy = false));
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  },
};
