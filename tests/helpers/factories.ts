import { type DB } from "../../app/lib/sqlite.server";

let n = 0;

const PALETTE: [number, string, string][] = [
  [1, "White", "#ffffff"],
  [2, "Black", "#111111"],
  [3, "Red", "#c0392b"],
  [4, "Blue", "#2e5fa8"],
  [5, "Green", "#3c7d4f"],
  [6, "Yellow", "#e8c547"],
  [7, "Pink", "#e8a0b4"],
  [8, "Purple", "#7b4fa0"],
  [9, "Orange", "#e07b39"],
  [10, "Brown", "#7a5230"],
  [11, "Grey", "#8c8c8c"],
  [12, "Navy", "#1f2d4d"],
];

export async function seedPalette(db: DB) {
  await db
    .insertInto("colors")
    .values(PALETTE.map(([id, name, hex]) => ({ id, name, hex })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function makeCategory(db: DB, values: { name?: string; parentId?: number | null } = {}) {
  n++;
  const name = values.name ?? `Category ${n}`;
  const row = await db
    .insertInto("categories")
    .values({ name, slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${n}`, parent_id: values.parentId ?? null, sort_order: n })
    .returning(["id", "slug", "name"])
    .executeTakeFirstOrThrow();
  return row;
}

export interface ProductSpec {
  title?: string;
  priceCents?: number;
  stock?: number;
  isLarge?: boolean;
  colors?: { colorId: number; stock: number }[];
  variations?: { name: string; stock: number }[];
  categoryIds?: number[];
  description?: string;
  image?: boolean;
}

/** Inserts a product the way the admin editor will: derived total stock, links and an image. */
export async function makeProduct(db: DB, spec: ProductSpec = {}) {
  n++;
  const title = spec.title ?? `Test Product ${n}`;
  const colors = spec.colors ?? [];
  const variations = spec.variations ?? [];
  const plainStock = colors.length || variations.length ? 0 : (spec.stock ?? 10);
  const total = colors.length ? colors.reduce((a, c) => a + c.stock, 0) : variations.length ? variations.reduce((a, v) => a + v.stock, 0) : plainStock;
  if (colors.length) await seedPalette(db);
  const product = await db
    .insertInto("products")
    .values({
      title,
      slug: `${title.toLowerCase().replace(/\W+/g, "-")}-${n}`,
      description: spec.description ?? `A lovely handmade piece number ${n}.`,
      price_cents: spec.priceCents ?? 2400,
      stock: plainStock,
      total_stock: total,
      is_large: spec.isLarge ? 1 : 0,
      has_color_variations: colors.length ? 1 : 0,
      has_variations: variations.length ? 1 : 0,
    })
    .returning(["id", "slug", "title"])
    .executeTakeFirstOrThrow();
  for (const c of colors) {
    await db.insertInto("product_colors").values({ product_id: product.id, color_id: c.colorId, stock: c.stock }).execute();
  }
  for (const [i, v] of variations.entries()) {
    await db
      .insertInto("product_variations")
      .values({ product_id: product.id, variation_code: String.fromCharCode(65 + i), variation_name: v.name, stock: v.stock })
      .execute();
  }
  for (const categoryId of spec.categoryIds ?? []) {
    await db.insertInto("product_categories").values({ product_id: product.id, category_id: categoryId }).execute();
  }
  if (spec.image !== false) {
    await db
      .insertInto("product_images")
      .values({ product_id: product.id, image_url: `/uploads/products/${product.slug}-1.jpg`, is_primary: 1, width: 800, height: 1000 })
      .execute();
  }
  return product;
}

export async function makeUser(db: DB, values: { email?: string; firstName?: string; isAdmin?: boolean } = {}) {
  n++;
  return db
    .insertInto("users")
    .values({
      email: values.email ?? `user${n}-${Date.now()}@example.com`,
      first_name: values.firstName ?? "Ada",
      last_name: "Lovelace",
      is_admin: values.isAdmin ? 1 : 0,
    })
    .returning(["id", "email"])
    .executeTakeFirstOrThrow();
}
