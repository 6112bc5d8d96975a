const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const UNSAFE = /[&<>"']/;
const UNSAFE_ALL = /[&<>"']/g;

/**
 * A text made safe to write into HTML or XML markup, in an element or an attribute (quoted with
 * either quote). Used where the shop writes markup as a string: product cards and the sitemap.
 */
export function escapeHtml(value: string | number): string {
  const text = String(value);
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, (c) => ESCAPES[c]!) : text;
}
