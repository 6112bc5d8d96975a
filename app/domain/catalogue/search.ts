const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;
/** At most this many words of one query are corrected (the first ones that match nothing). */
export const MAX_CORRECTED_WORDS = 3;
/** Words shorter than this are never corrected (too many neighbours to guess from). */
export const MIN_CORRECTABLE_LENGTH = 4;

/** The words of a shopper's text as search uses them: letters and digits only, lower case, deduplicated, at most 8 of 40 characters. */
export function searchTerms(input: string): string[] {
  const words =
    input
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
}

/**
 * A Polish text as the Polish index holds it: 'ł' becomes 'l' (the index's tokenizer removes every
 * other diacritic itself, but 'ł' has no Unicode decomposition), so 'zolty' and 'żółty' meet.
 */
export function foldPolish(text: string): string {
  return text.replace(/ł/g, "l").replace(/Ł/g, "L");
}

/** One search term as a safe FTS5 phrase: quoted, prefix-matched unless it is one letter long. */
export function ftsTerm(term: string): string {
  // One-letter words match nearly everything as prefixes: match them as whole words.
  return term.length > 1 ? `"${term}"*` : `"${term}"`;
}

/**
 * Turns any text a shopper types into a safe FTS5 query: only letters and digits
 * survive, each word is quoted and prefix-matched, and all words must match.
 * Returns null when nothing searchable is left (e.g. only quotes or `%`).
 */
export function toFtsQuery(input: string): string | null {
  const terms = searchTerms(input);
  if (terms.length === 0) return null;
  return terms.map(ftsTerm).join(" ");
}

/** The search text as the page shows it: trimmed, at most 200 characters. */
export function normalizeSearch(input: string | null | undefined): string {
  return (input ?? "").trim().slice(0, 200);
}

/** How far a word may be from its correction: 1 for 4–7 letters, 2 for longer words, none below 4. */
export function maxEditDistance(word: string): number {
  const n = [...word].length;
  if (n < MIN_CORRECTABLE_LENGTH) return 0;
  return n <= 7 ? 1 : 2;
}

/**
 * The edit distance between two words (insertions, deletions, substitutions and swaps of two
 * neighbouring letters each count 1), or `max + 1` as soon as it is certainly above `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1);
      row.push(d);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[n]!;
}

export interface VocabularyWord {
  word: string;
  /** How many products hold the word. */
  count: number;
}

/** The catalogue's words by length, each list most frequent first (what `bestCorrection` searches). */
export type Vocabulary = Map<number, VocabularyWord[]>;

export function buildVocabulary(words: Iterable<VocabularyWord>): Vocabulary {
  const byLength: Vocabulary = new Map();
  for (const w of words) {
    const list = byLength.get(w.word.length) ?? [];
    list.push(w);
    byLength.set(w.word.length, list);
  }
  for (const list of byLength.values()) list.sort((x, y) => y.count - x.count || (x.word < y.word ? -1 : 1));
  return byLength;
}

/**
 * The catalogue word closest to `word` within its allowed distance (maxEditDistance): the
 * smallest distance wins, then the word more products hold. Null when none is close enough.
 */
export function bestCorrection(word: string, vocabulary: Vocabulary): string | null {
  const max = maxEditDistance(word);
  if (max === 0) return null;
  let best: { word: string; distance: number; count: number } | null = null;
  for (let length = word.length - max; length <= word.length + max; length++) {
    for (const candidate of vocabulary.get(length) ?? []) {
      if (candidate.word === word) return null;
      const limit = best ? Math.min(max, best.distance) : max;
      const distance = editDistance(word, candidate.word, limit);
      if (distance > limit) continue;
      if (!best || distance < best.distance || (distance === best.distance && candidate.count > best.count)) {
        best = { word: candidate.word, distance, count: candidate.count };
      }
    }
  }
  return best?.word ?? null;
}
