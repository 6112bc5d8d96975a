const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/**
 * Turns any text a shopper types into a safe FTS5 query: only letters and digits
 * survive, each word is quoted and prefix-matched, and all words must match.
 * Returns null when nothing searchable is left (e.g. only quotes or `%`).
 */
export function toFtsQuery(input: string): string | null {
  const words = input.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = [...new Set(words.map((w) => w.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  // One-letter words match nearly everything as prefixes: match them as whole words.
  return terms.map((t) => (t.length > 1 ? `"${t}"*` : `"${t}"`)).join(" ");
}

/** The search text as the page shows it: trimmed, at most 200 characters. */
export function normalizeSearch(input: string | null | undefined): string {
  return (input ?? "").trim().slice(0, 200);
}
