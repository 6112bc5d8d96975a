import { type Kysely, sql } from "kysely";

/**
 * Search by category and colour names too: 'burgundy' finds the burgundy pieces and
 * 'cardigen' is corrected to 'cardigan' even where the word is only a category name.
 *
 * products.search_tags holds the names of a product's categories and colours. Triggers keep it in
 * step with product_categories, product_colors and renames of categories and colours; products_fts
 * (external content on products) gains it as a third column, and product_words (the vocabulary
 * that corrections are chosen from) indexes it with the title and description.
 */
const TAGS_OF = (id: string) => `COALESCE((SELECT group_concat(name, ' ') FROM (
    SELECT c.name AS name FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = ${id}
    UNION ALL
    SELECT co.name AS name FROM product_colors pco JOIN colors co ON co.id = pco.color_id WHERE pco.product_id = ${id})), '')`;

const FTS_TRIGGERS = ["products_fts_ai", "products_fts_ad", "products_fts_au"];
const TAG_TRIGGERS = [
  "search_tags_category_link",
  "search_tags_category_unlink",
  "search_tags_color_link",
  "search_tags_color_unlink",
  "search_tags_category_rename",
  "search_tags_color_rename",
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const name of FTS_TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await db.schema
    .alterTable("products")
    .addColumn("search_tags", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await sql.raw(`UPDATE products SET search_tags = ${TAGS_OF("products.id")}`).execute(db);

  await sql`DROP TABLE IF EXISTS products_fts`.execute(db);
  await sql`CREATE VIRTUAL TABLE products_fts USING fts5(title, description, search_tags, content='products', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2', prefix='2 3')`.execute(
    db,
  );
  await sql`INSERT INTO product_words(product_words) VALUES ('delete-all')`.execute(db);

  const words = (row: string) => `${row}.title || ' ' || ${row}.description || ' ' || ${row}.search_tags`;
  await sql
    .raw(
      `CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
    INSERT INTO products_fts(rowid, title, description, search_tags) VALUES (new.id, new.title, new.description, new.search_tags);
    INSERT INTO product_words(rowid, words) VALUES (new.id, ${words("new")});
    UPDATE search_vocabulary_state SET version = version + 1 WHERE id = 1;
  END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER products_fts_ad AFTER DELETE ON products BEGIN
    INSERT INTO products_fts(products_fts, rowid, title, description, search_tags) VALUES ('delete', old.id, old.title, old.description, old.search_tags);
    INSERT INTO product_words(product_words, rowid, words) VALUES ('delete', old.id, ${words("old")});
    UPDATE search_vocabulary_state SET version = version + 1 WHERE id = 1;
  END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER products_fts_au AFTER UPDATE OF title, description, search_tags ON products BEGIN
    INSERT INTO products_fts(products_fts, rowid, title, description, search_tags) VALUES ('delete', old.id, old.title, old.description, old.search_tags);
    INSERT INTO products_fts(rowid, title, description, search_tags) VALUES (new.id, new.title, new.description, new.search_tags);
    INSERT INTO product_words(product_words, rowid, words) VALUES ('delete', old.id, ${words("old")});
    INSERT INTO product_words(rowid, words) VALUES (new.id, ${words("new")});
    UPDATE search_vocabulary_state SET version = version + 1 WHERE id = 1;
  END`,
    )
    .execute(db);

  const retag = (id: string) => `UPDATE products SET search_tags = ${TAGS_OF("products.id")} WHERE id = ${id};`;
  await sql.raw(`CREATE TRIGGER search_tags_category_link AFTER INSERT ON product_categories BEGIN ${retag("new.product_id")} END`).execute(db);
  await sql.raw(`CREATE TRIGGER search_tags_category_unlink AFTER DELETE ON product_categories BEGIN ${retag("old.product_id")} END`).execute(db);
  await sql.raw(`CREATE TRIGGER search_tags_color_link AFTER INSERT ON product_colors BEGIN ${retag("new.product_id")} END`).execute(db);
  await sql.raw(`CREATE TRIGGER search_tags_color_unlink AFTER DELETE ON product_colors BEGIN ${retag("old.product_id")} END`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER search_tags_category_rename AFTER UPDATE OF name ON categories BEGIN
    UPDATE products SET search_tags = ${TAGS_OF("products.id")} WHERE id IN (SELECT product_id FROM product_categories WHERE category_id = new.id);
  END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER search_tags_color_rename AFTER UPDATE OF name ON colors BEGIN
    UPDATE products SET search_tags = ${TAGS_OF("products.id")} WHERE id IN (SELECT product_id FROM product_colors WHERE color_id = new.id);
  END`,
    )
    .execute(db);

  await sql`INSERT INTO products_fts(products_fts) VALUES ('rebuild')`.execute(db);
  await sql.raw(`INSERT INTO product_words(rowid, words) SELECT id, ${words("products")} FROM products`).execute(db);
  await sql`UPDATE search_vocabulary_state SET version = version + 1 WHERE id = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [...TAG_TRIGGERS, ...FTS_TRIGGERS]) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql`DROP TABLE IF EXISTS products_fts`.execute(db);
  await sql`INSERT INTO product_words(product_words) VALUES ('delete-all')`.execute(db);
  await db.schema.alterTable("products").dropColumn("search_tags").execute();
  await sql`CREATE VIRTUAL TABLE products_fts USING fts5(title, description, content='products', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2', prefix='2 3')`.execute(
    db,
  );
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
