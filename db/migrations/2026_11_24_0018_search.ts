import { type Kysely, sql } from "kysely";

/**
 * A search that forgives typos.
 *
 * - products_fts is rebuilt with the porter stemmer in front of unicode61, so 'dress' finds
 *   'dresses' and 'sweaters' finds 'sweater'.
 * - product_words: a contentless FTS5 index (detail=none: no positions, only which rows hold a
 *   word) over the same title and description, without stemming. Its fts5vocab table
 *   product_words_vocab is the catalogue's own vocabulary of real words with their document
 *   counts, which corrections are chosen from.
 * - search_vocabulary_state.version moves with every change to a product's words, so a server
 *   process knows when to reload its in-memory copy of the vocabulary.
 * The triggers keep all three in step with products: a new product's words are searchable and
 * correctable at once, without rebuilding anything by hand.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const name of ["products_fts_ai", "products_fts_ad", "products_fts_au"]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(name)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS products_fts`.execute(db);
  await sql`CREATE VIRTUAL TABLE products_fts USING fts5(title, description, content='products', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2', prefix='2 3')`.execute(
    db,
  );
  await sql`CREATE VIRTUAL TABLE product_words USING fts5(words, content='', detail=none, tokenize='unicode61 remove_diacritics 2')`.execute(db);
  await sql`CREATE VIRTUAL TABLE product_words_vocab USING fts5vocab(product_words, row)`.execute(db);
  await sql`CREATE TABLE search_vocabulary_state (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`.execute(db);
  await sql`INSERT INTO search_vocabulary_state (id, version) VALUES (1, 1)`.execute(db);

  await sql`CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
    INSERT INTO products_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
    INSERT INTO product_words(rowid, words) VALUES (new.id, new.title || ' ' || new.description);
    UPDATE search_vocabulary_state SET version = version + 1 WHERE id = 1;
  END`.execute(db);
  await sql`CREATE TRIGGER products_fts_ad AFTER DELETE ON products BEGIN
    INSERT INTO products_fts(products_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
    INSERT INTO product_words(product_words, rowid, words) VALUES ('delete', old.id, old.title || ' ' || old.description);
    UPDATE search_vocabulary_state SET version = version + 1 WHERE id = 1;
  END`.execute(db);
  await sql`CREATE TRIGGER products_fts_au AFTER UPDATE OF title, description ON products BEGIN
    INSERT INTO products_fts(products_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
    INSERT INTO products_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
    INSERT INTO product_words(product_words, rowid, words) VALUES ('delete', old.id, old.title || ' ' || old.description);
    INSERT INTO product_words(rowid, words) VALUES (new.id, new.title || ' ' || new.description);
    UPDATE search_vocabulary_state SET version = version + 1 WHERE id = 1;
  END`.execute(db);

  await sql`INSERT INTO products_fts(products_fts) VALUES ('rebuild')`.execute(db);
  await sql`INSERT INTO product_words(rowid, words) SELECT id, title || ' ' || description FROM products`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ["products_fts_ai", "products_fts_ad", "products_fts_au"]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(name)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS product_words_vocab`.execute(db);
  await sql`DROP TABLE IF EXISTS product_words`.execute(db);
  await sql`DROP TABLE IF EXISTS search_vocabulary_state`.execute(db);
  await sql`DROP TABLE IF EXISTS products_fts`.execute(db);
  await sql`CREATE VIRTUAL TABLE products_fts USING fts5(title, description, content='products', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(
    db,
  );
  await sql`CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
    INSERT INTO products_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
  END`.execute(db);
  await sql`CREATE TRIGGER products_fts_ad AFTER DELETE ON products BEGIN
    INSERT INTO products_fts(products_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
  END`.execute(db);
  await sql`CREATE TRIGGER products_fts_au AFTER UPDATE OF title, description ON products BEGIN
    INSERT INTO products_fts(products_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
    INSERT INTO products_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
  END`.execute(db);
  await sql`INSERT INTO products_fts(products_fts) VALUES ('rebuild')`.execute(db);
}
