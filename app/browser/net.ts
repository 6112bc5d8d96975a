/**
 * How the behaviours talk to the shop: only through documented URLs. A form is posted to its own
 * action asking for JSON (web/form-answer.server.ts answers with the action's result); pages are
 * fetched as HTML and the behaviour takes the markup it needs from them.
 */

/** The form's fields as a URL-encoded body, the submitter's name and value included. */
export function formBody(form: HTMLFormElement, submitter?: HTMLElement | null): URLSearchParams {
  let data: FormData;
  try {
    data = new FormData(form, submitter ?? undefined);
  } catch {
    data = new FormData(form);
    if (submitter instanceof HTMLButtonElement && submitter.name) data.append(submitter.name, submitter.value);
  }
  const body = new URLSearchParams();
  for (const [name, value] of data) if (typeof value === "string") body.append(name, value);
  return body;
}

export interface JsonAnswer<T = unknown> {
  status: number;
  data: T;
}

/**
 * Posts a form to its own action and returns the JSON answer; null when there is none (another
 * origin, a network error, an answer that is not JSON). The caller then submits the form as
 * without JavaScript (`submitPlainly`), so the shopper always gets the server's answer.
 */
export async function postForm<T = unknown>(
  form: HTMLFormElement,
  opts: { submitter?: HTMLElement | null; body?: URLSearchParams } = {},
): Promise<JsonAnswer<T> | null> {
  const url = new URL(form.action, location.href);
  if (url.origin !== location.origin) return null;
  try {
    const response = await fetch(url, {
      method: "POST",
      body: opts.body ?? formBody(form, opts.submitter),
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    if (!(response.headers.get("content-type") ?? "").includes("application/json")) return null;
    return { status: response.status, data: (await response.json()) as T };
  } catch {
    return null;
  }
}

/** The form as without JavaScript: the browser posts it and the page comes back. */
export function submitPlainly(form: HTMLFormElement, submitter?: HTMLElement | null): void {
  if (submitter instanceof HTMLButtonElement && submitter.name) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = submitter.name;
    input.value = submitter.value;
    form.append(input);
  }
  HTMLFormElement.prototype.submit.call(form);
}

/** A page of the shop as a document (for the markup a behaviour takes from it); null on failure. */
export async function fetchDocument(url: string): Promise<Document | null> {
  try {
    const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin", cache: "no-store" });
    if (!response.ok) return null;
    return new DOMParser().parseFromString(await response.text(), "text/html");
  } catch {
    return null;
  }
}
