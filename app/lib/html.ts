const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const UNSAFE = /[&<>"']/;
const UNSAFE_ALL = /[&<>"']/g;

/**
 * A text made safe to write into HTML or XML markup, in an element or an attribute (quoted with
 * either quote). The `html` template below calls it for every interpolation.
 */
export function escapeHtml(value: string | number): string {
  const text = String(value);
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, (c) => ESCAPES[c]!) : text;
}

/** Markup that is written as it is: what `html` returns, or what `raw()` vouches for. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** The explicit exception to escaping: `markup` is trusted (the shop's own constant markup, never data). */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

type Interpolation = SafeHtml | string | number | boolean | null | undefined | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  // null, undefined and false write nothing, so `${cond && html`…`}` reads naturally.
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(value as string | number);
}

/**
 * Markup as a string, escaping by default: every interpolated value is escaped (text and
 * attributes alike), arrays are joined, nested `html` results and `raw()` pass through as they are.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new SafeHtml(out);
}
