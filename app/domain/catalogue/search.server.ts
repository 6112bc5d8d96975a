import { sql } from "kysely";
import { bestCorrection, buildVocabulary, ftsTerm, MAX_CORRECTED_WORDS, maxEditDistance, searchTerms, type Vocabulary } from "~/domain/catalogue/search";
import { type DB } from "~/lib/sqlite.server";

/** A word of the shopper's query and what it was corrected to. */
export interface SearchCorrection {
  from: string;
  to: string;
}

/** Only words made of letters are in the vocabulary (numbers and codes are never corrected). */
const VOCABULARY_WORD = /^\p{L}{3,40}$/u;

const vocabularies = new WeakMap<DB, { version: number; vocabulary: Vocabulary }>();

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

async function hasMatch(db: DB, match: string): Promise<boolean> {
  const row = await db
    .selectFrom("products_fts")
    .select(sql<number>`1`.as("one"))
    .where(sql<boolean>`products_fts MATCH ${match}`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * For a query that found nothing: each of its words that alone matches no product (at most
 * MAX_CORRECTED_WORDS of them, and only words of 4 letters or more) is replaced by the closest
 * word of the catalogue's vocabulary (bestCorrection). Returns the corrected words and the new
 * query text, or null when no word could be corrected. Callers only ask when the query as typed
 * has no match, so a query with exact matches is never corrected.
 */
export async function correctSearch(db: DB, text: string): Promise<{ query: string; corrections: SearchCorrection[] } | null> {
  const terms = searchTerms(text);
  const corrections: SearchCorrection[] = [];
  let vocabulary: Vocabulary | null = null;
  const corrected: string[] = [];
  for (const term of terms) {
    if (corrections.length >= MAX_CORRECTED_WORDS || maxEditDistance(term) === 0 || !VOCABULARY_WORD.test(term) || (await hasMatch(db, ftsTerm(term)))) {
      corrected.push(term);
      continue;
    }
    vocabulary ??= await getVocabulary(db);
    const to = bestCorrection(term, vocabulary);
    if (to && to !== term) corrections.push({ from: term, to });
    corrected.push(to ?? term);
  }
  if (corrections.length === 0) return null;
  return { query: corrected.join(" "), corrections };
}
