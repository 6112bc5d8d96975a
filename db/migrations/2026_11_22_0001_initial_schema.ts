import { type Kysely, sql } from "kysely";

/**
 * The whole shop's schema, designed for both specs at once: catalogue, carts,
 * favorites, users and sessions, orders with snapshots, loyalty and settings.
 * Money is integer cents; timestamps are ISO text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

  await db.schema
    .createTable("categories")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("parent_id", "integer", (c) => c.references("categories.id").onDelete("restrict"))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("product_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("categories_parent_sort").on("categories").columns(["parent_id", "sort_order"]).execute();

  await db.schema
    .createTable("category_descriptions")
    .addColumn("category_name", "text", (c) => c.primaryKey())
    .addColumn("description", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn("stock", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    // Derived: sum of colour stock, else variation stock, else stock. Kept by the domain.
    .addColumn("total_stock", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`total_stock >= 0`),
    )
    .addColumn("is_large", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_latest_collection", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("has_color_variations", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("has_variations", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("products_created").on("products").columns(["created_at desc", "id desc"]).execute();
  await db.schema.createIndex("products_latest").on("products").columns(["is_latest_collection", "created_at desc"]).execute();
  await db.schema.createIndex("products_total_stock").on("products").column("total_stock").execute();

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

  await db.schema
    .createTable("product_images")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("alt_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("is_primary", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .execute();
  await db.schema.createIndex("product_images_product").on("product_images").columns(["product_id", "is_primary desc", "sort_order"]).execute();

  await db.schema
    .createTable("product_categories")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_categories_pk", ["product_id", "category_id"])
    .execute();
  await db.schema.createIndex("product_categories_category").on("product_categories").columns(["category_id", "product_id"]).execute();

  await db.schema
    .createTable("colors")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("hex", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("product_colors")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("color_id", "integer", (c) => c.notNull().references("colors.id").onDelete("restrict"))
    .addColumn("stock", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .addPrimaryKeyConstraint("product_colors_pk", ["product_id", "color_id"])
    .execute();

  await db.schema
    .createTable("product_variations")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("variation_code", "text", (c) => c.notNull())
    .addColumn("variation_name", "text", (c) => c.notNull())
    .addColumn("stock", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .addUniqueConstraint("product_variations_code", ["product_id", "variation_code"])
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("password_hash", "text")
    .addColumn("google_id", "text", (c) => c.unique())
    .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("shipping_first_name", "text")
    .addColumn("shipping_last_name", "text")
    .addColumn("shipping_address_line1", "text")
    .addColumn("shipping_address_line2", "text")
    .addColumn("shipping_city", "text")
    .addColumn("shipping_state", "text")
    .addColumn("shipping_postal_code", "text")
    .addColumn("shipping_country", "text")
    .addColumn("loyalty_points", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`loyalty_points >= 0`),
    )
    .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE UNIQUE INDEX users_email ON users(email COLLATE NOCASE)`.execute(db);

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("login_attempts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("login_attempts_email").on("login_attempts").columns(["email", "created_at"]).execute();
  await db.schema.createIndex("login_attempts_ip").on("login_attempts").columns(["ip", "created_at"]).execute();

  await db.schema
    .createTable("carts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("session_key", "text", (c) => c.unique())
    .addColumn("user_id", "integer", (c) => c.unique().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("cart_items")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("cart_id", "integer", (c) => c.notNull().references("carts.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("color_id", "integer", (c) => c.references("colors.id"))
    .addColumn("variation_code", "text")
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE UNIQUE INDEX cart_items_line ON cart_items(cart_id, product_id, ifnull(color_id, 0), ifnull(variation_code, ''))`.execute(db);
  await db.schema.createIndex("cart_items_product").on("cart_items").column("product_id").execute();

  await db.schema
    .createTable("favorites")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("favorites_user_product", ["user_id", "product_id"])
    .execute();
  await db.schema.createIndex("favorites_product").on("favorites").column("product_id").execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("session_key", "text")
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("unpaid"))
    .addColumn("subtotal_cents", "integer", (c) => c.notNull())
    .addColumn("shipping_cents", "integer", (c) => c.notNull())
    .addColumn("shipping_name", "text", (c) => c.notNull())
    .addColumn("loyalty_discount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("loyalty_points_used", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total_cents", "integer", (c) => c.notNull().check(sql`total_cents >= 0`))
    .addColumn("tracking_number", "text")
    .addColumn("customer_message", "text")
    .addColumn("confirmation_token", "text", (c) => c.notNull().unique())
    .addColumn("shipping_first_name", "text", (c) => c.notNull())
    .addColumn("shipping_last_name", "text", (c) => c.notNull())
    .addColumn("shipping_address_line1", "text", (c) => c.notNull())
    .addColumn("shipping_address_line2", "text")
    .addColumn("shipping_city", "text", (c) => c.notNull())
    .addColumn("shipping_state", "text")
    .addColumn("shipping_postal_code", "text", (c) => c.notNull())
    .addColumn("shipping_country", "text", (c) => c.notNull())
    .addColumn("stock_reserved", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("paypal_order_id", "text", (c) => c.unique())
    .addColumn("paypal_capture_id", "text", (c) => c.unique())
    .addColumn("points_awarded", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("paid_at", "text")
    .addColumn("shipped_at", "text")
    .execute();
  await db.schema.createIndex("orders_user").on("orders").columns(["user_id", "created_at desc"]).execute();
  await db.schema.createIndex("orders_session").on("orders").column("session_key").execute();
  await db.schema.createIndex("orders_status_created").on("orders").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("order_items")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.references("products.id").onDelete("set null"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("unit_price_cents", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn("color_id", "integer", (c) => c.references("colors.id"))
    .addColumn("variation_code", "text")
    .addColumn("variation_name", "text")
    .execute();
  await db.schema.createIndex("order_items_order").on("order_items").column("order_id").execute();
  await db.schema.createIndex("order_items_product").on("order_items").column("product_id").execute();

  await db.schema
    .createTable("loyalty_events")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("points", "integer", (c) => c.notNull())
    .addColumn("points_after", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("loyalty_events_user").on("loyalty_events").columns(["user_id", "created_at desc"]).execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("uploads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("uploaded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("uploads_created").on("uploads").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "uploads",
    "settings",
    "loyalty_events",
    "order_items",
    "orders",
    "favorites",
    "cart_items",
    "carts",
    "login_attempts",
    "sessions",
    "users",
    "product_variations",
    "product_colors",
    "colors",
    "product_categories",
    "product_images",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await sql`DROP TABLE IF EXISTS products_fts`.execute(db);
  await db.schema.dropTable("products").ifExists().execute();
  await db.schema.dropTable("category_descriptions").ifExists().execute();
  await db.schema.dropTable("categories").ifExists().execute();
}
