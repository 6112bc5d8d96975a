import { type Kysely, sql } from "kysely";

/**
 * The owner's own texts in other languages than English (docs/languages.md).
 *
 * - product_translations (product_id, locale): title, description, materials and safety notice;
 *   category_translations (category_id, locale): name and description. One row per language,
 *   deleted with its product or category. An empty text means "not translated": pages show the
 *   English one, marked lang="en".
 * - products_fts_pl: the Polish search index (rowid = product id), holding a product's Polish
 *   title, description and category names (a category without a Polish name by its English
 *   one). No stemmer (porter is English); unicode61 removes diacritics, and 'ł', which has no
 *   Unicode decomposition, is folded to 'l' here and in the query, so 'zolty' finds 'żółty'.
 *   Its fts5vocab table is the Polish vocabulary that typo corrections are chosen from.
 * Triggers keep the index in step with translations, category links and category names, and move
 * search_vocabulary_state.version as the English index's triggers do.
 */
const FOLD = (text: string) => `replace(replace(${text}, 'ł', 'l'), 'Ł', 'L')`;

const TAGS_PL = (id: string) => `COALESCE((SELECT group_concat(COALESCE(NULLIF(ct.name, ''), c.name), ' ')
    FROM product_categories pc JOIN categories c ON c.id = pc.category_id
    LEFT JOIN category_translations ct ON ct.category_id = c.id AND ct.locale = 'pl'
    WHERE pc.product_id = ${id}), '')`;

/** Re-indexes the products whose ids `ids` selects (a SQL list expression such as "(new.product_id)"). */
const REINDEX = (ids: string) => `
    DELETE FROM products_fts_pl WHERE rowid IN ${ids};
    INSERT INTO products_fts_pl(rowid, title, description, search_tags)
      SELECT t.product_id, ${FOLD("t.title")}, ${FOLD("t.description")}, ${FOLD(TAGS_PL("t.product_id"))}
      FROM product_translations t WHERE t.locale = 'pl' AND t.product_id IN ${ids};
    UPDATE search_vocabulary_state SET version = version + 1 WHERE id = 1;`;

/** Only products with Polish texts are in the Polish index: links of the others need no work. */
const HAS_PL = (id: string) => `EXISTS (SELECT 1 FROM product_translations WHERE product_id = ${id} AND locale = 'pl')`;

const IN_CATEGORY = (id: string) => `(SELECT product_id FROM product_categories WHERE category_id = ${id})`;

const TRIGGERS: [string, string, string][] = [
  ["translations_pl_ai", "AFTER INSERT ON product_translations WHEN new.locale = 'pl'", REINDEX("(new.product_id)")],
  ["translations_pl_au", "AFTER UPDATE ON product_translations WHEN new.locale = 'pl'", REINDEX("(new.product_id)")],
  [
    "translations_pl_ad",
    "AFTER DELETE ON product_translations WHEN old.locale = 'pl'",
    "DELETE FROM products_fts_pl WHERE rowid = old.product_id; UPDATE search_vocabulary_state SET version = version + 1 WHERE id = 1;",
  ],
  ["translations_pl_product_gone", "AFTER DELETE ON products", "DELETE FROM products_fts_pl WHERE rowid = old.id;"],
  ["translations_pl_category_link", `AFTER INSERT ON product_categories WHEN ${HAS_PL("new.product_id")}`, REINDEX("(new.product_id)")],
  ["translations_pl_category_unlink", `AFTER DELETE ON product_categories WHEN ${HAS_PL("old.product_id")}`, REINDEX("(old.product_id)")],
  ["translations_pl_category_rename", "AFTER UPDATE OF name ON categories", REINDEX(IN_CATEGORY("new.id"))],
  ["translations_pl_category_ai", "AFTER INSERT ON category_translations WHEN new.locale = 'pl'", REINDEX(IN_CATEGORY("new.category_id"))],
  ["translations_pl_category_au", "AFTER UPDATE ON category_translations WHEN new.locale = 'pl'", REINDEX(IN_CATEGORY("new.category_id"))],
  ["translations_pl_category_ad", "AFTER DELETE ON category_translations WHEN old.locale = 'pl'", REINDEX(IN_CATEGORY("old.category_id"))],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE product_translations (
    product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    locale TEXT NOT NULL CHECK (locale IN ('pl')),
    title TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    materials TEXT NOT NULL DEFAULT '',
    safety_notice TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (product_id, locale)
  ) WITHOUT ROWID`.execute(db);
  await sql`CREATE TABLE category_translations (
    category_id INTEGER NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
    locale TEXT NOT NULL CHECK (locale IN ('pl')),
    name TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (category_id, locale)
  ) WITHOUT ROWID`.execute(db);
  await sql`CREATE VIRTUAL TABLE products_fts_pl USING fts5(title, description, search_tags, tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(
    db,
  );
  await sql`CREATE VIRTUAL TABLE products_fts_pl_vocab USING fts5vocab(products_fts_pl, row)`.execute(db);
  for (const [name, event, body] of TRIGGERS) await sql.raw(`CREATE TRIGGER ${name} ${event} BEGIN ${body} END`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql`DROP TABLE IF EXISTS products_fts_pl_vocab`.execute(db);
  await sql`DROP TABLE IF EXISTS products_fts_pl`.execute(db);
  await sql`DROP TABLE IF EXISTS category_translations`.execute(db);
  await sql`DROP TABLE IF EXISTS product_translations`.execute(db);
}
