import { html, type SafeHtml } from "~/lib/html";

// The owner's own texts (product titles, category names, descriptions) on a page in another
// language: one she has not translated is shown in English, marked lang="en" so screen readers
// read it as English and the Polish page test knows it is not an untranslated interface string.

/** The text is an English fallback: its field is listed in the read's `fallback`. */
export function isFallback(fallback: readonly string[] | undefined, field: string): boolean {
  return fallback?.includes(field) ?? false;
}

export function OwnText({ text, english }: { text: string; english?: boolean }) {
  return english ? <span lang="en">{text}</span> : <>{text}</>;
}

/** The same for the pages' HTML strings (product cards). */
export function ownTextHtml(text: string, english: boolean | undefined): SafeHtml | string {
  return english ? html`<span lang="en">${text}</span>` : text;
}
