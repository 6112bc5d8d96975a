import { sql } from "kysely";
import {
  bestCorrection,
  buildVocabulary,
  foldPolish,
  ftsTerm,
  MAX_CORRECTED_WORDS,
  maxEditDistance,
  searchTerms,
  type Vocabulary,
  type VocabularyWord,
} from "~/domain/catalogue/search";
import { type Locale } from "~/i18n/locales";
import { type DB } from "~/lib/sqlite.server";

/** A word of the shopper's query and what it was corrected to. */
export interface SearchCorrection {
  from: string;
  to: string;
}

/** Only words made of letters are in the vocabulary (numbers and codes are never corrected). */
const VOCABULARY_WORD = /^\p{L}{3,40}$/u;

const vocabularies = new WeakMap<DB, { version: number; vocabulary: Vocabulary }>();
const polishVocabularies = new WeakMap<DB, { version: number; vocabulary: Vocabulary }>();

/** The search indexes: the English one over products, the Polish one over their Polish texts (migration translations). */
export type SearchIndex = "products_fts" | "products_fts_pl";

/**
 * The catalogue's vocabulary (every word of the products' titles, descriptions, categories and colours, with how many
 * products hold it), read from product_words_vocab and kept per process until the triggers of
 * migration 0018 move search_vocabulary_state.version, i.e. until a product's words change.
 */
export async function getVocabulary(db: DB): Promise<Vocabulary> {
  const state = await db.selectFrom("search_vocabulary_state").select("version").where("id", "=", 1).executeTakeFirst();
  const version = state?.version ?? 0;
  const known = vocabularies.get(db);
  if (known && known.version === version) return known.vocabulary;
  const rows = await db.selectFrom("product_words_vocab").select(["term", "doc"]).execute();
  const vocabulary = buildVocabulary(rows.filter((r) => VOCABULARY_WORD.test(r.term)).map((r) => ({ word: r.term, count: Number(r.doc) })));
  vocabularies.set(db, { version, vocabulary });
  return vocabulary;
}

/**
 * The vocabulary a Polish page's search is corrected from: the Polish index's words (with 'ł'
 * folded to 'l', as stored) and the English vocabulary, a word's counts added up.
 */
export async function getPolishVocabulary(db: DB): Promise<Vocabulary> {
  const state = await db.selectFrom("search_vocabulary_state").select("version").where("id", "=", 1).executeTakeFirst();
  const version = state?.version ?? 0;
  const known = polishVocabularies.get(db);
  if (known && known.version === version) return known.vocabulary;
  const [english, rows] = await Promise.all([getVocabulary(db), db.selectFrom("products_fts_pl_vocab").select(["term", "doc"]).execute()]);
  const words = new Map<string, number>();
  for (const list of english.values()) for (const w of list) words.set(w.word, w.count);
  for (const r of rows) if (VOCABULARY_WORD.test(r.term)) words.set(r.term, (words.get(r.term) ?? 0) + Number(r.doc));
  const vocabulary = buildVocabulary([...words].map(([word, count]): VocabularyWord => ({ word, count })));
  polishVocabularies.set(db, { version, vocabulary });
  return vocabulary;
}

async function hasMatch(db: DB, match: string, index: SearchIndex = "products_fts"): Promise<boolean> {
  const row = await db
    .selectFrom(index as "products_fts")
    .select(sql<number>`1`.as("one"))
    .where(sql<boolean>`${sql.table(index)} MATCH ${match}`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A word matches some product: in English, or on a Polish page in Polish too. */
async function termMatches(db: DB, term: string, locale: Locale): Promise<boolean> {
  if (locale !== "en" && (await hasMatch(db, ftsTerm(foldPolish(term)), "products_fts_pl"))) return true;
  return hasMatch(db, ftsTerm(term));
}

/**
 * For a query that found nothing: each of its words that alone matches no product (at most
 * MAX_CORRECTED_WORDS of them, and only words of 4 letters or more) is replaced by the closest
 * word of the catalogue's vocabulary (bestCorrection). Returns the corrected words and the new
 * query text, or null when no word could be corrected. Callers only ask when the query as typed
 * has no match, so a query with exact matches is never corrected.
 */
export async function correctSearch(db: DB, text: string, locale: Locale = "en"): Promise<{ query: string; corrections: SearchCorrection[] } | null> {
  const terms = searchTerms(text);
  const corrections: SearchCorrection[] = [];
  let vocabulary: Vocabulary | null = null;
  const corrected: string[] = [];
  for (const term of terms) {
    if (corrections.length >= MAX_CORRECTED_WORDS || maxEditDistance(term) === 0 || !VOCABULARY_WORD.test(term) || (await termMatches(db, term, locale))) {
      corrected.push(term);
      continue;
    }
    vocabulary ??= locale === "en" ? await getVocabulary(db) : await getPolishVocabulary(db);
    const to = bestCorrection(locale === "en" ? term : foldPolish(term), vocabulary);
    if (to && to !== term) corrections.push({ from: term, to });
    corrected.push(to ?? term);
  }
  if (corrections.length === 0) return null;
  return { query: corrected.join(" "), corrections };
}
